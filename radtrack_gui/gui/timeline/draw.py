"""Drawing the timeline: background, glyphs, lane lines, axes, legend, selection.

Change marks, counts and the level of detail are in ``marks``; where marks fit is in
``placement``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from radtrack_gui.core.model import ASSERTIONS, MODALITIES, Patient
from radtrack_gui.gui import style as S
from radtrack_gui.gui.qt import (
    QRectF,
    QtCore,
    QtGui,
)
from radtrack_gui.gui.timeline.items import (
    COMPACT_ROW_PX,
    MARKS_MIN_LOD,
    NO_PEN,
    VIEW_ROW_PX,
    LegendEntry,
    scatter_item,
)
from radtrack_gui.gui.timeline.placement import (  # (the room constants: tests read them here)
    COUNT_ROOM_PX,
    MARK_ROOM_PX,
    mark_per_place,
    next_gap,
)
from radtrack_gui.views import lanes as L
from radtrack_gui.views.labels import (
    LabelFacts,
    column_label,
    lane_label,
    order_labels,
    unique_labels,
)
from radtrack_gui.views.overview import overview

__all__ = ["COUNT_ROOM_PX", "MARK_ROOM_PX", "LanePainter"]


if TYPE_CHECKING:
    from radtrack_gui.gui.timeline.widget import TimelineWidget


class LanePainter:
    """Turns the widget's :class:`Layout` into graphics: background, glyphs, lane lines,
    axes, legend and the selection. Holds what the last draw placed (glyph positions and
    codes) for hit-testing and marks."""

    def __init__(self, tl: TimelineWidget) -> None:
        self.tl = tl
        self._fit_rows = 0
        self._hx = np.zeros(0)
        self._hy = np.zeros(0)
        self._hid: list[str] = []
        self._glyph_items: dict[tuple[str, str], Any] = {}
        self._band_x = (0.0, 1.0)
        self._codes: dict[str, tuple[float, int, int]] = {}  # see _mention_codes
        self._style_keys: list[tuple[str, str]] = []
        self._style_code: dict[tuple[str, str], int] = {}
        self._mark_items: dict[str, Any] = {}
        self._col_gap = 1.0  # median x distance between neighbouring report columns
        self._gap = np.zeros(0)  # per glyph: x distance to the next glyph of its lane
        self._mark_xy = (np.zeros(0), np.zeros(0), np.zeros(0, dtype=int), np.zeros(0))
        self._label_cache: dict[tuple, LabelFacts] = {}  # see views.labels

    def rows_that_fit(self) -> int:
        """Rows the view shows at a readable (or, compact, a tight) row height."""
        h = self.tl.vb.height()
        if h < 50:  # not laid out yet: a typical window's worth
            return 28 if not self.tl.compact else 40
        return max(8, int(h / (COMPACT_ROW_PX if self.tl.compact else VIEW_ROW_PX)))

    def apply_font(self) -> None:
        for ax in (self.tl.lane_axis, self.tl.column_axis, self.tl.time_axis):
            ax.set_font(self.tl._font)
        fm = QtGui.QFontMetrics(self.tl._font)
        self.tl.column_axis.setHeight(fm.height() + 10)
        self.tl.time_axis.setHeight(fm.height() + 12)

    def draw(self, keep_range: bool = False) -> None:
        timer = QtCore.QElapsedTimer()
        timer.start()
        rng = self.tl.vb.viewRange()
        p = self.tl.patient
        if p is None:
            self.tl.layout_ = None
            self._clear()
            self.tl.drawn.emit()
            return
        lay = L.build_layout(p, self.tl.filters, self.tl.x_mode)
        if self.tl.overview_on:  # fold the less important lanes so every group fits
            self._fit_rows = self.rows_that_fit()
            lay = overview(lay, p, self._fit_rows, frozenset(self.tl.expanded))
        self.tl.layout_ = lay
        self._draw_background(lay)
        self._draw_glyphs(p, lay)
        self.tl.size_trace.update(p, lay)
        self._draw_axes(lay)
        self._draw_legend(p)
        self.draw_selection()
        self._set_limits(lay)
        self.tl.controls.update_hint()
        if keep_range:
            self.tl.vb.setRange(xRange=rng[0], yRange=rng[1], padding=0)
        self.tl.marks.update_counts()
        self.tl.controls.update_more()
        self.tl.last_draw_ms = timer.nsecsElapsed() / 1e6
        self.tl.drawn.emit()

    def _clear(self) -> None:
        for item in (
            *self._glyph_items.values(),
            *self._mark_items.values(),
            self.tl.scene._density,
            self.tl.scene._sel_ring,
            self.tl.scene._sel_mention,
            self.tl.scene._ghost,
            *self.tl.scene._count_items.values(),
        ):
            item.setData([], [])
        self.tl.size_trace.clear()
        for c in (*self.tl.scene._lines.values(), self.tl.scene._guides, self.tl.scene._sel_line):
            c.setData([], [])
        self.tl.scene._bands.setPath(QtGui.QPainterPath())
        self.tl.scene._group_bands.setPath(QtGui.QPainterPath())
        self.tl.scene._undated.hide()
        self.tl.scene._sel_band.hide()
        self.tl.lane_axis.set_selected_row(None)
        self.tl.controls.negatives_hint.hide()
        self.tl.controls._more.hide()
        self.tl.controls._hint_row.hide()
        self.tl.lane_axis.labels = []
        self.tl.column_axis.set_columns({})
        self._hx, self._hy, self._hid = np.zeros(0), np.zeros(0), []
        self._mark_xy = (np.zeros(0), np.zeros(0), np.zeros(0, dtype=int), np.zeros(0))
        self.tl.marks._count_xy = {}

    def _x_span(self, lay: L.Layout) -> tuple[float, float, float]:
        x0, x1 = lay.x_range
        pad = max((x1 - x0) * 0.04, 0.6 if lay.x_mode == "order" else 43200.0)
        return x0, x1, pad

    def _draw_background(self, lay: L.Layout) -> None:
        x0, x1, pad = self._x_span(lay)
        left, right = x0 - 2 * (x1 - x0 + 3 * pad), x1 + 2 * (x1 - x0 + 3 * pad)
        self._band_x = (left, right)
        zebra, bands = QtGui.QPainterPath(), QtGui.QPainterPath()
        for row, (kind, _key) in enumerate(lay.row_kind):
            if kind == "group":
                bands.addRect(QRectF(left, row - 0.5, right - left, 1.0))
            elif row % 2 == 0:
                zebra.addRect(QRectF(left, row - 0.5, right - left, 1.0))
        self.tl.scene._bands.setPath(zebra)
        self.tl.scene._bands.setBrush(S.brush(S.ZEBRA))
        self.tl.scene._group_bands.setPath(bands)
        xs = np.array([c.x for c in lay.columns], dtype=float)
        gaps = np.diff(np.unique(xs))
        self._col_gap = float(np.median(gaps)) if gaps.size else 1.0
        if xs.size:
            gx = np.repeat(xs, 2)
            gy = np.tile([-0.5, max(lay.n_rows, 1) - 0.5], xs.size)
            self.tl.scene._guides.setData(gx, gy)
        else:
            self.tl.scene._guides.setData([], [])
        if lay.undated_start is not None and lay.undated_end is not None:
            self.tl.scene._undated.setRect(
                QRectF(
                    lay.undated_start,
                    -1.0,
                    lay.undated_end - lay.undated_start,
                    max(lay.n_rows, 3) + 1.5,
                )
            )
            self.tl.scene._undated.show()
        else:
            self.tl.scene._undated.hide()
        self.tl.scene.place_undated_text()

    def _mention_codes(self, p: Patient, lay: L.Layout, mids: list[str]) -> np.ndarray:
        """(x, style code, change code) per mention, cached between draws: edits only
        invalidate the mentions they touch (see ``refresh``)."""
        cache = self._codes
        missing = [mid for mid in mids if mid not in cache]
        if missing:
            modality = {r.id: (r.modality or "OTHER") for r in p.reports}
            for mid in missing:
                m = p.mentions[mid]
                key = (
                    modality.get(m.report, "OTHER"),
                    m.assertion if m.assertion in ASSERTIONS else "present",
                )
                code = self._style_code.get(key)
                if code is None:
                    code = self._style_code[key] = len(self._style_keys)
                    self._style_keys.append(key)
                ch = S.normalize_change(m.change) if m.change else None
                cache[mid] = (lay.x_of[m.report], code, S.CHANGE_KINDS.index(ch) if ch else -1)
        if not mids:
            return np.zeros((0, 3))
        return np.array([cache[mid] for mid in mids], dtype=float)

    def _draw_glyphs(self, p: Patient, lay: L.Layout) -> None:
        x0, x1, pad = self._x_span(lay)
        span = x1 - x0 + 2 * pad
        for item in (
            *self._glyph_items.values(),
            *self._mark_items.values(),
            self.tl.scene._density,
            *self.tl.scene._count_items.values(),
        ):
            if item.span_hint != span:
                item.span_hint = span
                item._rect = None
        mids: list[str] = []
        lens: list[int] = []
        rows: list[float] = []
        devices: list[bool] = []
        for lane in lay.lanes:
            mids.extend(lane.mentions)
            lens.append(len(lane.mentions))
            rows.append(float(lane.row))
            devices.append(lane.type == "device")
        codes = self._mention_codes(p, lay, mids)
        counts = np.asarray(lens, dtype=int)
        x = codes[:, 0]
        y = np.repeat(np.asarray(rows, dtype=float), counts)
        style = codes[:, 1].astype(int)
        change = codes[:, 2].astype(int)
        present = set(np.unique(style).tolist())
        for code in present:
            key = self._style_keys[code]
            found = self._glyph_items.get(key)
            if found is not None:
                item = found
            else:
                st = S.glyph_style(key[0], key[1], self.tl.colors)
                z = 2 if key[1] != "absent" else 1
                item = scatter_item(
                    st.symbol, st.size, self.tl.marks._lod, st.pen, st.brush, span, z
                )
                self.tl.vb.addItem(item)
                self._glyph_items[key] = item
            mask = style == code
            item.set_xy(x[mask], y[mask])
        shown = {self._style_keys[c] for c in present}
        for key, item in self._glyph_items.items():
            if key not in shown:
                item.set_xy(np.zeros(0), np.zeros(0))
        gap = next_gap(x, y)
        keep = mark_per_place(x, y, change)
        self._mark_xy = (x[keep], y[keep], change[keep], gap[keep])
        for k, kind in enumerate(S.CHANGE_KINDS):
            if kind in self._mark_items or not (change[keep] == k).any():
                continue
            item = scatter_item(
                S.change_mark(kind),
                S.MARK_SIZE,
                self.tl.marks._lod,
                NO_PEN,
                S.brush(S.INK),
                span,
                3,
            )
            item.setVisible(self.tl.marks._lod >= MARKS_MIN_LOD)
            self.tl.vb.addItem(item)
            self._mark_items[kind] = item
        self._gap = gap
        self.tl.marks.draw_counts(x, y, span)
        # Lines: each lane with 2+ glyphs, lanes separated by NaN (connect="finite").
        multi = np.repeat(counts > 1, counts)
        is_dev = np.repeat(np.asarray(devices, dtype=bool), counts)
        for t, want in (("finding", False), ("device", True)):
            sel = multi & (is_dev == want)
            lane_sel = (counts > 1) & (np.asarray(devices, dtype=bool) == want)
            ends = np.cumsum(counts[lane_sel]) if lane_sel.any() else np.zeros(0, dtype=int)
            lx = np.insert(x[sel], ends, np.nan)
            ly = np.insert(y[sel], ends, np.nan)
            self.tl.scene._lines[t].setData(lx, ly, connect="finite")
        dx: list[float] = []
        dy: list[float] = []
        for g in lay.groups:
            if g.collapsed:
                dx.extend(lay.x_of[p.mentions[mid].report] for mid in g.mentions)
                dy.extend([float(g.row)] * len(g.mentions))
        for f in getattr(lay, "folds", []):  # the lanes an overview folded away
            dx.extend(lay.x_of[p.mentions[mid].report] for mid in f.mentions)
            dy.extend([float(f.row)] * len(f.mentions))
        self.tl.scene._density.set_xy(np.asarray(dx), np.asarray(dy))
        self._hx, self._hy, self._hid = x, y, mids

    def _draw_axes(self, lay: L.Layout) -> None:
        if len(self._label_cache) > 50_000:
            self._label_cache.clear()
        names = (
            unique_labels(self.tl.patient, lay.lanes, self._label_cache)
            if self.tl.patient is not None
            else {}
        )
        self.tl.lane_names = names  # edits name a chain as its lane shows it
        lanes = {ln.chain: ln for ln in lay.lanes}
        groups = {g.key: g for g in lay.groups}
        folds = {f.key: f for f in getattr(lay, "folds", [])}
        labels: list[str] = []
        for kind, key in lay.row_kind:
            if kind == "group":
                g = groups[key]
                chains = f"{g.n_chains} chain{'s' if g.n_chains != 1 else ''}"
                labels.append(
                    f"▸ {g.title.upper()}: {chains}, {g.n_mentions} mention"
                    f"{'s' if g.n_mentions != 1 else ''}"
                    if g.collapsed
                    else f"▾ {g.title.upper()} ({chains})"
                )
            elif kind == "more":
                labels.append(folds[key].caption)
            else:
                lane = lanes[key]
                labels.append(lane_label(lane, names.get(key)))
        self.tl.lane_axis.set_labels(labels)
        cols = {c.x: column_label(c) for c in lay.columns}
        self.tl.column_axis.set_columns(cols)
        self.tl.time_axis.mode = lay.x_mode
        self.tl.time_axis.dated_end = lay.dated_end
        self.tl.time_axis.undated = (
            None
            if lay.undated_start is None or lay.undated_end is None
            else (lay.undated_start, lay.undated_end)
        )
        self.tl.time_axis.set_order_labels(order_labels(lay.columns))
        self.tl.time_axis.picture = None
        self.tl.time_axis.update()

    def _draw_legend(self, p: Patient) -> None:
        present = [m for m in MODALITIES if any(r.modality == m for r in p.reports)]
        mod_items = [
            (
                "o",
                S.GLYPH_SIZE,
                S.pen(S.darker(S.modality_color(m, self.tl.colors), 160)),
                S.brush(S.modality_color(m, self.tl.colors)),
                m,
            )
            for m in present
        ]
        grey = "#555555"
        as_items = []
        for a in ASSERTIONS:
            st = S.glyph_style("FL", a)
            as_items.append(
                (
                    st.symbol,
                    st.size,
                    S.pen(grey, st.pen.widthF()),
                    S.brush("#FFFFFF") if a == "absent" else S.brush(grey),
                    S.ASSERTION_NAMES[a].split(" ")[0],
                )
            )
        raw = {m.change for m in p.mentions.values()}
        changes = {S.normalize_change(c) for c in raw if c} - {None}
        ch_items = [
            (
                S.legend_change_mark(k),
                11,
                None,
                S.brush(S.INK),
                S.CHANGE_NAMES[k].split(" (")[0].split(" /")[0],
            )
            for k in S.CHANGE_KINDS
            if k in changes
        ]
        entries: list[tuple[str, list[LegendEntry]]] = [
            ("Modality", mod_items),
            ("Assertion", as_items),
        ]
        if any(len(item.data) for item in self.tl.scene._count_items.values()):
            entries.append(
                (
                    "",
                    [
                        (
                            S.legend_count_mark(2),
                            15,
                            None,
                            S.brush(S.COUNT_INK),
                            " mentions in one report",
                        )
                    ],
                )
            )
        if ch_items:
            entries.append(("Change", ch_items))
        if self.tl.size_trace.chains:
            entries.append(("", [self.tl.size_trace.legend_entry()]))
        self.tl.legend.set_entries(entries, self.tl._font)

    def _set_limits(self, lay: L.Layout) -> None:
        x0, x1, pad = self._x_span(lay)
        span = x1 - x0 + 2 * pad
        self.tl.vb.setLimits(
            xMin=x0 - 3 * pad,
            xMax=x1 + 3 * pad,
            minXRange=(0.8 if lay.x_mode == "order" else 6 * 3600.0),
            maxXRange=span * 1.5,
            yMin=-1.0,
            yMax=max(lay.n_rows, 3) + 0.5,
            minYRange=3.0,
        )

    def fit_x(self) -> None:
        if self.tl.layout_ is None:
            return
        x0, x1, pad = self._x_span(self.tl.layout_)
        self.tl.vb.setXRange(x0 - pad, x1 + pad, padding=0)

    def draw_selection(self) -> None:
        """Every selected lane: ring on each glyph, bold line, row band; every picked
        mention: a square. Nothing selected is ever hidden."""
        p, lay = self.tl.patient, self.tl.layout_
        if p is None or lay is None:
            return
        chosen = list(
            dict.fromkeys(
                [
                    *self.tl.selection.chains,
                    *([self.tl.selection.chain] if self.tl.selection.chain else []),
                ]
            )
        )
        by_chain = {ln.chain: ln for ln in lay.lanes}
        lanes = [by_chain[c] for c in chosen if c in by_chain]
        xs: list[float] = []
        ys: list[float] = []
        lx: list[float] = []
        ly: list[float] = []
        band = QtGui.QPainterPath()
        left, right = self._band_x
        for lane in lanes:
            lane_x = [lay.x_of[p.mentions[mid].report] for mid in lane.mentions]
            xs.extend(lane_x)
            ys.extend([float(lane.row)] * len(lane_x))
            lx.extend([*lane_x, np.nan])
            ly.extend([float(lane.row)] * len(lane_x) + [np.nan])
            band.addRect(QRectF(left, lane.row - 0.5, right - left, 1.0))
        self.tl.scene._sel_ring.setData(xs, ys)
        self.tl.scene._sel_line.setData(
            np.asarray(lx, dtype=float), np.asarray(ly, dtype=float), connect="finite"
        )
        self.tl.scene._sel_band.setPath(band)
        self.tl.scene._sel_band.setVisible(bool(lanes))
        self.tl.lane_axis.set_selected_rows([lane.row for lane in lanes])
        pts = [q for mid in self.tl.selection.mentions if (q := self.glyph_pos(mid)) is not None]
        self.tl.scene._sel_mention.setData([q[0] for q in pts], [q[1] for q in pts])

    def ensure_row_visible(self, chain_id: str | None, report: str | None = None) -> None:
        lay = self.tl.layout_
        if lay is None or chain_id not in lay.row_of_chain:
            return
        row = lay.row_of_chain[chain_id]
        (x0, x1), (y0, y1) = self.tl.vb.viewRange()
        if not (y0 + 0.5 <= row <= y1 - 0.5):
            h = y1 - y0
            self.tl.vb.setYRange(row - h / 2, row + h / 2, padding=0)
        if report is not None and report in lay.x_of:
            x = lay.x_of[report]
            if not (x0 <= x <= x1):
                w = x1 - x0
                self.tl.vb.setXRange(x - w / 2, x + w / 2, padding=0)

    def glyph_count(self) -> int:
        return sum(len(item.data) for item in self._glyph_items.values())

    def glyph_pos(self, mention_id: str) -> tuple[float, float] | None:
        try:
            i = self._hid.index(mention_id)
        except ValueError:
            return None
        return float(self._hx[i]), float(self._hy[i])
