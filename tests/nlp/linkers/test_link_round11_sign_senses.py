"""Round 11 (wb-signs8): a sign read in the sense of its body part (senses.tsv, GUIDELINE 11)
carries its diagnosis's concept, so the sign and the diagnosis one report gives it are one
finding ("different concepts" without the rows: a bone lesion, an enlargement); side and a sign
away from the joint still keep them apart. Sentences are written for these tests
(docs/linking-wholebody.md, "Round 11: signs and synonyms")."""

from __future__ import annotations

import pytest
from linker_cases import Case


def _case(exam: str, text: str) -> Case:
    return Case((0, f"Exam: {exam}\n\nFindings:\n{text}"))


@pytest.mark.parametrize(
    ("exam", "text", "diagnosis", "sign"),
    [
        (
            "XR PELVIS",
            "Bilateral hip osteoarthritis with sclerosis of the acetabular roofs.",
            "osteoarthritis",
            "sclerosis",
        ),
        (
            "XR SPINE",
            "Spondyloarthrosis of the lumbar spine, with sclerosis of the opposing endplates.",
            "Spondyloarthrosis",
            "sclerosis",
        ),
        (
            "CT HEAD",
            "Widening of the cortical sulci.\nConclusion: brain atrophy.",
            "brain atrophy",
            "Widening",
        ),
        (
            "MR HEAD",
            "Mild enlargement of the cerebrospinal fluid spaces, with mild cortical atrophy.",
            "cortical atrophy",
            "enlargement",
        ),
    ],
)
def test_a_sign_in_its_body_parts_sense_joins_its_diagnosis(
    exam: str, text: str, diagnosis: str, sign: str
) -> None:
    c = _case(exam, text)
    a, b = c.mark(0, diagnosis), c.mark(0, sign)
    assert c.same(a, b)


def test_the_wear_sign_of_the_other_hip_stays_apart() -> None:
    # counter-example: the sign's side differs from the diagnosis's (GUIDELINE 3)
    c = _case(
        "XR PELVIS",
        "Osteoarthritis of the right hip.\nSubchondral sclerosis of the left acetabulum.",
    )
    a, b = c.mark(0, "Osteoarthritis"), c.mark(0, "sclerosis")
    assert not c.same(a, b)


def test_sclerosis_away_from_a_joint_is_no_sign_of_the_osteoarthritis() -> None:
    # counter-example: no joint or endplate word, the bone lesion reading stays
    c = _case("XR PELVIS", "Bilateral hip osteoarthritis. A focus of sclerosis in the iliac bone.")
    a, b = c.mark(0, "osteoarthritis"), c.mark(0, "sclerosis")
    assert not c.same(a, b)
