"""Phrases of a sentence that name a place not of the finding next to it, shared by the rule
extractor and the linkers: what a finding is compared with ("larger than on the left"), the
other items of a list of findings ("right upper lobe nodule, cardiomegaly, and
atelectasis"), and the items of a list of alternatives ("atelectasis, pneumonia, or
aspiration")."""

from __future__ import annotations

import re

# The side or site a finding is compared with ("larger than the left", "asymmetric compared
# to left", "relative to the right side"): not the finding's own.
_COMPARED = re.compile(
    r"\b(?:compared\s+(?:to|with)|relative\s+to|than|versus|vs\.?|as\s+opposed\s+to"
    r"|in\s+comparison\s+(?:to|with)|similar\s+to|symmetric\s+(?:to|with))\s+"
    r"(?:(?:that|those|on|in|at)\s+)?(?:(?:on|in|at|of)\s+)?(?:the\s+)?(?:contralateral\s+)?$",
    re.IGNORECASE,
)
# Words between a side and the mention that keep the side in the mention's noun phrase.
_OWN_PHRASE = re.compile(r"[\s-]*(?:[A-Za-z]+[\s-]+){0,3}$")


def compared(text: str, lo: int, at: int) -> bool:
    """The word at ``at`` is what something is compared with: a comparison phrase ends right
    before it (looked for from ``lo``, the start of its sentence, at most 40 characters back)."""
    return _COMPARED.search(text, max(lo, at - 40), at) is not None


def own_phrase(text: str, at: int, end: int, start: int, stop: int) -> bool:
    """The word at ``at .. end`` belongs to the mention at ``start .. stop``: inside it, or
    a modifier at most three words before it ("than the left pleural effusion")."""
    return start <= at < stop or (end <= start and _OWN_PHRASE.match(text, end, start) is not None)


# A list of findings: items cut at commas, semicolons and "and" ("prominent vasculature,
# subpleural edema, and peribronchial cuffing"). Its items are noun phrases: from the first
# of two items to the later one's word no preposition, verb or reading word, which would
# make it a clause ("opacity in the right base, likely atelectasis").
_LIST_CUT = re.compile(r"[,;]|\band\b", re.IGNORECASE)
# "A, B and/or C", "A, B, or C": alternatives, readings of one thing, not a list of findings.
_ALTERNATIVES = re.compile(r"\band/or\b|,\s*or\b", re.IGNORECASE)
_NOT_ITEM = re.compile(
    r"\b(?:in|at|within|of|on|along|over|overlying|involving|near|adjacent|to|from|with"
    r"|without|by|as|than|is|are|was|were|be|been|has|have|there|which|that|seen|noted"
    r"|identified|likely|possibly|probably|consistent|compatible|suggest\w*|represent\w*"
    r"|concerning|worrisome|may|could|due|related|reflect\w*|versus|vs|or)\b",
    re.IGNORECASE,
)


# A differential: what follows is a list of hypotheses, even joined by "and" ("differential
# includes A, B, and C", "considerations include A and B").
_DIFFERENTIAL = re.compile(
    r"\b(?:differential(?:\s+diagnos[ie]s)?(?:\s+considerations?)?|considerations?"
    r"|possibilities|ddx)\b(?:\s+(?:includes?|including|are|is|would\s+include))?",
    re.IGNORECASE,
)
_JOIN = re.compile(r",\s*(?:and\s*/\s*)?or\b|\band\s*/\s*or\b|\bor\b|\band\b|,", re.IGNORECASE)
_HYPOTHESIS_WORDS = frozenset({"or", "versus", "vs"})


def alternative_items(sentence: str, first: tuple[int, int], second: tuple[int, int]) -> bool:
    """The phrases at ``first`` and ``second`` (offsets in ``sentence``, in order) are items
    of one list of alternatives: joined by "or", in a list that closes with ", or" or
    "and/or" ("A, B, or C"), or in any list after a differential ("differential includes A,
    B, and C"). Only other items lie between them, noun phrases: no verb, preposition or
    reading word ("opacity may represent A, B, or C": the opacity is what is read). A plain
    list of findings ("A, B, and C") is no list of alternatives."""
    between = sentence[first[1] : second[0]]
    if any(w.lower() not in _HYPOTHESIS_WORDS for w in _NOT_ITEM.findall(between)):
        return False
    joins = [j.group(0).lower() for j in _JOIN.finditer(between)]
    if not joins:
        return False
    cue = _DIFFERENTIAL.search(sentence, 0, first[0])
    if cue and _NOT_ITEM.search(sentence, cue.end(), first[0]) is None:
        return True
    if any(j.endswith("or") for j in joins):
        return True
    if joins != [","] * len(joins):
        return False  # "A, B, and C": a list of findings
    for j in _JOIN.finditer(sentence, second[1]):
        word = j.group(0).lower()
        if word != ",":
            return word.startswith(",") or "/" in word  # "..., or C", "... and/or C"
    return False


def list_items(sentence: str) -> list[tuple[int, int]]:
    """The items of ``sentence`` read as a list "A, B, and C" (a comma and an "and"), as
    offsets in it; empty when it is no such list."""
    if "," not in sentence or _ALTERNATIVES.search(sentence):
        return []
    cuts = list(_LIST_CUT.finditer(sentence))
    if not any(m.group(0).lower() == "and" for m in cuts):
        return []
    bounds = [0, *(x for m in cuts for x in m.span()), len(sentence)]
    return list(zip(bounds[::2], bounds[1::2], strict=True))


def item_of(items: list[tuple[int, int]], pos: int) -> int:
    """The index of the list item holding offset ``pos``, or -1."""
    return next((n for n, (a, b) in enumerate(items) if a <= pos <= b), -1)


def in_other_item(sentence: str, items: list[tuple[int, int]], at: int, pos: int) -> bool:
    """The word at ``pos`` lies in another item of the list of findings ``items`` than the
    mention at ``at`` (offsets in ``sentence``), a comma apart, and both items are noun
    phrases: a structure there is that item's site, not the mention's."""
    if not items:
        return False
    return _other_item(sentence, items, at, item_of(items, at), pos, item_of(items, pos))


def _other_item(
    sentence: str, items: list[tuple[int, int]], at: int, here: int, pos: int, there: int
) -> bool:
    """:func:`in_other_item` with the items holding ``at`` and ``pos`` (``item_of``) known."""
    if here < 0 or there < 0 or here == there:
        return False
    lo, hi = min(pos, at), max(pos, at)
    if "," not in sentence[lo:hi] and ";" not in sentence[lo:hi]:
        return False  # only "and" between: "A and B" may share modifiers ("left A and B")
    return _NOT_ITEM.search(sentence, items[min(here, there)][0], hi) is None


def in_other_items(
    sentence: str, items: list[tuple[int, int]], at: int, placed: list[tuple[int, int, int]]
) -> list[int]:
    """The keys of ``placed`` ((key, offset, ``item_of(items, offset)``)) whose word is
    :func:`in_other_item` than the mention at ``at``: the same answers, with the item of each
    word read once per sentence instead of once per mention and word (the rule extractor)."""
    if not items:
        return []
    here = item_of(items, at)
    if here < 0:
        return []
    return [
        key
        for key, pos, there in placed
        if there != here and _other_item(sentence, items, at, here, pos, there)
    ]
