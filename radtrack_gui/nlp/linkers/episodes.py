"""Device episodes beyond chest tubes (GUIDELINE devices 1; issue #18 §2, problem 7).

A stent, drain, graft, filter or port that is exchanged, replaced or removed and then
placed again is a new device, even with identical words; the same device restated is one.
Three readings of report language that the course rules of ``clustering.ChainState`` use:

- ``exchange_role``: in "X exchanged for Y", "X replaced with/by Y", "exchange of X for Y"
  the device named before is the old one (its episode ends there) and the one named after
  is the new one; "X has been exchanged" alone keeps its old reading (the device seen now
  is a new one: ``context._REPLACED``);
- ``placed_after_removal``: a device said to be placed, inserted or new after the report
  said the chain's device was removed is another device ("The plastic stent was removed.
  A metal stent was placed across the stricture");
- ``design_conflict``: two devices of one kind whose make differs ("plastic" / "metal",
  "covered" / "uncovered", "mechanical" / "bioprosthetic") are two devices; a restatement
  that names no make ("the biliary stent") agrees with either.
"""

from __future__ import annotations

import re

from radtrack_gui.core.model import DEVICE
from radtrack_gui.nlp.linkers.info import HISTORY_SECTIONS, NEW_CHANGES, MentionInfo

# Makes two devices of one kind cannot share: group -> {value: words naming it}. The stent
# composition (metal / plastic stent) and the breast implant types (saline / silicone gel,
# pre- / retro-pectoral) are the DICOM context groups CID 3814 and CID 6059
# (../shared/terminology/dicom_cid); cover and valve kinds are radiology usage.
DESIGN_WORDS: dict[str, dict[str, frozenset[str]]] = {
    "material": {
        "metal": frozenset({"metal", "metallic", "nitinol", "wallstent", "steel", "sems"}),
        "plastic": frozenset({"plastic", "polyethylene", "teflon", "pigtail-plastic"}),
    },
    "cover": {
        "covered": frozenset({"covered"}),
        "uncovered": frozenset({"uncovered", "bare", "bare-metal", "noncovered"}),
    },
    "filling": {
        "saline": frozenset({"saline"}),
        "silicone": frozenset({"silicone"}),
    },
    "plane": {
        "prepectoral": frozenset({"prepectoral", "pre-pectoral", "subglandular"}),
        "retropectoral": frozenset(
            {"retropectoral", "retro-pectoral", "subpectoral", "submuscular"}
        ),
    },
    "valve": {
        "mechanical": frozenset({"mechanical"}),
        "tissue": frozenset({"bioprosthetic", "bioprosthesis", "porcine", "bovine"}),
    },
}
_WORD_VALUE = {
    w: (group, value)
    for group, values in DESIGN_WORDS.items()
    for value, words in values.items()
    for w in words
}
# Where the noun phrase before a device's words ends: a clause mark, a verb of the exchange
# or a preposition ("exchanged for a metal stent": "metal" is the second device's own).
_PHRASE_STOP = re.compile(
    r"[,;:.()\n]|\b(?:for|with|by|of|and|or|to|in|from|into|after|over|across|was|were|is"
    r"|are|has|have|been|exchanged|replaced|removed|placed)\b",
    re.IGNORECASE,
)
_TOKEN = re.compile(r"[a-z][a-z-]*", re.IGNORECASE)
_EXCHANGE_VERB = r"(?:exchanged|replaced|swapped|changed|substituted)"
_OVER_WIRE = r"(?:\s+over\s+(?:an?\s+|the\s+)?(?:guide\s*)?wire)?"
# after the old device: "X (has been / was) exchanged (over a wire) for / with / by ..."
_OLD_AFTER = re.compile(
    r"^[^.;:\n]{0,40}?\b(?:(?:has|have)\s+been\s+|was\s+|were\s+|is\s+|are\s+)?"
    + _EXCHANGE_VERB
    + _OVER_WIRE
    + r"\s+(?:for|with|by)\b",
    re.IGNORECASE,
)
# before the old device: "exchange / replacement of (the) X for / with ..."
_OLD_BEFORE = re.compile(
    r"\b(?:exchange|replacement|substitution)\s+of\s+(?:the\s+|an?\s+|its\s+)?(?:[\w-]+\s+){0,4}$",
    re.IGNORECASE,
)
_FOR_AFTER = re.compile(r"^[^.;:\n]{0,40}?\b(?:for|with|by)\b", re.IGNORECASE)
# before the new device: "exchanged (over a wire) for / replaced with / by (a new) ..."
_NEW_BEFORE = re.compile(
    r"(?:\b(?:" + _EXCHANGE_VERB + _OVER_WIRE + r"|exchange|replacement)"
    r"|\b(?:exchange|replacement|substitution)\s+of\b[^.;:\n]{0,60}?)"
    r"\s+(?:for|with|by)\s+(?:[\w.-]+\s+){0,8}$",
    re.IGNORECASE,
)


def exchange_role(text: str, start: int, end: int, sentence: tuple[int, int]) -> str | None:
    """ "old" for the device an exchange takes out, "new" for the one it puts in, else None."""
    before = text[sentence[0] : start]
    after = text[end : sentence[1]]
    if _NEW_BEFORE.search(before[-120:]):
        return "new"
    if _OLD_AFTER.match(after):
        return "old"
    if _OLD_BEFORE.search(before[-80:]) and _FOR_AFTER.match(after):
        return "old"
    return None


def design(m: MentionInfo) -> dict[str, str]:
    """The makes a device's own words and the words of its noun phrase before it name
    (read once per mention: a device is compared with many; the caller must not change
    the dict)."""
    c = m.ctx
    key = (m.tokens, c.text, c.sentence[0], c.start) if c is not None else (m.tokens,)
    memo = m.design_memo
    if memo is not None and memo[0] == key:
        return memo[1]
    words = list(m.tokens)
    if c is not None and c.text:
        lo = max(c.sentence[0], c.start - 60)
        phrase = c.text[lo : c.start]
        stops = list(_PHRASE_STOP.finditer(phrase))
        if stops:
            phrase = phrase[stops[-1].end() :]
        words += _TOKEN.findall(phrase)[-4:]
    out: dict[str, str] = {}
    for w in words:
        hit = _WORD_VALUE.get(w.lower())
        if hit:
            out.setdefault(hit[0], hit[1])
    m.design_memo = (key, out)
    return out


def design_conflict(a: MentionInfo, b: MentionInfo) -> str | None:
    """Two devices of one kind whose make differs ("plastic" vs "metal" stent), or None."""
    if a.type != DEVICE or b.type != DEVICE:
        return None
    da, db = design(a), design(b)
    for group, value in da.items():
        other = db.get(group)
        if other and other != value:
            return f"{value} vs {other} ({group}): two devices"
    return None


def placed_after_removal(members: list[MentionInfo], ended_by: str, m: MentionInfo) -> bool:
    """``m`` is a device placed (inserted, new) after its report said the chain's device was
    removed: another device of the same kind (GUIDELINE devices 1)."""
    if m.type != DEVICE or m.assertion == "absent" or m.ctx is None or not ended_by:
        return False
    if (m.section or "").upper().startswith(HISTORY_SECTIONS):
        return False
    end = next((x for x in reversed(members) if x.id == ended_by), None)
    if end is None or end.report != m.report or end.ctx is None or end.ctx.start >= m.ctx.start:
        return False
    return m.change in NEW_CHANGES or m.ctx.replaced or m.ctx.new
