"""PET and nuclear medicine: uptake is a property of the lesion at that site (issue #18 §2).

"The pancreatic head mass is intensely FDG avid", "the segment 6 lesion shows mild uptake",
"the nodule is not FDG avid", "hypermetabolic focus in segment 8": the uptake (or its lack)
describes a lesion; it is neither a finding of its own nor the lesion's resolution.

- ``fold_uptake``: an uptake statement predicated of a finding named before it in its
  sentence ("X is / shows / demonstrates ... uptake") stands for that finding, as a bare
  "tip" stands for its device (``tips.py``): it takes the finding's concept, site, side,
  levels and assertion, so "not FDG avid" about a present nodule is the present nodule's;
- ``uptake_at_site``: an uptake statement that names no finding in its sentence and a lesion
  at the same site or level (segment, station) are one lesion (a ``restated`` reason);
- ``uptake_keys``: the blocking keys that let such a statement find that lesion's chain.

Lesions by kind come from ``restatement.lesion_like``; the uptake concept is the
vocabulary's ``abnormal uptake`` (FDG avid, hypermetabolic, increased tracer uptake ...).
"""

from __future__ import annotations

import re

from radtrack_gui.core.model import DEVICE
from radtrack_gui.nlp.linkers.info import MentionInfo
from radtrack_gui.nlp.linkers.restatement import lesion_like, shared_levels

UPTAKE = "abnormal uptake"
# Between a finding and the uptake said of it: a few words of its phrase ("in the right upper
# lobe"), a verb that predicates ("is", "shows", "demonstrates", "with") and the degree words.
_PREDICATE = re.compile(
    r"^[^.;:]{0,60}?\b(?:is|are|was|were|appears?|remains?|remained|shows?|showed|shown"
    r"|demonstrates?|demonstrated|exhibits?|exhibited|displays?|displayed|reveals?|revealed"
    r"|has|have|had|with|without)\b(?:\s+[\w-]+){0,4}?\s*$",
    re.IGNORECASE,
)
# what the uptake takes from the finding it is said of (its text stays its own, for display)
_IDENTITY = (
    "tokens",
    "head",
    "concept",
    "concept_line",
    "site",
    "lat",
    "related",
    "related_roots",
    "durable",
    "site_by_name",
    "known",
    "assertion",
)


def is_uptake(m: MentionInfo) -> bool:
    return m.type != DEVICE and UPTAKE in m.concept_line


def fold_uptake(infos: list[MentionInfo]) -> dict[str, str]:
    """Give each uptake statement predicated of a finding of its sentence that finding's
    identity; returns {uptake id: finding id}."""
    by_sentence: dict[tuple[str, int], list[MentionInfo]] = {}
    for m in infos:
        if m.ctx is not None and m.type != DEVICE:
            by_sentence.setdefault((m.report, m.ctx.sentence[0]), []).append(m)
    found: dict[str, str] = {}
    for group in by_sentence.values():
        group.sort(key=lambda x: x.ctx.start if x.ctx else 0)
        for k, u in enumerate(group):
            if not is_uptake(u) or k == 0 or u.ctx is None:
                continue
            subject = group[k - 1]  # the nearest finding before it, nothing between
            sc = subject.ctx
            if sc is None or is_uptake(subject) or subject.generic_statement:
                continue
            if not _PREDICATE.match(u.ctx.text[sc.end : u.ctx.start]):
                continue
            for name in _IDENTITY:
                setattr(u, name, getattr(subject, name))
            u.ctx.levels = sc.levels
            found[u.id] = subject.id
    return found


def uptake_at_site(a: MentionInfo, b: MentionInfo) -> bool:
    """An uptake statement (not said of a finding of its sentence) and a lesion at the same
    site or level: the uptake is that lesion's."""
    for u, lesion in ((a, b), (b, a)):
        if not is_uptake(u) or is_uptake(lesion) or lesion.type == DEVICE:
            continue
        if "absent" in (u.assertion, lesion.assertion) or not lesion_like(lesion):
            continue
        if (u.site is not None and u.site == lesion.site) or shared_levels(u, lesion):
            return True
    return False


def uptake_keys(m: MentionInfo) -> tuple[list[str], list[str]]:
    """(filed, looked up) blocking keys: lesions by site and level, found by uptake there."""
    if m.type == DEVICE or m.assertion == "absent" or m.ctx is None:
        return [], []
    places = [f"u:{m.site}"] if m.site else []
    places += [f"u:{x}" for x in sorted(m.ctx.levels) if not x.startswith("heading:")]
    if is_uptake(m):
        return [], places
    return (places, []) if lesion_like(m) else ([], [])
