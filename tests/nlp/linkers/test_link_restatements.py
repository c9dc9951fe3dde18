"""GUIDELINE 9: a finding restated in one report (findings and impression, a heading, an
earlier sentence) is one chain, with a side, site or level given once carried to both; a
negative stated twice is one chain; two sides, sites or levels in one report stay apart."""

from __future__ import annotations

import pytest
from linker_cases import Case


def test_a_site_and_side_given_only_in_the_impression_apply_to_the_findings_statement() -> None:
    c = Case(
        (
            0,
            "Exam: CT ANGIOGRAM ABDOMEN\n\nFINDINGS: There is high-grade stenosis at the origin "
            "of the renal artery.\n\nIMPRESSION: High-grade right renal artery stenosis.",
        )
    )
    assert c.same(c.mark(0, "stenosis"), c.mark(0, "stenosis", 1))


def test_two_sides_in_one_report_stay_apart_even_when_restated() -> None:
    # counter-example: the impression restates the right one only
    c = Case(
        (
            0,
            "Exam: CT ANGIOGRAM ABDOMEN\n\nFINDINGS: Left renal artery stenosis. Right renal "
            "artery stenosis.\n\nIMPRESSION: Right renal artery stenosis.",
        )
    )
    left, right, restated = (c.mark(0, "stenosis", n) for n in range(3))
    assert not c.same(left, right)
    assert c.same(right, restated) and not c.same(left, restated)


def test_a_side_from_a_sub_heading_keeps_two_kidneys_apart_and_the_impression_joins_one() -> None:
    c = Case(
        (
            0,
            "Exam: US KIDNEYS\n\nFINDINGS:\nRight kidney: Moderate hydronephrosis.\nLeft kidney: "
            "Normal.\n\nIMPRESSION: Moderate right hydronephrosis.",
        )
    )
    assert c.same(c.mark(0, "hydronephrosis"), c.mark(0, "hydronephrosis", 1))
    c = Case(
        (
            0,
            "Exam: US KIDNEYS\n\nFINDINGS:\nRight kidney: Moderate hydronephrosis.\nLeft kidney: "
            "Mild hydronephrosis.",
        )
    )
    assert not c.same(c.mark(0, "hydronephrosis"), c.mark(0, "hydronephrosis", 1))


def test_a_disc_level_from_a_sub_heading_carries_to_the_impression_and_levels_stay_apart() -> None:
    c = Case(
        (
            0,
            "Exam: MRI LUMBAR SPINE\n\nFINDINGS:\nL4-L5: Disc herniation with moderate canal "
            "stenosis.\nL5-S1: Disc herniation.\n\nIMPRESSION: Disc herniation at L4-L5.",
        )
    )
    l45, l5s1, impression = (c.mark(0, "herniation", n) for n in range(3))
    assert c.same(l45, impression)
    assert not c.same(l45, l5s1) and not c.same(l5s1, impression)


def test_a_negative_restated_in_the_impression_is_one_chain() -> None:
    c = Case((0, "Exam: CT CHEST\n\nFINDINGS: No pneumothorax.\n\nIMPRESSION: No pneumothorax."))
    assert c.same(c.mark(0, "pneumothorax"), c.mark(0, "pneumothorax", 1))
    c = Case((0, "Exam: MRI BRAIN\n\nFINDINGS: No acute infarct.\n\nIMPRESSION: No acute infarct."))
    assert c.same(c.mark(0, "infarct"), c.mark(0, "infarct", 1))


def test_routine_negatives_of_two_reports_or_two_structures_stay_apart() -> None:
    # counter-examples: across reports rule 7 decides (two routine negatives); in one report
    # "no abnormality" of the bones and of the chest are statements about two structures
    c = Case(
        (0, "Exam: CT CHEST\n\nFINDINGS: No pneumothorax."),
        (30, "Exam: CT CHEST\n\nFINDINGS: No pneumothorax."),
    )
    assert not c.same(c.mark(0, "pneumothorax"), c.mark(1, "pneumothorax"))
    c = Case(
        (
            0,
            "FINDINGS: No acute osseous abnormality.\n\nIMPRESSION: No acute cardiopulmonary "
            "abnormality.",
        )
    )
    assert not c.same(c.mark(0, "abnormality"), c.mark(0, "abnormality", 1))


def test_no_new_lesions_is_not_the_restatement_of_a_known_negative() -> None:
    c = Case(
        (
            0,
            "Exam: CT CHEST\n\nFINDINGS: No new nodules. No progressive nodule.\n\n"
            "IMPRESSION: Stable examination.",
        )
    )
    assert not c.same(c.mark(0, "nodules"), c.mark(0, "nodule", 1))


def test_an_abbreviation_defined_in_parentheses_is_that_finding() -> None:
    c = Case(
        (
            0,
            "Exam: MRI BRAIN\n\nFINDINGS: Diffuse white matter hyperintensity, non-specific "
            "(DEHSI). No hemorrhage (SAH).",
        )
    )
    assert c.same(c.mark(0, "white matter hyperintensity"), c.mark(0, "DEHSI"))
    # counter-example: a parenthesis in another sentence defines nothing here
    assert not c.same(c.mark(0, "white matter hyperintensity"), c.mark(0, "SAH"))


def test_a_span_that_says_second_is_another_one() -> None:
    c = Case(
        (
            0,
            "Exam: CT CHEST\n\nFINDINGS: Spiculated lesion in the right upper lobe. Adjacent "
            "second lesion in the right upper lobe.",
        )
    )
    assert not c.same(c.mark(0, "lesion"), c.mark(0, "second lesion"))


@pytest.mark.parametrize(
    "heading", ["Referral data:", "Clinical data:", "Clinical query:", "Inquiry:", "Indication:"]
)
def test_a_finding_after_a_referral_heading_run_into_the_text_is_a_question(heading: str) -> None:
    c = Case(
        (
            0,
            f"Exam: PET CT\n\n{heading} assessment of a malignancy. Increased uptake in the left "
            "lung. Conclusion: disseminated malignancy.",
        )
    )
    assert not c.same(c.mark(0, "malignancy"), c.mark(0, "malignancy", 1))


def test_an_observation_heading_is_no_question() -> None:
    # counter-example: the same words after an observation heading are findings
    c = Case(
        (
            0,
            "Exam: PET CT\n\nFindings: disseminated malignancy. Conclusion: disseminated "
            "malignancy.",
        )
    )
    assert c.same(c.mark(0, "malignancy"), c.mark(0, "malignancy", 1))


def test_words_the_vocabulary_lacks_restated_with_a_modifier_are_one() -> None:
    c = Case(
        (
            0,
            "Exam: CT ABDOMEN\n\nFINDINGS: Adhesion without digestive involvement.\n\n"
            "IMPRESSION: Rectal adhesion without wall invasion.",
        )
    )
    assert c.same(c.mark(0, "Adhesion"), c.mark(0, "Rectal adhesion"))
    # counter-example: own words with another head are not the same thing
    c = Case(
        (
            0,
            "Exam: CT ABDOMEN\n\nFINDINGS: Rectal adhesion.\n\nIMPRESSION: Rectal "
            "endometriosis nodule.",
        )
    )
    assert not c.same(c.mark(0, "Rectal adhesion"), c.mark(0, "Rectal endometriosis nodule"))


def test_a_segment_given_once_applies_to_the_organ_named_restatement() -> None:
    c = Case(
        (
            0,
            "Exam: US ABDOMEN\n\nFINDINGS: In segment VI of the liver, there is a heterogeneous "
            "focal lesion measuring 3.0 cm.\n\nIMPRESSION: Focal liver lesion of indeterminate "
            "nature.",
        )
    )
    assert c.same(c.mark(0, "focal lesion"), c.mark(0, "Focal liver lesion"))
    # counter-example: across exams a whole and its part stay apart (GUIDELINE 2)
    c = Case(
        (0, "Exam: CT HEAD\n\nFINDINGS: Fracture of the left frontal bone."),
        (3, "Exam: CT HEAD\n\nFINDINGS: Skull fracture."),
    )
    assert not c.same(c.mark(0, "Fracture"), c.mark(1, "Skull fracture"))


def test_a_checklist_of_related_negatives_is_not_one_restated_negative() -> None:
    c = Case(
        (
            0,
            "FINDINGS: There is no pulmonary edema. There is no focal consolidation.\n\n"
            "IMPRESSION: No acute disease.",
        )
    )
    assert not c.same(c.mark(0, "edema"), c.mark(0, "consolidation"))
    # one sentence states one negative ("no opacity to suggest pneumonia")
    c = Case((0, "FINDINGS: There is no focal airspace opacity to suggest a pneumonia."))
    assert not c.same(c.mark(0, "opacity"), c.mark(0, "pneumonia"))


def test_the_second_lesion_restated_as_the_second_lesion_is_one() -> None:
    c = Case(
        (
            0,
            "Exam: CT CHEST\n\nFINDINGS: Spiculated lesion in the right upper lobe, adjacent to a "
            "second pseudonodular lesion.\n\nIMPRESSION: Spiculated lesion adjacent to a second "
            "pseudonodular lesion.",
        )
    )
    first_second, restated = (
        c.mark(0, "second pseudonodular lesion"),
        c.mark(0, "second pseudonodular lesion", 1),
    )
    assert c.same(first_second, restated)
    assert not c.same(c.mark(0, "Spiculated lesion"), first_second)
