"""Words that stand for a device named in the same report (round 11, wb-devices2; GUIDELINE
devices 1, issue #18 §2). Two readings, applied like ``tips.resolve_tips``: the word takes
the device's identity (its words, concept, site, side, kind), so the linker compares it as
the device itself, whatever type the extractor gave the word.

- ``resolve_parts``: a part of a device said of it ("the subcutaneous loop of the inserted
  tunnelled catheter", "the hub of the port", "the proximal limb of the graft") is that
  device;
- ``resolve_procedures``: the procedure that put a device in ("status post clipping of the
  aneurysm", "after stenting of the ureter", "coiling of the sac") names the device the same
  report then describes ("the clip", "the stent", "coils"): one device (GUIDELINE devices 1:
  the same device restated). The device is the nearest one of the procedure's kind after
  it, else before it; a report naming none is left as it is.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from radtrack_gui.core.model import DEVICE
from radtrack_gui.nlp.linkers.tips import take_identity

if TYPE_CHECKING:
    from radtrack_gui.core.model import Report
    from radtrack_gui.nlp.linkers.info import MentionInfo

# Parts of a catheter, port, graft or stent a report names on their own (RadLex device
# components: hub, cuff, reservoir, limb, shaft; "loop" and "end" of a line's course).
PART_WORDS = frozenset(
    {"loop", "loops", "hub", "cuff", "reservoir", "limb", "limbs", "shaft", "end", "segment"}
)
# words a part's noun phrase may carry besides the part ("the distal subcutaneous loop")
_PART_FILLERS = frozenset(
    {
        "the",
        "its",
        "a",
        "an",
        "distal",
        "proximal",
        "subcutaneous",
        "intravascular",
        "external",
        "internal",
        "left",
        "right",
    }
)
# "<part> of (the/its) (up to two words) <device>": the device named right after
_OF_DEVICE = re.compile(
    r"\s*of\s+(?:(?:the|its|an?|this|that)\s+)?(?:[a-z][\w-]*\s+){0,2}", re.IGNORECASE
)
# The procedure nominal -> the device words it puts in (RadLex procedure names; the device
# classes are RadLex's clips, coils, stents, shunts, grafts and internal fixation devices).
PROCEDURE_DEVICES: dict[str, frozenset[str]] = {
    "clipping": frozenset({"clip", "clips"}),
    "coiling": frozenset({"coil", "coils"}),
    "stenting": frozenset({"stent", "stents"}),
    "shunting": frozenset({"shunt", "shunts"}),
    "grafting": frozenset({"graft", "grafts"}),
    "plating": frozenset({"plate", "plates"}),
    "nailing": frozenset({"nail", "nails"}),
    "pinning": frozenset({"pin", "pins"}),
    "banding": frozenset({"band", "bands"}),
    "cerclage": frozenset({"cerclage", "wire", "wires"}),
}


def _by_report(infos: list[MentionInfo]) -> dict[str, list[MentionInfo]]:
    out: dict[str, list[MentionInfo]] = {}
    for info in infos:
        out.setdefault(info.report, []).append(info)
    return out


def resolve_parts(
    infos: list[MentionInfo], spans: dict[str, tuple[int, int]], reports: dict[str, Report]
) -> dict[str, str]:
    """A part named of a device ("loop of the catheter") takes the device's identity;
    returns {part id: device id}."""
    found: dict[str, str] = {}
    for rid, group in _by_report(infos).items():
        report = reports.get(rid)
        if report is None:
            continue
        text = report.text or ""
        devices = [i for i in group if i.type == DEVICE and i.head not in PART_WORDS]
        for part in group:
            if part.head not in PART_WORDS or not set(part.tokens) <= PART_WORDS | _PART_FILLERS:
                continue
            end = spans[part.id][1]
            for device in devices:
                start = spans[device.id][0]
                if start > end and _OF_DEVICE.fullmatch(text, end, start):
                    take_identity(part, device)
                    found[part.id] = device.id
                    break
    return found


def resolve_procedures(
    infos: list[MentionInfo], spans: dict[str, tuple[int, int]], reports: dict[str, Report]
) -> dict[str, str]:
    """A procedure nominal ("clipping") takes the identity of the device of its kind that
    the same report names ("the clip"); returns {procedure id: device id}."""
    found: dict[str, str] = {}
    for group in _by_report(infos).values():
        for proc in group:
            kinds = PROCEDURE_DEVICES.get(proc.head)
            if kinds is None or proc.assertion == "absent":
                continue
            at = spans[proc.id][0]
            devices = [
                i
                for i in group
                if i.type == DEVICE and i.head in kinds and i.head not in PROCEDURE_DEVICES
            ]
            after = [d for d in devices if spans[d.id][0] > at]
            before = [d for d in devices if spans[d.id][0] < at]
            device = (
                min(after, key=lambda d: spans[d.id][0])
                if after
                else max(before, key=lambda d: spans[d.id][0])
                if before
                else None
            )
            if device is None:
                continue
            take_identity(proc, device)
            found[proc.id] = device.id
    return found


# An introducer sheath and what passes through it (RadLex "vascular sheath" vs catheters,
# guidewires and balloons) are two devices, whatever concept the vocabulary gives a sheath.
_THROUGH_SHEATH = frozenset({"catheter", "guidewire", "wire", "balloon", "microcatheter"})


def sheath_apart(a: MentionInfo, b: MentionInfo) -> str | None:
    """A sheath and a catheter (guidewire, balloon) of one report are two devices."""
    if a.type != DEVICE or b.type != DEVICE or a.report != b.report:
        return None
    for s, o in ((a, b), (b, a)):
        if "sheath" in s.tokens and "sheath" not in o.tokens and o.head in _THROUGH_SHEATH:
            return f"a sheath and a {o.head}: two devices"
    return None
