"""The conclusion's diagnosis of an organ and the findings' description of that organ
(issue #18 §2, round 8; GUIDELINE: "a vaguer or a more specific term for the same process",
and rule 9: a finding of the findings section told again in the conclusion is one chain).

A report describes an organ in its findings ("the ventricles are narrowed", "deepened
sulci", "the liver is enlarged") and concludes with the process of that organ ("reactive
cerebral edema", "cerebral atrophy", "liver overload"). ``policy.concluded_in_organ`` pairs
a findings lesion with the conclusion's lesion of one organ; this is its counterpart for
descriptions of a diffuse process. The two are one finding told twice when

- one is in the findings and the other in the conclusion of one report, both positive,
  neither a question of the indication nor a normal statement;
- the findings one is a description (``readings.sign_like``: a sign word of the vocabulary
  or words it does not know; or a concept RadLex names only as an imaging observation,
  ``observations_radlex.tsv``, built by ``scripts/build_vocab.py``), not a focal finding (``organ_reading.focal``: lesions,
  collections, bleeds, stones, fractures, infarcts are tracked one by one, GUIDELINE 10) and
  not a lymph-node finding;
- the conclusion one is a diagnosis (no description, no focal lesion: those are
  ``concluded_in_organ``'s);
- both have a place (``policy.place``; for the diagnosis also the organ its own word names,
  ``listed.own_organ``), one place within the other, and the diagnosis's place is an organ,
  not a body region;
- the findings sentence does not read the description as another diagnosis
  (``organ_reading.read_otherwise``), and nothing separates them (another side, other
  levels, sizes measured apart).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from radtrack_gui.core.model import DEVICE
from radtrack_gui.nlp.linkers.info import HISTORY_SECTIONS
from radtrack_gui.nlp.linkers.listed import own_organ
from radtrack_gui.nlp.linkers.organ_reading import focal, read_otherwise
from radtrack_gui.nlp.linkers.policy import place
from radtrack_gui.nlp.linkers.readings import descriptive, sign_like
from radtrack_gui.nlp.linkers.restatement import concluding, lesion_like, sizes_conflict
from radtrack_gui.nlp.linkers.sites import is_region
from radtrack_gui.nlp.vocabulary import vocabulary
from radtrack_gui.nlp.word_lists import read_table
from radtrack_gui.util.paths import resource

if TYPE_CHECKING:
    from radtrack_gui.nlp.linkers.info import MentionInfo
    from radtrack_gui.nlp.vocabulary import Vocabulary

_NODE_WORDS = ("lymph", "node", "adenopathy")
OBSERVATIONS = "observations_radlex.tsv"


@cache
def _observations(folder: Path) -> frozenset[str]:
    path = folder / OBSERVATIONS
    return frozenset(r["concept"] for r in read_table(path)) if path.exists() else frozenset()


def imaging_observation(m: MentionInfo, v: Vocabulary) -> bool:
    """The mention's concept (or a broader one) is one RadLex names only as an imaging
    observation (``observations_radlex.tsv`` of the vocabulary's folder)."""
    names = _observations(v.source or Path(resource("vocab")))
    return any(c in names for c in m.concept_line)


def concluded_sign(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> bool:
    """The findings' description of an organ and the conclusion's diagnosis of it: one
    finding (module doc)."""
    if a.report != b.report or DEVICE in (a.type, b.type):
        return False
    if concluding(a.section) == concluding(b.section):
        return False
    sign, dx = (b, a) if concluding(a.section) else (a, b)
    if not (_observed(sign) and _observed(dx)):
        return False
    if not _description(sign, v) or not _diagnosis(dx, v):
        return False
    here, where = place(sign, v), place(dx, v) or own_organ(dx, v)
    if here is None or where is None or is_region(v, where):
        return False
    if here != where and not v.anatomy_related(here, where):
        return False
    if read_otherwise(sign, dx, v) or (sign.lat and dx.lat and sign.lat != dx.lat):
        return False
    return not _other_levels(sign, dx) and sizes_conflict(sign, dx) is None


def concluded_sign_keys(m: MentionInfo) -> tuple[list[str], list[str]]:
    """(blocking keys filed, looked up): a findings description files itself under its
    report, the conclusion's diagnosis looks there (``clustering.blocking_keys``)."""
    if m.type == DEVICE or not _observed(m):
        return [], []
    v = vocabulary()
    if concluding(m.section):
        return ([], [f"cs:{m.report}"]) if _diagnosis(m, v) else ([], [])
    return ([f"cs:{m.report}"], []) if _description(m, v) else ([], [])


def _observed(m: MentionInfo) -> bool:
    """Positive or hedged, seen in the report: no negative, question, history or normal
    statement."""
    if m.assertion == "absent" or m.generic_statement or (m.concept or "").startswith("normal"):
        return False
    if m.ctx is not None and m.ctx.reason:
        return False
    return not (m.section or "").upper().startswith(HISTORY_SECTIONS)


def _description(m: MentionInfo, v: Vocabulary) -> bool:
    described = sign_like(m, v) or imaging_observation(m, v)
    return described and not focal(m) and not _node(m)


def _diagnosis(m: MentionInfo, v: Vocabulary) -> bool:
    return m.known and not descriptive(m.concept, v) and not lesion_like(m) and not focal(m)


def _node(m: MentionInfo) -> bool:
    words = " ".join((*m.concept_line, m.head))
    return any(w in words for w in _NODE_WORDS)


def _other_levels(a: MentionInfo, b: MentionInfo) -> bool:
    la, lb = _levels(a), _levels(b)
    return bool(la and lb and not la & lb)


def _levels(m: MentionInfo) -> frozenset[str]:
    if m.ctx is None:
        return frozenset()
    return frozenset(x for x in m.ctx.levels if not x.startswith("heading:"))
