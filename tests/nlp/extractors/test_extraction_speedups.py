"""What the fast paths of the rule extractor must not change: the radiology sentence
splitter, chunk-wise analysis with its caches, and the question marker in JSON."""

from __future__ import annotations

import json

from conftest import DEMO

from radtrack_gui.core.model import Mention, Report
from radtrack_gui.formats.json_io import mention_to_dict
from radtrack_gui.formats.textreport import read_text_report
from radtrack_gui.nlp.extractors.rules import RuleExtractor
from radtrack_gui.nlp.text import punkt_sentences, sentences


def _sents(text: str) -> list[str]:
    return [text[a:b] for a, b in sentences(text)]


def test_double_period_and_single_letter_end_sentences() -> None:
    # Punkt keeps these together ("effusion.. Cardio", "segments VIII and V. Spleen")
    text = "No pleural effusion.. Heart is normal. Cysts in segments VIII and V. Spleen is ok."
    assert _sents(text) == [
        "No pleural effusion..",
        "Heart is normal.",
        "Cysts in segments VIII and V.",
        "Spleen is ok.",
    ]
    assert len(punkt_sentences(text)) == 2  # the splitter it replaced


def test_splitter_agrees_with_punkt_on_ordinary_text() -> None:
    text = (
        "Discussed with Dr. Smith at 10 a.m. today. Approx. 2.5 mm nodule, e.g. in the "
        "RUL, vs. a vessel. Is there a leak? No! See image No. 2 for the level."
    )
    assert sentences(text) == punkt_sentences(text)


def _whole(ex: RuleExtractor, report: Report) -> list[tuple]:  # type: ignore[type-arg]
    # the phrase spans are set over the whole text after the analysis (``_rows``)
    rows = ex.phrase_spans(report.text, ex._run(report.text, report, None))
    return [m[:4] + m[5:] for m in rows]


def test_chunked_extraction_equals_whole_text_analysis() -> None:
    reports = [read_text_report(p, p.name)[0] for p in sorted(DEMO.glob("*.txt"))]
    reports.append(
        Report(
            "x",
            "Right IJ line in place.\n\nThe line tip is in the SVC. "
            "Left effusion.\n\nNo pneumothorax. No pneumothorax.",
        )
    )
    ex = RuleExtractor(questions=True)
    for r in reports:
        for _ in range(2):  # the second pass comes from the caches
            got = [
                (
                    m.start,
                    m.end,
                    m.type,
                    m.concept,
                    m.laterality,
                    m.assertion,
                    m.change,
                    tuple(m.measurements),
                )
                for m in ex.extract(r)
            ]
            assert got == _whole(RuleExtractor(questions=True), r), r.id


def test_cached_results_are_independent_copies() -> None:
    ex = RuleExtractor()
    a = ex.extract(Report("a", "Small left effusion, 2 cm."))
    a[0].measurements.append("changed")
    a[0].anatomy.clear()
    b = ex.extract(Report("b", "Small left effusion, 2 cm."))
    assert b[0].measurements == ["2 cm"] and b[0].anatomy and b[0].report == "b"


def test_question_field_is_optional_in_json() -> None:
    m = Mention(id="m1", report="r", start=0, end=9, text="pneumonia", question=True)
    assert json.loads(json.dumps(mention_to_dict(m)))["question"] is True
    m.question = False
    assert "question" not in mention_to_dict(m)  # FORMATS §3 output unchanged
