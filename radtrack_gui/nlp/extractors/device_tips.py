"""The tip of a named device (round 11, wb-recall3): GUIDELINE "Units" names "tip" a device
mention of its own noun phrase ("the tip of the lead"), and every labelled file marks the tip,
not the device noun after it. "The tip of the catheter" stays ONE mention (the catheter's, as
devices.device_words decides), now spanning from "tip" to the device's word, so that it
covers both ways of marking it."""

from __future__ import annotations

from radtrack_gui.core.model import DEVICE
from radtrack_gui.nlp.extractors.candidates import Cand

TIPS = frozenset({"tip", "tips"})
DETERMINERS = frozenset({"the", "a", "an", "its", "their", "this"})


def tip_start(toks: list[str], t0: int) -> int | None:
    """The token of "tip"/"tips" in "tip(s) of [the] <device at t0>", or None."""
    k = t0 - 1
    if k >= 0 and toks[k] in DETERMINERS:
        k -= 1
    if k >= 1 and toks[k] == "of" and toks[k - 1] in TIPS:
        return k - 1
    return None


def extend_to_tips(cands: list[Cand], toks: list[str]) -> None:
    """Each device candidate named right after "tip(s) of" starts at its tip."""
    for c in cands:
        if c.type != DEVICE:
            continue
        at = tip_start(toks, c.t0)
        if at is not None:
            c.t0 = at
            c.term = " ".join(toks[at : c.t1])
