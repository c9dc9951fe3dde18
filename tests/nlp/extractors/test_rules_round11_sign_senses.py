"""GUIDELINE 11, round 11 (wb-signs8; senses.tsv rows appended): a sign word takes its sense
from the body part. "Sclerosis" beside a joint or an endplate and "narrowing" of a joint space
are the signs of wear (degenerative changes), not a bone lesion or spinal stenosis; a
subchondral cyst and the calcified anterior longitudinal ligament of DISH are wear too; widened sulci or CSF spaces of the brain are atrophy, not a
ventricle's hydrocephalus. Wording made up here; each with the counter-example where the usual
reading stays."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _concept(ex: RuleExtractor, text: str, region: str, word: str) -> str:
    found = [m for m in ex.extract(Report("r", text, region=region)) if word in m.text.lower()]
    assert found, text
    return found[0].concept or ""


@pytest.mark.parametrize(
    ("text", "region", "word"),
    [
        ("Subchondral sclerosis of the medial tibial plateau.", "", "sclerosis"),
        ("Both hips show sclerosis of the acetabular roofs.", "pelvis", "sclerosis"),
        ("Sclerosis of the opposing endplates at L4-L5.", "spine", "sclerosis"),
        ("Sclerosis along the facets at L5-S1 on both sides.", "spine", "sclerosis"),
        ("The knee joint space is narrowed medially.", "", "narrowed"),
        ("Narrowing of the joint spaces of both hips.", "pelvis", "narrowing"),
        ("A small subchondral cyst in the femoral head.", "pelvis", "cyst"),
        ("Flowing ossification along the anterior longitudinal ligament (DISH).", "spine", "ossif"),
    ],
)
def test_a_joint_or_endplate_sign_is_wear(
    ex: RuleExtractor, text: str, region: str, word: str
) -> None:
    assert _concept(ex, text, region, word) == "degenerative changes"


def test_sclerosis_and_narrowing_elsewhere_keep_their_reading(ex: RuleExtractor) -> None:
    # counter-examples: a sclerotic focus in a bone, a vessel's sclerosis, a canal's narrowing
    assert _concept(ex, "A focus of sclerosis in the iliac bone.", "pelvis", "sclerosis") == (
        "bone lesion"
    )
    assert _concept(ex, "Sclerosis of the aortic wall.", "chest", "sclerosis") == (
        "atherosclerosis"
    )
    assert _concept(ex, "Narrowing of the spinal canal at L4.", "spine", "narrowing") != (
        "degenerative changes"
    )
    assert _concept(ex, "Calcification of the aortic wall.", "abdomen", "calcif") != (
        "degenerative changes"
    )


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("The cortical sulci are widened for the age.", "widened"),
        ("Widening of the subarachnoid spaces over both hemispheres.", "widening"),
        ("Mild enlargement of the cerebrospinal fluid spaces for the age.", "enlargement"),
    ],
)
def test_widened_sulci_or_csf_spaces_of_the_brain_are_atrophy(
    ex: RuleExtractor, text: str, word: str
) -> None:
    assert _concept(ex, text, "head", word) == "cerebral atrophy"


def test_a_widened_ventricle_is_no_atrophy_by_this_row(ex: RuleExtractor) -> None:
    # counter-example: no sulci or CSF spaces named, the ventricle's reading stays
    assert _concept(ex, "The lateral ventricles are widened.", "head", "widened") != (
        "cerebral atrophy"
    )
