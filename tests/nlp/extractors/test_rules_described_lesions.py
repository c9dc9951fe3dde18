"""A lesion named by a generic noun and described (``open_lesions``; docs/evaluation-mentions.md
"Round 7: mentions that pairs need"): "formation", "focus/foci", "conglomerate", "defect",
"cavity", "sequelae" are a mention when a look, shape, count or size word describes them, and
no mention bare or as a body cavity; each reading with its counter-example."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.layout import short_reason_end
from radtrack_gui.nlp.extractors.open_lesions import damage_mentions, lesion_mentions
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _got(ex: RuleExtractor, text: str, region: str = "abdomen") -> list[tuple[str, str]]:
    return [(m.text, m.concept or "") for m in ex.extract(Report("r", text, region=region))]


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("Multiple rounded formations in the segment, the largest 27 mm.", "formations"),
        ("A small focus in the right lobe.", "small focus"),
        ("Lacunar ischemic sequelae in the right caudate nucleus.", "sequelae"),
        ("A new small cavity is now seen in the left caudate area.", "new small cavity"),
        ("There is a 0.3 cm wall defect.", "wall defect"),
        ("A normoechoic conglomerate 17 x 13 mm.", "normoechoic conglomerate"),
    ],
)
def test_a_described_lesion_noun_is_a_mention(ex: RuleExtractor, text: str, span: str) -> None:
    got = _got(ex, text, "brain" if "caudate" in text else "abdomen")
    assert any(span in t for t, _ in got), got


@pytest.mark.parametrize(
    "text",
    [
        "The patient should focus on the exercise.",
        "The nasal cavity is clear.",
        "Contrast was given into the cavity.",
        "Heterogeneous cavity area with regular contours.",
        "The formation of the report was delayed.",
    ],
)
def test_a_bare_noun_or_a_body_cavity_is_none(ex: RuleExtractor, text: str) -> None:
    got = _got(ex, text)
    assert not any(w in t.lower() for t, _ in got for w in ("focus", "cavity", "formation")), got


def test_the_reading_itself() -> None:
    toks = ["a", "new", "small", "cavity", "in", "the", "pelvic", "cavity"]
    assert lesion_mentions(toks, set(), set(), set()) == [(1, 4, "cavity")]
    toks = ["two", "small", "foci", "of", "contrast", "enhancement"]
    # the "of" phrase holds a table term: that term is the mention, not the foci
    assert lesion_mentions(toks, {4, 5}, set(), set()) == []
    assert lesion_mentions(toks, set(), set(), set()) == [(0, 3, "lesion")]


def test_a_size_after_the_noun_describes_it(ex: RuleExtractor) -> None:
    toks = [
        "there",
        "is",
        "a",
        "formation",
        "with",
        "largest",
        "dimensions",
        "of",
        "4",
        "x",
        "2",
        "cm",
    ]
    assert lesion_mentions(toks, set(), set(), set()) == [(3, 4, "lesion")]
    toks = ["there", "is", "a", "formation", ".", "the", "liver", "measures", "15", "cm"]
    assert lesion_mentions(toks, set(), set(), set()) == []


def test_table_terms_keep_their_reading(ex: RuleExtractor) -> None:
    assert ("Abscess formation", "abscess") in _got(ex, "Abscess formation.")
    got = _got(ex, "Two small foci of contrast enhancement in the left breast.", "breast")
    assert [c for _, c in got] == ["enhancement"]


@pytest.mark.parametrize(
    ("text", "concept"),
    [
        ("Small hypodense foci in the white matter.", "hypodensity"),
        ("A cystic formation is present on the right.", "cyst"),
    ],
)
def test_a_table_term_describing_the_noun_owns_the_phrase(
    ex: RuleExtractor, text: str, concept: str
) -> None:
    got = _got(ex, text, "brain" if "white" in text else "pelvis")
    assert not any(c == "lesion" for _, c in got), got
    assert any(concept in c for _, c in got), got


@pytest.mark.parametrize(
    ("text", "span"),
    [
        (
            "Broad zones of full-thickness cartilage loss over the lateral condyle.",
            "cartilage loss",
        ),
        ("Full-thickness chondral fissures of the medial facet.", "chondral fissures"),
        ("Cartilage erosion of the patella.", "Cartilage erosion"),
        ("Loss of articular cartilage at the medial compartment.", "Loss of articular cartilage"),
        ("Mild cartilage thinning at the patella.", "thinning"),
    ],
)
def test_damage_of_a_tissue_is_a_mention(ex: RuleExtractor, text: str, span: str) -> None:
    got = _got(ex, text, "lower limb")
    assert any(span in t for t, _ in got), got


def test_damage_nouns_need_a_tissue() -> None:
    # "weight loss", a measure's loss ("loss of bone density", open_measures) are no damage
    assert damage_mentions(["weight", "loss", "and", "hair", "loss"], set(), set()) == []
    assert damage_mentions(["loss", "of", "bone", "density"], set(), set()) == []
    assert damage_mentions(["loss", "of", "the", "cartilage"], set(), set()) == [
        (0, 4, "cartilage loss")
    ]


def test_articular_cartilage_is_a_structure(ex: RuleExtractor) -> None:
    got = _got(ex, "The articular cartilage appears within normal limits.", "lower limb")
    assert [c for _, c in got] == ["normal articular cartilage"]


@pytest.mark.parametrize(
    ("text", "region", "concept"),
    [
        ("Left-sided cryptorchidism.", "pelvis", "cryptorchidism"),
        ("Bilateral hydrosalpinx.", "pelvis", "hydrosalpinx"),
        ("Redundant colon with coprostasis.", "abdomen", "stool"),
        ("The AVM was embolized.", "head", "arteriovenous malformation"),
    ],
)
def test_round7_diagnoses_no_table_named(
    ex: RuleExtractor, text: str, region: str, concept: str
) -> None:
    assert concept in [c for _, c in _got(ex, text, region)]


def test_avm_is_a_word_not_a_part_of_one(ex: RuleExtractor) -> None:
    assert "arteriovenous malformation" not in [c for _, c in _got(ex, "Savm noted.", "head")]


def test_examined_does_not_extend_a_short_reason() -> None:
    text = (
        "Indication: suspected neuroma. No signal changes in the examined marrow of "
        "the foot. A 15 mm nodular mass lies in the third interdigital space."
    )
    pos = text.index(":") + 2
    assert short_reason_end(text, pos, len(text)) == text.index(".") + 1
    # an exam named after the reason keeps it going ("Exam of the foot requested")
    text2 = "Indication: suspected neuroma. Exam of the left foot requested for this patient."
    assert short_reason_end(text2, text2.index(":") + 2, len(text2)) is None


def test_findings_after_a_short_reason_with_examined_are_kept(ex: RuleExtractor) -> None:
    text = (
        "Indication: suspected neuroma. No signal changes in the examined marrow of "
        "the foot. A 15 mm mass lies in the third interdigital space, consistent with a neuroma."
    )
    got = ex.extract(Report("r", text, region="lower limb"))
    assert any(m.text == "mass" and not m.question for m in got), [
        (m.text, m.question) for m in got
    ]


def test_a_longer_reason_ends_where_an_observation_follows() -> None:
    text = (
        "Indication: exclusion of vascular or inflammatory disease. No relevant signal "
        "changes are appreciable in the cancellous bone. The joints appear normal."
    )
    pos = text.index(":") + 2
    assert short_reason_end(text, pos, len(text)) == text.index(".") + 1
    # a longer reason followed by a sentence that observes nothing goes on
    text2 = (
        "Indication: exclusion of vascular or inflammatory disease. Ongoing swelling of the "
        "left thigh for three weeks without any fever."
    )
    assert short_reason_end(text2, text2.index(":") + 2, len(text2)) is None


def test_a_lesion_noun_carries_the_table_adjective(ex: RuleExtractor) -> None:
    # "formation(s)" / "conglomerate" carry the adjective-like finding before them, as "foci"
    assert ("Anechoic formations", "echogenicity") in _got(ex, "Anechoic formations in the kidney.")
    assert ("Abscess formation", "abscess") in _got(ex, "Abscess formation.")


def test_cartilage_surfaces_are_the_listed_structure(ex: RuleExtractor) -> None:
    assert _got(ex, "Cartilage surfaces are regular.") == [
        ("regular", "normal articular cartilage")
    ]
