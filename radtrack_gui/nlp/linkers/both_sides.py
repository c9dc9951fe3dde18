"""A place told from both sides of its boundary (round 11, wb-negatives; GUIDELINE 9).

A conclusion often denies something "intra- or extra-axial", "intra- and peri-cerebral",
"intra- or extracranial": a prefix of inside and one of outside share one stem, so the
statement is about the structure and everything around it, i.e. the whole the two lie in.
The site reader keeps one of the two ("extra-axial space"); ``within_both_sides`` widens it to
the nearest whole above it ("head") for a findings negative of the same organ system, so that
one inside or around it (a contusion of the brain, an epidural hematoma) lies within the
conclusion's place, but not one of another system in that whole (a skull fracture: the skull
is not the brain).
"""

from __future__ import annotations

import re

from radtrack_gui.nlp.linkers.info import MentionInfo
from radtrack_gui.nlp.linkers.restatement import restated_negative, statement_place
from radtrack_gui.nlp.vocabulary import Vocabulary

# "intra- or extra-", "intra- nor peri-", "intra-/extra": inside, then around or outside.
_INSIDE_OUTSIDE = re.compile(
    r"\bintra\s*-?\s*(?:or|nor|and|/|,)\s*(?:extra|peri)\s*-?\s*[a-z]", re.IGNORECASE
)


def told_from_both_sides(m: MentionInfo) -> bool:
    """Its clause names a place from inside and from outside ("intra- or extra-axial")."""
    c = m.ctx
    if c is None or not c.text:
        return False
    lo, hi = c.sentence
    return _INSIDE_OUTSIDE.search(c.text[lo:hi]) is not None


def within_both_sides(here: str, m: MentionInfo, v: Vocabulary) -> bool:
    """``here`` lies in the whole that ``m``'s place and what surrounds it make, when ``m``
    is told from both sides of its place, and is of the same organ system ("epidural space"
    within "intra- or peri-cerebral": the head's nervous system; not the skull)."""
    place = statement_place(m, v)
    if place is None or not told_from_both_sides(m):
        return False
    line = v.parent_line(place)
    if len(line) <= 2:
        return False  # never the whole body
    return v.is_part_of(here, line[1]) and v.system_of(here) == v.system_of(place)


def negative_told_from_both_sides(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> bool:
    """Two negatives at two sites, one restated by the other told from both sides of its
    place ("no cerebral contusion" / "neither intra- nor extra-axial injury")."""
    if a.assertion != "absent" or b.assertion != "absent" or not (a.site and b.site):
        return False
    if not (within_both_sides(a.site, b, v) or within_both_sides(b.site, a, v)):
        return False
    first, later = sorted((a, b), key=lambda m: m.order)
    return restated_negative(first, later, v)
