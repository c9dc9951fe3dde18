"""Round 11 (wb-senses): senses by body part (GUIDELINE 11) in the linker. A knee's bare
"effusion" is the joint effusion its conclusion names; portal hypertension is no term of the
cirrhosis beside it. Sentences are written for
these tests."""

from __future__ import annotations

from linker_cases import Case


def _case(exam: str, text: str) -> Case:
    return Case((0, f"Exam: {exam}\n\nFindings:\n{text}"))


def test_a_knee_effusion_restated_in_the_conclusion_is_one() -> None:
    c = _case(
        "MR KNEE",
        "Moderate effusion in the suprapatellar recess.\nConclusion: joint effusion of the knee.",
    )
    a, b = c.mark(0, "Moderate effusion"), c.mark(0, "joint effusion")
    assert c.same(a, b)


def test_portal_hypertension_and_cirrhosis_are_two_diagnoses() -> None:
    c = _case("CT ABDOMEN", "Cirrhotic liver. Portal hypertension with an enlarged spleen.")
    a, b = c.mark(0, "Cirrhotic liver"), c.mark(0, "Portal hypertension")
    assert not c.same(a, b)
