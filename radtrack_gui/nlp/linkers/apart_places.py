"""Round 11 (wb-joins): two findings of one section told in two sentences that name two
unrelated places (GUIDELINE 1, 4, 10).

A finding's own site is often only its concept's default or the exam's region ("vertebral
fracture" at the spine, "atrophy" of the brain): the structure that tells it from its
namesake two sentences on is named elsewhere in its sentence (a wedged T12 body "in keeping
with a compression fracture" / a sacral segment "in keeping with an old fracture"). ``sentence_places`` reads the structures each sentence
names (the anatomy table, body regions included); ``other_places`` keeps the two findings
apart when each sentence names some and no structure of one lies within one of the other
(by the anatomy DAG, a side left out: the right kidney and the renal pelvis are related)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from radtrack_gui.nlp.linkers.places import WORD, named_regions, named_structures
from radtrack_gui.nlp.linkers.sites import default_site

if TYPE_CHECKING:
    from radtrack_gui.nlp.linkers.info import MentionInfo
    from radtrack_gui.nlp.vocabulary import Vocabulary


def sentence_places(m: MentionInfo, v: Vocabulary) -> frozenset[str]:
    """The structures and body regions the mention's sentence names, but its concept's
    own structure ("lymph nodes" of "enlarged lymph nodes": no place told)."""
    if m.ctx is None or not m.ctx.text:
        return frozenset()
    lo, hi = m.ctx.sentence
    found = _places(m.ctx.text[lo:hi], m, v)
    if not found:
        found = _subject(previous_sentence(m.ctx.text, lo), m, v)
    return found


def _subject(sentence: str, m: MentionInfo, v: Vocabulary) -> frozenset[str]:
    """The structure a sentence opens with, in its first three words ("The pancreas is
    ..."), unless it is the concept's own."""
    named = named_structures(v, sentence, 0) if sentence else []
    if not named or len(WORD.findall(sentence[: named[0][0]])) > 2:
        return frozenset()
    first = named[0][1]
    return frozenset() if default_site(v, m.concept, first) else frozenset({first})


def _places(text: str, m: MentionInfo, v: Vocabulary) -> frozenset[str]:
    named = [x for _, x in named_structures(v, text, 0)] + named_regions(v, text)
    return frozenset(x for x in named if not default_site(v, m.concept, x))


_PRONOUN = re.compile(r"\W*(?:it|they|this|these|which)\b", re.IGNORECASE)


def points_back(m: MentionInfo) -> bool:
    """Its sentence opens with a pronoun ("It is surrounded by edema"): about a finding
    told before, whose place the sentence does not give."""
    if m.ctx is None or not m.ctx.text:
        return False
    return _PRONOUN.match(m.ctx.text, m.ctx.sentence[0]) is not None


_END = re.compile(r"[.!?](?=\s)|\n")


def previous_sentence(text: str, lo: int) -> str:
    """The sentence before the one starting at ``lo`` in its paragraph ("" at a paragraph's
    start): "The liver is normal in size. No focal lesions." tells the liver's."""
    head = text[:lo].rstrip()
    if not head or head.endswith(":") or "\n\n" in text[len(head) : lo]:
        return ""
    ends = [x.end() for x in _END.finditer(head, 0, len(head) - 1)]
    start = ends[-1] if ends else 0
    return "" if "\n\n" in text[start:lo] else head[start:]


# (a preposition glued to the article, "inthe", as some reports print it, counts too)
_DEFINITE = re.compile(
    r"\b(?:in|at|of|on|to)?(?:the|this|that|these|those|its|their|said)\s+"
    r"(?:(?!(?:no|not|without|and|or|with)\b)[a-z-]+\s+){0,2}$",
    re.IGNORECASE,
)


def definite(m: MentionInfo) -> bool:
    """Named with a definite article or a pointer before it, at most two words between
    ("at the site of the pneumothorax", "in the large hernia"): a finding already told.
    Not an article of another noun ("in the pelvis no enlarged nodes")."""
    if m.ctx is None or not m.ctx.text:
        return False
    return bool(_DEFINITE.search(m.ctx.text[max(0, m.ctx.start - 40) : m.ctx.start]))


def unsided(v: Vocabulary, name: str) -> str:
    """The structure without its side ("left kidney" -> "kidneys" by its parent)."""
    if v.laterality_of(name) in ("left", "right"):
        return v.parent.get(name, name)
    return name


def places_related(v: Vocabulary, x: str, y: str) -> bool:
    """One place within the other, sides left out."""
    return v.anatomy_related(x, y) or v.anatomy_related(unsided(v, x), unsided(v, y))


def other_places(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> str | None:
    """Two sentences naming unrelated places (module doc); the caller checks one report,
    one section, two sentences."""
    assert a.ctx is not None and b.ctx is not None
    later = b if b.ctx.start > a.ctx.start else a
    if definite(later) or points_back(a) or points_back(b):
        return None
    pa, pb = sentence_places(a, v), sentence_places(b, v)
    if not pa or not pb:
        return None
    if any(places_related(v, x, y) for x in pa for y in pb):
        return None
    return f"two sentences at two places '{'/'.join(sorted(pa))}' vs '{'/'.join(sorted(pb))}'"
