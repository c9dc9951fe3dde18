"""Two findings joined by "and" or a comma that end their phrase (round 10, wb-mentions16).

A one-word finding right before a finding term is read as that term's modifier
("hypodense lesion", "heterogeneous and hypoechoic lesion": one mention). When the second
word of a coordination ends its phrase, with no noun after it for the first to describe,
the two are two findings said side by side: a list of predicates ("The mesentery appears
thickened and edematous."), or a finding and its features ("fracture with displacement and
angulation", "thickening and enhancement of the wall"). The first keeps its own mention.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from radtrack_gui.nlp.extractors.open_described import LIST_ENDS
from radtrack_gui.nlp.extractors.open_heads import PHRASE_END

if TYPE_CHECKING:
    from radtrack_gui.nlp.extractors.candidates import Cand

# what may stand between the two findings of one coordination
JOINS = frozenset({"and", ","})


def coordinated_finding(c: Cand, nxt: Cand, toks: list[str]) -> bool:
    """``c`` is a finding of its own, not the modifier of the finding ``nxt`` after it:
    "and" or a comma joins them, ``nxt`` is one word, and its phrase ends right after it (a
    punctuation mark, the end of the sentence, a preposition or a conjunction): "thickened
    and edematous.", "displacement and angulation of the fragments". A noun after ``nxt``
    ("dilated and tortuous veins") or a phrase term ("heterogeneous and hypoechoic lesion")
    keeps the modifier reading, as does a hyphen ("atelectatic-inflammatory changes")."""
    between = toks[c.t1 : nxt.t0]
    if not between or not all(t in JOINS for t in between):
        return False
    if " " in nxt.term or "-" in nxt.term:
        return False
    after = toks[nxt.t1].lower() if nxt.t1 < len(toks) else "."
    return not after[0].isalnum() or after in PHRASE_END or after in LIST_ENDS
