"""Levels and segments a finding's clause names (``context.read_context``): spinal ranges,
lung and liver segments, numbered ribs, rays and digits. Two findings at disjoint levels are
two chains."""

from __future__ import annotations

import re
from collections.abc import Callable

from radtrack_gui.nlp.linkers.places import WORD
from radtrack_gui.nlp.linkers.spine import (
    MULTI,
    WHOLE_COLUMN,
    listed_levels,
    spanned_levels,
    whole_column_conflict,
)
from radtrack_gui.nlp.linkers.structures import different_tissues, nodes_at
from radtrack_gui.nlp.linkers.sub_sites import PART_HEADS, labels, sub_sites

__all__ = ["PART_HEADS", "sub_sites"]  # the finer-site readers, re-exported (sub_sites.py)
from radtrack_gui.nlp.vocabulary import singular_name

ORDINALS = (
    *("first", "second", "third", "fourth", "fifth", "sixth"),
    *("seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth"),
)
_NUMBERED = ("rib", "ray", "metatarsal", "metacarpal", "toe", "finger", "intercostal")
_NTH = r"(?:\d{1,2}(?:st|nd|rd|th)|" + "|".join(ORDINALS) + r")"
# A segment number ("6", "VI", "4a") and the words that list several ("segments 6 and 7",
# "segments 2, 3, and 4a"; not a size: "segment 6 and 7 mm").
_SEGMENT = r"(?:[IVX]{1,4}|\d{1,2})(?:\s?[AB])?\b"
_SEGMENT_JOIN = r"(?:\s*[,/&]\s*(?:and\s+)?|\s+(?:and|or)\s+)(?!\d{1,2}\s*(?:mm|cm)\b)"
# Levels and segments: spinal ranges ("L4-L5", "C5-6", "C5/6", "C2/C3"; not the MR sequences
# "T1/T2"), a single vertebra after "at/of/to"
# (not an MR sequence: "T2 signal"), lung and liver segments, numbered ribs and rays
# ("8th rib", "9th posterolateral rib", "fourth rib": a position word or an ordinal word).
# A signal or weighting word after "T2": an MR sequence ("areas of T2 hyperintensity").
_SIGNAL = r"(?i:hyper|hypo|iso|signal|weight|sequence|image|flair|stir|bright|dark|shine)"
_LEVEL = re.compile(
    r"\b(?:[CTLS]\d{1,2}\s*-\s*[CTLS]?\d{1,2}|C\d\s*-\s*D1(?!\d)|(?<=at |of |to )[CTLS]\d{1,2}(?![\w/*-])(?!\s+"
    + _SIGNAL
    + r")"
    r"|D\d{1,2}\s*-\s*[DL]\d{1,2}"
    r"|(?!T[12]\s*/\s*T?[12]\b)[CTLS]\d{1,2}\s*/\s*[CTLS]?\d{1,2}(?![\d/])"
    r"|S\d{1,2}[DG]|(?i:segments?\s+" + _SEGMENT + r"(?:" + _SEGMENT_JOIN + _SEGMENT + r")*)"
    r"|(?i:" + _NTH + r"(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+)(?:(?:left|right)\s+)?" + _NTH + r")*\s+"
    r"(?:(?:anterior|posterior|lateral|anterolateral|posterolateral|medial)\s+){0,2}"
    r"(?:" + "|".join(_NUMBERED) + r")s?)"
    r"|(?i:(?:rib|ray)\s+\d{1,2}))\b"
)


_SEGMENT_NUMBER = re.compile(r"\b([ivx]{1,4}|\d{1,2})\s?([ab]?)\b")
_ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii")


def levels(
    text: str, start: int = 0, end: int | None = None, limit: int | None = None
) -> frozenset[str]:
    """The levels named in ``text[start:end]`` by matches starting before ``limit`` (a
    list of ribs runs past the clause: "the 4th, 5th, and 6th ribs")."""
    out: set[str] = set()
    for x in _LEVEL.finditer(text, start, len(text) if end is None else end):
        if limit is not None and x.start() >= limit:
            break
        level = re.sub(r"\s+", "", x.group(0)).lower().replace("/", "-")  # C5/6 = C5-6
        level = re.sub(r"^d(\d+)-d?(\d+)$", r"t\1-t\2", level)  # dorsal: D11-D12 = T11-T12
        level = re.sub(r"^d(\d+)-l", r"t\1-l", level)  # D12-L1 = T12-L1
        level = re.sub(r"^c(\d)-d1$", r"c\1-t1", level)  # C7-D1 = C7-T1 (dorsal)
        level = re.sub(r"^([ctls])(\d+)-\1(\d+)$", r"\1\2-\3", level)  # c5-c6 = c5-6
        if level.startswith("segment"):  # each listed segment
            for n, part in _SEGMENT_NUMBER.findall(x.group(0).lower()[7:]):
                n = str(_ROMAN.index(n) + 1) if n in _ROMAN else n  # VI = 6
                out.add(f"segment{n}{part}")
            continue
        words = WORD.findall(x.group(0).lower())
        nths = [re.sub(r"(?<=\d)(?:st|nd|rd|th)$", "", w) for w in words]
        nths = [
            w if w.isdigit() else str(ORDINALS.index(w) + 1)
            for w in nths
            if w.isdigit() or w in ORDINALS
        ]
        if nths and singular_name(words[-1]) in _NUMBERED and words[0] != words[-1]:
            # 8th rib, eighth posterior rib = rib8; "10th and left 9th ribs" = rib10, rib9
            out.update(f"{singular_name(words[-1])}{n}" for n in nths)
        else:
            out.add(level)
            out |= spanned_levels(level)  # "L3-L5": l3 ... l5, not a disc space
    out |= listed_levels(text, start, end, limit)  # "L3 and L5", "from L2 to L5", the sacrum
    return frozenset(out)


# What ends the stretch of a sentence a place is carried over: a new item or clause.
_CARRY_STOP = re.compile(r";|\b(?:and|with|or|but|while|whereas|as\s+well\s+as)\b", re.IGNORECASE)


# A finding with no place of its own right before "with" takes the place of the phrase the
# "with" attaches (a wear change "with" a named part of a meniscus after it): round 5c.
_WITH = re.compile(r"[\s,]*with\b", re.IGNORECASE)


def with_place(text: str, lo: int, end: int) -> frozenset[str]:
    """The levels and finer sites of the phrase after "with" at ``lo``, up to the next item."""
    nxt = _CARRY_STOP.search(text, lo, end)
    return _read(text, lo, nxt.start() if nxt else end)


# A finding with no level of its own that "with" attaches to the phrase before it is at that
# phrase's spinal level or segment (a disc space narrowed "with" wear changes of its own,
# "disc bulge at C5-6 with mild foraminal narrowing"):
# round 6. Up to three modifiers may stand between "with" and the finding (degree,
# accompaniment and descriptive words: "with mild eccentric luminal stenosis", round 8; not a
# word that puts it elsewhere: "with upstream dilatation"); a
# "with" that a word before it governs ("consistent with", "filled with") attaches nothing.
# Words that put the finding after "with" somewhere else than the phrase before it ("a
# distal common bile duct stricture with upstream dilatation"): no attachment.
_ELSEWHERE = (
    r"upstream|downstream|proximal|distal|contralateral|opposite|remote|distant|elsewhere"
    r"|above|below|further"
)
_WITH_BEFORE = re.compile(
    r"(?<!consistent )(?<!compatible )(?<!keeping )(?<!concordant )(?<!suggestive )"
    r"(?<!associated )(?<!filled )(?<!treated )(?<!replaced )(?<!along )(?<!together )"
    r"(?<!contact )(?<!compared )(?<!line )(?<!correlates )(?<!communicates )"
    r"\bwith\s+(?:(?!(?:and|or|but|which|that|the|a|an|its|their|" + _ELSEWHERE + r")\b)"
    r"[a-z][a-z-]*\s+){0,3}$",
    re.IGNORECASE,
)


# The finer sites a "with" phrase carries over besides spinal levels and segments: a coronary
# artery and its stretch, which coronary reports enumerate (round 8). Not an open part name:
# "the popliteal vein is partially compressible with residual thrombotic material" read at
# the popliteal vein would part it from the "deep vein thrombosis" the report concludes.
_ATTACHED_KINDS = ("vessel:", "course:")


def attached_place(text: str, lo: int, start: int) -> frozenset[str]:
    """The levels and coronary sites (``_ATTACHED_KINDS``: round 8) of the phrase
    that "with" right before ``start`` attaches the mention to, from the sentence start ``lo``
    or the item before it (none otherwise)."""
    m = _WITH_BEFORE.search(text[lo:start])
    if m is None:
        return frozenset()
    cut = lo + m.start()
    back = lo
    for hit in _CARRY_STOP.finditer(text, lo, cut):
        back = hit.end()
    return attached_levels(text, back, cut) if back < cut else frozenset()


def attached_levels(text: str, lo: int, hi: int) -> frozenset[str]:
    """The levels, segments and coronary sites (``_ATTACHED_KINDS``) ``text[lo:hi]`` names:
    what a phrase lends a finding attached to it or pointing back to it."""
    finer = {x for x in sub_sites(text, lo, hi) if x.startswith(_ATTACHED_KINDS)}
    return levels(text, lo, hi) | finer


# A finding the sentence gives as the cause or background of the one before it (a ligament
# named with a signal change, then "attributed to" an older tear; a tendon's tear, then "on
# a background of" tendinosis) is where that one is: it takes the place of the sentence
# before it (round 8).
_CAUSE_BEFORE = re.compile(
    r"\b(?:on\s+a\s+background\s+of|attributed\s+to|attributable\s+to|due\s+to"
    r"|secondary\s+to|caused\s+by)"
    r"\s+(?:(?!(?:and|or|but|which|that)\b)[a-z][a-z-]*\s+){0,3}$",
    re.IGNORECASE,
)


def cause_place(text: str, lo: int, start: int) -> frozenset[str]:
    """The levels and finer sites of the sentence (from ``lo``) before a cause or background
    phrase that ends right before the mention at ``start`` (none otherwise)."""
    m = _CAUSE_BEFORE.search(text[lo:start])
    if m is None:
        return frozenset()
    return _read(text, lo, lo + m.start())


def _read(text: str, lo: int, hi: int, limit: int | None = None) -> frozenset[str]:
    return levels(text, lo, hi, limit) | sub_sites(text, lo, hi if limit is None else limit)


# An inline label ("Mitral flow: present trace regurgitant wave", "Precaval: 16 mm",
# "- L3-L4: ..."): the last colon before a mention with no other colon between, and the one
# to four words right before it (each starting with a letter: not "1.73 m/sec"); not a
# section name ("Findings:", "Conclusion:"), a time or a ratio ("10:30", "2:1").
_VERBS = frozenset({"is", "are", "was", "were", "has", "have", "shows", "show", "there"})
_LABEL_WORD = re.compile(r"[A-Za-z][\w'-]*$")
_SECTION_WORDS = frozenset(
    {
        *("findings", "finding", "impression", "impressions", "conclusion", "conclusions"),
        *("result", "results", "assessment", "opinion", "summary", "report", "technique"),
        *("comparison", "history", "indication", "indications", "clinical", "exam"),
        *("examination", "procedure", "recommendation", "recommendations", "note", "notes"),
        *("diagnosis", "interpretation", "description", "addendum", "other", "date", "data"),
        *("query", "inquiry", "referral", "question", "protocol", "sequences", "contrast"),
        *("reason", "condition", "final", "wet", "read", "portable", "study", "view", "views"),
    }
)


# A response assessment ("Partial response:", "Progression:", "Stable disease:") grades the
# findings it lists; it names no place, so it sets no level.
_RESPONSE_WORDS = frozenset(
    {
        *("response", "progression", "progressive", "regression", "remission", "stable"),
        *("recurrence", "relapse", "responding"),
    }
)


# A list line opened by a label ("- Main pulmonary artery: 31 mm. No thrombus."):
# the label holds for every sentence of its line (round 8).
_LINE_LABEL = re.compile(r"[ \t]*(?:[-*•]|\d{1,2}[.)])?[ \t]*[A-Za-z][\w' -]{0,40}:[ \t]")


def line_label(text: str, lo: int) -> frozenset[str]:
    """The label of the list line a sentence starting at ``lo`` continues, when an earlier
    sentence of that line opens with it (none otherwise)."""
    line = text.rfind("\n", 0, lo) + 1
    if line >= lo:
        return frozenset()
    m = _LINE_LABEL.match(text, line, lo)
    return inline_label(text, line, m.end()) if m else frozenset()


def inline_label(text: str, lo: int, start: int) -> frozenset[str]:
    """The label of the stretch a mention stands in, within 80 characters before it
    ("heading:mitral flow"), or none."""
    colon = text.rfind(":", max(lo, start - 80), start)
    if colon < 0 or text[colon + 1 : colon + 2].isdigit():
        return frozenset()
    words: list[str] = []
    for token in reversed(text[max(lo, colon - 60) : colon].split()):
        if not _LABEL_WORD.match(token) or len(words) == 4:
            break
        words.insert(0, token.lower())
    words = [w for w in words if w not in ("level", "levels")]
    if not words or (_SECTION_WORDS | _VERBS | _RESPONSE_WORDS) & set(words):
        return frozenset()
    return frozenset({f"heading:{' '.join(words)}"})


# A sentence that opens with its level or levels, set off by a comma or a colon ("- At
# L4-L5:"): the level frames every finding the sentence then names (round 5).
_OPENING = re.compile(
    r"[\s*_#>-]*at\s+(?:the\s+)?((?:[CTLSD]\d{1,2}(?:\s*[-/]\s*[CTLSD]?\d{1,2})?"
    r"(?:\s*,\s*|\s+and\s+|\s+to\s+)?){1,6})\s*(?:levels?|spaces?|discs?)?\s*[,:]",
    re.IGNORECASE,
)


# A sentence that opens with a place phrase set off by a comma ("In" a stretch of a coronary
# artery, then plaque "with" a stenosis; "At" a part of the carotid, then a plaque and the
# stenosis it makes): the place frames every finding the sentence then names, past "with"
# and "and" too (round 8).
_OPENING_PLACE = re.compile(
    r"[\s*_#>-]*(?:in|at|within|along)\s+(?:the\s+)?([^,;:.()]{3,80}?)\s*,", re.IGNORECASE
)


def opening_levels(text: str, lo: int, start: int) -> frozenset[str]:
    """The levels a sentence starting at ``lo`` opens with, when the mention at ``start``
    lies after that opening phrase (none otherwise): spinal levels ("At L4-L5:"), or the
    levels and finer sites of an opening place phrase set off by a comma."""
    m = _OPENING.match(text, lo, start)
    if m is not None:
        return levels(text, m.start(1), m.end(1))
    m = _OPENING_PLACE.match(text, lo, start)
    if m is None:
        return frozenset()
    return _read(text, m.start(1), m.end(1))


def place_levels(
    text: str,
    clause: tuple[int, int],
    sent: tuple[int, int],
    start: int,
    title: str,
    names_finding: Callable[[str], bool],
    end: int | None = None,
) -> frozenset[str]:
    """The levels and finer sites of a mention: those of its clause, else carried over the
    rest of its sentence where no other item or finding stands between (an opening "At"
    a disc level, then the herniation there; "- L3-L4: Left paramedian disc herniation", "tear,
    type III, extending to the posterior horn of the lateral meniscus"), else its
    sub-heading's ``title``; a lesion label may open the sentence ("Target lesion 1: ...").
    Levels named by the mention's own words (``text[start:end]``) come first (round 11)."""
    lo, hi = clause
    # the levels the mention's own words name ("stenosis at C6-C7") are its, not those its
    # clause goes on to list for other findings ("... as well as C3-C4 foraminal stenosis")
    own = levels(text, start, end) if end is not None else frozenset()
    found = own or (
        levels(text, lo, sent[1], hi) | sub_sites(text, lo, hi) | nodes_at(text, sent[0], start, hi)
    )
    if not found:
        back = sent[0]
        for hit in _CARRY_STOP.finditer(text, sent[0], lo):
            back = hit.end()
        if back < lo and not names_finding(text[back:lo]):
            found = _read(text, back, lo)
    if not found:
        nxt = _CARRY_STOP.search(text, hi, sent[1])
        ahead = nxt.start() if nxt else sent[1]
        if hi < ahead:
            found = _read(text, hi, ahead)
            if found and names_finding(text[hi:ahead]):
                found = frozenset()  # the place is another finding's
        elif nxt is not None and _WITH.match(text, hi, nxt.end()):
            found = with_place(text, nxt.end(), sent[1])
    if not found:
        found = attached_place(text, sent[0], start)  # "... is narrowed with accompanying X"
    if not found:
        found = cause_place(text, sent[0], start)  # "..., attributed to an old tear"
    if not found:
        found = opening_levels(text, sent[0], start)  # an opening "At <levels>," phrase
    if not found and WHOLE_COLUMN.search(text, sent[0], sent[1]):
        found = frozenset({MULTI})  # "... osteophytes of lumbar vertebrae", "multilevel ..."
    if not found and title:
        found = _read(title, 0, len(title))
    if not any(x.startswith("label:") for x in found):
        found |= labels(text, sent[0], start)  # (only the labels: not all of sub_sites)
    colon = text.find(":", sent[0], start)
    if not found and 0 <= colon - sent[0] <= 30:
        found = _read(text, sent[0], colon)  # "- L3-L4: ... and signs of disc dehydration"
    reach = _REACH.match(text, hi, sent[1])
    if reach:  # a finding "extending to" further levels after it
        nxt = _CARRY_STOP.search(text, reach.end(), sent[1])
        found |= levels(text, reach.end(), nxt.start() if nxt else sent[1])
    return found | (inline_label(text, sent[0], start) or line_label(text, sent[0]))


# A finding said to reach further levels right after its clause ("..., extending to the T10-L1
# levels"): those levels are its too (round 8).
_REACH = re.compile(
    r"[\s,]*(?:which\s+)?(?:extending|extends|extended|spreading)\s+(?:up\s+|down\s+)?"
    r"(?:to|into|from|over|through)\b",
    re.IGNORECASE,
)


def _kind(level: str) -> str:
    return level.split(":", 1)[0] if ":" in level else "level"


def _parts_agree(a: str, b: str) -> bool:
    """Two open part names may name one structure: equal, one a vaguer form of the other
    ("bile duct" / "common bile duct"), or an abbreviation ("ECU tendon")."""
    from radtrack_gui.nlp.linkers.names import abbreviation_match

    x, y = tuple(a.split()), tuple(b.split())
    if x[-1] != y[-1]:
        return True  # other heads (a tendon and a bone): not comparable
    return set(x) <= set(y) or set(y) <= set(x) or abbreviation_match(x, y)


# Modifiers many structures share: a part named "superior ..." is not thereby of one organ.
_GENERIC_MODIFIERS = frozenset(
    {
        *("common", "internal", "external", "superior", "inferior", "anterior", "posterior"),
        *("medial", "lateral", "upper", "lower", "main", "greater", "lesser", "deep"),
        *("superficial", "middle", "short", "long", "accessory"),
    }
)


def _parts_conflict(xs: list[str], ys: list[str]) -> tuple[str, str] | None:
    """Open part names of two mentions that name different structures: under a head noun
    both use, no name of one agrees with one of the other ("flexor carpi radialis tendon" /
    "extensor carpi ulnaris tendon"); with no head in common, two parts of one organ (a
    shared specific word: "uterine fundus" / "lower uterine segment")."""
    heads_x = {x.split()[-1] for x in xs}
    heads_y = {y.split()[-1] for y in ys}
    shared = heads_x & heads_y
    for head in sorted(shared):
        hx = [x for x in xs if x.split()[-1] == head]
        hy = [y for y in ys if y.split()[-1] == head]
        if not any(_parts_agree(p, q) for p in hx for q in hy):
            return "/".join(sorted(hx)), "/".join(sorted(hy))
    if shared:
        return None
    for p in xs:
        for q in ys:
            if (set(p.split()[:-1]) & set(q.split()[:-1])) - _GENERIC_MODIFIERS:
                return p, q  # two parts of one organ under other head nouns
            if different_tissues(p, q):
                return p, q  # a ligament and a meniscus of one knee
    return None


def _words_agree(a: str, b: str) -> bool:
    """Two labels may name one thing: one's words within the other's, or an abbreviation."""
    from radtrack_gui.nlp.linkers.names import abbreviation_match

    x, y = tuple(a.split()), tuple(b.split())
    return set(x) <= set(y) or set(y) <= set(x) or abbreviation_match(x, y)


def _clock_agree(a: str, b: str) -> bool:
    d = abs(float(a) - float(b)) % 12
    return min(d, 12 - d) <= 1.0  # one hour apart: the same mass read on another film


def level_conflict(
    a: frozenset[str], b: frozenset[str], parts: bool = True, headings: bool = True
) -> tuple[str, str] | None:
    """The first kind of level both name and no value of which they share: (a's, b's), or
    None. Levels of the original kind (spine, segment, rib) are one kind; open part names
    (``parts``) compare only under one head noun."""
    if not a or not b:
        return None
    whole = whole_column_conflict(a, b)
    if whole:
        return whole if (whole[0] == MULTI) == (MULTI in a) else (whole[1], whole[0])
    kinds_a: dict[str, list[str]] = {}
    kinds_b: dict[str, list[str]] = {}
    for levels_, kinds in ((a, kinds_a), (b, kinds_b)):
        for level in sorted(levels_):  # a reason names the same pair every run
            kinds.setdefault(_kind(level), []).append(level)
    for kind in sorted(kinds_a.keys() & kinds_b.keys()):
        xs, ys = kinds_a[kind], kinds_b[kind]
        if kind == "part":
            found = _parts_conflict([x[5:] for x in xs], [y[5:] for y in ys]) if parts else None
            if found:
                return found
            continue
        if kind == "heading":
            if headings and not any(_words_agree(x[8:], y[8:]) for x in xs for y in ys):
                return "/".join(sorted(xs)), "/".join(sorted(ys))
            continue
        if kind == "joint":  # "femoral condyle" agrees with "medial femoral condyle"
            if not any(_words_agree(x[6:], y[6:]) for x in xs for y in ys):
                return "/".join(sorted(xs)), "/".join(sorted(ys))
            continue
        if kind == "clock":
            if not any(_clock_agree(x[6:], y[6:]) for x in xs for y in ys):
                return "/".join(sorted(xs)), "/".join(sorted(ys))
            continue
        if not set(xs) & set(ys):
            return "/".join(sorted(xs)), "/".join(sorted(ys))
    return None
