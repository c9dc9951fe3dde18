"""Pair decisions by general policy (round 7, wb-policy), each measured over every dev set.

``concluded_in_organ`` (GUIDELINE 9 and 10): a report's findings describe a focal lesion by
its look ("two rounded anechoic formations ... of the right kidney") and its conclusion names
it ("simple right renal cysts"). The two are one finding told twice when

- one is in the findings and the other in the conclusion of one report, both positive (a
  present or a possible finding), neither a question of the indication;
- both are focal lesions by their kind or look (``restatement.LESION_KINDS``: lesion, mass,
  nodule, cyst, echogenicity, ...; or a name the vocabulary lacks, the open vocabulary of the
  extractor, unless its head word is a structure: "redundant sigmoid" describes the sigmoid),
  neither a normal statement;
- they lie at one organ: the same structure, one within the other, or the structure given in
  only one of the two (a site given once applies to both); where a span's own words name a
  structure ("prostatic neoplasia") that is its place;

and nothing separates them: another side, other levels, segments or stations, sizes measured
apart, one against several, a lymph-node finding against an organ's (the nodes are their own
structure). Two lesions of one organ in one findings section stay two (GUIDELINE 10): the
policy only pairs a findings statement with the conclusion's.

Measured on every whole-body dev set before it was kept (docs/linking-wholebody.md, "Round 7:
linking policy measured on every dev set").
"""

from __future__ import annotations

from radtrack_gui.core.model import DEVICE
from radtrack_gui.nlp.linkers.info import HISTORY_SECTIONS, MentionInfo
from radtrack_gui.nlp.linkers.restatement import (
    concluding,
    count_conflict,
    lesion_like,
    sizes_conflict,
)
from radtrack_gui.nlp.vocabulary import Vocabulary, vocabulary

# Concept names of the lymph nodes: a node finding is at the nodes, not at the organ it
# drains ("lymphadenopathy" / "prostatic neoplasia" are two findings).
_NODE_WORDS = ("lymph", "node", "lymphadenopathy", "adenopathy")


def concluded_in_organ(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> bool:
    """A findings lesion and the conclusion's lesion at one organ: one finding (module doc)."""
    if a.report != b.report or DEVICE in (a.type, b.type):
        return False
    if concluding(a.section) == concluding(b.section):
        return False
    if "absent" in (a.assertion, b.assertion) or _asked(a) or _asked(b):
        return False
    if _normal(a) or _normal(b) or not (_lesion(a, v) and _lesion(b, v)):
        return False
    return _one_organ(a, b, v) and not _separated(a, b)


def policy_keys(m: MentionInfo) -> tuple[list[str], list[str]]:
    """(blocking keys filed, looked up) for ``concluded_in_organ``: a positive lesion of the
    conclusion looks up the report's positive lesions (filed under ``a:<report>`` by
    ``clustering.blocking_keys``, as a "these nodules" anaphor finds them)."""
    if m.type == DEVICE or m.assertion == "absent" or not concluding(m.section):
        return [], []
    if _normal(m) or _asked(m) or not _lesion(m, vocabulary()):
        return [], []
    return [], [f"a:{m.report}"]


def _asked(m: MentionInfo) -> bool:
    """A question or history of the indication, not an observation (GUIDELINE 8)."""
    if m.ctx is not None and m.ctx.reason:
        return True
    return (m.section or "").upper().startswith(HISTORY_SECTIONS)


def _lesion(m: MentionInfo, v: Vocabulary) -> bool:
    """A focal lesion by its kind or look (``restatement.lesion_like``); a name the
    vocabulary lacks only when its head word is not a structure: "glarbomatous uterus",
    "redundant sigmoid", "pain in the left hip" describe the structure they end in."""
    if not lesion_like(m):
        return False
    return m.known or m.head not in v.anatomy_terms


def _normal(m: MentionInfo) -> bool:
    return m.generic_statement or (m.concept or "").startswith("normal")


def _node(m: MentionInfo) -> bool:
    words = " ".join((*m.concept_line, m.head))
    return any(w in words for w in _NODE_WORDS)


def place(m: MentionInfo, v: Vocabulary) -> str | None:
    """Where a finding is: its site, else the structure its own words name (the longest
    anatomy term among them: "prostatic neoplasia" at the prostate), else the one its
    concept's names do ("osteosclerosis", a kind of "bone lesion", in the bones)."""
    if m.site:
        return m.site
    for words in (m.tokens, *(tuple(c.split()) for c in m.concept_line)):
        if found := _named(words, v):
            return found
    return None


def _named(toks: tuple[str, ...], v: Vocabulary) -> str | None:
    for n in (3, 2, 1):
        for i in range(len(toks) - n + 1):
            term = " ".join(toks[i : i + n])
            if term in v.anatomy_terms:
                return v.anatomy_of(term) or term
    return None


def _one_organ(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> bool:
    """The same structure, one within the other, or given in only one of the two."""
    x, y = place(a, v), place(b, v)
    return x is None or y is None or x == y or v.anatomy_related(x, y)


def _separated(a: MentionInfo, b: MentionInfo) -> bool:
    """Something that makes two findings of one organ two: another side, other levels or
    segments, sizes measured apart, one vs several, nodes vs the organ."""
    if a.lat and b.lat and a.lat != b.lat:
        return True
    la, lb = _levels(a), _levels(b)
    if la and lb and not la & lb:
        return True
    if sizes_conflict(a, b) or count_conflict(a, b):
        return True
    return _node(a) != _node(b)


def _levels(m: MentionInfo) -> frozenset[str]:
    """The levels, segments or stations of its clause (a heading's label is layout)."""
    if m.ctx is None:
        return frozenset()
    return frozenset(x for x in m.ctx.levels if not x.startswith("heading:"))
