"""GUIDELINE 11, round 11 (wb-senses): a word's sense by body part. A bare "effusion" beside a
joint's words (or in a limb region) is the joint's effusion, not the pleura's; "portal
hypertension" is its own vascular disorder (RadLex), no term of cirrhosis. Wording made up
here; each with the counter-example where the usual reading stays."""

from __future__ import annotations

import pytest
from linker_cases import Case


def _concept(exam: str, text: str, words: str) -> str:
    c = Case((0, f"Exam: {exam}\n\nFindings:\n{text}"))
    return c.patient.mentions[c.mark(0, words)].concept or ""


@pytest.mark.parametrize(
    ("exam", "text", "words"),
    [
        ("MR KNEE", "A moderate effusion distends the suprapatellar recess.", "moderate effusion"),
        ("XR ELBOW", "Small effusion with raised fat pads.", "Small effusion"),
        ("MR SHOULDER", "Effusion distends the glenohumeral recess.", "Effusion"),
        ("CT PELVIS", "Small effusion of the right hip joint.", "Small effusion"),
    ],
)
def test_an_effusion_at_a_joint_is_a_joint_effusion(exam: str, text: str, words: str) -> None:
    assert _concept(exam, text, words) == "joint effusion"


def test_an_effusion_in_a_chest_exam_stays_pleural() -> None:
    assert _concept("CT CHEST", "Small effusion on the left.", "Small effusion") == (
        "pleural effusion"
    )


def test_portal_hypertension_is_no_cirrhosis() -> None:
    text = "Nodular liver with signs of portal hypertension."
    assert _concept("CT ABDOMEN", text, "portal hypertension") == "portal hypertension"
    assert _concept("CT ABDOMEN", text, "Nodular liver") != "portal hypertension"
