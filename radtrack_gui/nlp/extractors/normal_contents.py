"""A hollow organ's normal contents are no finding: "The bladder is partially filled and
contains clear fluid", "Bladder adequately filled with anechoic fluid", "The gallbladder
contains clear, non-lithiasic fluid". Urine in the urinary bladder and bile in the
gallbladder are what the organ holds; graded as clear, anechoic or stone-free they are the
organ's normal filling, not a collection (GUIDELINE "Units": a finding is an observation of
the patient's course). Only where the sentence names such an organ before the word and a
word of clarity stands right before it; "a small amount of clear fluid in the pelvis" (no
organ named) and "echogenic fluid" (no clarity) stay findings."""

from __future__ import annotations

from radtrack_gui.core.model import FINDING
from radtrack_gui.nlp.extractors.candidates import Cand

# Organs whose normal contents are fluid.
HOLDERS = frozenset({"bladder", "gallbladder"})
CONTENTS = frozenset({"fluid", "liquid", "content", "contents", "urine", "bile"})
# Words of holding between the organ and its contents, and the ends of a clause.
HOLDING = frozenset({"contains", "contain", "containing", "contained", "filled", "with"})
CLAUSE_ENDS = frozenset({".", ";", ":", "?", "!"})
AFTER_NON = frozenset({"lithiasic", "lithiatic"})  # "non-lithiasic"
# Words saying the contents are as they should be.
CLEAR = frozenset(
    {"clear", "anechoic", "transparent", "non-lithiasic", "nonlithiasic", "stone-free"}
)


def _clear_before(toks: list[str], i: int) -> bool:
    """A word of clarity right before token ``i`` ("clear", "non-lithiasic")."""
    if i > 0 and toks[i - 1] in CLEAR:
        return True
    return i > 2 and toks[i - 1] in AFTER_NON and toks[i - 2] == "-" and toks[i - 3] == "non"


def _held(toks: list[str], i: int) -> bool:
    """A holder is named before token ``i`` in its clause, then a word of holding."""
    for k in range(i - 1, -1, -1):
        if toks[k] in CLAUSE_ENDS:
            return False
        if toks[k] in HOLDERS:
            return not HOLDING.isdisjoint(toks[k + 1 : i])
    return False


def without_normal_contents(kept: list[Cand], toks: list[str]) -> list[Cand]:
    """``kept`` without a hollow organ's clear contents (the tokens are lower case)."""
    return [
        c
        for c in kept
        if not (
            c.type == FINDING
            and c.t1 - c.t0 == 1
            and toks[c.t0] in CONTENTS
            and _clear_before(toks, c.t0)
            and _held(toks, c.t0)
        )
    ]
