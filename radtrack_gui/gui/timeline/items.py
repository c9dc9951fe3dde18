"""Graphics items of the timeline: fast uniform scatters and the legend."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyqtgraph as pg
from pyqtgraph.graphicsItems.ScatterPlotItem import drawSymbol

from radtrack_gui.gui import style as S
from radtrack_gui.gui.qt import (
    QColor,
    QFont,
    QRectF,
    Qt,
    QtGui,
    QtWidgets,
)

HIT_RADIUS_PX = 9.0
NO_PEN = QtGui.QPen(Qt.PenStyle.NoPen)
VIEW_ROW_PX = 22  # comfortable row height of the first view
COMPACT_ROW_PX = 15  # compact mode, for long patients
MARKS_MIN_LOD = 0.7  # change marks hide below this glyph scale
FONT_PT = 9
# A legend entry: symbol, size, pen, brush, caption.
LegendEntry = tuple[Any, int, Any, Any, str]


# -- fast glyph items -----------------------------------------------------------------
class UniformScatter(pg.ScatterPlotItem):
    """A ScatterPlotItem whose points all share one style, so new positions are set with
    numpy only: one atlas look-up instead of one per point (``set_xy``)."""

    # pyqtgraph's structured point records: numpy's stubs cannot type field access by name.
    data: Any
    _rect: QRectF | None = None

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
            rect = QRectF(
                float(x.min()) - pad_x,
                float(y.min()) - 1.0,
                float(x.max() - x.min()) + 2 * pad_x,
                float(y.max() - y.min()) + 2.0,
            )
            self._rect = rect
        return rect

    span_hint = 1.0  # the whole timeline's x span (set per item by the widget)
    base_size = S.GLYPH_SIZE  # size at full scale (see TimelineWidget._update_lod)

    def mouseClickEvent(self, ev: Any) -> None:
        ev.ignore()  # the view box hit-tests clicks for all glyphs at once


def scatter_item(
    symbol: Any, base_size: int, lod: float, pen: Any, brush: Any, span: float, z: float
) -> UniformScatter:
    """A glyph, change mark or count item drawn at glyph scale ``lod`` (``base_size`` is
    its full size), stacked at ``z``."""
    item = UniformScatter(
        symbol=symbol,
        size=round(base_size * lod),
        pen=pen,
        brush=brush,
        pxMode=True,
        antialias=True,
    )
    item.base_size = base_size
    item.span_hint = span
    item.setZValue(z)
    return item


# -- the legend ----------------------------------------------------------------------
class Legend(pg.GraphicsWidget):
    """Modality colours, assertion glyphs and change marks, flowed into rows."""

    ROW_H = 20

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[tuple[str, list[tuple[Any, int, Any, Any, str]]]] = []
        self.font = QFont()
        # The height kept while one patient is shown at one width: the entries that come
        # and go with the lanes shown (size trace, count marks) must not give the lanes a
        # row, take it back and fold them again, draw after draw (issue #20 item 12).
        self._held = 0.0
        self.setSizePolicy(
            QtWidgets.QSizePolicy.Policy.Expanding, QtWidgets.QSizePolicy.Policy.Fixed
        )

    def set_entries(self, entries: list[tuple[str, list[LegendEntry]]], font: QFont) -> None:
        self.entries = entries
        self.font = font
        self._relayout()

    def release_height(self) -> None:
        """Another patient: the legend takes the height its entries need again."""
        self._held = 0.0

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
        h = self._held = max(h, self._held)
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
        if abs(ev.newSize().width() - ev.oldSize().width()) > 0.5:
            self._held = h  # another width: the rows wrap anew
        h = max(h, self._held)
        if abs(h - self.size().height()) > 0.5:
            # A new width wrapped the rows differently: the layout must give the new
            # height now, or the last row stays clipped (issue #20 item 9, ~1300 px).
            self.setMinimumHeight(h)
            self.setMaximumHeight(h)
            self.updateGeometry()
            parent = self.parentLayoutItem()
            if isinstance(parent, QtWidgets.QGraphicsLayout):
                parent.invalidate()

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
                p.drawText(
                    QRectF(x, y, 400, self.ROW_H),
                    Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                    what,
                )
                p.setFont(self.font)
                continue
            symbol, size, pen, brush, text = what
            p.save()
            p.translate(x + 8, cy)
            drawSymbol(p, symbol, size, pen if pen is not None else NO_PEN, brush)
            p.restore()
            p.setPen(QColor(S.INK))
            p.drawText(
                QRectF(x + 18, y, fm.horizontalAdvance(text) + 4, self.ROW_H),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                text,
            )
