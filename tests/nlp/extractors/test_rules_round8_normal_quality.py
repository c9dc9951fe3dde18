"""A quality word opening a phrase whose head is a nominalised process is a normal statement
at the quality word (nlp/extractors/normal_quality.py); a lesion's attribute, an abnormal
grading word and an abnormal process noun stay what they were. Wording made up."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def extractor() -> RuleExtractor:
    return RuleExtractor()


def _mentions(ex: RuleExtractor, sentence: str, exam: str = "CT ABDOMEN") -> list[tuple[str, str]]:
    text = f"Exam: {exam}\n\nFINDINGS:\n{sentence}\n"
    return [
        (text[m.start : m.end].lower(), m.concept) for m in ex.extract(Report(id="r", text=text))
    ]


@pytest.mark.parametrize(
    ("sentence", "word"),
    [
        ("Good opacification of the distal branches of the basilar artery.", "good"),
        ("Symmetrical contrast enhancement in both kidneys.", "symmetrical"),
        ("There is homogeneous contrast enhancement of the thyroid gland.", "homogeneous"),
        ("The solid organs show homogeneous enhancement.", "homogeneous"),
        ("Adequate bilateral tubal opacification.", "adequate"),
    ],
)
def test_a_quality_word_before_a_process_noun_is_the_normal_statement(
    extractor: RuleExtractor, sentence: str, word: str
) -> None:
    found = _mentions(extractor, sentence)
    assert [t for t, c in found if c.startswith("normal")] == [word]
    # the process noun is no observation of its own
    assert not any(t.endswith(("enhancement", "opacification")) for t, _ in found)


def test_a_normal_word_the_tables_know_holds_the_statement_alone(
    extractor: RuleExtractor,
) -> None:
    # "patency" is itself a normal word of the tables: one statement, at the first word
    assert [t for t, c in _mentions(extractor, "Normal bilateral tubal patency.")] == ["normal"]


@pytest.mark.parametrize(
    ("sentence", "kept"),
    [
        # an attribute of a lesion, not a statement about a structure
        ("A solid mass with homogeneous enhancement.", "enhancement"),
        ("The lesion shows homogeneous enhancement.", "enhancement"),
        # a grading word that is not a quality word
        ("Limited opacification of the distal branches.", "opacification"),
        ("Increased enhancement of the bowel wall.", "enhancement"),
        # an abnormal process whatever word is before it
        ("Symmetrical signal alteration of the thalami.", "alteration"),
    ],
)
def test_counter_examples_keep_the_finding(
    extractor: RuleExtractor, sentence: str, kept: str
) -> None:
    found = _mentions(extractor, sentence)
    assert any(t.endswith(kept) and not c.startswith("normal") for t, c in found), found
    assert not any(c.startswith("normal") and t in ("homogeneous", "symmetrical") for t, c in found)


def test_no_structure_named_no_statement(extractor: RuleExtractor) -> None:
    # the same phrase said of no structure stays what it was (round 6's counter-example)
    found = _mentions(extractor, "Homogeneous enhancement after contrast.", "CT ABDOMEN")
    assert not any(c.startswith("normal") for _, c in found)
    assert _mentions(extractor, "Homogeneous enhancement of the spleen.", "CT ABDOMEN")[0][0] == (
        "homogeneous"
    )
