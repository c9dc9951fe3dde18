"""GUIDELINE 11, round 3 (senses.tsv rows and ``regions.sense_reading``): "nodule" in a breast
exam is a breast lesion and in a thyroid ultrasound a thyroid nodule, not a lung nodule;
"stenosis" of a coronary artery is vessel narrowing, not the trachea's; region-bound words
("parenchyma") name the brain only in a head exam. Each with the counter-example where the
usual sense stays."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _got(ex: RuleExtractor, text: str, region: str) -> list[tuple[str, str, list[str]]]:
    return [
        (m.text, m.concept or "", m.anatomy) for m in ex.extract(Report("r", text, region=region))
    ]


def test_a_nodule_of_a_breast_exam_is_a_breast_lesion(ex: RuleExtractor) -> None:
    got = _got(ex, "A 6 mm nodule at 2 o'clock. Nodule in the left breast.", "breast")
    assert [c for _, c, _ in got] == ["breast lesion", "breast lesion"]
    # counter-example: a chest film's nodule stays a lung nodule
    assert _got(ex, "A 6 mm nodule in the right upper lobe.", "chest")[0][1] == "nodule"


def test_a_nodule_with_thyroid_words_in_a_neck_exam_is_a_thyroid_nodule(ex: RuleExtractor) -> None:
    assert _got(ex, "Hypoechoic nodule in the left thyroid lobe.", "neck")[0][1] == "thyroid nodule"
    # counter-example: no thyroid words, or another region, no thyroid nodule
    assert _got(ex, "Nodule in the right upper lobe.", "chest")[0][1] == "nodule"


def test_coronary_stenosis_is_vessel_narrowing(ex: RuleExtractor) -> None:
    got = _got(ex, "Moderate stenosis of the proximal LAD.", "chest")
    assert got[0][1] == "vascular stenosis"
    # counter-example: the trachea keeps its narrowing
    assert _got(ex, "Stenosis of the trachea.", "chest")[0][1] == "tracheal narrowing"


def test_parenchyma_names_the_brain_only_in_a_head_exam(ex: RuleExtractor) -> None:
    assert "brain" not in _got(ex, "Liver: echogenic parenchyma.", "abdomen")[0][2]
    assert "brain" in _got(ex, "Hypodensity in the parenchyma.", "head")[0][2]


def test_vascular_sclerosis_is_atherosclerosis_and_coronary_the_disease(ex: RuleExtractor) -> None:
    assert _got(ex, "Coronary sclerosis.", "chest")[0][1] == "coronary artery disease"
    assert _got(ex, "Sclerosis of the carotid arteries.", "neck")[0][1] == "atherosclerosis"
    # counter-examples: bone sclerosis stays a bone lesion; atherosclerosis of the aorta is not
    # coronary disease because the exam is of the chest (a named site decides the kind)
    assert _got(ex, "Sclerotic lesion in the T8 vertebral body.", "spine")[0][1] == "bone lesion"
    got = _got(ex, "The aorta shows calcified atherosclerotic plaques in its wall.", "chest")
    assert [c for _, c, _ in got] == ["atherosclerosis"]
