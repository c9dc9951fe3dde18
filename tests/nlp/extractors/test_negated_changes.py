"""Round 10 (wb-recall): a negated "changes" said of a structure is a finding, absent
(negated_changes.py); a comparison with an earlier exam, the singular course word, a finding
named after it and a sentence naming no structure are not. Wording made up, not from any
corpus."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.negated_changes import negated_changes
from radtrack_gui.nlp.extractors.rules import RuleExtractor
from radtrack_gui.nlp.text import word_bounds


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _changes(ex: RuleExtractor, text: str, region: str = "head") -> list[tuple[str, str]]:
    found = ex.extract(Report("r", text, region=region))
    return [(m.text, m.assertion) for m in found if m.text.lower().endswith("changes")]


@pytest.mark.parametrize(
    "text",
    [
        "The cerebellum and the brainstem show no changes.",
        "No changes are seen in the bones of the skull base.",
        "The kidneys are of normal size, with no changes in the cortex.",
        "The orbits show no evident changes.",
        "The sinuses without any acute, recent changes.",
    ],
)
def test_a_negated_changes_said_of_a_structure_is_an_absent_finding(
    ex: RuleExtractor, text: str
) -> None:
    assert _changes(ex, text) == [("changes", "absent")]


@pytest.mark.parametrize(
    "text",
    [
        # counter-examples: compared with an earlier exam, the singular course word, the
        # noun of a finding named after it, no structure named in the sentence, a degree
        # word of a course statement, the image's changes
        "The liver shows no changes compared to the prior scan.",
        "The lungs show no changes since the examination of 2019.",
        "No change in the size of the left kidney.",
        "The vertebrae show no changes suggestive of a fracture.",
        "No changes observed.",
        "The bones show no significant changes.",
        "No changes in the pulmonary image.",
    ],
)
def test_comparisons_course_words_and_structureless_sentences_are_not(
    ex: RuleExtractor, text: str
) -> None:
    assert _changes(ex, text) == []


def test_a_table_term_keeps_its_own_span() -> None:
    # "focal changes" is the tables' term: the reading leaves its tokens alone
    _, _, toks = word_bounds("The spleen shows no focal changes.")
    covered = {toks.index("focal"), toks.index("changes")}
    assert negated_changes(toks, covered) == []
    _, _, toks = word_bounds("The spleen shows no changes.")
    k = toks.index("changes")
    assert negated_changes(toks, set()) == [(k, k + 1, "changes", "finding", "changes")]


def test_a_present_changes_is_left_to_the_tables(ex: RuleExtractor) -> None:
    # not negated: "changes" alone is a vague word, read only inside a table term
    assert _changes(ex, "The skull shows changes.") == []
    assert _changes(ex, "Degenerative changes of the spine.") == [
        ("Degenerative changes", "present")
    ]
