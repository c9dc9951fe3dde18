"""Findings stated as predicates without a copula (round 11, wb-recall3), the telegraphic
style of short reports and structured lines: "Epididymis swollen in its tail",
"Right spermatic cord swollen, thickened", "- Uterus retroverted".

A word is such a predicate when, in one sentence,

* it opens right after a subject that opens its clause (the sentence's start or a ``OPENS``
  token: a colon, a semicolon, a dash, a bullet of any glyph) and is at most ``SUBJECT_WORDS`` words of
  letters that name a structure (``open_predicates.subject_is_structure``);
* it has a predicate's form (``open_predicates.predicate_shape``: a participle of a change of
  form or place, an adjective of a pathological state, a comparative of size) and no table or
  cue word stands on it;
* the word after it ends the clause or opens a site or a manner (``AFTER``): a word with an
  object after it is a verb ("Kidneys showed no stones"), not a predicate;
* later predicates of one list after a comma or "and" are read too (at most ``HOPS``).
Its concept is the word itself, as for the predicates after a copula (open_predicates).
"""

from __future__ import annotations

from radtrack_gui.nlp.extractors.open_predicates import (
    BETWEEN,
    LINKING,
    predicate_shape,
    subject_is_structure,
)
from radtrack_gui.nlp.vocabulary import Vocabulary

OPENS = frozenset({":", ";", "-", "•", "*", "."})
NOT_OPENS = frozenset({",", "(", ")", "/", "'", "&", "+"})  # symbols inside a clause


def _opens(tok: str) -> bool:
    """``tok`` opens a clause: an ``OPENS`` token or a symbol of a list (any bullet glyph)."""
    return tok in OPENS or (len(tok) == 1 and not tok.isalnum() and tok not in NOT_OPENS)


SUBJECT_WORDS = 3
AFTER = frozenset({".", ",", ";", ":", "and", "in", "at", "with", "on", "to", "(", ")", "-"})
JOINS = frozenset({",", "and"})
HOPS = 2
# words a subject never holds (a verb, a determiner or a negation makes it no bare noun phrase)
NOT_SUBJECT = LINKING | frozenset({"the", "a", "an", "no", "not", "without", "with", "of"})


def _subject_opens(toks: list[str], k: int) -> bool:
    """The words before ``toks[k]`` back to a clause opening are 1 to ``SUBJECT_WORDS`` plain
    words (letters, no verb, determiner or negation)."""
    words, j = 0, k - 1
    while j >= 0 and not _opens(toks[j]):
        w = toks[j]
        if not w.replace("-", "").isalpha() or w in NOT_SUBJECT or words == SUBJECT_WORDS:
            return False
        words, j = words + 1, j - 1
    return words > 0


def verbless_predicates(
    v: Vocabulary, toks: list[str], covered: set[int], others_at: set[int]
) -> list[tuple[int, int, str, str, str]]:
    """The sentence's verbless predicate findings as templates ``(t0, t1, concept, "finding",
    term)`` (``covered``: tokens of table terms; ``others_at``: of structures and cues)."""
    out: list[tuple[int, int, str, str, str]] = []
    n = len(toks)
    k = 1
    while k < n:
        tok = toks[k]
        if (
            k in covered
            or k in others_at
            or not predicate_shape(tok)
            or not _subject_opens(toks, k)
            or not subject_is_structure(v, toks, k)
        ):
            k += 1
            continue
        found: list[int] = []
        j, hops = k, 0
        while j < n and j not in covered and j not in others_at and predicate_shape(toks[j]):
            if j + 1 < n and toks[j + 1] not in AFTER:
                break
            found.append(j)
            nxt = j + 1
            if nxt < n and toks[nxt] in JOINS and hops < HOPS:
                nxt += 1
                while nxt < n and toks[nxt] in BETWEEN:
                    nxt += 1
                j, hops = nxt, hops + 1
                continue
            break
        out.extend((a, a + 1, toks[a], "finding", toks[a]) for a in found)
        k = (found[-1] if found else k) + 1
    return out
