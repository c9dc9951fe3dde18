"""Levels and segments a finding's clause names (``context.read_context``): spinal ranges,
lung and liver segments, numbered ribs, rays and digits. Two findings at disjoint levels are
two chains."""

from __future__ import annotations

import re

from radtrack_gui.nlp.linkers.places import WORD
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
# Levels and segments: spinal ranges ("L4-L5", "C5-6"), a single vertebra after "at/of/to"
# (not an MR sequence: "T2 signal"), lung and liver segments, numbered ribs and rays
# ("8th rib", "9th posterolateral rib", "fourth rib": a position word or an ordinal word).
_LEVEL = re.compile(
    r"\b(?:[CTLS]\d{1,2}\s*-\s*[CTLS]?\d{1,2}|(?<=at |of |to )[CTLS]\d{1,2}(?![\w-])"
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
        level = re.sub(r"\s+", "", x.group(0)).lower()
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
    return frozenset(out)
