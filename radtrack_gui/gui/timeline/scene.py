"""The timeline's standing graphics: zebra rows and group bands, column guides, the
undated band, lane lines, the density dots of folded rows, the selection (line, rings,
squares, row band), the drag ghost, the rubber band and the drop target. Built once;
``draw`` fills them with data."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pyqtgraph as pg

from radtrack_gui.gui import style as S
from radtrack_gui.gui.qt import Qt, QtWidgets
from radtrack_gui.gui.timeline.items import NO_PEN, UniformScatter

if TYPE_CHECKING:
    from radtrack_gui.gui.timeline.widget import TimelineWidget


class TimelineScene:
    """The plot's standing items, built once in the widget's view box."""

    def __init__(self, tl: TimelineWidget) -> None:
        self.tl = tl

    def build(self) -> None:
        # Background: zebra rows and group bands, column guides, undated band.
        self._bands = QtWidgets.QGraphicsPathItem()
        self._bands.setPen(pg.mkPen(None))
        self._bands.setZValue(-30)
        self.tl.vb.addItem(self._bands, ignoreBounds=True)
        self._group_bands = QtWidgets.QGraphicsPathItem()
        self._group_bands.setPen(pg.mkPen(None))
        self._group_bands.setBrush(S.brush(S.GROUP_BAND))
        self._group_bands.setZValue(-29)
        self.tl.vb.addItem(self._group_bands, ignoreBounds=True)
        self._undated = QtWidgets.QGraphicsRectItem()
        self._undated.setPen(pg.mkPen(None))
        self._undated.setBrush(S.brush(S.UNDATED_BAND))
        self._undated.setZValue(-28)
        self.tl.vb.addItem(self._undated, ignoreBounds=True)
        # The band's name, written down its top so it reads at any zoom (and in exports).
        self._undated_text = pg.TextItem(
            "undated reports", color="#6B5E3C", angle=-90, anchor=(0.0, 0.5)
        )
        self._undated_text.setZValue(-26)  # above the selected lane's band
        self._undated_text.hide()
        self.tl.vb.addItem(self._undated_text, ignoreBounds=True)
        self.tl.vb.sigYRangeChanged.connect(self.place_undated_text)
        self._guides = pg.PlotCurveItem(pen=S.pen("#DADDE2", 1.0), connect="pairs")
        self._guides.setZValue(-20)
        self.tl.vb.addItem(self._guides, ignoreBounds=True)
        self._lines = {
            t: pg.PlotCurveItem(pen=S.pen(S.LANE_LINE[t], 1.6), connect="finite")
            for t in ("finding", "device")
        }
        for item in self._lines.values():
            item.setZValue(-10)
            self.tl.vb.addItem(item)
        # "×n" beside a glyph that stands for n mentions of its chain in one report.
        self._count_items: dict[int, UniformScatter] = {}
        self._density = UniformScatter(
            size=6, pen=NO_PEN, brush=S.brush("#8A8F98", 150), symbol="o", pxMode=True
        )
        self.tl.vb.addItem(self._density)
        self._sel_line = pg.PlotCurveItem(pen=S.pen(S.SELECTED, 3.0), connect="finite")
        self._sel_line.setZValue(5)
        self.tl.vb.addItem(self._sel_line)
        self._sel_ring = UniformScatter(
            size=S.GLYPH_SIZE + 9,
            symbol="o",
            pen=S.pen(S.HIGHLIGHT_SELECTED, 3.0),
            brush=S.brush("#FFFFFF", 0),
            pxMode=True,
        )
        self._sel_ring.setZValue(4)
        self.tl.vb.addItem(self._sel_ring)
        self._sel_mention = UniformScatter(
            size=S.GLYPH_SIZE + 14,
            symbol="s",
            pen=S.pen(S.SELECTED, 2.0),
            brush=S.brush("#FFFFFF", 0),
            pxMode=True,
        )
        self._sel_mention.setZValue(6)
        self.tl.vb.addItem(self._sel_mention)
        self._ghost = UniformScatter(
            size=S.GLYPH_SIZE + 4,
            symbol="o",
            pen=S.pen(S.SELECTED, 2.0, Qt.PenStyle.DashLine),
            brush=S.brush(S.HIGHLIGHT_SELECTED, 120),
            pxMode=True,
        )
        self._ghost.setZValue(20)
        self.tl.vb.addItem(self._ghost)
        self._sel_band = QtWidgets.QGraphicsPathItem()  # the selected lanes' rows
        self._sel_band.setPen(pg.mkPen(None))
        self._sel_band.setBrush(S.brush(S.SELECTED_BAND))
        self._sel_band.setZValue(-27)
        self._sel_band.hide()
        self.tl.vb.addItem(self._sel_band, ignoreBounds=True)
        self._band_item = QtWidgets.QGraphicsRectItem()  # the rubber band while dragging
        self._band_item.setPen(S.pen(S.SELECTED, 1.0, Qt.PenStyle.DashLine))
        self._band_item.setBrush(S.brush(S.HIGHLIGHT_SELECTED, 40))
        self._band_item.setZValue(30)
        self._band_item.hide()
        self.tl.vb.addItem(self._band_item, ignoreBounds=True)
        self._target = QtWidgets.QGraphicsRectItem()
        self._target.setPen(pg.mkPen(None))
        self._target.setBrush(S.brush(S.HIGHLIGHT_SELECTED, 60))
        self._target.setZValue(-5)
        self._target.hide()
        self.tl.vb.addItem(self._target, ignoreBounds=True)

    def place_undated_text(self, *_args: Any) -> None:
        lay = self.tl.layout_
        if lay is None or lay.undated_start is None or lay.undated_end is None:
            self._undated_text.hide()
            return
        y0 = self.tl.vb.viewRange()[1][0]
        self._undated_text.setPos((lay.undated_start + lay.undated_end) / 2, y0 + 0.1)
        self._undated_text.show()
