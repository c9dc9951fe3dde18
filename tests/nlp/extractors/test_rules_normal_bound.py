"""Structure-bound normal predicates (normal_subject.STRUCTURE_BOUND): "regular",
"homogeneous", "smooth", "symmetrical", "typical", "thin", "non-thickened" ... are normal
statements only when the sentence binds them to a structure."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def extractor() -> RuleExtractor:
    return RuleExtractor()


def _normals(ex: RuleExtractor, sentence: str, exam: str = "US ABDOMEN") -> list[tuple[str, str]]:
    text = f"Exam: {exam}\n\nFINDINGS:\n{sentence}\n"
    return [
        (text[m.start : m.end].lower(), m.concept)
        for m in ex.extract(Report(id="r", text=text))
        if m.concept.startswith("normal")
    ]


@pytest.mark.parametrize(
    ("sentence", "found"),
    [
        # before a property noun of a structure named in the sentence
        ("Liver of regular morphovolumetry and ecostructure.", ("regular", "normal liver")),
        ("The spleen has a smooth shape.", ("smooth", "normal spleen")),
        ("Urinary bladder with thin walls.", ("thin", "normal urinary bladder")),
        ("The gallbladder has a non-thickened wall.", ("non-thickened", "normal gallbladder")),
        # said of a structure after a copula
        ("Endometrium is regular.", ("regular", None)),
        ("The lateral ventricles are symmetrical.", ("symmetrical", None)),
    ],
)
def test_a_bound_predicate_about_a_structure_is_a_normal_statement(extractor, sentence, found):
    got = _normals(extractor, sentence)
    assert len(got) == 1 and got[0][0] == found[0]
    assert found[1] is None or got[0][1] == found[1]


@pytest.mark.parametrize(
    "sentence",
    [
        "Thin slices were acquired at regular intervals.",  # no structure, no property
        "Smooth muscle tumour of the stomach.",  # "smooth muscle": a tissue, not a property
        "The procedure was satisfactory.",  # said of no structure
        "A focal lesion of the liver with smooth contours.",  # the lesion's margins
        "Homogeneous enhancement after contrast.",  # no property noun of a structure
    ],
)
def test_a_bound_predicate_not_bound_to_a_structure_is_no_normal_statement(extractor, sentence):
    assert _normals(extractor, sentence) == []


def test_one_more_attribute_of_a_normal_structure_is_the_same_statement(extractor):
    # GUIDELINE "Units": several attributes of one structure in one statement are one mention
    got = _normals(extractor, "Gallbladder with normal appearance, regular walls.")
    assert [t for t, _ in got] == ["normal"]


@pytest.mark.parametrize(
    ("sentence", "concept"),
    [
        ("Flow spectra are within normal limits.", "normal flow spectra"),
        ("Intraparenchymal vascularization is normal.", "normal intraparenchymal vascularization"),
    ],
)
def test_normal_blood_flow_is_a_normal_statement(extractor, sentence, concept):
    assert concept in [c for _, c in _normals(extractor, sentence, "US NECK")]


def test_a_function_that_is_no_flow_stays_no_normal_statement(extractor):
    assert _normals(extractor, "Function is preserved.", "US NECK") == []


def _all(ex: RuleExtractor, sentence: str, exam: str) -> list[tuple[str, str]]:
    text = f"Exam: {exam}\n\nFINDINGS:\n{sentence}\n"
    return [(text[m.start : m.end].lower(), m.concept) for m in ex.extract(Report("r", text))]


def test_a_property_said_to_be_normal_is_the_normal_statement_only(extractor):
    got = _all(extractor, "The lumbar lordosis is physiological.", "MR SPINE")
    assert [t for t, _ in got] == ["physiological"]
    assert got[0][1].startswith("normal ")


def test_a_property_finding_not_said_normal_stays(extractor):
    # counter-examples: no normal predicate about it
    got = _all(extractor, "Straightening of the lumbar lordosis.", "MR SPINE")
    assert any(t == "lordosis" for t, _ in got)
    got = _all(extractor, "Reduced lordosis with normal alignment.", "MR SPINE")
    assert any(t == "lordosis" for t, _ in got)
