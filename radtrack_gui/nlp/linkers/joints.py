"""Places in and around a joint (GUIDELINE 1 and 10, round 5): the compartments of the knee
and the named bone parts that face each other across a joint.

A knee report states the same words per compartment, often under a sub-heading ("Internal
compartment:" / "External compartment:" with "marginal osteophytes" in each), and names the
bone parts a finding lies on ("cartilage loss ... of the patella" / "... of the medial
femoral condyle"); a shoulder report tells the humeral head from the glenoid. The anatomy
table has none of these as sites, so two findings in the same words merged.

``joint_sites`` reads them as levels (``levels.sub_sites``, also from a sub-heading):

- ``compartment:<medial|lateral|patellofemoral|anterior|posterior>``: "medial compartment",
  "internal compartment" (= medial), "external" (= lateral), "medial femorotibial
  compartment", and every name of a coordinated list ("the patellofemoral and medial
  compartments");
- ``joint:<part>``: a named bone part at a joint ("patella", "medial femoral condyle",
  "lateral tibial plateau", "humeral head", "glenoid", "acetabulum", "medial malleolus");
  a part named without its side ("femoral condyle") agrees with either side
  (``levels.level_conflict`` compares these by their words); a lesion named after the part
  it lies on gives that part ("Hill-Sachs lesion": the humeral head; "Bankart lesion": the
  glenoid; "Segond fracture": the lateral tibial plateau).
"""

from __future__ import annotations

import re

_COMPARTMENT_NAMES = {
    "medial": "medial",
    "internal": "medial",
    "lateral": "lateral",
    "external": "lateral",
    "patellofemoral": "patellofemoral",
    "patello-femoral": "patellofemoral",
    "anterior": "anterior",
    "posterior": "posterior",
}
_NAME = r"(?:medial|internal|lateral|external|patello-?femoral|anterior|posterior)"
# "medial compartment", "internal femorotibial compartment", "patellofemoral and medial
# compartments", "medial and lateral tibiofemoral compartments"
_COMPARTMENT = re.compile(
    rf"\b({_NAME}(?:\s*(?:,|and|or|&)\s*(?:the\s+)?{_NAME})*)\s+"
    r"(?:(?:femoro-?tibial|tibio-?femoral|knee|joint)\s+)?compartments?\b",
    re.IGNORECASE,
)
_SIDE = r"(?:(medial|lateral)\s+)?"
_PARTS = (
    "femoral condyle",
    "tibial plateau",
    "malleolus",
    "femoral head",
    "femoral neck",
    "humeral head",
    "greater tuberosity",
    "lesser tuberosity",
    "radial head",
    "olecranon",
    "glenoid",
    "acetabulum",
    "trochlea",
    "patella",
)
_PART_NAMES = "|".join(p.replace(" ", r"\s+") for p in _PARTS)
_PART = re.compile(rf"\b{_SIDE}({_PART_NAMES})(?:e|s|i)?\b", re.IGNORECASE)
# Lesions named after the bone part they lie on.
_EPONYMS = (
    (re.compile(r"\bhill[\s-]*sachs\b", re.IGNORECASE), "humeral head"),
    (re.compile(r"\bbankart\b", re.IGNORECASE), "glenoid"),
    (re.compile(r"\bsegond\b", re.IGNORECASE), "lateral tibial plateau"),
)
_HINT = re.compile(
    r"compartment|condyl|plateau|malleol|head|neck|tuberosit|olecran|glenoid|"
    r"acetabul|trochle|patell|sachs|bankart|segond",
    re.IGNORECASE,
)


def joint_sites(text: str, start: int = 0, end: int | None = None) -> frozenset[str]:
    """The compartments and joint bone parts ``text[start:end]`` names (module docstring)."""
    hi = len(text) if end is None else end
    if not _HINT.search(text, start, hi):
        return frozenset()
    out: set[str] = set()
    for m in _COMPARTMENT.finditer(text, start, hi):
        for name in re.findall(_NAME, m.group(1), re.IGNORECASE):
            out.add(f"compartment:{_COMPARTMENT_NAMES[name.lower()]}")
    for m in _PART.finditer(text, start, hi):
        part = " ".join(m.group(2).lower().split())
        side = (m.group(1) or "").lower()
        if part == "patella" and text[m.end() : m.end() + 1].isalpha():
            continue
        out.add(f"joint:{f'{side} ' if side else ''}{part}")
    for rx, part in _EPONYMS:
        if rx.search(text, start, hi):
            out.add(f"joint:{part}")
    return frozenset(out)
