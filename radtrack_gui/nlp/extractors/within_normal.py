""" "within normal ... limits" is one normal statement (round 11, wb-precision).

The tables hold "within normal limits" as a normal statement; with a word inside ("within
normal size limits", "within normal width limits") or a measure noun after it ("within normal
dimensions") only "normal" was read. The labels (docs/evaluation-mentions.md, "Labelling
choices": one span per normal statement, "within normal limits" among the normal words) take
the whole phrase, so a "normal" mention right after "within" spans it: "within normal", up to
``MAX_INSIDE`` words, then "limits", or one measure noun (``MEASURES``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

Row = tuple[Any, ...]  # (start, end, type, ...): ``RuleExtractor._rows``'s rows
MAX_INSIDE = 2
MEASURES = ("dimensions", "dimension", "size", "width", "range", "proportions")
_WITHIN = re.compile(r"within\s+$", re.I)
_AFTER = re.compile(
    rf"(?:\s+[\w-]+){{0,{MAX_INSIDE}}}?\s+limits\b|\s+(?:{'|'.join(MEASURES)})\b", re.I
)


def within_normal(text: str, rows: Sequence[Row]) -> list[Row]:
    """``rows`` with each bare "normal" after "within" widened to its whole phrase."""
    out: list[Row] = []
    for row in rows:
        s, e = row[0], row[1]
        if text[s:e].lower() == "normal":
            before = _WITHIN.search(text, max(0, s - 12), s)
            after = _AFTER.match(text, e)
            if before is not None and after is not None:
                row = (before.start(), after.end(), *row[2:])
        out.append(row)
    return out
