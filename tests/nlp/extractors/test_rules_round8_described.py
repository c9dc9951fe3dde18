"""Round 8 (wb-mentions12; docs/vocabulary.md "Round 8: measured and described observations
(ultrasound, neck)"): an observation described by its look on the image or by its size is a
mention headed by its own noun (``open_described``, ``open_measured``), and a flow said to have
a Doppler pattern is one (``open_patterns``); each reading with its counter-examples. The
wording is made up."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.open_measured import measured_heads
from radtrack_gui.nlp.extractors.open_patterns import flow_predicate
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _got(ex: RuleExtractor, text: str, region: str = "neck") -> list[tuple[str, str]]:
    return [(m.text, m.concept or "") for m in ex.extract(Report("r", text, region=region))]


# -- described: the appearance word's phrase is headed by its own noun -------------------


@pytest.mark.parametrize(
    ("text", "span", "concept"),
    [
        (
            "The vein cannot be compressed owing to hypoechoic intraluminal material.",
            "hypoechoic intraluminal material",
            "echogenicity",
        ),
        (
            "The elbow shows an anechoic, lobulated 1.8 x 0.9 cm structure.",
            "anechoic, lobulated 1.8 x 0.9 cm structure",
            "echogenicity",
        ),
        (
            "A T2-hyperintense 4 mm zone lies in the tendon.",
            "hyperintense 4 mm zone",
            "signal abnormality",
        ),
    ],
)
def test_an_appearance_word_spans_the_unlisted_noun_it_describes(
    ex: RuleExtractor, text: str, span: str, concept: str
) -> None:
    got = _got(ex, text)
    assert (span, concept) in got, got
    # the appearance word is no second mention
    assert len(got) == 1, got


@pytest.mark.parametrize(
    "text",
    [
        "Calcified left hilum.",  # a side, then a structure: the appearance is the finding
        "Calcified lymph nodes in the mediastinum.",
        "Hypodense right liver segment 6 anterior lesion.",
    ],
)
def test_no_head_across_a_side_or_a_structure(ex: RuleExtractor, text: str) -> None:
    got = _got(ex, text, "chest")
    assert not any(c in ("left", "lymph", "right", "hilum") for _, c in got), got


def test_an_appearance_word_before_a_measured_table_finding_is_no_second_mention(
    ex: RuleExtractor,
) -> None:
    got = _got(ex, "A hypoechoic 12 mm nodule in the left lobe.")
    assert [t for t, _ in got] == ["nodule"], got


@pytest.mark.parametrize(
    ("text", "word"),
    [
        # a structure's own appearance: the appearance word is the mention
        ("The liver is diffusely hyperechoic.", "hyperechoic"),
        ("Hypoechoic parenchyma of the left kidney.", "Hypoechoic"),
        # a content or a property is no thing seen
        ("The bladder is full, with anechoic content.", "anechoic"),
        ("The mass shows hyperintense signal on T2.", "mass"),
    ],
)
def test_no_head_where_the_noun_is_anatomy_content_or_a_property(
    ex: RuleExtractor, text: str, word: str
) -> None:
    got = _got(ex, text, "abdomen")
    assert any(t == word for t, _ in got), got
    assert not any(t.endswith(("parenchyma", "content", "signal")) for t, _ in got), got


# -- measured: a noun linked to its measurement -------------------------------------------


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("A shadow of about 3 cm is seen above the left dome.", "shadow"),
        ("Round shadows approximately 4 mm in size in both lower fields.", "shadows"),
    ],
)
def test_a_measured_noun_is_a_mention(ex: RuleExtractor, text: str, span: str) -> None:
    got = _got(ex, text, "chest")
    assert any(t.lower() == span for t, _ in got), got


@pytest.mark.parametrize(
    "text",
    [
        "The vein is not compressible over a length of at least 2 cm.",
        "The left kidney measures 11 cm.",
        "Fluid in the pleural space with a separation of up to 15 mm.",
        "Slices of 5 mm were reconstructed.",
        "Peak velocity of 80 cm/s in the hepatic artery.",
        "LVIDd 5.1 cm, IVSd 1.0 cm.",
    ],
)
def test_a_measure_noun_a_structure_or_a_table_of_measures_is_none(
    ex: RuleExtractor, text: str
) -> None:
    got = _got(ex, text, "abdomen")
    bad = ("length", "least", "kidney", "measures", "separation", "slices", "velocity", "lvidd")
    assert not any(t.lower() in bad for t, _ in got), got


def test_the_measured_reading_itself() -> None:
    toks = ["a", "shadow", "of", "about", "5", "cm", "and", "a", "gap", "3", "mm", "wide"]
    # "gap" has no link word before its number: none
    assert measured_heads(toks, lambda k: True) == [1]
    toks = ["extends", "up", "to", "the", "hilum", ",", "4", "cm"]
    assert measured_heads(toks, lambda k: True) == []
    toks = ["nodule", "up", "to", "9", "mm"]
    assert measured_heads(toks, lambda k: False) == []  # the caller's head test decides


# -- flow: a Doppler pattern said of a flow, a regurgitant jet ----------------------------


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("In the femoral vein, respiratory-modulated flow is recorded.", "modulated flow"),
        ("Both vertebral arteries show cephalad flow.", "cephalad flow"),
        ("In the portal vein the flow is hepatopetal.", "flow is hepatopetal"),
        ("Mitral valve: mild regurgitant jet.", "regurgitant jet"),
    ],
)
def test_a_doppler_flow_statement_is_a_mention(ex: RuleExtractor, text: str, span: str) -> None:
    got = _got(ex, text, "vascular")
    assert any(span in t for t, _ in got), got


@pytest.mark.parametrize(
    "text",
    [
        "E wave 0.9 m/s, A wave 0.7 m/s.",
        "The flow is recorded with a linear probe.",
        "A pressure wave was applied.",
    ],
)
def test_a_wave_or_flow_without_a_doppler_pattern_is_none(ex: RuleExtractor, text: str) -> None:
    got = _got(ex, text, "vascular")
    assert not any("wave" in t.lower() or "flow" in t.lower() for t, _ in got), got


def test_the_flow_predicate_reading_itself() -> None:
    toks = ["the", "direction", "of", "flow", "is", "antegrade"]
    assert flow_predicate(toks, 3, set()) == 5
    assert flow_predicate(toks, 3, {5}) is None  # a table term there: its mention stands
    assert flow_predicate(["the", "flow", "is", "slow"], 1, set()) is None


# -- organ size and appearance said of a structure --------------------------------------


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("The left breast is smaller after the operation.", "smaller"),
        ("The adrenal gland appears slightly larger than normal.", "larger"),
        ("The right kidney is narrower than the left.", "narrower"),
    ],
)
def test_a_size_comparative_said_of_a_structure_is_a_finding(
    ex: RuleExtractor, text: str, word: str
) -> None:
    got = _got(ex, text, "abdomen")
    assert any(t == word for t, _ in got), got
    # the standard a size is compared with is no normal statement
    assert not any(c.startswith("normal ") for _, c in got), got


@pytest.mark.parametrize(
    "text",
    [
        "The left kidney is smaller than on the previous examination.",
        "Compared with the prior study, the spleen is smaller.",
    ],
)
def test_a_comparative_against_an_earlier_exam_is_a_course_word(
    ex: RuleExtractor, text: str
) -> None:
    got = _got(ex, text, "abdomen")
    assert not any(t == "smaller" for t, _ in got), got


def test_two_appearance_words_said_of_a_structure_are_both_kept(ex: RuleExtractor) -> None:
    got = [t for t, _ in _got(ex, "The gland is globally hypoechoic and heterogeneous.")]
    assert "hypoechoic" in got and "heterogeneous" in got, got
    # before a noun they describe it: the noun alone is the mention
    got = [t for t, _ in _got(ex, "A hypoechoic, heterogeneous mass in the gland.")]
    assert got == ["mass"], got
