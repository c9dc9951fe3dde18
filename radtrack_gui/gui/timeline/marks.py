"""Change marks, "×n" counts and the glyphs' level of detail: what shows where it fits."""

from __future__ import annotations

from typing import Any

import numpy as np

from radtrack_gui.gui import style as S
from radtrack_gui.gui.timeline.host import TimelineHost
from radtrack_gui.gui.timeline.items import MARKS_MIN_LOD, NO_PEN, scatter_item
from radtrack_gui.gui.timeline.placement import COUNT_ROOM_PX, GUIDE_MIN_PX, MARK_ROOM_PX


class MarksMixin(TimelineHost):
    """Marks, counts and glyph scale (part of TimelineWidget)."""

    def _draw_counts(self, x: np.ndarray, y: np.ndarray, span: float) -> None:
        """Several mentions of a chain in one report share a place (a lane's mentions are
        in report order, so they are neighbours): write "×n" beside that glyph."""
        firsts = np.zeros(0, dtype=int)
        sizes = np.zeros(0, dtype=int)
        if x.size > 1:
            new = np.concatenate(([True], (x[1:] != x[:-1]) | (y[1:] != y[:-1])))
            starts = np.flatnonzero(new)
            runs = np.diff(np.append(starts, x.size))
            keep = runs > 1
            firsts, sizes = starts[keep], np.minimum(runs[keep], 99)
        for n in set(sizes.tolist()) - set(self._count_items):
            item = scatter_item(
                S.count_mark(n), S.COUNT_BOX, self._lod, NO_PEN, S.brush(S.COUNT_INK), span, 3
            )
            item.setVisible(self._counts_on)
            self.vb.addItem(item)
            self._count_items[n] = item
        self._count_xy = {
            n: (x[firsts[sizes == n]], y[firsts[sizes == n]], self._gap[firsts[sizes == n]])
            for n in self._count_items
        }
        self._place_marks(force=True)

    def _place_marks(self, force: bool = False) -> None:
        """Draw a change mark or "×n" only where it has room before the next glyph of its
        lane, so marks never cover glyphs or each other (at any zoom; recomputed when the
        time scale changes, not while panning)."""
        (x0, x1), _ = self.vb.viewRange()
        px = self.vb.width() / max(1e-12, x1 - x0)  # pixels per x unit
        if not force and abs(px - self._marks_px) <= 0.01 * px:
            return
        self._marks_px = px
        # Column guides only where columns are apart: 1,000 one-pixel lines are a grey wall.
        self._guides.setVisible(self._col_gap * px >= GUIDE_MIN_PX)
        mx, my, mk, mgap = self._mark_xy
        room = mgap * px >= MARK_ROOM_PX
        for k, kind in enumerate(S.CHANGE_KINDS):
            item = self._mark_items.get(kind)
            if item is not None:
                sel = room & (mk == k)
                item.set_xy(mx[sel], my[sel])
        for n, item in self._count_items.items():
            cx, cy, cgap = self._count_xy.get(n, (np.zeros(0), np.zeros(0), np.zeros(0)))
            sel = cgap * px >= COUNT_ROOM_PX
            item.set_xy(cx[sel], cy[sel])

    def _update_counts(self, *_args: Any) -> None:
        """Counts and marks show only where they fit: glyphs full size, room before the
        next glyph (see ``_place_marks``)."""
        self._place_marks()
        on = self._lod >= MARKS_MIN_LOD
        if on == self._counts_on:
            return
        self._counts_on = on
        for item in self._count_items.values():
            item.setVisible(on)
        # The legend does not follow: its height would change the view's, which changes
        # the glyph scale, which turns counts on or off again (a layout feedback loop).

    def stack_counts(self) -> dict[tuple[float, float], int]:
        """(x, row) -> how many mentions one glyph there stands for (2 or more)."""
        return {
            (float(x), float(y)): n
            for n, (xs, ys, _g) in self._count_xy.items()
            for x, y in zip(xs, ys, strict=True)
        }

    def _update_lod(self, *_args: Any) -> None:
        """Shrink glyphs when rows are packed tightly (zoomed out), hide change marks."""
        y0, y1 = self.vb.viewRange()[1]
        px_per_row = self.vb.height() / max(1e-9, y1 - y0)
        lod = min(1.0, max(0.4, round(px_per_row / 20.0 * 10) / 10))
        if lod == self._lod:
            return
        self._lod = lod
        for item in self._glyph_items.values():
            item.set_size_fast(round(item.base_size * lod))
        for item in self._mark_items.values():
            item.set_size_fast(round(item.base_size * lod))
            item.setVisible(lod >= MARKS_MIN_LOD)
        for item in self._count_items.values():
            item.set_size_fast(round(item.base_size * lod))
        self._update_counts()
        self._sel_ring.set_size_fast(round((S.GLYPH_SIZE + 9) * max(lod, 0.6)))
