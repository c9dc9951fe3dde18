"""Kinds of findings that spine exams show."""

from __future__ import annotations

from radtrack_gui.evaluation.synth.templates.base import Kind, Place

SPINE: tuple[Kind, ...] = (
    Kind(
        "spine fracture",
        "finding",
        "spine",
        ("fracture", "fx", "fracture line"),
        tuple(Place(None, f"C{n}", f"C{n} vertebral body") for n in (1, 2, 5, 6, 7)),
        sizes=("nondisplaced", "comminuted", "minimally displaced"),
        prep=("at the",),
        course="chronic",
        weight=1.0,
    ),
    Kind(
        "degenerative change",
        "finding",
        "spine",
        ("degenerative changes", "spondylosis", "disc space narrowing", "osteophytes"),
        sizes=("mild", "moderate", "multilevel"),
        course="chronic",
        weight=1.2,
    ),
    Kind(
        "prevertebral swelling",
        "finding",
        "spine",
        ("prevertebral soft tissue swelling", "soft tissue swelling"),
        sizes=("mild", "minimal"),
        weight=0.5,
    ),
    Kind(
        "subluxation",
        "finding",
        "spine",
        ("subluxation", "anterolisthesis", "malalignment"),
        (Place(None, "C4-5", "C4-5 level"), Place(None, "C5-6", "C5-6 level")),
        sizes=("2 mm", "mild", "grade 1"),
        prep=("at the",),
        weight=0.4,
    ),
)
