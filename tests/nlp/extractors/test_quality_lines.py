"""A clause opened by a quality word and a process or property noun of a structure, where
the tables hold no finding for the noun ("Satisfactory bone mineralization"): a normal
statement at the quality word; not without a structure, not when the phrase goes on, not
inside a sentence (docs/evaluation-mentions.md, "Round 10: structures the tables lacked")."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _found(ex: RuleExtractor, text: str, region: str = "lower limb") -> list[tuple[str, str]]:
    return [(m.text, m.concept) for m in ex.extract(Report("r", text, region=region))]


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Satisfactory bone mineralization.", "Satisfactory"),
        ("Adequate bone mineralization.", "Adequate"),
        ("Sufficient mineralization of the patella.", "Sufficient"),
        ("Findings: Good bone mineralization.", "Good"),
    ],
)
def test_a_quality_line_about_a_structure_is_a_normal_statement(
    ex: RuleExtractor, text: str, word: str
) -> None:
    got = _found(ex, text)
    assert len(got) == 1
    assert got[0][0] == word and got[0][1].startswith("normal ")


@pytest.mark.parametrize(
    "text",
    [
        "Satisfactory technique.",  # no structure
        "Good quality of the images.",
        "Adequate inspiration.",
        "Good bone mineralization pattern.",  # the phrase goes on: its head is another word
        "The study shows satisfactory bone mineralization.",  # not the clause's start
    ],
)
def test_no_statement_without_a_structure_or_inside_a_sentence(
    ex: RuleExtractor, text: str
) -> None:
    assert _found(ex, text) == []
