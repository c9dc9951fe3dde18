"""One noun phrase, one mention (round 11, wb-precision).

The vocabulary reads a finding term wherever one stands, so a noun phrase built of two terms
("ground-glass opacities", "fluid distension", "tumor lesion", "implant rupture", "abscess
collections") came out as two mentions side by side. Two mentions with nothing but one space
between them are one phrase when the first one's last word is a word that modifies a finding
or device term in the vocabulary itself (a word before the last of some multi-word term:
"ground-glass" of "ground-glass opacity", "fluid" of "fluid collection"): one mention from the
first word to the head (the last word), with the head's reading (type, assertion, site),
but the concept of the longer of the two terms where both are findings or both devices
("fatty liver infiltration" is a fatty liver).

Two mentions at the very same span (two readings of one phrase, "enlarged lymph nodes" as
lymphadenopathy and as lymph node) are one mention too: the first reading is kept.

Not joined: two names of findings that never modify ("atelectasis infiltrate", "airspace
opacity atelectasis": a list without its comma), anything else between the two (a comma,
"and", "/", a hyphen, a line break), a lower-case word before a capital (a sentence run
in without its full stop), and a second word with "to" after it (an adjective: "deposition
disease adjacent to the bone").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

Row = tuple[Any, ...]  # (start, end, type, concept, ...): ``RuleExtractor._rows``'s rows
# a word with "to" after it is an adjective ("adjacent to", "secondary to"), no phrase's head
TAKES_TO = re.compile(r"\s+to\b", re.I)


def modifier_words(terms: Iterable[str]) -> frozenset[str]:
    """Every word before the last one of a multi-word term (lower case)."""
    return frozenset(w for t in terms for w in t.lower().split()[:-1])


def joined_mentions(text: str, rows: Sequence[Row], modifiers: frozenset[str]) -> list[Row]:
    """``rows`` (start and end first, in text order) with each run of one phrase's mentions
    joined into one (:func:`one_phrase`), and repeats of one span dropped."""
    out: list[Row] = []
    for row in sorted(rows, key=lambda r: (r[0], r[1])):
        if out:
            last = out[-1]
            if (row[0], row[1]) == (last[0], last[1]):
                continue  # a second reading of the same words
            if one_phrase(text, last, row, modifiers):
                out[-1] = joined(text, last, row)
                continue
        out.append(row)
    return out


def one_phrase(text: str, first: Row, head: Row, modifiers: frozenset[str]) -> bool:
    """Only one space between the two, the first ends in a modifying word, and no new
    sentence runs in without its full stop ("... disease Lung volumes are low")."""
    if head[0] != first[1] + 1 or text[first[1]] != " ":
        return False
    if text[head[0]].isupper() and text[first[0]].islower():
        return False
    if TAKES_TO.match(text, head[1]):
        return False  # "deposition disease [adjacent] to the bone": an adjective, no head
    words = text[first[0] : first[1]].lower().split()
    return bool(words) and words[-1] in modifiers


def joined(text: str, first: Row, head: Row) -> Row:
    """The mention from ``first``'s start to ``head``'s end with the head's reading, but the
    concept of the longer term (in words) where both are of one type ("fatty liver
    infiltration" is a fatty liver); the head's on a tie ("ground-glass opacities")."""
    longer = len(text[first[0] : first[1]].split()) > len(text[head[0] : head[1]].split())
    concept = first[3] if longer and first[2] == head[2] and first[3] else head[3]
    return (first[0], head[1], head[2], concept, *head[4:])
