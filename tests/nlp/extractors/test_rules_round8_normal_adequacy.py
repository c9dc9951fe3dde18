"""Normal statements whose predicate grades a structure as it should be in words the tables
lack (nlp/extractors/normal_adequacy.py): an adverb of normality with a participle, a word of
adequacy, "in place"; said of anatomy only, never of a device or a lesion, never negated.
Wording made up."""

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


def _normals(ex: RuleExtractor, sentence: str, exam: str = "CT ABDOMEN") -> list[str]:
    return [t for t, c in _mentions(ex, sentence, exam) if c.startswith("normal")]


@pytest.mark.parametrize(
    ("sentence", "exam", "span"),
    [
        ("The spleen is normally shaped.", "CT ABDOMEN", "normally shaped"),
        ("The portal and splenic veins are well open.", "US ABDOMEN", "well open"),
        ("The uterus is normally flexed.", "US PELVIS", "normally flexed"),
        ("The femoral heads are positioned normally.", "XR PELVIS", "positioned normally"),
        ("Renal parenchyma is sharply defined.", "CT ABDOMEN", "sharply defined"),
        ("The spleen has acceptable shape and density.", "CT ABDOMEN", "acceptable"),
        ("The kidney is of satisfactory size.", "US ABDOMEN", "satisfactory"),
        ("The uterus is in an acceptable position.", "US PELVIS", "acceptable"),
        ("The left hip joint is in place.", "XR PELVIS", "in place"),
    ],
)
def test_an_adequacy_predicate_of_a_structure_is_a_normal_statement(
    extractor: RuleExtractor, sentence: str, exam: str, span: str
) -> None:
    assert _normals(extractor, sentence, exam) == [span]


@pytest.mark.parametrize(
    "sentence",
    [
        # a device's position, not a structure's
        "The feeding catheter is appropriately positioned.",
        "The drainage catheter is in place.",
        # a lesion's margin
        "The liver nodule is sharply defined.",
        # negated: no normal statement
        "The spleen is not normally shaped.",
        # no copula: the words describe something else
        "A sharply defined mass.",
        "Acceptable image quality.",
    ],
)
def test_counter_examples_make_no_normal_statement(extractor: RuleExtractor, sentence: str) -> None:
    assert _normals(extractor, sentence) == []


def test_a_participle_of_seeing_is_about_the_exam_not_the_structure(
    extractor: RuleExtractor,
) -> None:
    assert _normals(extractor, "The pectoral muscles are well visualized.", "MG BREAST") == []
    # the same structure with a participle of its state is a statement
    assert _normals(extractor, "The pectoral muscles are symmetrically developed.", "MG BREAST")
