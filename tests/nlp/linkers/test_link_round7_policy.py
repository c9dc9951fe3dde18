"""Round 7 (``linkers/policy.py``): pair decisions by general policy, measured over every
whole-body dev set. A focal lesion described in the findings and named in the conclusion at
one organ is one finding (GUIDELINE 9), unless something separates them: another side, other
segments, sizes measured apart, lymph nodes vs the organ; two findings of one findings section
stay two (GUIDELINE 10). Sentences are written for these tests."""

from __future__ import annotations

from linker_cases import Case


def _case(exam: str, text: str) -> Case:
    return Case((0, f"Exam: {exam}\n\n{text}"))


def test_lesions_described_by_their_look_are_the_conclusions_diagnosis_at_that_organ() -> None:
    c = _case(
        "CT ABDOMEN",
        "Findings:\nSeveral rounded formations are seen in the liver, up to 20 mm.\n\n"
        "Conclusion:\nHepatic metastatic lesions.",
    )
    assert c.same(c.mark(0, "rounded formations"), c.mark(0, "Hepatic metastatic lesions"))


def test_a_nodule_of_an_organ_is_the_conclusions_adenoma_of_it() -> None:
    c = _case(
        "CT ABDOMEN",
        "Findings:\nA nodule of 15 mm in the left adrenal gland with low attenuation.\n\n"
        "Conclusion:\nLeft adrenal adenoma.",
    )
    assert c.same(c.mark(0, "nodule"), c.mark(0, "Left adrenal adenoma"))


def test_the_organ_given_once_applies_to_both() -> None:
    # the findings name the gland, the conclusion's diagnosis names it in its own word
    c = _case(
        "MR PITUITARY",
        "Findings:\nWithin the pituitary gland there is a hypointense nodule of 5 mm after "
        "contrast.\n\nConclusion:\nPituitary microadenoma.",
    )
    assert c.same(c.mark(0, "hypointense nodule"), c.mark(0, "Pituitary microadenoma"))


def test_another_side_keeps_them_apart() -> None:
    c = _case(
        "US KIDNEYS",
        "Findings:\nThe left kidney shows a rounded anechoic formation of 20 mm.\n\n"
        "Conclusion:\nSimple cyst of the right kidney.",
    )
    assert not c.same(c.mark(0, "rounded anechoic formation"), c.mark(0, "Simple cyst"))


def test_other_segments_keep_two_lesions_of_one_organ_apart() -> None:
    c = _case(
        "CT ABDOMEN",
        "Findings:\nIn segment VI of the liver there is a hypodense formation. The spleen is "
        "normal.\n\nConclusion:\nHemangioma in segment II of the liver.",
    )
    assert not c.same(c.mark(0, "hypodense formation"), c.mark(0, "Hemangioma"))


def test_sizes_measured_apart_keep_two_lesions_of_one_organ_apart() -> None:
    c = _case(
        "CT ABDOMEN",
        "Findings:\nThe liver contains a solid formation of 45 mm.\n\n"
        "Conclusion:\nHepatic cyst of 8 mm.",
    )
    assert not c.same(c.mark(0, "solid formation"), c.mark(0, "Hepatic cyst"))


def test_lymph_nodes_are_not_the_organs_lesion() -> None:
    # no site on either: the nodes are their own structure, not the prostate's lesion
    c = _case(
        "MR PELVIS",
        "Findings:\nLymphadenopathy is present.\n\nConclusion:\nProstatic neoplasia.",
    )
    assert not c.same(c.mark(0, "Lymphadenopathy"), c.mark(0, "Prostatic neoplasia"))


def test_two_findings_of_one_findings_section_stay_two() -> None:
    # the policy pairs a findings statement with the conclusion's, never two findings
    c = _case(
        "CT ABDOMEN",
        "Findings:\nThe liver shows rounded formations. Elsewhere in the liver metastatic "
        "lesions are seen.\n\nConclusion:\nNothing else.",
    )
    assert not c.same(c.mark(0, "rounded formations"), c.mark(0, "metastatic lesions"))


def test_a_focal_lesion_is_not_the_organs_diffuse_disease() -> None:
    c = _case(
        "US LIVER",
        "Findings:\nThe liver has irregular contours and a focal formation of 15 mm.\n\n"
        "Conclusion:\nLiver cirrhosis.",
    )
    assert not c.same(c.mark(0, "focal formation"), c.mark(0, "Liver cirrhosis"))


def test_a_question_of_the_indication_is_not_the_conclusions_finding() -> None:
    c = _case(
        "US KIDNEYS",
        "Indication:\nRenal cyst?\n\nFindings:\nThe right kidney shows a rounded anechoic "
        "formation.\n\nConclusion:\nSimple cyst of the right kidney.",
    )
    assert not c.same(c.mark(0, "Renal cyst"), c.mark(0, "Simple cyst"))
