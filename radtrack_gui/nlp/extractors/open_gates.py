"""Whether a sentence may hold an open-vocabulary observation (``open_vocab.open_mentions``)
at all: two cheap tests, each built from what the readings themselves need (round 7,
docs/performance.md "Round 7 (extract-speed5)").

* ``may_open`` reads the tokens alone: a reading's words *and* the words around them it
  needs before it asks the tables anything (a clause word with its copula or object, a whole
  frame with a word after it, a pathology word by its full form, ...).
* ``opens`` reads the sentence's matches too: the token a reading would make its head is
  no table term nor structure or cue (``covered``, ``others_at``), and a reading of
  ``open_patterns`` that needs a structure has one. Each of its tests asks for something
  the reading itself requires, so False means ``open_mentions`` would find nothing but what
  ``elided_heads`` / ``elided_modifiers`` find (``candidates.tokens_and_terms`` runs those
  alone then). ``tests/nlp/extractors/test_open_gates.py`` checks both against the readings.

Before: any clause word ("there", "seen", "noted", "shows") let a sentence in; of PARROT's
26,953 distinct sentences 14,367 entered ``open_mentions`` and 12,076 of those gave nothing.
"""

from __future__ import annotations

from itertools import compress, count

from radtrack_gui.nlp.extractors.open_disorders import DISORDER_NOUNS
from radtrack_gui.nlp.extractors.open_frames import (
    CLAUSE_WORDS,
    NODE_WORDS,
    PROPERTY_NOUNS,
    clause_heads,
    clause_may,
    property_may,
)
from radtrack_gui.nlp.extractors.open_measures import may_measure
from radtrack_gui.nlp.extractors.open_patterns import FLOW_HEADS, may_pattern
from radtrack_gui.nlp.extractors.open_vocab import (
    _LAST3,
    CHANGE_NOUNS,
    FRAME_NEEDS,
    FRAMES_AFTER,
    FRAMES_BY_NEED,
    KIND_ENDS,
    NOT_A_KIND,
    NOT_PATHOLOGY,
    PHRASE_END,
    SUFFIX,
    SUFFIX_ENDS,
    SUFFIX_LAST3,
    positions,
)

# words that open the lymph-node, "<kind> changes", disorder-noun, clause-frame and property
# (open_frames) readings; the shared-head reading (``elided_heads``) opens on a coordinator and
# has its own gate in ``candidates.tokens_and_terms``
_GATE_WORDS = NODE_WORDS | CHANGE_NOUNS | DISORDER_NOUNS | CLAUSE_WORDS | PROPERTY_NOUNS


def suffix_may(toks: list[str], taken: set[int] | frozenset[int] = frozenset()) -> bool:
    """Some token not in ``taken`` is a pathology word by its form alone (``SUFFIX`` whole,
    not ``NOT_PATHOLOGY``): what the suffix reading asks before the vocabulary."""
    if SUFFIX_LAST3.isdisjoint(map(_LAST3, toks)):
        return False
    for i in compress(count(), map(SUFFIX_LAST3.__contains__, map(_LAST3, toks))):
        tok = toks[i]
        if (
            i not in taken
            and tok.endswith(SUFFIX_ENDS)
            and tok not in NOT_PATHOLOGY
            and SUFFIX.fullmatch(tok)
        ):
            return True
    return False


def frame_may(toks: list[str], taken: set[int] | frozenset[int] = frozenset()) -> bool:
    """Some asserting frame stands whole with a word after it that may open its phrase (an
    alphabetic word, no phrase end, not in ``taken``: what ``_head_after`` needs first), or a
    measuring word has an alphabetic word not in ``taken`` before it (what ``_is_head``
    needs)."""
    if FRAME_NEEDS.isdisjoint(toks):
        return False
    n = len(toks)
    for i in positions(toks, FRAME_NEEDS):
        tok = toks[i]
        if tok in FRAMES_AFTER:
            k = i - 2 if i > 1 and toks[i - 1] == "," else i - 1
            if k >= 0 and k not in taken and toks[k].isalpha():
                return True
            continue
        for at, frame in FRAMES_BY_NEED[tok]:
            s = i - at
            j = s + len(frame)
            if (
                s >= 0
                and j < n
                and j not in taken
                and tuple(toks[s:j]) == frame
                and toks[j][0].isalpha()
                and toks[j] not in PHRASE_END
            ):
                return True
    return False


def change_may(toks: list[str]) -> bool:
    """A change noun has a word before it that may name its kind by its form alone (what
    ``open_vocab._kind_of_change`` asks of the word before the tables are read)."""
    if CHANGE_NOUNS.isdisjoint(toks):
        return False
    for i in positions(toks, CHANGE_NOUNS):
        if i:
            tok = toks[i - 1]
            if (
                len(tok) >= 5
                and tok.isalpha()
                and tok not in NOT_A_KIND
                and tok.endswith(KIND_ENDS)
            ):
                return True
    return False


def may_open(toks: list[str], pattern: bool | None = None) -> bool:
    """The tokens alone (above): a pathology word by its form (``suffix_may``), a whole
    asserting frame with a word for its head (``frame_may``), a node or disorder noun, a
    change noun after a word that may name its kind (``change_may``), a clause frame with the
    words it needs (``open_frames.clause_may``), a property noun with an abnormality word
    (``open_frames.property_may``), or a place one of ``open_patterns``' readings may stand
    (``may_pattern``: flow nouns, "changes", generic abnormality heads, a process noun
    opening a clause (or after "no" / "without") with "of", a change word with a measure
    noun: ``open_measures.may_measure``). ``pattern``: ``may_pattern(toks)`` when the caller
    has it."""
    return (
        (may_pattern(toks) if pattern is None else pattern)
        or clause_may(toks)
        or frame_may(toks)
        or suffix_may(toks)
        or not NODE_WORDS.isdisjoint(toks)
        or change_may(toks)
        or property_may(toks)
        or not DISORDER_NOUNS.isdisjoint(toks)
    )


def opens(
    toks: list[str],
    covered: set[int],
    others_at: set[int],
    structures: set[int],
    places: list[int] | None,
) -> bool:
    """After ``may_open``, with the matches (above): ``covered`` the tokens of table concept
    terms, ``others_at`` those of structures and cues, ``structures`` those of structures
    (found when ``places`` is not None), ``places`` ``open_patterns.pattern_places(toks)``.
    The clause frames are run with callbacks that ask only what the real ones ask first (a
    head no table term, structure or cue; a phrase after the frame that starts with no table
    term), so they find a head wherever the real ones may."""
    if places is not None and (structures or not FLOW_HEADS.isdisjoint(toks) or may_measure(toks)):
        return True  # (the nominal, changes-of and shared-generic readings need a structure)
    taken = covered | others_at
    if suffix_may(toks, taken) or frame_may(toks, covered):
        return True
    if (
        not NODE_WORDS.isdisjoint(toks)
        or not DISORDER_NOUNS.isdisjoint(toks)
        or change_may(toks)
        or property_may(toks)
    ):
        return True
    if not clause_may(toks):
        return False
    n = len(toks)
    return bool(
        clause_heads(
            toks,
            lambda k: k not in taken,
            lambda j: (
                j
                if j < n and j not in covered and toks[j][0].isalpha() and toks[j] not in PHRASE_END
                else None
            ),
            covered,
        )
    )
