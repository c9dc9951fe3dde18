"""GUIDELINE 11 on anatomy: "femoral" before a part of the bone ("medial femoral condyle",
"femoral trochlea") names the femur, not the femoral vein that bare "femoral" stands for;
the vein keeps its own words. Sentences are our own."""

from __future__ import annotations

import pytest
from rules_cases import one_mention

from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Bone marrow edema of the lateral femoral condyle.", "bone marrow edema"),
        ("Bone marrow edema in the left medial femoral condyle.", "bone marrow edema"),
        ("Bone marrow edema in the femoral trochlea.", "bone marrow edema"),
    ],
)
def test_a_femoral_bone_part_is_the_femur(ex: RuleExtractor, text: str, word: str) -> None:
    m = one_mention(ex, text, word, "lower extremities")
    assert "femurs" in m.anatomy and not any("femoral vein" in a for a in m.anatomy)


@pytest.mark.parametrize(
    "text", ["Thrombus in the common femoral vein.", "Thrombus in the left femoral vein."]
)
def test_the_femoral_vein_stays_the_vein(ex: RuleExtractor, text: str) -> None:
    m = one_mention(ex, text, "thrombus", "lower extremities")
    assert "femoral vein" in m.anatomy and "femurs" not in m.anatomy
