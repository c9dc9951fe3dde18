"""How a report's wording places a device, read for the linker (round 9, wb-devices;
GUIDELINE devices 1-3, issue #18 problem 7). Four readings of device language in general:

- ``complication_negated``: in "no dislocation of the two shunts", "without
  migration of the stent", "no evidence of loosening of the prosthesis" the negation is said
  of the complication, not of the device: the device is there (its chain goes on). The
  device named after "no ..." with no complication noun between ("no drain", "no residual
  catheter") stays negative.
- ``moved_side``: a device moved in its clause ("after repositioning the microcatheter into
  the left hepatic artery", "the catheter was advanced into the right atrium", "pulled back
  to the right subclavian vein") is where it now lies: the side of that destination is a
  position, not the device's own side (GUIDELINE devices 1: position updates are one chain;
  3: only access sites and sides of the device itself tell two devices apart). A side in
  the device's own words ("left chest tube") or before the move verb stays its own.
- ``resolve_defined``: an abbreviation the report defines in parentheses right after a device
  ("Left hip total endoprosthesis (TEP)") is that device, whatever kind the extractor gave it
  (``readings.defined_as`` joins such definitions of findings).
- ``introduced_twice``: a device of one kind that one section introduces again with an
  indefinite noun phrase ("guidewire to the circumflex ... securing the OM branch with a
  guidewire") is another device; "the guidewire", or a conclusion restating the device, is
  the same (a hard conflict in ``features.conflict``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from radtrack_gui.core.model import DEVICE
from radtrack_gui.nlp.linkers.places import named_structures
from radtrack_gui.nlp.linkers.restatement import concluding
from radtrack_gui.nlp.linkers.tips import IDENTITY

if TYPE_CHECKING:
    from radtrack_gui.core.model import Report
    from radtrack_gui.nlp.linkers.info import MentionInfo
    from radtrack_gui.nlp.vocabulary import Vocabulary

# Complications of a device (RadLex "device malposition" and the complications radiology
# reports name): negated, they say the device is there and uncomplicated.
_COMPLICATION = (
    r"(?:dislocation|dislodg(?:e)?ment|displacement|migration|malposition(?:ing)?|kink(?:ing)?"
    r"|fracture|disconnection|loosening|breakage|leak(?:age)?|occlusion|obstruction"
    r"|thrombosis|infection|complications?|retraction|misplacement|rupture)"
)
_NEGATOR = r"(?:no|without|not|absence\s+of|negative\s+for)"
# "no (evidence / sign(s) of) (any) <complication> (or <complication>) of/in/along (the/its
# known/indwelling ...) <up to 3 words>" right before the device's words
_NEGATED_COMPLICATION = re.compile(
    r"\b" + _NEGATOR + r"\s+(?:(?:evidence|signs?|indication)\s+of\s+)?(?:any\s+)?"
    r"(?:\w+\s+){0,2}?" + _COMPLICATION + r"(?:\s+or\s+" + _COMPLICATION + r")?"
    r"\s+(?:of|in|at|along|within)\s+(?:the\s+|its\s+|an?\s+|both\s+)?(?:[\w-]+\s+){0,3}$",
    re.IGNORECASE,
)
_MOVE = (
    r"(?:re-?position(?:ed|ing)?|advanc(?:ed|ing)|withdrawn|withdrew|withdrawing|retracted"
    r"|pulled\s+back|migrated|moved|redirected|re-?directed)"
)
# the move verb, then (within the clause) the destination preposition
_MOVED_TO = re.compile(_MOVE + r"\b[^.;:\n]{0,60}?\b(?:into|to|toward|towards)\b", re.IGNORECASE)
_SIDE = re.compile(r"\b(?:left|right|bilateral)\b", re.IGNORECASE)


def complication_negated(text: str, start: int, sentence_start: int) -> bool:
    """The device at ``start`` follows "no <complication> of ...": the negation is the
    complication's, the device is present."""
    before = text[max(sentence_start, start - 120) : start]
    return _NEGATED_COMPLICATION.search(before) is not None


def moved_side(text: str, start: int, end: int, sentence: tuple[int, int]) -> bool:
    """The device at ``start``-``end`` is moved in its sentence and every side word of the
    sentence past the move verb lies in the destination ("into the left hepatic artery"),
    none in the device's own words or before the move: the side is a position."""
    lo, hi = sentence
    body = text[lo:hi]
    if _SIDE.search(text, start, end):
        return False  # "left chest tube ... advanced": the device's own side
    move = _MOVED_TO.search(body)
    if move is None:
        return False
    destination = lo + move.end()
    # the device is the one moved: named in the move's clause, before its destination
    if not (lo + move.start() - 80 <= start < destination + 1 and start < lo + len(body)):
        return False
    sides = [lo + m.start() for m in _SIDE.finditer(body)]
    return bool(sides) and all(s >= destination for s in sides)


def device_wording(
    info: MentionInfo, text: str, start: int, end: int, sentence: tuple[int, int]
) -> None:
    """Fold both readings into a device's prepared attributes (``context.enrich``)."""
    if info.assertion == "absent" and complication_negated(text, start, sentence[0]):
        info.assertion = "present"
    if info.lat and not info.generic_device and moved_side(text, start, end, sentence):
        info.lat, info.site = None, None


_ACRONYM = re.compile(r"^[A-Z][A-Z0-9-]{1,9}$")
_BETWEEN = re.compile(r"[\w -]{0,30}")


def resolve_defined(
    infos: list[MentionInfo], spans: dict[str, tuple[int, int]], reports: dict[str, Report]
) -> dict[str, str]:
    """An abbreviation the report defines in parentheses right after a device ("Left hip
    total endoprosthesis (TEP)") is that device: it takes the device's identity and kind
    wherever the extractor read it as a finding; returns {abbreviation id: device id}."""
    devices = [i for i in infos if i.type == DEVICE and not i.generic_device]
    found: dict[str, str] = {}
    for info in infos:
        report = reports.get(info.report)
        if info.type == DEVICE or report is None:
            continue
        s, e = spans[info.id]
        text = report.text or ""
        if not _ACRONYM.match(text[s:e]) or text[s - 1 : s] != "(" or text[e : e + 1] != ")":
            continue
        for device in devices:
            de = spans[device.id][1]
            # the device's words end right before the parenthesis, or a few words do
            # ("total endoprosthesis of the hip (TEP)"), with no clause mark between
            if (
                device.report == info.report
                and de <= s - 1
                and _BETWEEN.fullmatch(text[de : s - 1])
            ):
                for name in IDENTITY:
                    setattr(info, name, getattr(device, name))
                info.type = DEVICE
                found[info.id] = device.id
                break
    return found


# the determiners of a device's noun phrase: an indefinite one ("a", "an", "another", "a
# second") names a device not named before, a definite one ("the", "its") one named before
_INDEFINITE = frozenset({"a", "an", "another", "second", "additional", "further"})
_DEFINITE = frozenset({"the", "its", "this", "that", "these", "those", "their", "same"})
_PHRASE_END = re.compile(
    r"[,;:.()\n\u2014\u2013]|\b(?:with|of|and|or|to|in|into|from|using|via|by|for)\b", re.I
)
_WORDS = re.compile(r"[a-z]+", re.IGNORECASE)
_CLAUSE = re.compile(r"[,;:.()\n]")


def determiner(info: MentionInfo) -> str | None:
    """ "indefinite" or "definite" by the nearest determiner of the device's noun phrase,
    None for a bare noun ("guidewire to the circumflex")."""
    c = info.ctx
    if c is None or not c.text:
        return None
    phrase = c.text[max(c.sentence[0], c.start - 50) : c.start]
    stops = list(_PHRASE_END.finditer(phrase))
    if stops:
        phrase = phrase[stops[-1].end() :]
    for w in reversed([w.lower() for w in _WORDS.findall(phrase)]):
        if w in _INDEFINITE:
            return "indefinite"
        if w in _DEFINITE:
            return "definite"
    return None


# words that say a device is seen where it lies, not introduced ("a stent shadow visible in
# the duct", "a clip is seen at the neck"): observation words of a report's findings
_SIGHTED = re.compile(
    r"\b(?:visible|visualized|visualised|seen|noted|depicted|identified|shadow|artifacts?"
    r"|projects?|projecting|in\s+situ)\b",
    re.IGNORECASE,
)


def sighted(info: MentionInfo) -> bool:
    """The device's clause says it is seen where it lies (a finding, not a placement)."""
    c = info.ctx
    if c is None or not c.text:
        return False
    lo = max(c.sentence[0], c.start - 40)
    clause = _CLAUSE.split(c.text[lo : min(c.sentence[1], c.end + 40)])
    here = c.start - lo
    pos = 0
    for part in clause:
        if pos <= here < pos + len(part) + 1:
            return _SIGHTED.search(part) is not None
        pos += len(part) + 1
    return False


def introduced_twice(a: MentionInfo, b: MentionInfo) -> str | None:
    """A device of one kind that one section of a report introduces again with an indefinite
    noun phrase after naming one ("guidewire to the circumflex ... securing the OM branch with
    a guidewire") is another device; a definite one ("the guidewire") or a conclusion
    restating the findings' device is the same."""
    if a.type != DEVICE or b.type != DEVICE or a.report != b.report:
        return None
    if a.generic_device or b.generic_device:
        return None  # "a tip", "the tube": a part or a generic word of the device named
    if (a.section or "") != (b.section or "") or concluding(a.section):
        return None
    first, second = sorted((a, b), key=lambda m: m.ctx.start if m.ctx else 0)
    if sighted(second):
        return None  # "with a stent shadow visible in the duct": a device seen, not put in
    if determiner(second) == "indefinite" and determiner(first) != "definite":
        return "a second device of this kind introduced in one section"
    return None


# where a bare tip lies: "tip in / at / within / over / projecting over (the) X"
_TIP_WORD = re.compile(r"^(?:(?:the|its|a|distal|proximal)\s+)*tips?$", re.IGNORECASE)
_TIP_AT = re.compile(
    r"^\s*(?:(?:is|was|are|lies|lying|located|positioned|seen|visible|noted|projects?|"
    r"projecting|terminates?|terminating|ends?|ending)\s+)*"
    r"(?:in|at|within|over|into|overlying|near|in\s+the\s+projection\s+of)\s+",
    re.IGNORECASE,
)
_CLAUSE_END = re.compile(r"[,;.\n]|\band\b|\bwhile\b|\bwhereas\b", re.IGNORECASE)
_LEVEL = re.compile(r"\b[CTLS]\d{1,2}\b")
# "tip of the right jugular line lies ...": the device's words before the verb
_OF_DEVICE = re.compile(
    r"^\s*of\s+[^,;.\n]{0,60}?(?=\b(?:is|was|are|lies|located|positioned|projects?|projecting"
    r"|terminates?|ends?)\b)",
    re.IGNORECASE,
)


def tip_place(info: MentionInfo, v: Vocabulary) -> tuple[frozenset[str], frozenset[str]] | None:
    """Where a bare "tip" lies, as its clause says ("its tip in the third ventricle",
    "the tip of the catheter is at the level of T6"): (levels, structures) named, or None."""
    c = info.ctx
    if c is None or not c.text or not _TIP_WORD.match(c.text[c.start : c.end].strip()):
        return None
    rest = _OF_DEVICE.sub("", c.text[c.end : c.sentence[1]], count=1)
    at = _TIP_AT.match(rest)
    if at is None:
        return None
    rest = rest[at.end() :]
    end = _CLAUSE_END.search(rest)
    rest = rest[: end.start()] if end else rest
    levels = frozenset(_LEVEL.findall(rest))
    places = frozenset(name for _, name in named_structures(v, rest, 0))
    return (levels, places) if levels or places else None


def tips_apart(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> str | None:
    """Two bare tips that one section of a report places in two places (two levels, or two
    structures where neither names a level) are the tips of two devices: one device's tip
    lies in one place at a time. A conclusion restating a tip is another section."""
    if a.type != DEVICE or b.type != DEVICE or a.report != b.report:
        return None
    if (a.section or "") != (b.section or ""):
        return None
    pa, pb = tip_place(a, v), tip_place(b, v)
    if pa is None or pb is None:
        return None
    if pa[0] and pb[0]:  # two levels: "at T6" / "at T3"
        return None if pa[0] & pb[0] else "tips at two levels: two devices"
    if pa[1] and pb[1] and not pa[1] & pb[1]:
        return "tips in two places: two devices"
    return None
