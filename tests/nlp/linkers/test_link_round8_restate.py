"""Round 8 (wb-policy2): within-report restatement policies, measured over every whole-body
dev set (docs/linking-wholebody.md, "Round 8: within-report policy on every dev set").

- ``restatement.concluded_negative``: a negative of the findings and one of the conclusion at
  one place are one negative told twice when the conclusion's concept is the findings' own,
  broader or related, or when the findings' negative is a generic observation (GUIDELINE 9);
- ``restatement.vague_site_restated``: a finding restated in the conclusion in the same
  concept, one of the two placed only by a body-wide word, takes the other's place.

Counter-examples: two negatives of one section stay a checklist, a negative of another organ
stays apart, two levels or sides stay apart. Sentences are written for these tests."""

from __future__ import annotations

from linker_cases import Case


def _case(exam: str, text: str) -> Case:
    return Case((0, f"Exam: {exam}\n\n{text}"))


def test_the_conclusions_negative_of_a_related_concept_restates_the_findings() -> None:
    c = _case(
        "MR SPINE",
        "Findings:\nNo signal abnormality of the spinal cord.\n\n"
        "Conclusion:\nNo spinal cord lesion.",
    )
    assert c.same(c.mark(0, "signal abnormality"), c.mark(0, "spinal cord lesion"))


def test_a_negative_observation_is_summed_up_by_the_conclusions_negative_diagnosis() -> None:
    c = _case(
        "MR HIP",
        "Findings:\nBilateral hip prostheses in place. No pathological contrast enhancement."
        "\n\nConclusion:\nNo signs of periprosthetic infection of the hips.",
    )
    assert c.same(
        c.mark(0, "pathological contrast enhancement"), c.mark(0, "periprosthetic infection")
    )


def test_two_negatives_of_one_section_stay_a_checklist() -> None:
    c = _case(
        "MR SPINE",
        "Findings:\nNo signal abnormality of the spinal cord. No spinal cord lesion.",
    )
    assert not c.same(c.mark(0, "signal abnormality"), c.mark(0, "spinal cord lesion"))


def test_a_negative_of_another_organ_stays_apart() -> None:
    c = _case(
        "CT ABDOMEN",
        "Findings:\nNo abnormal enhancement of the liver.\n\n"
        "Conclusion:\nNo signs of infection of the kidneys.",
    )
    assert not c.same(c.mark(0, "abnormal enhancement"), c.mark(0, "infection"))


def test_a_negative_of_another_side_stays_apart() -> None:
    c = _case(
        "MR KNEES",
        "Findings:\nNo bone marrow edema of the left knee.\n\n"
        "Conclusion:\nNo fracture of the right knee.",
    )
    assert not c.same(c.mark(0, "bone marrow edema"), c.mark(0, "fracture"))


def test_a_finding_placed_only_by_a_body_wide_word_takes_the_levels_place() -> None:
    c = _case(
        "MR LUMBAR SPINE",
        "Findings:\nL3-L4: Mild facet joint arthrosis, more pronounced on the left.\n\n"
        "Conclusion:\nMultisegmental mild facet joint arthrosis.",
    )
    assert c.same(c.mark(0, "facet joint arthrosis"), c.mark(0, "facet joint arthrosis", 1))


def test_two_levels_stay_apart() -> None:
    c = _case(
        "MR LUMBAR SPINE",
        "Findings:\nL3-L4: Mild facet joint arthrosis, more pronounced on the left.\n\n"
        "Conclusion:\nFacet joint arthrosis at L5-S1.",
    )
    assert not c.same(c.mark(0, "facet joint arthrosis"), c.mark(0, "Facet joint arthrosis"))


def test_two_findings_of_one_section_stay_two() -> None:
    # the level and the body-wide word in one findings section: two statements, not one
    c = _case(
        "MR LUMBAR SPINE",
        "Findings:\nL3-L4: Mild facet joint arthrosis, more pronounced on the left.\n\n"
        "Multisegmental mild facet joint arthrosis.",
    )
    assert not c.same(c.mark(0, "facet joint arthrosis"), c.mark(0, "facet joint arthrosis", 1))


def test_an_observation_named_by_its_head_word_is_summed_up_too() -> None:
    # "bone marrow edema" is an oedema: the conclusion's negative diagnosis sums it up
    c = _case(
        "MR SACROILIAC JOINTS",
        "Findings:\nNo bone marrow edema of the sacroiliac joints.\n\n"
        "Conclusion:\nNo signs of active sacroiliitis.",
    )
    assert c.same(c.mark(0, "bone marrow edema"), c.mark(0, "sacroiliitis"))


def test_two_negatives_that_name_no_place_stay_a_checklist() -> None:
    # a chest film's routine negatives: neither names where it looked
    c = _case(
        "XR CHEST",
        "FINDINGS: The heart is normal in size. No infiltrates.\n\nIMPRESSION: No pneumonia.",
    )
    assert not c.same(c.mark(0, "infiltrates"), c.mark(0, "pneumonia"))
