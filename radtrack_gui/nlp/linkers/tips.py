"""A bare "tip" stands for the device it belongs to (GUIDELINE: the word "tip" often stands
for a device): "the tip of the left subclavian line", "an NGT has been placed with its tip in
the stomach". ``resolve_tips`` reads such a tip as that device (its words, concept, site, side
and access), so the linker compares it as the device itself and never by the word "tip": two
tips of two lines are two devices, and the tip joins the chain of the line it belongs to."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from radtrack_gui.core.model import DEVICE, Report

if TYPE_CHECKING:
    from radtrack_gui.nlp.linkers.info import MentionInfo

# "tip of the X": the device named right after
_OF = re.compile(r"\s*(?:of|to)\s+(?:the\s+|an?\s+|this\s+|that\s+)?", re.IGNORECASE)
# a bare tip's words ("the distal tip"; the extractor may have given it a device's concept)
_TIP_WORDS = frozenset({"tip", "distal", "proximal", "the", "its", "a", "an", "this", "that"})
# what the device's identity is made of (copied from the device onto its tip)
IDENTITY = (
    "text",
    "tokens",
    "head",
    "concept",
    "concept_line",
    "site",
    "lat",
    "access",
    "generic_device",
    "related",
    "related_roots",
    "durable",
    "site_by_name",
    "known",
)


def resolve_tips(
    infos: list[MentionInfo], spans: dict[str, tuple[int, int]], reports: dict[str, Report]
) -> dict[str, str]:
    """Give each bare "tip" the identity of its device in the same report; returns
    {tip id: device id}. The device: one named right after "of" ("the tip of the line"), else
    the nearest device before the tip in its paragraph; a tip with neither is left as it is."""
    bare = {i.id for i in infos if i.head == "tip" and set(i.tokens) <= _TIP_WORDS}
    devices: dict[str, list[MentionInfo]] = {}
    for info in infos:
        if info.type == DEVICE:
            devices.setdefault(info.report, []).append(info)
    found: dict[str, str] = {}
    for rid, group in devices.items():
        report = reports.get(rid)
        if report is None:
            continue
        group = sorted(group, key=lambda i: spans[i.id])
        for k, tip in enumerate(group):
            if tip.id not in bare:
                continue
            device = _device_after(tip, group[k + 1 :], spans, report.text, bare)
            if device is None:
                device = _device_before(tip, group[:k], spans, report.text, bare)
            if device is None:
                continue
            take_identity(tip, device)
            found[tip.id] = device.id
    return found


def take_identity(word: MentionInfo, device: MentionInfo) -> None:
    """``word`` (a tip, a part, a procedure) becomes a mention of ``device``: its identity,
    its type and the sites and levels of its context."""
    for name in IDENTITY:
        setattr(word, name, getattr(device, name))
    word.type = DEVICE
    if word.ctx is not None and device.ctx is not None:
        word.ctx = replace(word.ctx, sites=device.ctx.sites, levels=device.ctx.levels)


def _device_after(
    tip: MentionInfo,
    later: list[MentionInfo],
    spans: dict[str, tuple[int, int]],
    text: str,
    bare: set[str],
) -> MentionInfo | None:
    end = spans[tip.id][1]
    m = _OF.match(text, end)
    if not m or m.end() == end:
        return None
    for info in later:
        if spans[info.id][0] == m.end() and info.id not in bare:
            return info
    return None


def _device_before(
    tip: MentionInfo,
    earlier: list[MentionInfo],
    spans: dict[str, tuple[int, int]],
    text: str,
    bare: set[str],
) -> MentionInfo | None:
    start = spans[tip.id][0]
    for info in reversed(earlier):
        if info.id in bare:
            continue
        if "\n\n" in text[spans[info.id][1] : start]:
            return None  # another paragraph
        return info
    return None
