"""Issue #18 §2, round 6 (``linkers/organ_reading.py``): an impression's diagnosis of an
organ reads the findings' change of that organ's size, and a sign in a part of it; a
focal lesion is neither, and a sign its own sentence reads as another diagnosis is not
the impression's. Found on fresh whole-body reports (``pairs_wholebody_dev6.tsv``); each
with a counter-example that must stay apart. Sentences are written for these tests."""

from __future__ import annotations

import pytest
from linker_cases import Case


def _case(exam: str, text: str) -> Case:
    return Case((0, f"Exam: {exam}\n\n{text}"))


@pytest.mark.parametrize("size", ["", " (craniocaudal 170 mm)"])
def test_an_enlarged_organ_is_read_by_the_impression_diagnosis_of_that_organ(size: str) -> None:
    # a measured size change measures the organ: no focal finding
    c = _case(
        "US ABDOMEN",
        f"Findings:\nThe liver is enlarged{size} with a homogeneous echotexture. The spleen is "
        "normal.\n\nConclusion:\nHepatic steatosis.",
    )
    assert c.same(c.mark(0, "enlarged"), c.mark(0, "Hepatic steatosis"))


def test_an_enlarged_organ_is_no_sign_of_a_focal_lesion_or_of_another_organ() -> None:
    # counter-examples: a focal lesion of the organ is tracked on its own (GUIDELINE 10);
    # the diagnosis of another organ does not read it
    c = _case(
        "CT ABDOMEN",
        "Findings:\nThe liver is enlarged. A 3 cm abscess in segment VIII.\n\n"
        "Conclusion:\nAbscess in segment VIII of the liver.",
    )
    assert not c.same(c.mark(0, "enlarged"), c.mark(0, "Abscess in segment"))
    d = _case(
        "US ABDOMEN",
        "Findings:\nThe liver is enlarged. The pancreas is normal.\n\n"
        "Conclusion:\nChronic pancreatitis.",
    )
    assert not d.same(d.mark(0, "enlarged"), d.mark(0, "Chronic pancreatitis"))


def test_a_sign_in_a_part_of_the_organ_is_read_by_its_diagnosis() -> None:
    c = _case(
        "CT ABDOMEN",
        "Findings:\nCaudate lobe hypertrophy. The portal vein is patent.\n\n"
        "Conclusion:\nLiver changes suggestive of Budd Chiari syndrome.",
    )
    assert c.same(c.mark(0, "Caudate lobe hypertrophy"), c.mark(0, "Budd Chiari syndrome"))


def test_a_focal_lesion_in_a_part_of_the_organ_is_not_its_diffuse_disease() -> None:
    # counter-example: a lesion in the right lobe is not the cirrhosis of the liver
    c = _case(
        "US ABDOMEN",
        "Findings:\nIn the right lobe of the liver a focal lesion of 3 cm is visible.\n\n"
        "Conclusion:\nLiver cirrhosis. Focal lesion in the right lobe of the liver.",
    )
    assert not c.same(c.mark(0, "focal lesion"), c.mark(0, "Liver cirrhosis"))


def test_a_sign_read_otherwise_in_its_own_sentence_is_not_the_impression_reading() -> None:
    # counter-example: the nodules are read as FNH-like lesions where they are described
    c = _case(
        "CT ABDOMEN",
        "Findings:\nMultiple liver nodules, suggestive of FNH-like lesions.\n\n"
        "Conclusion:\nLiver changes suggestive of Budd Chiari syndrome.",
    )
    assert not c.same(c.mark(0, "Multiple liver nodules"), c.mark(0, "Budd Chiari syndrome"))


# -- a possibility the report's own conclusion negates (answered.py) ---------------------------
_HEDGED = (
    "Results:\nThe ventricular system and subarachnoid spaces show no morphological "
    "abnormalities that would suggest normal pressure hydrocephalus.\n\n"
)


def test_a_possibility_negated_in_the_conclusion_is_one_statement() -> None:
    c = _case("MRI BRAIN", _HEDGED + "Conclusion:\nNo normal pressure hydrocephalus.")
    first = c.mark(0, "normal pressure hydrocephalus")
    assert c.same(first, c.mark(0, "normal pressure hydrocephalus", nth=1))


def test_a_possibility_negated_in_a_later_report_stays_its_own() -> None:
    # counter-example: across reports a routine negative is its own mention (GUIDELINE 7)
    c = Case(
        (0, "Exam: MRI BRAIN\n\n" + _HEDGED),
        (200, "Exam: MRI BRAIN\n\nConclusion:\nNo normal pressure hydrocephalus."),
    )
    assert not c.same(
        c.mark(0, "normal pressure hydrocephalus"), c.mark(1, "normal pressure hydrocephalus")
    )
