"""A kind of finding or device, its places, and the place lists several kinds share."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Place:
    side: str | None  # left, right, bilateral or None
    adj: str  # "left", "right lower lobe", "right IJ"
    noun: str  # "left lung base", "right internal jugular vein"


@dataclass(frozen=True)
class Kind:
    key: str
    type: str  # finding | device
    region: str  # where it lives (which exams can show it: see Exam.sees and also_seen)
    # name variants; "{adj}" inside a term puts the place in the span; a bracketed modifier
    # ("[calcified] granuloma") is written but left out of the span (GUIDELINE: modifiers are
    # not part of a mention unless part of the name)
    terms: tuple[str, ...]
    places: tuple[Place, ...] = (Place(None, "", ""),)
    course: str = "acute"  # acute | chronic | incidental | device | static-device
    plural: tuple[str, ...] = ()  # terms for bilateral places
    sizes: tuple[str, ...] = ()
    prep: tuple[str, ...] = ("in the",)
    also_seen: tuple[str, ...] = ()  # other regions whose exams show it sometimes
    positions: tuple[str, ...] = ()  # device tip positions
    bad_positions: tuple[str, ...] = ()
    weight: float = 1.0
    modalities: tuple[str, ...] = ()  # the modalities that show it (empty: all)
    # a second, more specific or descriptive term that may be paired with the first
    # ("opacity ... may represent pneumonia"): both spans join the chain
    diagnoses: tuple[str, ...] = field(default_factory=tuple)


def sides(
    adj_fmt: str, noun_fmt: str, which: tuple[str, ...] = ("left", "right")
) -> tuple[Place, ...]:
    """One place per side; ``{s}`` in the formats is the side."""
    return tuple(Place(s, adj_fmt.format(s=s), noun_fmt.format(s=s)) for s in which)


LOBES = (
    Place("right", "right upper lobe", "right upper lobe"),
    Place("right", "right middle lobe", "right middle lobe"),
    Place("right", "right lower lobe", "right lower lobe"),
    Place("left", "left upper lobe", "left upper lobe"),
    Place("left", "lingular", "lingula"),
    Place("left", "left lower lobe", "left lower lobe"),
)
BRAIN_LOBES = tuple(
    Place(s, f"{s} {lobe}", f"{s} {lobe} lobe")
    for s in ("left", "right")
    for lobe in ("frontal", "parietal", "temporal", "occipital")
)
