"""The exams of the synthetic corpus and the patient profiles that weight them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Exam:
    modality: str  # XR CT CTA MR US
    region: str  # chest, head, abdomen, spine
    weight: float  # share of reports in the corpus-wide mix
    titles: tuple[str, ...]


EXAMS: tuple[Exam, ...] = (
    Exam(
        "XR",
        "chest",
        0.43,
        (
            "CHEST (PORTABLE AP)",
            "CHEST (PORTABLE AP)",
            "CHEST (PA & LAT)",
            "CHEST PORT. LINE PLACEMENT",
            "CHEST (PRE-OP PA & LAT)",
        ),
    ),
    Exam(
        "CT",
        "head",
        0.16,
        ("CT HEAD W/O CONTRAST", "CT HEAD W/O CONTRAST", "CT HEAD W/ & W/O CONTRAST"),
    ),
    Exam(
        "CT",
        "abdomen",
        0.11,
        ("CT ABDOMEN W/CONTRAST", "CT ABD & PELVIS WITH CONTRAST", "CT ABD & PELVIS W/O CONTRAST"),
    ),
    Exam("CT", "spine", 0.07, ("CT C-SPINE W/O CONTRAST",)),
    Exam(
        "XR",
        "abdomen",
        0.06,
        ("ABDOMEN (SUPINE & ERECT)", "ABDOMEN (SUPINE ONLY)", "PORTABLE ABDOMEN"),
    ),
    Exam("CTA", "chest", 0.04, ("CTA CHEST W&W/O C&RECONS, NON-CORONARY",)),
    Exam("CT", "chest", 0.03, ("CT CHEST W/CONTRAST", "CT CHEST W/O CONTRAST")),
    Exam("MR", "head", 0.04, ("MR HEAD W & W/O CONTRAST", "MRI BRAIN W/O CONTRAST")),
    Exam(
        "US",
        "abdomen",
        0.04,
        ("LIVER OR GALLBLADDER US (SINGLE ORGAN)", "US ABDOMEN COMPLETE", "RENAL ULTRASOUND"),
    ),
    Exam("CTA", "head", 0.02, ("CTA HEAD W&W/O C & RECONS",)),
)

# Patient profiles multiply the corpus-wide exam weights (keyed by modality/region).
PROFILES: dict[str, dict[str, float]] = {
    "icu": {"XR/chest": 2.0, "XR/abdomen": 1.5, "CT/head": 0.6, "CT/spine": 0.3},
    "trauma": {"CT/head": 2.2, "CT/spine": 3.0, "XR/chest": 0.9, "CT/abdomen": 1.2},
    "abdominal": {"CT/abdomen": 3.0, "XR/abdomen": 2.2, "US/abdomen": 2.5, "CT/head": 0.4},
    "neuro": {"CT/head": 3.0, "MR/head": 3.0, "CTA/head": 2.5, "CT/spine": 0.8},
    "cardiopulmonary": {"XR/chest": 1.6, "CTA/chest": 3.0, "CT/chest": 3.0},
}
