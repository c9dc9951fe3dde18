"""Open vocabulary, round 3 (issue #18 §1): more pathology suffixes (-plasia, -trophy,
-iasis, -malacia, -penia, -lysis, -cele, -degeneration, hyper-/isch-emia), the frames
"signs/features/evidence/suspicion of X", and "<kind> changes" ("vascular changes"); with
their counter-examples. Made-up words stand for terms no table will ever list."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor
from radtrack_gui.nlp.vocabulary import vocabulary


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _got(ex: RuleExtractor, text: str, region: str = "abdomen") -> list[tuple[str, str, str]]:
    return [
        (m.text, m.concept or "", m.assertion) for m in ex.extract(Report("r", text, region=region))
    ]


WORDS = ("quuxoplasia", "quuxotrophy", "quuxiasis", "quuxomalacia", "quuxopenia", "quuxolysis")
WORDS2 = ("quuxocele", "quuxodegeneration", "frobnitz", "blorpenal")


def test_made_up_words_are_in_no_table() -> None:
    v = vocabulary()
    for w in (*WORDS, *WORDS2):
        assert v.concept_of(w) is None and v.anatomy_of(w) is None


@pytest.mark.parametrize("word", [*WORDS, "quuxocele", "quuxodegeneration"])
def test_a_new_pathology_suffix_makes_a_mention(ex: RuleExtractor, word: str) -> None:
    assert (word, word, "present") in _got(ex, f"Mild {word} of the left kidney.")


@pytest.mark.parametrize("sentence", ["The analysis was performed.", "Patient on dialysis."])
def test_procedures_with_those_endings_are_no_mention(ex: RuleExtractor, sentence: str) -> None:
    assert _got(ex, sentence) == []


@pytest.mark.parametrize(
    ("sentence", "found"),
    [
        ("No signs of frobnitz.", ("frobnitz", "frobnitz", "absent")),
        ("Features of frobnitz in the liver.", ("frobnitz", "frobnitz", "present")),
        ("There is a suspicion of frobnitz.", ("frobnitz", "frobnitz", "possible")),
    ],
)
def test_an_observation_looked_for_or_seen_is_a_mention(ex, sentence, found) -> None:
    assert found in _got(ex, sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "No signs of the bowel wall.",  # a structure (anatomy head noun), not an observation
        "No evidence of presence.",  # a vague word
    ],
)
def test_a_frame_before_no_observation_is_no_mention(ex: RuleExtractor, sentence: str) -> None:
    assert _got(ex, sentence) == []


def test_a_kind_of_changes_is_a_mention(ex: RuleExtractor) -> None:
    got = _got(ex, "Cranial bones show no blorpenal changes.", "head")
    assert ("blorpenal changes", "blorpenal change", "absent") in got


@pytest.mark.parametrize(
    "sentence",
    [
        "No significant changes compared to the previous study.",  # a course statement
        "No interval changes.",
    ],
)
def test_a_course_word_before_changes_is_no_mention(ex: RuleExtractor, sentence: str) -> None:
    assert [g for g in _got(ex, sentence, "head") if "change" in g[1]] == []


@pytest.mark.parametrize(
    ("sentence", "found"),
    [
        ("A lymph node in the cardiophrenic angle.", ("lymph node", "lymph node", "present")),
        ("Numerous bilateral axillary lymph nodes.", ("lymph nodes", "lymph node", "present")),
        ("A 12 mm lymph node in the left axilla.", ("lymph node", "lymph node", "present")),
        ("No pathologically altered lymph nodes.", ("lymph nodes", "lymph node", "absent")),
        ("Small oval lymph nodes in both axillae.", ("lymph nodes", "lymph node", "present")),
    ],
)
def test_a_lymph_node_counted_measured_or_described_is_a_finding(ex, sentence, found) -> None:
    assert found in _got(ex, sentence, "chest")


@pytest.mark.parametrize(
    "sentence",
    [
        "Status post lymph node dissection.",  # a procedure
        "Lymph node station 4R is shown for reference.",  # a place
        "Nothing in a lymph node area of the neck.",  # a place
        "The lymph nodes were assessed.",  # named, not counted or described
    ],
)
def test_a_lymph_node_only_named_is_no_finding(ex: RuleExtractor, sentence: str) -> None:
    assert [g for g in _got(ex, sentence, "chest") if g[1] == "lymph node"] == []


def test_a_table_term_before_the_node_keeps_its_own_mention(ex: RuleExtractor) -> None:
    got = _got(ex, "No enlarged lymph nodes.", "chest")
    assert [c for _, c, _ in got] == ["lymphadenopathy"]
