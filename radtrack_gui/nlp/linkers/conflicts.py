"""Hard reasons two mentions are never one chain, read from their contexts (``context``):
a reason for the exam vs an observation, alternatives ("X or Y"), other sides, sites and
levels, "other"/"another"/"no new", device makes and sizes, negation over time; and when a bare
device word continues a named device."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from radtrack_gui.core.model import DEVICE
from radtrack_gui.nlp.extractors.regions import REGION_ANATOMY, default_site_fits
from radtrack_gui.nlp.linkers.answered import hedge_answered
from radtrack_gui.nlp.linkers.context import OWN_OTHER
from radtrack_gui.nlp.linkers.info import MentionInfo
from radtrack_gui.nlp.linkers.levels import level_conflict
from radtrack_gui.nlp.linkers.phases import phase_conflict
from radtrack_gui.nlp.linkers.places import cavity
from radtrack_gui.nlp.linkers.restatement import (
    count_conflict,
    normal_restated,
    restated_negative,
    sizes_conflict,
)
from radtrack_gui.nlp.linkers.structures import places_of
from radtrack_gui.nlp.linkers.tissues import tissue_conflict
from radtrack_gui.nlp.phrases import alternative_items

if TYPE_CHECKING:
    from radtrack_gui.nlp.vocabulary import Vocabulary

# A negative on a film of the next days (same body region) checks the finding of the days
# before: it continues it even without comparison wording.
FOLLOW_UP_DAYS = 2.0
# A bare device word continues a named device whose words (or broader concepts' words)
# include one of these ("line" a PICC or a central venous catheter; "tip" any device).
GENERIC_KINDS: dict[str, frozenset[str]] = {
    "line": frozenset({"line", "catheter", "picc", "port", "cannula"}),
    "catheter": frozenset({"catheter", "line", "picc", "port"}),
    "tube": frozenset({"tube", "drain", "ett", "tracheostomy"}),
    "drain": frozenset({"drain", "tube", "catheter"}),
    "wire": frozenset({"wire", "wires", "lead", "leads", "guidewire"}),
    "lead": frozenset({"lead", "leads", "wire", "pacemaker", "icd", "defibrillator"}),
}
# a device's calibre in French ("4F sheath", "8.5 Fr drain", "10-French catheter")
_FRENCH = re.compile(r"\b(\d{1,2}(?:\.\d)?)\s?-?(?:f|fr|french)\b", re.IGNORECASE)
_ALTERNATIVE = re.compile(
    r"^\s*(?:/|(?:and\s*/\s*)?or|versus|vs\.?)\s*(?:[\w-]+\s*){0,2}$", re.IGNORECASE
)

# "(dominant follicle? functional cyst?)": each hypothesis closed by its own question mark
_QUESTIONED = re.compile(r"[ \t]*\?[ \t]*(?:or[ \t]+)?(?:[\w-]+[ \t]+){0,2}$", re.IGNORECASE)
_QUESTION_MARK = re.compile(r"[ \t]*\?")


def continues(word: str, tokens: tuple[str, ...], concept_line: tuple[str, ...]) -> bool:
    """A bare device ``word`` can stand for the named device (its words, its concepts)."""
    if word == "tip":
        return True
    names = set(tokens)
    for concept in concept_line:
        names.update(concept.split())
    return bool(GENERIC_KINDS.get(word, frozenset({word})) & names)


def alternatives(a: MentionInfo, b: MentionInfo) -> bool:
    """ "atelectasis or pneumonia", "atelectasis/pneumonia", "atelectasis, pneumonia, or
    aspiration", "differential includes A, B, and C", "(A? B?)": two hypotheses."""
    ca, cb = a.ctx, b.ctx
    if ca is None or cb is None or a.report != b.report:
        return False
    first, second = (ca, cb) if ca.start <= cb.start else (cb, ca)
    if (
        first.end <= second.start
        and _QUESTIONED.match(first.text, first.end, second.start)
        and _QUESTION_MARK.match(first.text, second.end)
    ):
        return True  # "A? B?": two questioned readings side by side
    if first.sentence != second.sentence or first.end > second.start:
        return False
    if _ALTERNATIVE.match(first.text[first.end : second.start]):
        return True
    lo = first.sentence[0]
    sentence = first.text[lo : first.sentence[1]]
    return alternative_items(
        sentence, (first.start - lo, first.end - lo), (second.start - lo, second.end - lo)
    )


def pair_conflict(a: MentionInfo, b: MentionInfo, v: Vocabulary, gap: float | None) -> str | None:
    """Why the context keeps ``a`` and ``b`` apart, or None (``gap``: days between them)."""
    ca, cb = a.ctx, b.ctx
    if ca is None or cb is None:
        return None
    if ca.reason != cb.reason and not (a.type == DEVICE and b.type == DEVICE):
        # A device named there ("eval ETT position") exists: the question is its position.
        return "a reason for the exam is a question, not an observation"
    if alternatives(a, b):
        return "alternatives ('X or Y'): two hypotheses"
    if ca.several_sites != cb.several_sites:
        return "'at the sites described above' names several sites"
    # parts/vessels of devices only for permanent ones (a tube's tip moves along a vein);
    # inline labels only between findings of one report (a device is named anywhere)
    fixed = a.type != DEVICE or (a.durable and b.durable)
    apart = level_conflict(
        places_of(ca.levels, a.site, fixed, a.assertion != "absent"),
        places_of(cb.levels, b.site, fixed, b.assertion != "absent"),
        fixed,
        headings=a.report == b.report and a.type != DEVICE,
    )
    if apart:
        return f"different level {apart[0]} vs {apart[1]}"
    first, later = (a, b) if (a.report_idx, ca.start) <= (b.report_idx, cb.start) else (b, a)
    lc = later.ctx
    assert lc is not None and first.ctx is not None
    # "No additional liver lesion" in the findings and "No additional lesion" in the
    # impression: one negative about other ones, told twice (GUIDELINE 9)
    told_twice = (
        (first.ctx.other, first.ctx.new) == (lc.other, lc.new)
        and (lc.other or lc.new)
        and restated_negative(first, later)
    )
    if not told_twice and (
        (lc.other and first.report == later.report and not _same_ordinal(first, later))
        or (later.assertion == "absent" and (lc.other or lc.new))
    ):
        return f"'{later.text}' is another one ('other', 'additional', 'no new')"
    if (
        not told_twice
        and first.report == later.report
        and first.assertion == "absent"
        and first.ctx.new
    ):
        return f"'{first.text}' is about new ones ('no new'), not a known one"
    if a.type == DEVICE:
        fa, fb = (
            _FRENCH.findall(ca.text[ca.start : ca.end]),
            _FRENCH.findall(cb.text[cb.start : cb.end]),
        )
        if fa and fb and not set(fa) & set(fb):
            return f"calibre {fa[0]}F vs {fb[0]}F: two devices"  # a device keeps its size
    if a.type != DEVICE and a.site == b.site and {ca.beside, cb.beside} == {True, False}:
        return f"in vs next to the {a.site}: two places"
    if a.type != DEVICE:
        reason = _default_site_conflict(a, b, v) or sizes_conflict(a, b)
        reason = reason or count_conflict(a, b) or phase_conflict(a, b)
        reason = reason or tissue_conflict(a, b)
        if reason:
            return reason
    return _negation_conflict(first, later, gap)


def _same_ordinal(first: MentionInfo, later: MentionInfo) -> bool:
    """The earlier one opens with "other/another/second ..." and both open with that word
    ("second nodule" twice): read only for the pairs that need it (a later "other" in the
    same report), not for every pair the clustering tries."""
    return bool(OWN_OTHER.match(first.text)) and (first.text.split()[:1] == later.text.split()[:1])


def _default_site_conflict(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> str | None:
    """A site given on one, the other's concept at its own default structure elsewhere
    ("gallbladder wall edema" vs "pulmonary edema"); not a default outside the exam's body
    cavity ("these nodules" in an abdominal MR are no lung nodules: GUIDELINE 11)."""
    for x, y in ((a, b), (b, a)):
        if x.site and y.site is None and y.concept:
            c = v.concepts.get(y.concept)
            if c is None or not c.anatomy:
                continue
            top = REGION_ANATOMY.get(y.ctx.region.lower(), "") if y.ctx is not None else ""
            if not default_site_fits(v, c.anatomy, top):
                continue  # GUIDELINE 11: the default is another body region's reading
            rx, ry = cavity(v, x.site), cavity(v, c.anatomy)
            exam = REGION_ANATOMY.get((y.ctx.region if y.ctx else "").lower())
            if exam and ry and cavity(v, exam) not in (None, ry):
                continue
            if rx and ry and rx != ry:
                return f"different site '{x.site}' vs '{c.anatomy}' ({y.concept})"
    return None


def _negation_conflict(first: MentionInfo, later: MentionInfo, gap: float | None) -> str | None:
    """GUIDELINE 7 and issue #14: a negative continues a positive only as its resolution or
    removal, when it looks back at the earlier exam (comparison wording, same body region,
    within two years), or as the follow-up film of the next days (same region, at most
    ``FOLLOW_UP_DAYS``); a routine negative is its own mention, and a positive after a
    negative is a new finding."""
    fc, lc = first.ctx, later.ctx
    assert fc is not None and lc is not None
    f_abs, l_abs = first.assertion == "absent", later.assertion == "absent"
    if (not f_abs and not l_abs) or normal_restated(first, later):
        return None  # (a structure stated normal and a negative there: GUIDELINE 9)
    if f_abs and not l_abs:
        if fc.event and later.report_idx == first.report_idx:
            return None  # one exam (a report group: preliminary, final, addendum) corrected
        return (
            "positive after its resolution/removal: a new one"
            if fc.event
            else "positive after a routine negative: a new finding"
        )
    if lc.event and (not f_abs or fc.event):
        return None
    same_region = not fc.region or not lc.region or fc.region == lc.region
    if later.report != first.report and same_region:
        if lc.comparison and (gap is None or gap <= 730.0):
            return None
        if gap is not None and gap <= FOLLOW_UP_DAYS:
            return None
    if hedge_answered(first, later):
        return None  # a possibility the report's own conclusion negates (answered.py)
    if f_abs:
        if l_abs and restated_negative(first, later):
            return None  # "no pneumothorax" in the findings and the impression (GUIDELINE 9)
        return "two negatives: a routine negative is its own mention"
    return "routine negative (no resolution or comparison wording): not a continuation"
