"""A finding that needs a structure, said of one the tables lack (issue #18 §1, round 8;
docs/evaluation-mentions.md "Round 8: mentions that pairs need, again").

A word such as "thickening", "dilation" or "fluid" is a finding only of a structure
(``needs-anatomy``); when no structure of the anatomy tables is named, the extractor drops it
unless the sentence says which structure it is by the shape of its phrase
(``normal_subject.said_of_unlisted_structure`` reads the predicate of a subject and a site
phrase right after the word). These are the other shapes, each naming a structure by an
anatomy head noun (``anatomy_heads.tsv``: "ligaments", "bursa", "pouch", "wall") or a
structure's name:

* **the word's own structure noun**: the term holds one, or one stands right before it
  ("wall thickening", "tendon thickening");
* **a site phrase of coordinated or slash-joined modifiers**: "of the deltoid and
  talonavicular ligaments", "of the subacromial/subdeltoid bursa" (the head noun ends the
  phrase after the "and", "or" or "/");
* **a site phrase after an existence predicate**: "fluid is present in the rectouterine
  pouch", "thickening is seen along the tendon sheath".

A phrase whose last word is no structure ("of the study", "in the morning") names none, and
nothing here reads a normal statement or a device.
"""

from __future__ import annotations

from radtrack_gui.nlp.extractors.candidates import Cand
from radtrack_gui.nlp.extractors.normal_subject import anatomy_heads, anatomy_like
from radtrack_gui.nlp.extractors.open_frames import FINITE_COPULA
from radtrack_gui.nlp.vocabulary import Concept, Vocabulary

SITE_PREPOSITIONS = frozenset({"in", "of", "at", "within", "along", "involving"})
EXISTENCE_WORDS = frozenset(
    {
        *("present", "seen", "noted", "visible", "observed", "identified", "detected"),
        *("evident", "demonstrated", "depicted", "appreciated"),
    }
)
EXISTENCE_ADVERBS = frozenset({"also", "again", "still", "now", "clearly"})
JOINS = frozenset({"and", "or", "/"})
DETERMINERS = frozenset({"the", "a", "an", "both", "all", "its", "their"})
PHRASE_WORDS = 8  # words of a site phrase, joins included


def site_named_unlisted(v: Vocabulary, c: Cand, concept: Concept, toks: list[str]) -> bool:
    """The finding ``c`` (of ``concept``, which needs a structure) names its structure by one
    of the shapes above; False for every other mention."""
    if "needs-anatomy" not in concept.flags or "normal" in concept.flags or c.type != "finding":
        return False
    low = toks  # lower case already (text.word_bounds)
    heads = anatomy_heads()
    if any(w in heads for w in low[c.t0 : c.t1]) or (c.t0 > 0 and low[c.t0 - 1] in heads):
        return True
    k = c.t1
    if k < len(low) and low[k] in FINITE_COPULA:
        k += 1
        while k < len(low) and low[k] in EXISTENCE_ADVERBS:
            k += 1
        if k >= len(low) or low[k] not in EXISTENCE_WORDS:
            return False
        k += 1
    return joined_site_phrase(v, low, k)


def joined_site_phrase(v: Vocabulary, low: list[str], k: int) -> bool:
    """``low[k:]`` opens with a site phrase (a preposition, then words, "and"/"or"/"/"
    joins allowed, up to ``PHRASE_WORDS``) whose noun phrase reads as anatomy."""
    if k >= len(low) or low[k] not in SITE_PREPOSITIONS:
        return False
    words: list[str] = []
    j = k + 1
    while j < len(low) and j - k <= PHRASE_WORDS:
        w = low[j]
        if w in JOINS:
            j += 1
            continue
        if not w.replace("-", "").isalpha() or w in SITE_PREPOSITIONS or w in ("with", "without"):
            break
        if not (not words and w in DETERMINERS):
            words.append(w)
        j += 1
    return bool(words) and anatomy_like(v, words)
