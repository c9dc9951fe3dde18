"""A finding named with its site: the mention ends before the site (round 11, wb-precision).

Some terms of the tables name a finding together with the structure it is in ("dilation of
the pelvicalyceal system", "widening of the mediastinum", "shift of the midline"), and the
open readings do the same ("reduction in vertebral body height"). The labelled spans end at
the finding's noun (GUIDELINE "Units": a site is a modifier, not part of the name), so the
mention keeps its concept, site and assertion but ends before the last "of" / "in" whose
phrase names no finding or device term of the tables.

Left whole: an adjective before the preposition ("normal in size", "reduced in size": the
statement is the phrase), a phrase after it that holds a term ("foci of enhancement", "loss
of brain mass", "decrease in density": the finding is there) or lymph nodes (the finding of
"enlargement of lymph nodes" by the labelling choices), a phrase that names what changed
rather than where (a measure, "reduction in brain volume", as ``open_measures`` reads it; a
tissue, "loss of articular cartilage", as ``open_lesions`` does; a substance, "leakage of
contrast"), and a head of more than
``MAX_HEAD`` words.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from radtrack_gui.core.model import FINDING
from radtrack_gui.nlp.extractors.open_lesions import TISSUES
from radtrack_gui.nlp.extractors.open_measures import CHANGE_NOUNS, MEASURES

Row = tuple[Any, ...]  # (start, end, type, ...): ``RuleExtractor._rows``'s rows
PREPOSITIONS = (" of ", " in ")
MAX_HEAD = 3  # words before the preposition
ADJECTIVE_ENDINGS = ("ive", "tic", "ous", "ed", "ic", "al", "ar", "ary")  # analysis' own
LONGEST_TERM = 4  # words of a tail's n-grams looked up in the tables
# structures that are the finding themselves when named after a change ("enlargement of lymph
# nodes" is labelled at "lymph nodes": docs/evaluation-mentions.md, "Labelling choices")
FINDING_STRUCTURES = frozenset({"lymph node", "lymph nodes", "nodes"})
# what leaks, fills or pools: the finding's content, not its site ("leakage of contrast")
SUBSTANCES = frozenset({"contrast", "air", "gas", "fluid", "blood", "fat", "urine", "bile"})
# a phrase after the preposition that names what changed, not where: a tissue ("loss of
# articular cartilage": open_lesions), a substance; and after a change noun a measure of a
# structure ("reduction in brain volume": open_measures' own construction)
CONTENT_WORDS = TISSUES | SUBSTANCES


def holds_term(words: Sequence[str], terms: Collection[str]) -> bool:
    """Whether some run of ``words`` (or its singular) is a term of ``terms``."""
    for i in range(len(words)):
        for j in range(i + 1, min(len(words), i + LONGEST_TERM) + 1):
            gram = " ".join(words[i:j])
            if gram in terms or (gram.endswith("s") and gram[:-1] in terms):
                return True
    return False


def site_cut(span: str, terms: Collection[str]) -> int | None:
    """Where ``span`` ends before its site phrase (an offset into it), or None."""
    lower = span.lower()
    at = max(lower.rfind(p) for p in PREPOSITIONS)
    if at <= 0:
        return None
    head = lower[:at].split()
    tail = lower[at + 4 :].replace(",", " ").split()
    if not head or len(head) > MAX_HEAD or not tail or head[-1].endswith(ADJECTIVE_ENDINGS):
        return None
    if holds_term(tail, terms) or holds_term(tail, FINDING_STRUCTURES):
        return None
    if any(w in CONTENT_WORDS for w in tail):
        return None
    if head == [head[0]] and head[0] in CHANGE_NOUNS and any(w in MEASURES for w in tail):
        return None
    return at


def without_site_tails(text: str, rows: Sequence[Row], terms: Collection[str]) -> list[Row]:
    """``rows`` with each finding's site phrase cut off its span (:func:`site_cut`)."""
    out: list[Row] = []
    for row in rows:
        if row[2] == FINDING and (
            " of " in text[row[0] : row[1]] or " in " in text[row[0] : row[1]]
        ):
            at = site_cut(text[row[0] : row[1]], terms)
            if at is not None:
                row = (row[0], row[0] + at, *row[2:])
        out.append(row)
    return out
