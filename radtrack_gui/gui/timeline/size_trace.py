"""The size trace in a lane: a measured finding's sizes over time, drawn as a thin line
with small dots inside its lane (larger = higher), so a lesion that grows or shrinks is seen
without opening a report. Geometry from ``views.sizes.lane_trace``; the chain panel's
plot (``gui/size_plot.py``) shows the same series with dates and values."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pyqtgraph as pg

from radtrack_gui.gui import style as S
from radtrack_gui.gui.timeline.items import LegendEntry
from radtrack_gui.views import lanes as L
from radtrack_gui.views.sizes import lane_trace, size_series

if TYPE_CHECKING:
    from radtrack_gui.core.model import Patient
    from radtrack_gui.gui.timeline.widget import TimelineWidget

__all__ = ["TRACE_COLOR", "SizeTrace"]

TRACE_COLOR = "#7E22CE"  # a purple apart from the modality colours and the lane greys


class SizeTrace:
    """One line item and one dot item for every lane's trace (NaN between lanes)."""

    def __init__(self, tl: TimelineWidget) -> None:
        self.tl = tl
        self.chains: dict[str, list[tuple[float, float]]] = {}  # what the last draw traced
        self._line: pg.PlotCurveItem | None = None
        self._dots: pg.ScatterPlotItem | None = None

    def build(self) -> None:
        self._line = pg.PlotCurveItem(pen=S.pen(TRACE_COLOR, 2.0), connect="finite")
        self._line.setZValue(5.5)  # over the glyphs and the selected lane's line
        self._dots = pg.ScatterPlotItem(
            size=5, pen=pg.mkPen(None), brush=S.brush(TRACE_COLOR), symbol="s", pxMode=True
        )
        self._dots.setZValue(5.5)
        for item in (self._line, self._dots):
            self.tl.vb.addItem(item, ignoreBounds=True)

    def legend_entry(self) -> LegendEntry:
        """The legend's line for the traces (shown when some lane has one)."""
        return ("s", 6, None, S.brush(TRACE_COLOR), " size over time (each lane its own scale)")

    def clear(self) -> None:
        self.chains = {}
        if self._line is not None and self._dots is not None:
            self._line.setData([], [])
            self._dots.setData([], [])

    def update(self, patient: Patient, lay: L.Layout) -> None:
        """Trace every shown finding lane with two or more sized reports."""
        self.chains = {}
        for lane in lay.lanes:
            if lane.type == "device" or not any(
                patient.mentions[m].measurements for m in lane.mentions if m in patient.mentions
            ):
                continue
            series = size_series(patient, lane.chain)
            pts = lane_trace(series, lay.x_of, float(lane.row), shown=set(lane.mentions))
            if len(pts) >= 2:
                self.chains[lane.chain] = pts
        if self._line is None or self._dots is None:
            return
        xs: list[float] = []
        ys: list[float] = []
        for pts in self.chains.values():
            xs.extend(x for x, _ in pts)
            ys.extend(y for _, y in pts)
            xs.append(np.nan)
            ys.append(np.nan)
        self._line.setData(np.asarray(xs, dtype=float), np.asarray(ys, dtype=float))
        dx = [x for x in xs if x == x]
        dy = [y for y in ys if y == y]
        self._dots.setData(dx, dy)
