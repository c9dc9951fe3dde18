"""The swimlane timeline: one lane per chain, one glyph per mention, reports as columns.

Built on pyqtgraph for speed: one ScatterPlotItem per glyph style (modality x assertion)
and per change mark, one curve per lane type joining all chains (NaN-separated,
``connect="finite"``), so panning never loops over mentions in Python. The layout itself
(rows, x positions, filters) comes from the Qt-free :mod:`radtrack_gui.views.lanes`.
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

import numpy as np
import pyqtgraph as pg
from pyqtgraph.graphicsItems.ScatterPlotItem import drawSymbol

from radtrack_gui.core.model import ASSERTIONS, MODALITIES, Patient
from radtrack_gui.gui import style as S
from radtrack_gui.gui.qt import (
    QBuffer,
    QByteArray,
    QCheckBox,
    QColor,
    QComboBox,
    QEvent,
    QFont,
    QHBoxLayout,
    QIODevice,
    QLabel,
    QLineEdit,
    QMenu,
    QObject,
    QPointF,
    QRectF,
    QSpinBox,
    Qt,
    QtCore,
    QtGui,
    QTimer,
    QToolButton,
    QtWidgets,
    QVBoxLayout,
    QWidget,
    Signal,
)
from radtrack_gui.util.atomic import atomic_open
from radtrack_gui.views import lanes as L

HIT_RADIUS_PX = 9.0
NO_PEN = QtGui.QPen(Qt.PenStyle.NoPen)
LANE_AXIS_WIDTH = 200
MAX_LANE_AXIS_WIDTH = 320
LANE_AXIS_SHARE = 0.34  # at most this share of the plot's width goes to lane labels
VIEW_ROW_PX = 22  # comfortable row height of the first view
MARKS_MIN_LOD = 0.7  # change marks hide below this glyph scale
COUNT_MIN_GAP_PX = 26  # "×n" counts hide when report columns are closer than this
FONT_PT = 9


# -- axes ----------------------------------------------------------------------------
class LaneAxis(pg.AxisItem):
    """Left axis: lane labels and group captions at integer rows, thinned when crowded."""

    def __init__(self) -> None:
        super().__init__("left")
        self.labels: list[str] = []
        self.selected_row: int | None = None  # its label gets a highlight band
        self.setStyle(tickLength=0, autoExpandTextSpace=False, textFillLimits=[(0, 1.0)])
        self.setWidth(LANE_AXIS_WIDTH)
        self._metrics = QtGui.QFontMetrics(QFont())

    def set_font(self, font: QFont) -> None:
        self.setStyle(tickFont=font)
        self._metrics = QtGui.QFontMetrics(font)

    def set_labels(self, labels: list[str]) -> None:
        """New row labels; the axis widens to the longest (within limits)."""
        self.labels = labels
        longest = sorted(labels, key=len)[-25:]  # measuring all would cost ms per draw
        widest = max((self._metrics.horizontalAdvance(t) for t in longest), default=0)
        view = self.getViewWidget()
        cap = MAX_LANE_AXIS_WIDTH if view is None else max(
            140, min(MAX_LANE_AXIS_WIDTH, int(view.width() * LANE_AXIS_SHARE)))
        self.setWidth(min(cap, max(min(LANE_AXIS_WIDTH, cap), widest + 20)))
        self.picture = None
        self.update()

    def tickValues(self, minVal: float, maxVal: float, size: float) -> list:
        if not self.labels or size <= 0:
            return []
        minVal, maxVal = min(minVal, maxVal), max(minVal, maxVal)  # the y axis is inverted
        lo = max(0, math.ceil(minVal))
        hi = min(len(self.labels) - 1, math.floor(maxVal))
        if hi < lo:
            return []
        px_per_row = size / max(1e-9, maxVal - minVal)
        step = max(1, math.ceil((self._metrics.height() + 1) / px_per_row))
        return [(1.0, [float(r) for r in range(lo - lo % step, hi + 1, step) if r >= lo])]

    def set_selected_row(self, row: int | None) -> None:
        if row != self.selected_row:
            self.selected_row = row
            self.picture = None
            self.update()

    def drawPicture(self, p: QtGui.QPainter, axisSpec: Any, tickSpecs: Any,
                    textSpecs: Any) -> None:
        """The selected lane's label sits on a band (with a bar at its left edge) in the
        selection colour, continuing the band the plot draws across that row."""
        view = self.linkedView()
        row = self.selected_row
        if view is not None and row is not None:
            top = self.mapFromScene(view.mapViewToScene(QPointF(0.0, row - 0.5))).y()
            bottom = self.mapFromScene(view.mapViewToScene(QPointF(0.0, row + 0.5))).y()
            if bottom > 0 and top < self.height():
                band = QRectF(0.0, top, self.width(), bottom - top)
                p.fillRect(band, QColor(S.SELECTED_BAND))
                p.fillRect(QRectF(0.0, top, 4.0, bottom - top), QColor(S.HIGHLIGHT_SELECTED))
        super().drawPicture(p, axisSpec, tickSpecs, textSpecs)

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        width = self.width() - 14
        out = []
        for v in values:
            i = round(v)
            text = self.labels[i] if 0 <= i < len(self.labels) else ""
            out.append(elide_label(text, self._metrics, width))
        return out


class ColumnAxis(pg.AxisItem):
    """Top axis: one label per report column (modality and exam), never overlapping."""

    def __init__(self) -> None:
        super().__init__("top")
        self.columns: dict[float, str] = {}
        self._xs = np.zeros(0)
        self._widths = np.zeros(0)
        self.setStyle(tickLength=4, autoExpandTextSpace=False)
        self.setHeight(24)
        self._metrics = QtGui.QFontMetrics(QFont())

    def set_font(self, font: QFont) -> None:
        self.setStyle(tickFont=font)
        self._metrics = QtGui.QFontMetrics(font)

    def set_columns(self, columns: dict[float, str]) -> None:
        if columns == self.columns:
            return
        self.columns = columns
        self._xs = np.array(sorted(columns))
        self._widths = np.array([self._metrics.horizontalAdvance(columns[x]) + 12.0
                                 for x in self._xs])
        self.picture = None
        self.update()

    def tickValues(self, minVal: float, maxVal: float, size: float) -> list:
        keep = (self._xs >= minVal) & (self._xs <= maxVal)
        xs = self._xs[keep]
        if xs.size == 0 or size <= 0:
            return []
        return [(1.0, greedy_ticks(xs, minVal, maxVal, size, self._widths[keep].tolist()))]

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        return [self.columns.get(v, "") for v in values]


def greedy_ticks(xs: np.ndarray, lo: float, hi: float, size: float,
                 widths: list[float]) -> list[float]:
    """Keep ticks left to right while their labels (``widths`` px) do not overlap."""
    scale = size / max(1e-12, hi - lo)
    out: list[float] = []
    right = -1e18
    for x, w in zip(xs.tolist(), widths, strict=True):
        px = (x - lo) * scale
        if px - w / 2 >= right:
            out.append(float(x))
            right = px + w / 2
    return out


class TimeAxis(pg.DateAxisItem):
    """Bottom axis: dates (date mode) or each report's date (order mode); the undated band
    gets its own label instead of made-up dates."""

    UNDATED_SPACING = -1.0  # marks our own tick level

    def __init__(self) -> None:
        super().__init__("bottom", utcOffset=0)
        self.mode = "date"
        self.dated_end: float | None = None
        self.undated: tuple[float, float] | None = None
        self.order_labels: dict[float, str] = {}
        self._order_xs = np.zeros(0)
        self._order_widths = np.zeros(0)
        self._metrics = QtGui.QFontMetrics(QFont())

    def set_font(self, font: QFont) -> None:
        self.setStyle(tickFont=font)
        self._metrics = QtGui.QFontMetrics(font)
        self.fontMetrics = self._metrics  # DateAxisItem measures its example texts with it

    def set_order_labels(self, labels: dict[float, str]) -> None:
        if labels == self.order_labels and len(self._order_xs) == len(labels):
            return
        self.order_labels = labels
        self._order_xs = np.array(sorted(labels))
        self._order_widths = np.array([self._metrics.horizontalAdvance(labels[x]) + 14.0
                                       for x in self._order_xs])

    def tickValues(self, minVal: float, maxVal: float, size: float) -> list:
        levels: list = []
        if self.mode == "order":
            keep = (self._order_xs >= minVal) & (self._order_xs <= maxVal)
            xs = self._order_xs[keep]
            if xs.size:
                levels.append((1.0, greedy_ticks(xs, minVal, maxVal, size,
                                                 self._order_widths[keep].tolist())))
        elif self.dated_end is not None:
            hi = min(maxVal, self.dated_end + (maxVal - minVal) * 0.02)
            if hi > minVal:
                levels = super().tickValues(minVal, hi, size * (hi - minVal) / (maxVal - minVal))
        if self.undated is not None:
            mid = (self.undated[0] + self.undated[1]) / 2
            if minVal <= mid <= maxVal:
                # On the first level: pyqtgraph may skip the text of crowded lower levels.
                if levels:
                    levels[0] = (levels[0][0], [*levels[0][1], mid])
                else:
                    levels.append((self.UNDATED_SPACING, [mid]))
        return levels

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        mid = None if self.undated is None else (self.undated[0] + self.undated[1]) / 2
        if self.mode == "order":
            out = [self.order_labels.get(v, "") for v in values]
        else:
            out = date_strings(values, spacing, min(self.range))
        return ["undated" if v == mid else t for v, t in zip(values, out, strict=True)]


def date_strings(values: list[float], spacing: float, lo: float = -np.inf) -> list[str]:
    """Readable dates for ticks ``spacing`` seconds apart; the first at or after ``lo``
    (the first one drawn) names the year."""
    day = 86400.0
    out = []
    first = next((i for i, v in enumerate(values) if v >= lo), 0)
    for i, v in enumerate(values):
        k = i - first  # 0 for the first visible tick
        d = datetime.fromtimestamp(v, UTC)
        if spacing >= 360 * day:
            fmt = "%Y"
        elif spacing >= 28 * day:
            fmt = "%b %Y" if k == 0 or d.month == 1 else "%b"
        elif spacing >= day:
            fmt = "%d %b %Y" if k == 0 else "%d %b"
        else:
            fmt = "%d %b %H:%M" if k == 0 or (d.hour == 0 and d.minute == 0) else "%H:%M"
        out.append(d.strftime(fmt))
    return out


# -- fast glyph items -----------------------------------------------------------------
class UniformScatter(pg.ScatterPlotItem):
    """A ScatterPlotItem whose points all share one style, so new positions are set with
    numpy only: one atlas look-up instead of one per point (``set_xy``)."""

    def set_xy(self, x: np.ndarray, y: np.ndarray) -> None:
        n = len(x)
        if n == 0:
            if len(self.data):
                self.clear()
                self._rect = None
            return
        if n == len(self.data):  # same number of points (e.g. rows shifted): update in place
            if np.array_equal(self.data["x"], x) and np.array_equal(self.data["y"], y):
                return
            self.data["x"] = x
            self.data["y"] = y
            self.prepareGeometryChange()
            self.informViewBoundsChanged()
            self.bounds = [None, None]
            self._rect = None
            self.invalidate()
            return
        data = np.empty(n, dtype=self.data.dtype)  # object fields start as None (= default)
        data["size"] = -1
        data["visible"] = True
        data["x"] = x
        data["y"] = y
        data["sourceRect"] = 0
        self.data = data
        self.updateSpots(data[:1])  # one atlas look-up, written through the view
        data["sourceRect"] = data["sourceRect"][0]
        self.prepareGeometryChange()
        self.informViewBoundsChanged()
        self.bounds = [None, None]
        self.invalidate()
        self._rect = None
        self.sigPlotChanged.emit(self)

    def set_size_fast(self, size: float) -> None:
        """Resize every glyph (one atlas look-up, as in ``set_xy``)."""
        if self.opts["size"] == size:
            return
        self.opts["size"] = size
        if len(self.data):
            self.data["sourceRect"] = 0
            self.updateSpots(self.data[:1])
            self.data["sourceRect"] = self.data["sourceRect"][0]
        self.prepareGeometryChange()
        self.invalidate()

    def boundingRect(self) -> QRectF:
        """The data extent padded by 5 % of the timeline's span: glyphs are a few pixels,
        far less than that at any allowed zoom, and this skips pyqtgraph's per-frame
        pixel-size bookkeeping."""
        rect = getattr(self, "_rect", None)
        if rect is None:
            if len(self.data) == 0:
                return QRectF()
            x, y = self.data["x"], self.data["y"]
            pad_x = max(float(x.max() - x.min()), self.span_hint) * 0.05 + 1e-9
            rect = QRectF(float(x.min()) - pad_x, float(y.min()) - 1.0,
                          float(x.max() - x.min()) + 2 * pad_x, float(y.max() - y.min()) + 2.0)
            self._rect = rect
        return rect

    span_hint = 1.0  # the whole timeline's x span (set per item by the widget)
    base_size = S.GLYPH_SIZE  # size at full scale (see TimelineWidget._update_lod)

    def mouseClickEvent(self, ev: Any) -> None:
        ev.ignore()  # the view box hit-tests clicks for all glyphs at once


# -- the view box --------------------------------------------------------------------
class TimelineViewBox(pg.ViewBox):
    """Wheel zooms time (Ctrl: lanes, Shift: scrolls lanes); dragging a glyph moves it."""

    def __init__(self, owner: TimelineWidget) -> None:
        super().__init__(invertY=True, enableMenu=False)
        self.owner = owner
        self._drag: list[str] | None = None

    def wheelEvent(self, ev: Any, axis: int | None = None) -> None:
        if axis is None:
            mods = ev.modifiers()
            if mods & Qt.KeyboardModifier.ShiftModifier:
                (y0, y1) = self.viewRange()[1]
                step = -np.sign(ev.delta()) * max(1.0, (y1 - y0) * 0.1)
                self.translateBy(y=step)
                ev.accept()
                return
            axis = 1 if mods & Qt.KeyboardModifier.ControlModifier else 0
        super().wheelEvent(ev, axis)

    def mouseClickEvent(self, ev: Any) -> None:
        if ev.button() == Qt.MouseButton.LeftButton:
            ev.accept()
            self.owner._on_click(ev.scenePos(), ev.modifiers())
        else:
            super().mouseClickEvent(ev)

    def mouseDragEvent(self, ev: Any, axis: int | None = None) -> None:
        if ev.button() == Qt.MouseButton.LeftButton and axis is None:
            if ev.isStart():
                hit = self.owner._hit(ev.buttonDownScenePos())
                self._drag = self.owner._drag_ids(hit) if hit else None
            if self._drag is not None:
                ev.accept()
                self.owner._drag_update(self._drag, ev.scenePos(), ev.isFinish())
                if ev.isFinish():
                    self._drag = None
                return
        super().mouseDragEvent(ev, axis)


# -- the legend ----------------------------------------------------------------------
class Legend(pg.GraphicsWidget):
    """Modality colours, assertion glyphs and change marks, flowed into rows."""

    ROW_H = 20

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[tuple[str, list[tuple[Any, int, Any, Any, str]]]] = []
        self.font = QFont()
        self.setSizePolicy(QtWidgets.QSizePolicy.Policy.Expanding,
                           QtWidgets.QSizePolicy.Policy.Fixed)

    def set_entries(self, entries: list[tuple[str, list[tuple[Any, int, Any, Any, str]]]],
                    font: QFont) -> None:
        self.entries = entries
        self.font = font
        self._relayout()

    def _flow(self, width: float) -> list[tuple[float, float, str, Any]]:
        fm = QtGui.QFontMetrics(self.font)
        bold = QFont(self.font)
        bold.setBold(True)
        fmb = QtGui.QFontMetrics(bold)
        x, y = 8.0, 4.0
        out: list[tuple[float, float, str, Any]] = []
        for title, items in self.entries:
            tw = fmb.horizontalAdvance(title) + 10
            first_w = tw + 18 + fm.horizontalAdvance(items[0][4]) + 14 if items else tw
            if x > 8 and x + first_w > width:
                x, y = 8.0, y + self.ROW_H
            out.append((x, y, "title", title))
            x += tw
            for item in items:
                w = 18 + fm.horizontalAdvance(item[4]) + 14
                if x + w > width and x > 8:
                    x, y = 8.0 + tw, y + self.ROW_H
                out.append((x, y, "item", item))
                x += w
            x += 16
        return out

    def _relayout(self) -> None:
        width = max(200.0, self.size().width() or 900.0)
        flow = self._flow(width)
        h = (max(y for _, y, _, _ in flow) + self.ROW_H + 4) if flow else 4
        self.setMinimumHeight(h)
        self.setMaximumHeight(h)
        self.updateGeometry()
        parent = self.parentLayoutItem()
        if isinstance(parent, QtWidgets.QGraphicsLayout):
            parent.activate()  # lay out now, so a screenshot right after a draw is complete
        self.update()

    def resizeEvent(self, ev: Any) -> None:
        super().resizeEvent(ev)
        if not self.entries:
            return
        flow = self._flow(self.size().width())
        h = (max(y for _, y, _, _ in flow) + self.ROW_H + 4) if flow else 4
        if abs(h - self.size().height()) > 0.5:
            self.setMinimumHeight(h)
            self.setMaximumHeight(h)

    def paint(self, p: QtGui.QPainter, *args: Any) -> None:
        p.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        p.setFont(self.font)
        fm = QtGui.QFontMetrics(self.font)
        for x, y, kind, what in self._flow(self.size().width()):
            cy = y + self.ROW_H / 2
            if kind == "title":
                f = QFont(self.font)
                f.setBold(True)
                p.setFont(f)
                p.setPen(QColor(S.INK))
                p.drawText(QRectF(x, y, 400, self.ROW_H),
                           Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, what)
                p.setFont(self.font)
                continue
            symbol, size, pen, brush, text = what
            p.save()
            p.translate(x + 8, cy)
            drawSymbol(p, symbol, size, pen if pen is not None else NO_PEN, brush)
            p.restore()
            p.setPen(QColor(S.INK))
            p.drawText(QRectF(x + 18, y, fm.horizontalAdvance(text) + 4, self.ROW_H),
                       Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, text)


# -- the widget ----------------------------------------------------------------------
class TimelineWidget(QWidget):
    """The swimlane timeline (see module doc). API agreed with the main window."""

    mentionClicked = Signal(str)
    chainClicked = Signal(str)
    mentionsDropped = Signal(list, str)
    drawn = Signal()
    xModeChanged = Signal(str)  # the toolbar toggled the x axis (not in the agreed API)
    negativesChanged = Signal(bool)  # pertinent negatives shown (True) or hidden

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.patient: Patient | None = None
        # Pertinent negatives start hidden (Settings.show_negatives): they crowd the lanes.
        self.filters = L.Filters(negatives=False)
        self.x_mode = "date"
        self.layout_: L.Layout | None = None
        self.colors: dict[str, str] = {}
        self.selected_chain: str | None = None
        self.selected_mentions: list[str] = []
        self.last_draw_ms = 0.0
        self._font = QFont()
        self._font.setPointSizeF(FONT_PT)
        self._hx = np.zeros(0)
        self._hy = np.zeros(0)
        self._hid: list[str] = []
        self._glyph_items: dict[tuple[str, str], pg.ScatterPlotItem] = {}
        self._band_x = (0.0, 1.0)
        self._lod = 1.0  # glyph scale: smaller when rows are packed tightly
        self._codes: dict[str, tuple[float, int, int]] = {}  # see _mention_codes
        self._style_keys: list[tuple[str, str]] = []
        self._style_code: dict[tuple[str, str], int] = {}
        self._mark_items: dict[str, pg.ScatterPlotItem] = {}
        self._col_gap = 1.0  # median x distance between neighbouring report columns
        self._counts_on = True
        self._build_ui()

    # -- construction ----------------------------------------------------------------
    def _build_ui(self) -> None:
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(2)
        outer.addLayout(self._build_toolbar())
        outer.addWidget(self._build_hint())

        self.view = pg.GraphicsLayoutWidget()
        self.view.setBackground("w")
        self.view.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.view.ci.setContentsMargins(4, 4, 10, 4)
        self.view.ci.setSpacing(2)
        self.vb = TimelineViewBox(self)
        self.lane_axis = LaneAxis()
        self.column_axis = ColumnAxis()
        self.time_axis = TimeAxis()
        self.plot = self.view.addPlot(row=0, col=0, viewBox=self.vb, axisItems={
            "left": self.lane_axis, "top": self.column_axis, "bottom": self.time_axis})
        self.plot.showAxis("top")
        self.plot.hideButtons()
        self.plot.setMenuEnabled(False)
        for ax in (self.lane_axis, self.column_axis, self.time_axis):
            ax.setPen(pg.mkPen("#9AA0A6"))
            ax.setTextPen(pg.mkPen(S.INK))
        self.legend = Legend()
        self.view.addItem(self.legend, row=1, col=0)
        outer.addWidget(self.view, 1)

        # Background: zebra rows and group bands, column guides, undated band.
        self._bands = QtWidgets.QGraphicsPathItem()
        self._bands.setPen(pg.mkPen(None))
        self._bands.setZValue(-30)
        self.vb.addItem(self._bands, ignoreBounds=True)
        self._group_bands = QtWidgets.QGraphicsPathItem()
        self._group_bands.setPen(pg.mkPen(None))
        self._group_bands.setBrush(S.brush(S.GROUP_BAND))
        self._group_bands.setZValue(-29)
        self.vb.addItem(self._group_bands, ignoreBounds=True)
        self._undated = QtWidgets.QGraphicsRectItem()
        self._undated.setPen(pg.mkPen(None))
        self._undated.setBrush(S.brush(S.UNDATED_BAND))
        self._undated.setZValue(-28)
        self.vb.addItem(self._undated, ignoreBounds=True)
        self._guides = pg.PlotCurveItem(pen=S.pen("#DADDE2", 1.0), connect="pairs")
        self._guides.setZValue(-20)
        self.vb.addItem(self._guides, ignoreBounds=True)
        self._lines = {t: pg.PlotCurveItem(pen=S.pen(S.LANE_LINE[t], 1.6), connect="finite")
                       for t in ("finding", "device")}
        for item in self._lines.values():
            item.setZValue(-10)
            self.vb.addItem(item)
        # "×n" beside a glyph that stands for n mentions of its chain in one report.
        self._count_items: dict[int, UniformScatter] = {}
        self._density = UniformScatter(size=6, pen=NO_PEN, brush=S.brush("#8A8F98", 150),
                                       symbol="o", pxMode=True)
        self.vb.addItem(self._density)
        self._sel_line = pg.PlotCurveItem(pen=S.pen(S.SELECTED, 3.0), connect="finite")
        self._sel_line.setZValue(5)
        self.vb.addItem(self._sel_line)
        self._sel_ring = UniformScatter(size=S.GLYPH_SIZE + 9, symbol="o",
                                            pen=S.pen(S.HIGHLIGHT_SELECTED, 3.0),
                                            brush=S.brush("#FFFFFF", 0), pxMode=True)
        self._sel_ring.setZValue(4)
        self.vb.addItem(self._sel_ring)
        self._sel_mention = UniformScatter(size=S.GLYPH_SIZE + 14, symbol="s",
                                               pen=S.pen(S.SELECTED, 2.0),
                                               brush=S.brush("#FFFFFF", 0), pxMode=True)
        self._sel_mention.setZValue(6)
        self.vb.addItem(self._sel_mention)
        self._ghost = UniformScatter(size=S.GLYPH_SIZE + 4, symbol="o",
                                         pen=S.pen(S.SELECTED, 2.0, Qt.PenStyle.DashLine),
                                         brush=S.brush(S.HIGHLIGHT_SELECTED, 120), pxMode=True)
        self._ghost.setZValue(20)
        self.vb.addItem(self._ghost)
        self._sel_band = QtWidgets.QGraphicsRectItem()  # the selected lane's row
        self._sel_band.setPen(pg.mkPen(None))
        self._sel_band.setBrush(S.brush(S.SELECTED_BAND))
        self._sel_band.setZValue(-27)
        self._sel_band.hide()
        self.vb.addItem(self._sel_band, ignoreBounds=True)
        self._target = QtWidgets.QGraphicsRectItem()
        self._target.setPen(pg.mkPen(None))
        self._target.setBrush(S.brush(S.HIGHLIGHT_SELECTED, 60))
        self._target.setZValue(-5)
        self._target.hide()
        self.vb.addItem(self._target, ignoreBounds=True)

        self._hover_timer = QTimer(self)
        self._hover_timer.setSingleShot(True)
        self._hover_timer.setInterval(60)
        self._hover_timer.timeout.connect(self._show_hover)
        self._hover_pos: QPointF | None = None
        self.view.scene().sigMouseMoved.connect(self._on_mouse_moved)
        self.vb.sigYRangeChanged.connect(self._update_lod)
        self.vb.sigResized.connect(self._update_lod)
        self.vb.sigXRangeChanged.connect(self._update_counts)
        self.vb.sigResized.connect(self._update_counts)
        self.vb.sigYRangeChanged.connect(self._update_more)
        self.vb.sigResized.connect(self._update_more)

        self.view.installEventFilter(self)
        self._apply_font()

    def _build_toolbar(self) -> QHBoxLayout:
        bar = QHBoxLayout()
        bar.setContentsMargins(4, 4, 4, 0)
        bar.setSpacing(6)
        self.date_button = QToolButton(text="Date")
        self.order_button = QToolButton(text="Report order")
        for b in (self.date_button, self.order_button):
            b.setCheckable(True)
            b.setAutoRaise(True)
        self.date_button.setChecked(True)
        self.date_button.setToolTip("x axis: exam date-time")
        self.order_button.setToolTip("x axis: reports evenly spaced (long gaps squash clusters)")
        self.date_button.clicked.connect(lambda: self.set_x_mode("date"))
        self.order_button.clicked.connect(lambda: self.set_x_mode("order"))
        bar.addWidget(QLabel("x:"))
        bar.addWidget(self.date_button)
        bar.addWidget(self.order_button)

        self.group_combo = QComboBox()
        for key, text in (("type", "Findings / devices"), ("region", "Body region"),
                          ("system", "Organ system")):
            self.group_combo.addItem(text, key)
        self.group_combo.currentIndexChanged.connect(
            lambda _i: self.set_filters(group_by=self.group_combo.currentData()))
        bar.addWidget(QLabel("Group:"))
        bar.addWidget(self.group_combo)

        self.filter_button = QToolButton(text="Filters")
        self.filter_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.filter_menu = QMenu(self.filter_button)
        self.filter_button.setMenu(self.filter_menu)
        self._filter_actions: dict[tuple[str, str], QtGui.QAction] = {}
        for title, key, values in (("Type", "types", ("finding", "device")),
                                   ("Modality", "modalities", MODALITIES),
                                   ("Assertion", "assertions", ASSERTIONS)):
            self.filter_menu.addSection(title)
            for v in values:
                act = self.filter_menu.addAction(S.MODALITY_NAMES.get(v, v.capitalize())
                                                 if key == "modalities" else v.capitalize())
                act.setCheckable(True)
                act.setChecked(True)
                act.toggled.connect(self._filters_from_menu)
                self._filter_actions[(key, v)] = act
        bar.addWidget(self.filter_button)

        # Chain-size filters live in the same menu, to keep the bar short in narrow docks.
        self.filter_menu.addSection("Chains")
        holder = QWidget()
        row = QHBoxLayout(holder)
        row.setContentsMargins(8, 2, 8, 2)
        self.singletons_box = QCheckBox("Show singletons")
        self.singletons_box.setChecked(True)
        self.singletons_box.toggled.connect(lambda on: self.set_filters(singletons=on))
        row.addWidget(self.singletons_box)
        row.addWidget(QLabel("Min length:"))
        self.min_length_box = QSpinBox()
        self.min_length_box.setRange(1, 999)
        self.min_length_box.valueChanged.connect(lambda v: self.set_filters(min_length=v))
        row.addWidget(self.min_length_box)
        action = QtWidgets.QWidgetAction(self.filter_menu)
        action.setDefaultWidget(holder)
        self.filter_menu.addAction(action)
        self.negatives_action = self.filter_menu.addAction(
            "Pertinent negatives (chains whose every mention is absent)")
        self.negatives_action.setCheckable(True)
        self.negatives_action.setChecked(self.filters.negatives)
        self.negatives_action.setToolTip("e.g. “no hydrocephalus” in every report; a "
                                         "finding that later resolved always stays")
        self.negatives_action.toggled.connect(lambda on: self.set_filters(negatives=on))

        self.search_box = QLineEdit()
        self.search_box.setPlaceholderText("Search lanes (synonyms too)")
        self.search_box.setClearButtonEnabled(True)
        self._search_timer = QTimer(self)
        self._search_timer.setSingleShot(True)
        self._search_timer.setInterval(200)
        self._search_timer.timeout.connect(
            lambda: self.set_filters(search=self.search_box.text()))
        self.search_box.textChanged.connect(lambda _t: self._search_timer.start())
        bar.addWidget(self.search_box, 1)

        self.fit_button = QToolButton(text="Fit all")
        self.fit_button.setToolTip("Show everything (Home)")
        self.fit_button.clicked.connect(self.fit_all)
        bar.addWidget(self.fit_button)
        return bar

    def _build_hint(self) -> QWidget:
        """A line under the toolbar saying what is out of sight: the chains the negatives
        filter hides (with a link to show them) and the lanes below or above the view
        (the lanes have no scroll bar)."""
        row = QWidget()
        row.setObjectName("timelineHints")
        row.setStyleSheet("QWidget#timelineHints { background: #F1F3F6; border-radius: 3px; }"
                          " QLabel { color: #4A4F57; }")
        box = QHBoxLayout(row)
        box.setContentsMargins(8, 1, 8, 1)
        box.setSpacing(12)
        labels = []
        for name in ("negativesHint", "moreLanes"):
            label = QLabel()
            label.setObjectName(name)
            label.setTextFormat(Qt.TextFormat.RichText)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse
                                          | Qt.TextInteractionFlag.LinksAccessibleByKeyboard)
            label.hide()
            labels.append(label)
        self.negatives_hint, self._more = labels
        self.negatives_hint.linkActivated.connect(lambda _l: self.set_filters(negatives=True))
        self._more.linkActivated.connect(self._scroll_page)
        box.addWidget(self.negatives_hint)
        box.addStretch(1)
        box.addWidget(self._more)
        row.hide()
        self._hint_row = row
        return row

    def _show_hints(self) -> None:
        self._hint_row.setVisible(not (self.negatives_hint.isHidden()
                                       and self._more.isHidden()))

    def hint_text(self) -> str:
        """The hint's words, plain ("" when nothing is hidden)."""
        n = len(self.layout_.hidden_negatives) if self.layout_ is not None else 0
        if n == 0:
            return ""
        return (f"{n} negative-only chain{'s' if n != 1 else ''} hidden "
                f"(every mention absent or normal, like “no {self._negative_example()}”)")

    def _negative_example(self) -> str:
        p, lay = self.patient, self.layout_
        if p is None or lay is None or not lay.hidden_negatives:
            return ""
        labels = [c.label for c in map(p.chains.get, lay.hidden_negatives)
                  if c is not None and c.label and not c.label.startswith("normal ")]
        return labels[0] if labels else "finding"

    def _update_hint(self) -> None:
        text = self.hint_text()
        if not text:
            self.negatives_hint.hide()
            self._show_hints()
            return
        n = len(self.layout_.hidden_negatives) if self.layout_ is not None else 0
        fm = QtGui.QFontMetrics(self.negatives_hint.font())
        room = self.width() - 30 - (self._more.sizeHint().width() + 12
                                    if not self._more.isHidden() else 0)
        if fm.horizontalAdvance(text + "  Show them") > max(200, room):
            text = f"{n} negative-only chain{'s' if n != 1 else ''} hidden"  # narrow
        self.negatives_hint.setText(f"{html.escape(text)} &nbsp;<a href='show'>Show "
                                    f"{'them' if n != 1 else 'it'}</a>")
        self.negatives_hint.setToolTip(
            "Pertinent negatives: chains whose every mention is absent or normal. Show them from "
            "Filters or View ▸ Show pertinent negatives. The chain list keeps them.")
        self.negatives_hint.show()
        self._show_hints()

    # -- public API --------------------------------------------------------------------
    def set_patient(self, patient: Patient | None) -> None:
        self.patient = patient
        self._codes.clear()
        self.selected_chain = None
        self.selected_mentions = []
        self._draw()
        self.fit_all()
        self._readable_rows()

    def _readable_rows(self) -> None:
        """Many lanes: show the first screenful at a readable row height (Home shows all)."""
        if self.layout_ is None:
            return
        rows = max(10, int(self.vb.height() / VIEW_ROW_PX)) if self.vb.height() > 50 else 30
        # End between two rows, so the next lane's marks do not peek in at the bottom.
        self.vb.setYRange(-0.6, min(rows, max(self.layout_.n_rows, 1)) - 0.5, padding=0)

    def refresh(self, changes: Any = None) -> None:
        """Redraw after an edit; the view range and selection stay where they are."""
        if self.patient is None:
            return
        if changes is not None and not getattr(changes, "everything", False):
            gone = getattr(changes, "chains_removed", set()) or set()
            if self.selected_chain in gone:
                self.selected_chain = None
            removed = getattr(changes, "mentions_removed", set()) or set()
            self.selected_mentions = [m for m in self.selected_mentions if m not in removed]
        if changes is None or getattr(changes, "everything", False):
            self._codes.clear()
        else:
            for name in ("mentions_added", "mentions_removed", "mentions_changed"):
                for mid in getattr(changes, name, ()) or ():
                    self._codes.pop(mid, None)
        if self.selected_chain and self.selected_chain not in self.patient.chains:
            self.selected_chain = None
        self._draw(keep_range=True)

    def select_chain(self, chain_id: str | None) -> None:
        p = self.patient
        if p is not None and chain_id is not None and chain_id == self.selected_chain:
            # The same chain again (a glyph click also selects its chain): keep the
            # picked mentions of that chain marked.
            self.selected_mentions = [m for m in self.selected_mentions
                                      if m in p.mentions and p.mentions[m].chain == chain_id]
        else:
            self.selected_mentions = []
        self.selected_chain = chain_id
        self._draw_selection()
        self._ensure_row_visible(chain_id)

    def select_mention(self, mention_id: str | None) -> None:
        if self.patient is None or mention_id not in self.patient.mentions:
            self.selected_mentions = []
            self._draw_selection()
            return
        m = self.patient.mentions[mention_id]
        self.selected_chain = m.chain
        self.selected_mentions = [mention_id]
        self._draw_selection()
        self._ensure_row_visible(m.chain, m.report)

    def set_x_mode(self, mode: str) -> None:
        if mode not in L.X_MODES:
            raise ValueError(f"x mode must be one of {L.X_MODES}, not {mode!r}")
        self.date_button.setChecked(mode == "date")
        self.order_button.setChecked(mode == "order")
        if mode == self.x_mode and self.layout_ is not None:
            return
        self.x_mode = mode
        self.xModeChanged.emit(mode)
        self._codes.clear()
        y_range = self.vb.viewRange()[1]
        self._draw()
        self._fit_x()
        self.vb.setYRange(*y_range, padding=0)

    def fit_all(self) -> None:
        if self.layout_ is None:
            return
        self._fit_x()
        self.vb.setYRange(-0.7, max(1, self.layout_.n_rows) - 0.3, padding=0)

    def set_filters(self, **kwargs: Any) -> None:
        """type, modalities, assertions, singletons, negatives, min_length, search,
        group_by."""
        new = self.filters.updated(**kwargs)
        if new == self.filters and self.layout_ is not None:
            return
        negatives_changed = new.negatives != self.filters.negatives
        self.filters = new
        self._sync_controls()
        self._draw()
        self._readable_rows()
        if negatives_changed:
            self.negativesChanged.emit(new.negatives)

    def toggle_group(self, key: str) -> None:
        """Collapse or expand a group (its summary row keeps the counts)."""
        collapsed = set(self.filters.collapsed) ^ {key}
        self.filters = self.filters.updated(collapsed=collapsed)
        self._draw(keep_range=True)

    def set_colors(self, modality_colors: dict[str, str] | None = None,
                   font_pt: float | None = None) -> None:
        """Settings hook: modality colour overrides and the label font size."""
        self.colors = dict(modality_colors or {})
        if font_pt:
            self._font.setPointSizeF(float(font_pt))
            self._apply_font()
        for item in self._glyph_items.values():
            self.vb.removeItem(item)  # recreated with the new colours on the next draw
        self._glyph_items.clear()
        if self.patient is not None:
            self._draw(keep_range=True)

    def resizeEvent(self, ev: Any) -> None:
        super().resizeEvent(ev)
        if self.lane_axis.labels:
            self.lane_axis.set_labels(self.lane_axis.labels)  # its width follows the view's
        self._update_hint()

    def apply_settings(self, settings: Any) -> None:
        """Take palette, font size, x mode, grouping and lane filters from a
        :class:`radtrack_gui.settings.Settings` (unknown values are ignored)."""
        palette = S.PALETTES.get(getattr(settings, "palette", ""), S.MODALITY_COLORS)
        self.set_colors(dict(palette), getattr(settings, "font_size", None))
        group = {"organ system": "system"}.get(getattr(settings, "lane_grouping", "type"),
                                               getattr(settings, "lane_grouping", "type"))
        kw: dict[str, Any] = {
            "singletons": bool(getattr(settings, "show_singletons", True)),
            "negatives": bool(getattr(settings, "show_negatives", False)),
            "min_length": int(getattr(settings, "min_chain_length", 1) or 1)}
        if group in L.GROUP_BY:
            kw["group_by"] = group
        self.set_filters(**kw)
        mode = {"report order": "order"}.get(getattr(settings, "x_mode", "date"),
                                            getattr(settings, "x_mode", "date"))
        if mode in L.X_MODES:
            self.set_x_mode(mode)

    def export_png(self, path: str) -> None:
        from pyqtgraph.exporters import ImageExporter

        exporter = ImageExporter(self.view.scene())
        exporter.parameters()["width"] = int(self.view.width() * 2)
        exporter.parameters()["antialias"] = True
        image = exporter.export(toBytes=True)
        data = QByteArray()
        buf = QBuffer(data)
        buf.open(QIODevice.OpenModeFlag.WriteOnly)
        if not image.save(buf, "PNG"):
            raise OSError(f"{path}: could not encode the timeline as PNG")
        buf.close()
        with atomic_open(path, "wb", encoding=None, newline=None) as f:
            f.write(bytes(data.data()))

    def export_svg(self, path: str) -> None:
        """Vector SVG of what the view shows (glyphs as shapes, labels as text)."""
        from radtrack_gui.gui.qt import QRect, QSize, QtSvg

        view = self.view
        w, h = view.viewport().width(), view.viewport().height()
        source = view.mapToScene(view.viewport().rect()).boundingRect()
        data = QByteArray()
        buf = QBuffer(data)
        buf.open(QIODevice.OpenModeFlag.WriteOnly)
        gen = QtSvg.QSvgGenerator()
        gen.setOutputDevice(buf)
        gen.setSize(QSize(w, h))
        gen.setViewBox(QRect(0, 0, w, h))
        gen.setResolution(view.logicalDpiX())  # axes replay QPictures, which scale by dpi
        gen.setTitle("RadTrack timeline")
        gen.setDescription(f"Patient {self.patient.id if self.patient else ''}")
        items = [it for it in view.scene().items() if hasattr(it, "setExportMode")]
        painter = QtGui.QPainter(gen)
        try:
            for it in items:  # pyqtgraph items draw vector symbols in export mode
                it.setExportMode(True, {"antialias": True, "background": QColor("white"),
                                        "painter": painter, "resolutionScale": 1.0})
            painter.fillRect(QRectF(0, 0, w, h), QColor("white"))
            view.scene().render(painter, QRectF(0, 0, w, h), source)
        finally:
            painter.end()
            for it in items:
                it.setExportMode(False)
        buf.close()
        with atomic_open(path, "wb", encoding=None, newline=None) as f:
            f.write(bytes(data.data()))

    # -- read-outs for tests and other views ----------------------------------------------
    def lane_count(self) -> int:
        return len(self.layout_.lanes) if self.layout_ else 0

    def glyph_count(self) -> int:
        return sum(len(item.data) for item in self._glyph_items.values())

    def glyph_pos(self, mention_id: str) -> tuple[float, float] | None:
        try:
            i = self._hid.index(mention_id)
        except ValueError:
            return None
        return float(self._hx[i]), float(self._hy[i])

    def glyph_view_pos(self, mention_id: str) -> QtCore.QPoint | None:
        """Where the glyph is in ``self.view``'s viewport (for tests and tours)."""
        pos = self.glyph_pos(mention_id)
        if pos is None:
            return None
        scene = self.vb.mapViewToScene(QPointF(*pos))
        return self.view.mapFromScene(scene)

    def lane_labels(self) -> list[str]:
        return list(self.lane_axis.labels)

    # -- drawing -----------------------------------------------------------------------
    def _apply_font(self) -> None:
        for ax in (self.lane_axis, self.column_axis, self.time_axis):
            ax.set_font(self._font)
        fm = QtGui.QFontMetrics(self._font)
        self.column_axis.setHeight(fm.height() + 10)
        self.time_axis.setHeight(fm.height() + 12)

    def _draw(self, keep_range: bool = False) -> None:
        timer = QtCore.QElapsedTimer()
        timer.start()
        rng = self.vb.viewRange()
        p = self.patient
        if p is None:
            self.layout_ = None
            self._clear()
            self.drawn.emit()
            return
        lay = self.layout_ = L.build_layout(p, self.filters, self.x_mode)
        self._draw_background(lay)
        self._draw_glyphs(p, lay)
        self._draw_axes(lay)
        self._draw_legend(p)
        self._draw_selection()
        self._set_limits(lay)
        self._update_hint()
        if keep_range:
            self.vb.setRange(xRange=rng[0], yRange=rng[1], padding=0)
        self._update_counts()
        self._update_more()
        self.last_draw_ms = timer.nsecsElapsed() / 1e6
        self.drawn.emit()

    def _clear(self) -> None:
        for item in (*self._glyph_items.values(), *self._mark_items.values(), self._density,
                     self._sel_ring, self._sel_mention, self._ghost,
                     *self._count_items.values()):
            item.setData([], [])
        for c in (*self._lines.values(), self._guides, self._sel_line):
            c.setData([], [])
        self._bands.setPath(QtGui.QPainterPath())
        self._group_bands.setPath(QtGui.QPainterPath())
        self._undated.hide()
        self._sel_band.hide()
        self.lane_axis.set_selected_row(None)
        self.negatives_hint.hide()
        self._more.hide()
        self._hint_row.hide()
        self.lane_axis.labels = []
        self.column_axis.set_columns({})
        self._hx, self._hy, self._hid = np.zeros(0), np.zeros(0), []

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
        self._bands.setPath(zebra)
        self._bands.setBrush(S.brush(S.ZEBRA))
        self._group_bands.setPath(bands)
        xs = np.array([c.x for c in lay.columns], dtype=float)
        gaps = np.diff(np.unique(xs))
        self._col_gap = float(np.median(gaps)) if gaps.size else 1.0
        if xs.size:
            gx = np.repeat(xs, 2)
            gy = np.tile([-0.5, max(lay.n_rows, 1) - 0.5], xs.size)
            self._guides.setData(gx, gy)
        else:
            self._guides.setData([], [])
        if lay.undated_start is not None and lay.undated_end is not None:
            self._undated.setRect(QRectF(lay.undated_start, -1.0,
                                         lay.undated_end - lay.undated_start,
                                         max(lay.n_rows, 3) + 1.5))
            self._undated.show()
        else:
            self._undated.hide()

    def _mention_codes(self, p: Patient, lay: L.Layout, mids: list[str]) -> np.ndarray:
        """(x, style code, change code) per mention, cached between draws: edits only
        invalidate the mentions they touch (see ``refresh``)."""
        cache = self._codes
        missing = [mid for mid in mids if mid not in cache]
        if missing:
            modality = {r.id: (r.modality or "OTHER") for r in p.reports}
            for mid in missing:
                m = p.mentions[mid]
                key = (modality.get(m.report, "OTHER"),
                       m.assertion if m.assertion in ASSERTIONS else "present")
                code = self._style_code.get(key)
                if code is None:
                    code = self._style_code[key] = len(self._style_keys)
                    self._style_keys.append(key)
                ch = S.normalize_change(m.change) if m.change else None
                cache[mid] = (lay.x_of[m.report], code,
                              S.CHANGE_KINDS.index(ch) if ch else -1)
        if not mids:
            return np.zeros((0, 3))
        return np.array([cache[mid] for mid in mids], dtype=float)

    def _draw_glyphs(self, p: Patient, lay: L.Layout) -> None:
        x0, x1, pad = self._x_span(lay)
        span = x1 - x0 + 2 * pad
        for item in (*self._glyph_items.values(), *self._mark_items.values(), self._density,
                     *self._count_items.values()):
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
            item = self._glyph_items.get(key)
            if item is None:
                st = S.glyph_style(key[0], key[1], self.colors)
                item = UniformScatter(symbol=st.symbol, size=round(st.size * self._lod),
                                      pen=st.pen, brush=st.brush, pxMode=True,
                                      antialias=True)
                item.base_size = st.size
                item.span_hint = span
                item.setZValue(2 if key[1] != "absent" else 1)
                self.vb.addItem(item)
                self._glyph_items[key] = item
            mask = style == code
            item.set_xy(x[mask], y[mask])
        shown = {self._style_keys[c] for c in present}
        for key, item in self._glyph_items.items():
            if key not in shown:
                item.set_xy(np.zeros(0), np.zeros(0))
        for k, kind in enumerate(S.CHANGE_KINDS):
            mask = change == k
            item = self._mark_items.get(kind)
            if item is None:
                if not mask.any():
                    continue
                item = UniformScatter(symbol=S.change_mark(kind),
                                      size=round(S.MARK_SIZE * self._lod), pen=NO_PEN,
                                      brush=S.brush(S.INK), pxMode=True, antialias=True)
                item.base_size = S.MARK_SIZE
                item.span_hint = span
                item.setVisible(self._lod >= MARKS_MIN_LOD)
                item.setZValue(3)
                self.vb.addItem(item)
                self._mark_items[kind] = item
            item.set_xy(x[mask], y[mask])
        self._draw_counts(x, y, span)
        # Lines: each lane with 2+ glyphs, lanes separated by NaN (connect="finite").
        multi = np.repeat(counts > 1, counts)
        is_dev = np.repeat(np.asarray(devices, dtype=bool), counts)
        for t, want in (("finding", False), ("device", True)):
            sel = multi & (is_dev == want)
            lane_sel = (counts > 1) & (np.asarray(devices, dtype=bool) == want)
            ends = np.cumsum(counts[lane_sel]) if lane_sel.any() else np.zeros(0, dtype=int)
            lx = np.insert(x[sel], ends, np.nan)
            ly = np.insert(y[sel], ends, np.nan)
            self._lines[t].setData(lx, ly, connect="finite")
        dx: list[float] = []
        dy: list[float] = []
        for g in lay.groups:
            if g.collapsed:
                dx.extend(lay.x_of[p.mentions[mid].report] for mid in g.mentions)
                dy.extend([float(g.row)] * len(g.mentions))
        self._density.set_xy(np.asarray(dx), np.asarray(dy))
        self._hx, self._hy, self._hid = x, y, mids

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
            item = UniformScatter(symbol=S.count_mark(n), size=round(S.COUNT_BOX * self._lod),
                                  pen=NO_PEN, brush=S.brush(S.COUNT_INK), pxMode=True,
                                  antialias=True)
            item.base_size = S.COUNT_BOX
            item.span_hint = span
            item.setVisible(self._counts_on)
            item.setZValue(3)
            self.vb.addItem(item)
            self._count_items[n] = item
        for n, item in self._count_items.items():
            at = firsts[sizes == n]
            item.set_xy(x[at], y[at])

    def _update_counts(self, *_args: Any) -> None:
        """Counts show only where they fit: glyphs full size, columns far enough apart."""
        (x0, x1), _ = self.vb.viewRange()
        px = self._col_gap * self.vb.width() / max(1e-12, x1 - x0)
        on = self._lod >= MARKS_MIN_LOD and px >= COUNT_MIN_GAP_PX
        if on == self._counts_on:
            return
        self._counts_on = on
        for item in self._count_items.values():
            item.setVisible(on)
        if self.patient is not None:
            self._draw_legend(self.patient)  # the legend explains only what is drawn

    def _update_more(self, *_args: Any) -> None:
        """Say how many lanes lie below (or above) the view: the lanes have no scroll bar."""
        lay = self.layout_
        if lay is None or not lay.lanes:
            self._more.hide()
            self._show_hints()
            return
        y0, y1 = self.vb.viewRange()[1]
        below = [ln for ln in lay.lanes if ln.row > y1 - 0.3]
        above = sum(1 for ln in lay.lanes if ln.row < y0 + 0.3)
        parts = []
        if above:
            parts.append(f"<a href='up'>▲ {above} above</a>")
        if below:
            groups = [f"<a href='group:{html.escape(g.key)}'>{html.escape(g.title.lower())}</a>"
                      for g in lay.groups if g.row > y1 - 0.3]
            extra = f", incl. {' and '.join(groups)}" if groups else ""
            parts.append(f"<a href='down'>▼ {len(below)} more lane"
                         f"{'s' if len(below) != 1 else ''} below</a>{extra}")
        if not parts:
            self._more.hide()
            self._show_hints()
            return
        text = " &nbsp;·&nbsp; ".join(parts)
        if text != self._more.text():
            self._more.setText(text)
        self._more.setToolTip("Scroll the lanes: Up/Down keys, Shift+wheel, drag; "
                              "Home shows every lane")
        self._more.show()
        self._show_hints()

    def more_text(self) -> str:
        """What the lanes-out-of-sight note says (rich text; "" when all are in view)."""
        return self._more.text() if not self._more.isHidden() else ""

    def _scroll_page(self, where: str) -> None:
        """"down"/"up": a page of lanes; "group:KEY": that group's header to the top."""
        y0, y1 = self.vb.viewRange()[1]
        if where.startswith("group:") and self.layout_ is not None:
            g = next((g for g in self.layout_.groups if g.key == where[6:]), None)
            if g is not None:
                self.vb.setYRange(g.row - 0.6, g.row - 0.6 + (y1 - y0), padding=0)
            return
        step = max(1.0, (y1 - y0) - 2.0)
        self.vb.translateBy(y=step if where == "down" else -step)

    def stack_counts(self) -> dict[tuple[float, float], int]:
        """(x, row) -> how many mentions one glyph there stands for (2 or more)."""
        return {(float(x), float(y)): n for n, item in self._count_items.items()
                for x, y in zip(item.data["x"], item.data["y"], strict=True)}

    def _draw_axes(self, lay: L.Layout) -> None:
        labels: list[str] = []
        for kind, key in lay.row_kind:
            if kind == "group":
                g = next(g for g in lay.groups if g.key == key)
                chains = f"{g.n_chains} chain{'s' if g.n_chains != 1 else ''}"
                labels.append(f"▸ {g.title.upper()}: {chains}, {g.n_mentions} mention"
                              f"{'s' if g.n_mentions != 1 else ''}" if g.collapsed
                              else f"▾ {g.title.upper()} ({chains})")
            else:
                lane = next(ln for ln in lay.lanes if ln.chain == key) \
                    if len(lay.lanes) < 50 else None
                labels.append("")
                if lane is not None:
                    labels[-1] = _lane_label(lane)
        if len(lay.lanes) >= 50:
            for lane in lay.lanes:
                labels[lane.row] = _lane_label(lane)
        self.lane_axis.set_labels(labels)
        cols = {c.x: column_label(c) for c in lay.columns}
        self.column_axis.set_columns(cols)
        self.time_axis.mode = lay.x_mode
        self.time_axis.dated_end = lay.dated_end
        self.time_axis.undated = (None if lay.undated_start is None
                                  else (lay.undated_start, lay.undated_end))
        self.time_axis.set_order_labels(order_labels(lay.columns))
        self.time_axis.picture = None
        self.time_axis.update()

    def _draw_legend(self, p: Patient) -> None:
        present = [m for m in MODALITIES if any(r.modality == m for r in p.reports)]
        mod_items = [("o", S.GLYPH_SIZE, S.pen(S.darker(S.modality_color(m, self.colors), 160)),
                      S.brush(S.modality_color(m, self.colors)), m) for m in present]
        grey = "#555555"
        as_items = []
        for a in ASSERTIONS:
            st = S.glyph_style("FL", a)
            as_items.append((st.symbol, st.size, S.pen(grey, st.pen.widthF()),
                             S.brush("#FFFFFF") if a == "absent" else S.brush(grey),
                             S.ASSERTION_NAMES[a].split(" ")[0]))
        raw = {m.change for m in p.mentions.values()}
        changes = {S.normalize_change(c) for c in raw if c} - {None}
        ch_items = [(S.legend_change_mark(k), 11, None, S.brush(S.INK), S.CHANGE_NAMES[k]
                     .split(" (")[0].split(" /")[0])
                    for k in S.CHANGE_KINDS if k in changes]
        entries = [("Modality", mod_items), ("Assertion", as_items)]
        if self._counts_on and any(len(item.data) for item in self._count_items.values()):
            entries.append(("", [(S.legend_count_mark(2), 15, None, S.brush(S.COUNT_INK),
                                  " mentions in one report")]))
        if ch_items:
            entries.append(("Change", ch_items))
        self.legend.set_entries(entries, self._font)

    def _set_limits(self, lay: L.Layout) -> None:
        x0, x1, pad = self._x_span(lay)
        span = x1 - x0 + 2 * pad
        self.vb.setLimits(xMin=x0 - 3 * pad, xMax=x1 + 3 * pad,
                          minXRange=(0.8 if lay.x_mode == "order" else 6 * 3600.0),
                          maxXRange=span * 1.5, yMin=-1.0, yMax=max(lay.n_rows, 3) + 0.5,
                          minYRange=3.0)

    def _fit_x(self) -> None:
        if self.layout_ is None:
            return
        x0, x1, pad = self._x_span(self.layout_)
        self.vb.setXRange(x0 - pad, x1 + pad, padding=0)

    def _draw_selection(self) -> None:
        p, lay = self.patient, self.layout_
        if p is None or lay is None:
            return
        cid = self.selected_chain
        lane = next((ln for ln in lay.lanes if ln.chain == cid), None) if cid else None
        if lane is not None:
            xs = [lay.x_of[p.mentions[mid].report] for mid in lane.mentions]
            self._sel_ring.setData(xs, [lane.row] * len(xs))
            self._sel_line.setData(np.asarray(xs, dtype=float),
                                   np.full(len(xs), float(lane.row)), connect="finite")
            left, right = self._band_x
            self._sel_band.setRect(QRectF(left, lane.row - 0.5, right - left, 1.0))
            self._sel_band.show()
            self.lane_axis.set_selected_row(lane.row)
        else:
            self._sel_ring.setData([], [])
            self._sel_line.setData([], [])
            self._sel_band.hide()
            self.lane_axis.set_selected_row(None)
        pts = [self.glyph_pos(mid) for mid in self.selected_mentions]
        pts = [q for q in pts if q is not None]
        self._sel_mention.setData([q[0] for q in pts], [q[1] for q in pts])

    def _ensure_row_visible(self, chain_id: str | None, report: str | None = None) -> None:
        lay = self.layout_
        if lay is None or chain_id not in lay.row_of_chain:
            return
        row = lay.row_of_chain[chain_id]
        (x0, x1), (y0, y1) = self.vb.viewRange()
        if not (y0 + 0.5 <= row <= y1 - 0.5):
            h = y1 - y0
            self.vb.setYRange(row - h / 2, row + h / 2, padding=0)
        if report is not None and report in lay.x_of:
            x = lay.x_of[report]
            if not (x0 <= x <= x1):
                w = x1 - x0
                self.vb.setXRange(x - w / 2, x + w / 2, padding=0)

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

    # -- interaction -------------------------------------------------------------------
    def _hit(self, scene_pos: QPointF) -> str | None:
        """The mention whose glyph is under ``scene_pos`` (within a few pixels), if any."""
        if self._hx.size == 0:
            return None
        if not self.vb.sceneBoundingRect().contains(scene_pos):
            return None
        v = self.vb.mapSceneToView(scene_pos)
        px, py = self.vb.viewPixelSize()
        d2 = ((self._hx - v.x()) / px) ** 2 + ((self._hy - v.y()) / py) ** 2
        i = int(np.argmin(d2))
        return self._hid[i] if d2[i] <= HIT_RADIUS_PX ** 2 else None

    def _row_at(self, scene_pos: QPointF) -> int:
        return round(self.vb.mapSceneToView(scene_pos).y())

    def _on_click(self, scene_pos: QPointF, modifiers: Any) -> None:
        self.view.setFocus()
        mid = self._hit(scene_pos)
        if mid is not None and self.patient is not None:
            cid = self.patient.mentions[mid].chain or ""
            if modifiers & Qt.KeyboardModifier.ControlModifier:
                if mid in self.selected_mentions:
                    self.selected_mentions.remove(mid)
                else:
                    self.selected_mentions.append(mid)
            else:
                self.selected_mentions = [mid]
            self.selected_chain = cid
            self._draw_selection()
            self.mentionClicked.emit(mid)
            self.chainClicked.emit(cid)
            return
        lay = self.layout_
        if lay is None:
            return
        row = self._row_at(scene_pos)
        group = lay.group_at(row)
        if group is not None:
            self.toggle_group(group.key)
            return
        lane = lay.lane_at(row)
        if lane is not None:
            self.selected_chain = lane.chain
            self.selected_mentions = []
            self._draw_selection()
            self.chainClicked.emit(lane.chain)

    def _drag_ids(self, mid: str) -> list[str]:
        if mid in self.selected_mentions:
            return list(self.selected_mentions)
        return [mid]

    def _drag_update(self, ids: list[str], scene_pos: QPointF, finish: bool) -> None:
        lay = self.layout_
        if lay is None or self.patient is None:
            return
        v = self.vb.mapSceneToView(scene_pos)
        row = round(v.y())
        lane = lay.lane_at(row)
        if finish:
            self._ghost.setData([], [])
            self._target.hide()
            if lane is not None and any(self.patient.mentions[m].chain != lane.chain
                                        for m in ids if m in self.patient.mentions):
                self.mentionsDropped.emit(ids, lane.chain)
            return
        self._ghost.setData([v.x()], [v.y()])
        if lane is not None:
            left, right = self._band_x
            self._target.setRect(QRectF(left, row - 0.5, right - left, 1.0))
            self._target.show()
        else:
            self._target.hide()

    def _on_mouse_moved(self, scene_pos: QPointF) -> None:
        self._hover_pos = QPointF(scene_pos)
        self._hover_timer.start()

    def _show_hover(self) -> None:
        if self._hover_pos is None or self.patient is None:
            return
        mid = self._hit(self._hover_pos)
        if mid is None:
            tip = self.label_tooltip_at(self._hover_pos)
            if tip:
                global_pos = self.view.mapToGlobal(self.view.mapFromScene(self._hover_pos))
                QtWidgets.QToolTip.showText(global_pos, tip, self.view)
            else:
                QtWidgets.QToolTip.hideText()
            return
        i = self._hid.index(mid)
        same = np.flatnonzero((self._hx == self._hx[i]) & (self._hy == self._hy[i]))
        ids = [self._hid[k] for k in same[:4]]
        text = "<hr>".join(self.hover_html(m) for m in ids)
        if len(same) > len(ids):
            text += f"<br><i>… and {len(same) - len(ids)} more in this report</i>"
        global_pos = self.view.mapToGlobal(self.view.mapFromScene(self._hover_pos))
        QtWidgets.QToolTip.showText(global_pos, text, self.view)

    def label_tooltip_at(self, scene_pos: QPointF) -> str:
        """The full text of the lane label under ``scene_pos`` (labels may be elided)."""
        lay = self.layout_
        if lay is None or not self.lane_axis.sceneBoundingRect().contains(scene_pos):
            return ""
        row = self._row_at(scene_pos)
        lane = lay.lane_at(row)
        if lane is not None:
            return self.lane_tooltip(lane.chain)
        group = lay.group_at(row)
        if group is not None:
            return html.escape(group.caption) + "<br><i>Click the row to " + (
                "expand" if group.collapsed else "collapse") + " it</i>"
        return ""

    def lane_tooltip(self, chain_id: str) -> str:
        """Rich text naming a lane's chain in full: label, type, mentions, reports."""
        p = self.patient
        chain = p.chains.get(chain_id) if p is not None else None
        if p is None or chain is None:
            return ""
        ms = [p.mentions[m] for m in chain.mentions if m in p.mentions]
        n_reports = len({m.report for m in ms})
        facts = (f"{chain.type} · {len(ms)} mention{'s' if len(ms) != 1 else ''} in "
                 f"{n_reports} report{'s' if n_reports != 1 else ''}")
        extra = "<br><i>every mention absent or normal (a pertinent negative)</i>" \
            if L.negative_only(ms) else ""
        return (f"<b>{html.escape(chain.label or chain.id)}</b><br>"
                f"<span style='color:#555'>{html.escape(facts)}</span>{extra}")

    def hover_html(self, mention_id: str) -> str:
        """Rich text for a glyph: chain, the sentence with the mention highlighted, report."""
        p = self.patient
        assert p is not None
        m = p.mentions[mention_id]
        r = p.report(m.report)
        before, text, after = L.sentence_around(r.text, m.start, m.end)
        colour = S.HIGHLIGHT.get(m.type, S.HIGHLIGHT["finding"])
        chain = p.chains.get(m.chain or "")
        when = (r.date.strftime("%Y-%m-%d %H:%M") if r.date and r.date_known else "undated")
        facts = [m.type, m.assertion]
        ch = S.normalize_change(m.change)
        if ch:
            facts.append(S.CHANGE_NAMES[ch].lower())
        if m.section:
            facts.append(m.section.lower())
        return (
            f"<div style='max-width:420px'>"
            f"<b>{html.escape(chain.label if chain else '')}</b><br>"
            f"{html.escape(before)}<span style='background:{colour}'><b>"
            f"{html.escape(text)}</b></span>{html.escape(after)}<br>"
            f"<span style='color:#555'>{html.escape(when)} · {html.escape(r.modality)} · "
            f"{html.escape(r.exam or r.id)}<br>{html.escape(', '.join(facts))}</span></div>")

    def eventFilter(self, obj: QObject, ev: QEvent) -> bool:
        if obj is self.view and ev.type() == QEvent.Type.KeyPress:
            return self._key(ev)  # type: ignore[arg-type]
        return super().eventFilter(obj, ev)

    def _key(self, ev: QtGui.QKeyEvent) -> bool:
        (x0, x1), (y0, y1) = self.vb.viewRange()
        w, h = x1 - x0, y1 - y0
        k = ev.key()
        if k == Qt.Key.Key_Left:
            self.vb.translateBy(x=-w * 0.1)
        elif k == Qt.Key.Key_Right:
            self.vb.translateBy(x=w * 0.1)
        elif k == Qt.Key.Key_Up:
            self.vb.translateBy(y=-max(1.0, h * 0.1))
        elif k == Qt.Key.Key_Down:
            self.vb.translateBy(y=max(1.0, h * 0.1))
        elif k in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.vb.scaleBy(x=0.8)
        elif k == Qt.Key.Key_Minus:
            self.vb.scaleBy(x=1.25)
        elif k == Qt.Key.Key_Home:
            self.fit_all()
        else:
            return False
        return True

    # -- filter controls ---------------------------------------------------------------
    def _filters_from_menu(self) -> None:
        kw: dict[str, Any] = {}
        for key, values in (("types", ("finding", "device")), ("modalities", MODALITIES),
                            ("assertions", ASSERTIONS)):
            on = {v for v in values if self._filter_actions[(key, v)].isChecked()}
            kw[key] = None if len(on) == len(values) else on
        self.set_filters(**kw)

    def _sync_controls(self) -> None:
        f = self.filters
        widgets: Iterable[QObject] = (self.group_combo, self.singletons_box,
                                      self.min_length_box, self.negatives_action,
                                      *self._filter_actions.values())
        blocked = [(w, w.blockSignals(True)) for w in widgets]
        try:
            self.group_combo.setCurrentIndex(max(0, self.group_combo.findData(f.group_by)))
            self.singletons_box.setChecked(f.singletons)
            self.min_length_box.setValue(f.min_length)
            self.negatives_action.setChecked(f.negatives)
            for (key, v), act in self._filter_actions.items():
                chosen = getattr(f, key)
                act.setChecked(chosen is None or v in chosen)
        finally:
            for w, old in blocked:
                w.blockSignals(old)
        if self.search_box.text() != f.search and not self.search_box.hasFocus():
            self.search_box.blockSignals(True)
            self.search_box.setText(f.search)
            self.search_box.blockSignals(False)


_COUNT_SUFFIX = re.compile(r"\s+\(\d+\)$")


def elide_label(text: str, metrics: QtGui.QFontMetrics, width: int) -> str:
    """``text`` cut in the middle to ``width`` px, keeping a lane's "(n)" count whole:
    "intraparenchymal hemorrhage (3)" -> "intraparen…morrhage (3)"."""
    if metrics.horizontalAdvance(text) <= width:
        return text
    m = _COUNT_SUFFIX.search(text)
    if m is None:
        return metrics.elidedText(text, Qt.TextElideMode.ElideMiddle, width)
    suffix = m.group(0)
    room = width - metrics.horizontalAdvance(suffix)
    head = metrics.elidedText(text[:m.start()], Qt.TextElideMode.ElideMiddle, max(0, room))
    return head + suffix


def _lane_label(lane: L.Lane) -> str:
    return f"{lane.label}  ({lane.length})" if lane.length > 1 else lane.label


def order_labels(columns: list[L.Column]) -> dict[float, str]:
    """Bottom labels in report-order mode: "2 Mar", with the time where a day has several
    reports, and the year where it changes."""
    dated = [c for c in columns if c.dated and c.date is not None]
    per_day: dict[object, int] = {}
    for c in dated:
        per_day[c.date.date()] = per_day.get(c.date.date(), 0) + 1  # type: ignore[union-attr]
    out: dict[float, str] = {}
    year = dated[0].date.year if dated and dated[0].date else None
    for c in dated:
        d = c.date
        assert d is not None
        text = f"{d.day} {d:%b}" + (f" {d:%Y}" if d.year != year else "")
        year = d.year
        if per_day[d.date()] > 1 and (d.hour or d.minute):
            text += f" {d:%H:%M}"
        out[c.x] = text
    return out


_EXAM_NOISE = re.compile(r"\(.*?\)|\b(W/?O?|WITH|WITHOUT|AND|&)\b.*$|\bCONTRAST\b", re.I)


def short_exam(exam: str, modality: str) -> str:
    """The exam without the modality, parenthesised parts and contrast phrases:
    "CT HEAD W/O CONTRAST" -> "head"."""
    text = (exam or "").strip()
    first = text.split(" ", 1)[0].upper() if text else ""
    if first == modality.upper():
        text = text[len(first):]
    text = _EXAM_NOISE.sub(" ", text)
    text = " ".join(text.split()).lower()
    return text[:18].rstrip() + "…" if len(text) > 19 else text


def column_label(c: L.Column) -> str:
    """Top label of a report column: "CT head", "XR chest", "US abdomen"."""
    exam = short_exam(c.exam, c.modality)
    return f"{c.modality} {exam}" if exam else c.modality


__all__ = ["TimelineWidget", "column_label"]
