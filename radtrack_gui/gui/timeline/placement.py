"""Where change marks and "×n" counts may go: array math over glyph positions (no Qt)."""

from __future__ import annotations

import numpy as np

from radtrack_gui.gui import style as S

# Marks sit 4.5-13.5 px right of their glyph's centre, counts up to 25 px: the next glyph
# (6 px radius) must be farther than that for them to show.
MARK_ROOM_PX = 20.0
GUIDE_MIN_PX = 5.0
COUNT_ROOM_PX = 32.0
# One mark per place: a device event outranks a change in size, which outranks "stable".
_PRIORITY = np.array(
    [
        S.CHANGE_KINDS.index(k)
        for k in (
            "inserted",
            "removed",
            "repositioned",
            "new",
            "increased",
            "decreased",
            "resolved",
            "stable",
        )
    ]
)
_RANK = np.argsort(_PRIORITY)  # change code -> rank (lower first)


def next_gap(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Per glyph: the x distance to the next glyph at a larger x in the same row (inf for
    the last one)."""
    if x.size == 0:
        return np.zeros(0)
    uniq, inv = np.unique(np.stack([y, x], axis=1), axis=0, return_inverse=True)
    gaps = np.full(len(uniq), np.inf)
    same_row = uniq[1:, 0] == uniq[:-1, 0]
    gaps[:-1][same_row] = (uniq[1:, 1] - uniq[:-1, 1])[same_row]
    return gaps[inv.ravel()]


def mark_per_place(x: np.ndarray, y: np.ndarray, change: np.ndarray) -> np.ndarray:
    """Indices of the glyphs whose change mark is drawn: at most one per place (several
    mentions of a lane in one report), the most telling one."""
    idx = np.flatnonzero(change >= 0)
    if idx.size == 0:
        return idx
    _, place = np.unique(np.stack([y[idx], x[idx]], axis=1), axis=0, return_inverse=True)
    place = place.ravel()
    order = np.lexsort((_RANK[change[idx]], place))
    first = np.unique(place[order], return_index=True)[1]
    return idx[order[first]]
