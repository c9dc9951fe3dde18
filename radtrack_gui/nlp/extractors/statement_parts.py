"""Two shapes of a statement the normal-subject reading asks about (round 7, wb-mentions10):
the copula a predicate is said after, across a negation or a list of predicates ("is neither
thickened nor deviated"), and a structured report's line label ("Teres minor: Normal.")."""

from __future__ import annotations

from collections.abc import Collection

from radtrack_gui.nlp.sections import ALIASES

# A predicate said after its copula across a negation ("is not thickened", "is neither
# thickened nor deviated") or across the predicates before it in one list ("nor deviated",
# "thickened and irregular", "enlarged, heterogeneous"): at most PREDICATE_HOPS of them.
PREDICATE_NEGATIONS = frozenset({"not", "neither"})
PREDICATE_JOINS = frozenset({"nor", "or", "and", ","})
PREDICATE_HOPS = 2


def predicate_copula(
    low: list[str], t0: int, copulas: Collection[str], adverbs: Collection[str]
) -> int | None:
    """The index of the copula (one of ``copulas``) a predicate word at ``low[t0]`` is said
    after, over ``adverbs``, a negation and up to ``PREDICATE_HOPS`` one-word predicates
    joined by nor/or/and/comma; None when it is no predicate of a copula."""
    i, hops = t0 - 1, 0
    while i >= 0:
        while i >= 0 and (low[i] in adverbs or low[i] in PREDICATE_NEGATIONS):
            i -= 1
        if i >= 0 and low[i] in copulas:
            return i
        if i < 1 or low[i] not in PREDICATE_JOINS or hops == PREDICATE_HOPS:
            return None
        if not low[i - 1].isalpha() or low[i - 1] in copulas:
            return None
        i, hops = i - 2, hops + 1
    return None


# A structured report's line label ("Teres minor: Normal.", "Neurovascular structures:
# Normal"): a normal predicate right after it is said of what the label names, whatever the
# tables call it; at most this many words, opening the line (or a list item).
LABEL_WORDS = 3
LABEL_OPENS = frozenset({"-", "•", "*", "."})
LABEL_BREAKS = frozenset({",", ";", ".", ":", "-", "(", ")", "•", "*", "/"})


def line_label(toks: list[str], colon: int) -> bool:
    """``toks[:colon]`` ends in a short label that opens its line or list item and is no
    report section's header ("Technique: normal dose" labels no structure)."""
    j = colon - 1
    while j >= 0 and toks[j] not in LABEL_BREAKS:
        if not toks[j].replace("-", "").isalpha():
            return False
        j -= 1
    if not (0 < colon - j - 1 <= LABEL_WORDS and (j < 0 or toks[j] in LABEL_OPENS)):
        return False
    return " ".join(toks[j + 1 : colon]).upper() not in ALIASES
