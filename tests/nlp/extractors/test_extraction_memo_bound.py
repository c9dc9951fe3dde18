"""The rule extractor's memos stay bounded over a long stream of distinct sentences (a
cohort worker runs one extractor over a whole archive), keep learning the sentences that
repeat after they fill up, and never change what is extracted."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors import rules
from radtrack_gui.nlp.extractors.rules import RuleExtractor


def _report(k: int) -> Report:
    # every report has sentences no other report has (sizes, dates), and one template
    return Report(
        f"r{k}",
        f"{k % 9 + 1}.{k % 7} cm nodule in the right upper lobe, series {k}.\n\n"
        f"Small left pleural effusion on {k % 28 + 1} March.\n\n"
        "No pneumothorax.",
    )


def _rows(ex: RuleExtractor, report: Report) -> list[tuple]:  # type: ignore[type-arg]
    return [
        (m.start, m.end, m.type, m.concept, tuple(m.anatomy), m.laterality, m.assertion)
        for m in ex.extract(report)
    ]


@pytest.fixture
def small_memos(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rules, "SENTENCE_CACHE", 16)
    monkeypatch.setattr(rules, "CHUNK_CACHE", 8)
    monkeypatch.setattr(rules, "REPORT_CACHE", 8)


@pytest.mark.usefixtures("small_memos")
def test_memos_stay_bounded_and_output_is_unchanged() -> None:
    ex = RuleExtractor()
    sizes = {
        "_sentence_cache": 16,
        "_result_cache": 16,
        "_chunk_cache": 8,
        "_tops_cache": 8,
        "_report_cache": 8,
    }
    for k in range(300):
        report = _report(k)
        assert _rows(ex, report) == _rows(RuleExtractor(), report), k  # a fresh one
        for name, size in sizes.items():
            assert len(getattr(ex, name)) <= 2 * size, (name, k)


@pytest.mark.usefixtures("small_memos")
def test_a_sentence_first_seen_after_the_memos_filled_is_remembered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Memos that stop adding once full (as before) would analyse this one every time.
    late = "Right lower lobe consolidation."
    analysed: list[str] = []
    tokens_and_terms = rules.tokens_and_terms

    def counted(v, lex, key):  # type: ignore[no-untyped-def]
        analysed.append(key)
        return tokens_and_terms(v, lex, key)

    monkeypatch.setattr(rules, "tokens_and_terms", counted)
    ex = RuleExtractor()
    for k in range(200):
        ex.extract(_report(k))
    for k in range(40):
        ex.extract(Report(f"late{k}", f"{late}\n\nSeries {k} reviewed."))
    assert analysed.count(late) == 1
    assert len(analysed) > 200  # the one-offs were analysed: the memos did fill up
