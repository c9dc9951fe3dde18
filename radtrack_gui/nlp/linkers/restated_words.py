"""Restatements by their words (round 11, wb-restate2; GUIDELINE 9).

A finding of the findings section told again in the conclusion is one chain, "a side, site
or level given in only one of the two statements applies to both". Two rules pair a positive
finding of the findings (or an unheaded body) with a positive finding of the conclusion of
one report when their words say they are one, although the vocabulary or the site reader
keeps them apart:

- ``concept_concluded``: the same concept and head word in both, at two sites one of which
  names the other with a word before it ("aneurysm" of the "abdominal aorta" / an
  "aortic aneurysm" at the aorta): a named part of a structure whose name ends in the
  structure's is that structure, where the anatomy tree files the two apart. Two structures
  named apart stay two ("calcification in the spleen" / "calcification in the pancreas").
- ``stem_concluded``: two concepts, but a content word of one and one of the other are one word in
  two forms (a shared stem of at least ``STEM`` letters and ``SHARE`` of the shorter word:
  "entrapped" / "entrapment", "calcified density" / "calcification", "ischemic lesion" /
  "ischemic stroke"), at places that agree (the same structure, one within the other, or
  given in only one of the two), unless each span names its own structure and they differ
  ("the colon is redundant" / "redundant sigmoid"). Not an inflammation against the word it inflames
  ("diverticula" / "diverticulitis": ``-itis`` names another process), not one head word
  with a word of its own on each side ("epidural hematoma" / "subdural hematoma": two kinds),
  not the words of a place or of how much (``GENERIC_WORDS``, words of anatomy terms).

Both keep what separates two findings of one organ (``policy._separated``: another side,
other levels, sizes measured apart, one against several, nodes against an organ), a "new"
finding against a known one, and two vertebrae or other numbered levels as sites: the
atlas fracture is not the odontoid's.

Measured on the union of every whole-body dev pair file and the check union before it was
kept (docs/linking-wholebody.md, "Round 11: restatements").
"""

from __future__ import annotations

import re

from radtrack_gui.core.model import DEVICE
from radtrack_gui.nlp.linkers.info import NEW_CHANGES, MentionInfo
from radtrack_gui.nlp.linkers.policy import _asked, _separated, place
from radtrack_gui.nlp.linkers.restatement import GENERIC_WORDS, concluding, sites_agree
from radtrack_gui.nlp.vocabulary import Vocabulary, singular_name, vocabulary

CONCEPT_CONCLUDED = "the conclusion names the findings' concept again (restated_words.py)"
STEM_CONCLUDED = "the conclusion restates the findings' word in another form (restated_words.py)"

STEM = 6  # letters two forms of one word share at least
SHARE = 0.6  # ... and at least this part of the shorter form
SHORTEST = 5  # shorter words say how, not what
# A numbered level as a site (a vertebra, a disc level, a segment): two of them are two places.
_NUMBERED = re.compile(r"^(?:[ctls]\d{1,2}|s[1-5]|[ctls]\d{1,2}-[ctls]?\d{1,2}|segment \w+)$")
_INFLAMED = "itis"
_SIDES = frozenset({"right", "left", "bilateral", "both", "sided"})


def restated_in_words(a: MentionInfo, b: MentionInfo, v: Vocabulary | None = None) -> str:
    """Why two mentions of one report are one finding restated by its words, or ""."""
    v = v or vocabulary()
    if not _concluded_pair(a, b):
        return ""
    if concept_concluded(a, b, v):
        return CONCEPT_CONCLUDED
    if stem_concluded(a, b, v):
        return STEM_CONCLUDED
    return ""


def _concluded_pair(a: MentionInfo, b: MentionInfo) -> bool:
    """Two positive findings of one report, one in the findings and one in the conclusion,
    neither a question of the indication, a normal statement or a new one, nothing that
    makes two findings of one organ two."""
    if a.report != b.report or DEVICE in (a.type, b.type) or a.type != b.type:
        return False
    if concluding(a.section) == concluding(b.section):
        return False
    if "absent" in (a.assertion, b.assertion) or _asked(a) or _asked(b):
        return False
    if a.generic_statement or b.generic_statement:
        return False
    if a.change in NEW_CHANGES or b.change in NEW_CHANGES:
        return False
    return not _separated(a, b)


def concept_concluded(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> bool:
    """The same concept by the same head word at a structure and a named part of it (module
    doc)."""
    if a.concept is None or a.concept != b.concept or a.head != b.head:
        return False  # "opacity" of a lobe / "density" of the mediastinum: two words, two places
    return named_within(a.site, b.site)


def named_within(x: str | None, y: str | None) -> bool:
    """One structure's name ends in the other's after a word of its own ("abdominal aorta"
    / "aorta"): a part named by the whole's name."""
    if not x or not y or x == y:
        return False
    short, long_ = sorted((x, y), key=len)
    return long_.endswith(" " + short)


def stem_concluded(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> bool:
    """One content word in two forms, at places that agree (module doc)."""
    if a.concept == b.concept or not shared_stem(_content(a, v), _content(b, v)):
        return False  # one concept: its sites decide (``concept_concluded``, features.py)
    if two_kinds(a, b, v):
        return False  # "epidural hematoma" / "subdural hematoma": one head, two kinds
    own_a, own_b = _own_structures(a, v), _own_structures(b, v)
    if own_a and own_b and not own_a & own_b:
        return False  # "the colon is redundant" / "redundant sigmoid": each names its place
    x, y = place(a, v), place(b, v)
    return sites_agree(x, y, v) and not _numbered_apart(x, y)


def _own_structures(m: MentionInfo, v: Vocabulary) -> frozenset[str]:
    """The anatomy terms a span's own words name ("sigmoid" in "redundant sigmoid")."""
    toks = m.tokens
    return frozenset(
        " ".join(toks[i : i + n])
        for n in (1, 2, 3)
        for i in range(len(toks) - n + 1)
        if " ".join(toks[i : i + n]) in v.anatomy_terms
    )


def _content(m: MentionInfo, v: Vocabulary) -> tuple[str, ...]:
    """The words that say what was found: not how, how much or where (a word of an anatomy
    term: "tissue" of "soft tissues")."""
    places = _anatomy_words(v)
    return tuple(
        w for w in m.tokens if len(w) >= SHORTEST and w not in GENERIC_WORDS and w not in places
    )


_ANATOMY_WORDS: dict[int, frozenset[str]] = {}  # per vocabulary (it is not hashable)


def _anatomy_words(v: Vocabulary) -> frozenset[str]:
    found = _ANATOMY_WORDS.get(id(v))
    if found is None:
        found = frozenset(w for term in v.anatomy_terms for w in term.split())
        _ANATOMY_WORDS[id(v)] = found
    return found


def two_kinds(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> bool:
    """One head word, each span placed by a word of its own (a word of an anatomy term) and
    the two disjoint: two findings ("epidural hematoma" / "subdural hematoma"), not one told
    twice ("compression fracture" / "vertebral fracture" is)."""
    if singular_name(a.head) != singular_name(b.head):
        return False
    places = _anatomy_words(v)
    own_a, own_b = _modifiers(a) & places, _modifiers(b) & places
    return bool(own_a) and bool(own_b) and not own_a & own_b


def _modifiers(m: MentionInfo) -> set[str]:
    """The words of a span besides its head that say which one, not how, how much or which
    side."""
    head = singular_name(m.head)
    return {
        singular_name(w)
        for w in m.tokens
        if len(w) >= SHORTEST - 1 and w not in GENERIC_WORDS and w not in _SIDES
    } - {head}


def shared_stem(xs: tuple[str, ...], ys: tuple[str, ...]) -> bool:
    """Some word of ``xs`` and some of ``ys`` are one word in two forms (module doc)."""
    return any(_one_word(x, y) for x in xs for y in ys)


def _one_word(x: str, y: str) -> bool:
    if x.endswith(_INFLAMED) != y.endswith(_INFLAMED):
        return False  # "diverticula" / "diverticulitis": another process
    n = 0
    for p, q in zip(x, y, strict=False):
        if p != q:
            break
        n += 1
    return n >= STEM and n >= SHARE * min(len(x), len(y))


def _numbered_apart(x: str | None, y: str | None) -> bool:
    """Two different numbered levels (vertebrae, disc levels, segments) as sites."""
    return bool(x and y and x != y and _NUMBERED.match(x) and _NUMBERED.match(y))


def restated_word_keys(m: MentionInfo) -> tuple[list[str], list[str]]:
    """(blocking keys filed, looked up) that make the pairs above candidates: a positive
    finding of the findings files the stems of its content words under its report; one of
    the conclusion looks them up (the same concept shares its concept key already)."""
    if m.type == DEVICE or m.assertion == "absent" or m.generic_statement or _asked(m):
        return [], []
    keys = [f"w6:{m.report}:{w[:STEM]}" for w in sorted(set(_content(m, vocabulary())))]
    keys = [k for k in keys if len(k.rsplit(":", 1)[1]) >= STEM]
    return ([], keys) if concluding(m.section) else (keys, [])
