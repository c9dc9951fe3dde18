"""Change marks, "×n" counts and the glyphs' level of detail: what shows where it fits."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from radtrack_gui.gui import style as S
from radtrack_gui.gui.timeline.items import MARKS_MIN_LOD, NO_PEN, scatter_item
from radtrack_gui.gui.timeline.placement import COUNT_ROOM_PX, GUIDE_MIN_PX, MARK_ROOM_PX

if TYPE_CHECKING:
    from radtrack_gui.gui.timeline.widget import TimelineWidget


class MarkPlacer:
    """Marks, counts and glyph scale: what shows where it fits, as the view zooms."""

    def __init__(self, tl: TimelineWidget) -> None:
        self.tl = tl
        self._lod = 1.0  # glyph scale: smaller when rows are packed tightly
        self._counts_on = True
        self._count_xy: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
        self._marks_px = 0.0  # the time scale marks were placed for

    def draw_counts(self, x: np.ndarray, y: np.ndarray, span: float) -> None:
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
        for n in set(sizes.tolist()) - set(self.tl.scene._count_items):
            item = scatter_item(
                S.count_mark(n), S.COUNT_BOX, self._lod, NO_PEN, S.brush(S.COUNT_INK), span, 3
            )
            item.setVisible(self._counts_on)
            self.tl.vb.addItem(item)
            self.tl.scene._count_items[n] = item
        self._count_xy = {
            n: (
                x[firsts[sizes == n]],
                y[firsts[sizes == n]],
                self.tl.painter._gap[firsts[sizes == n]],
            )
            for n in self.tl.scene._count_items
        }
        self._place_marks(force=True)

    def _place_marks(self, force: bool = False) -> None:
        """Draw a change mark or "×n" only where it has room before the next glyph of its
        lane, so marks never cover glyphs or each other (at any zoom; recomputed when the
        time scale changes, not while panning)."""
        (x0, x1), _ = self.tl.vb.viewRange()
        px = self.tl.vb.width() / max(1e-12, x1 - x0)  # pixels per x unit
        if not force and abs(px - self._marks_px) <= 0.01 * px:
            return
        self._marks_px = px
        # Column guides only where columns are apart: 1,000 one-pixel lines are a grey wall.
        self.tl.scene._guides.setVisible(self.tl.painter._col_gap * px >= GUIDE_MIN_PX)
        mx, my, mk, mgap = self.tl.painter._mark_xy
        room = mgap * px >= MARK_ROOM_PX
        for k, kind in enumerate(S.CHANGE_KINDS):
            item = self.tl.painter._mark_items.get(kind)
            if item is not None:
                sel = room & (mk == k)
                item.set_xy(mx[sel], my[sel])
        for n, item in self.tl.scene._count_items.items():
            cx, cy, cgap = self._count_xy.get(n, (np.zeros(0), np.zeros(0), np.zeros(0)))
            sel = cgap * px >= COUNT_ROOM_PX
            item.set_xy(cx[sel], cy[sel])

    def update_counts(self, *_args: Any) -> None:
        """Counts and marks show only where they fit: glyphs full size, room before the
        next glyph (see ``_place_marks``)."""
        self._place_marks()
        on = self._lod >= MARKS_MIN_LOD
        if on == self._counts_on:
            return
        self._counts_on = on
        for item in self.tl.scene._count_items.values():
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

    def update_lod(self, *_args: Any) -> None:
        """Shrink glyphs when rows are packed tightly (zoomed out), hide change marks."""
        y0, y1 = self.tl.vb.viewRange()[1]
        px_per_row = self.tl.vb.height() / max(1e-9, y1 - y0)
        lod = min(1.0, max(0.4, round(px_per_row / 20.0 * 10) / 10))
        if lod == self._lod:
            return
        self._lod = lod
        for item in self.tl.painter._glyph_items.values():
            item.set_size_fast(round(item.base_size * lod))
        for item in self.tl.painter._mark_items.values():
            item.set_size_fast(round(item.base_size * lod))
            item.setVisible(lod >= MARKS_MIN_LOD)
        for item in self.tl.scene._count_items.values():
            item.set_size_fast(round(item.base_size * lod))
        self.update_counts()
        self.tl.scene._sel_ring.set_size_fast(round((S.GLYPH_SIZE + 9) * max(lod, 0.6)))
