"""Timeline axes: lane labels (left), report columns (top), time (bottom)."""

from __future__ import annotations

import math
from datetime import UTC, datetime
from typing import Any

import numpy as np
import pyqtgraph as pg

from radtrack_gui.gui import style as S
from radtrack_gui.gui.qt import (
    QColor,
    QFont,
    QPointF,
    QRectF,
    Qt,
    QtGui,
)
from radtrack_gui.views.labels import COUNT_SUFFIX, PLACE_SEP, year_once

LANE_AXIS_WIDTH = 200
MAX_LANE_AXIS_WIDTH = 360
# At most this share of the view's width goes to lane labels: the column grows with the
# window (at 1280x800 the view is about 590 px: 0.34 cut "liver lesion · segment 8 (17)").
LANE_AXIS_SHARE = 0.42


# -- axes ----------------------------------------------------------------------------
class LaneAxis(pg.AxisItem):
    """Left axis: lane labels and group captions at integer rows, thinned when crowded."""

    def __init__(self) -> None:
        super().__init__("left")
        self.labels: list[str] = []
        self.selected_row: int | None = None  # the first selected row
        self.selected_rows: list[int] = []  # their labels get a highlight band
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
        cap = (
            MAX_LANE_AXIS_WIDTH
            if view is None
            else max(140, min(MAX_LANE_AXIS_WIDTH, int(view.width() * LANE_AXIS_SHARE)))
        )
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
        self.set_selected_rows([] if row is None else [row])

    def set_selected_rows(self, rows: list[int]) -> None:
        """The labels of these rows get the selection band."""
        first = rows[0] if rows else None
        if rows != self.selected_rows:
            self.selected_rows = list(rows)
            self.selected_row = first
            self.picture = None
            self.update()

    def drawPicture(self, p: QtGui.QPainter, axisSpec: Any, tickSpecs: Any, textSpecs: Any) -> None:
        """Each selected lane's label sits on a band (with a bar at its left edge) in the
        selection colour, continuing the band the plot draws across that row."""
        view = self.linkedView()
        for row in self.selected_rows if view is not None else ():
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
        self._widths = np.array(
            [self._metrics.horizontalAdvance(columns[x]) + 12.0 for x in self._xs]
        )
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


def greedy_ticks(
    xs: np.ndarray, lo: float, hi: float, size: float, widths: list[float]
) -> list[float]:
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
        self._order_widths = np.array(
            [self._metrics.horizontalAdvance(labels[x]) + 14.0 for x in self._order_xs]
        )

    def tickValues(self, minVal: float, maxVal: float, size: float) -> list:
        levels: list = []
        if self.mode == "order":
            keep = (self._order_xs >= minVal) & (self._order_xs <= maxVal)
            xs = self._order_xs[keep]
            if xs.size:
                levels.append(
                    (1.0, greedy_ticks(xs, minVal, maxVal, size, self._order_widths[keep].tolist()))
                )
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
        # pyqtgraph hides a label that runs past the axis' ends: the year goes on the
        # first label that is drawn, not on one cut at the edge.
        if self.mode == "order":
            full = [self.order_labels.get(v, "") for v in values]
            drawn = [
                i for i, (v, t) in enumerate(zip(values, full, strict=True)) if self._fits(v, t)
            ]
            shown = year_once([full[i] for i in drawn])
            out = list(full)
            for i, t in zip(drawn, shown, strict=True):
                out[i] = t
        else:
            as_first = [date_strings([v], spacing)[0] for v in values]  # with the year
            lo = next(
                (v for v, t in zip(values, as_first, strict=True) if self._fits(v, t)),
                min(self.range),
            )
            out = date_strings(values, spacing, lo)
        return ["undated" if v == mid else t for v, t in zip(values, out, strict=True)]

    def _fits(self, value: float, text: str) -> bool:
        """The label of ``value`` lies inside the axis (pyqtgraph draws it)."""
        lo, hi = min(self.range), max(self.range)
        width = self.width()
        if hi <= lo or width <= 0:
            return True
        px = (value - lo) / (hi - lo) * width
        half = self._metrics.horizontalAdvance(text) / 2 + 1
        return px - half >= 0 and px + half <= width


def date_strings(values: list[float], spacing: float, lo: float = -np.inf) -> list[str]:
    """Readable dates for ticks ``spacing`` seconds apart; the first at or after ``lo``
    (the first one drawn) names the year, and so does every tick in another year than the
    one before it (a year boundary is visible at every zoom)."""
    day = 86400.0
    out = []
    first = next((i for i, v in enumerate(values) if v >= lo), 0)
    year: int | None = None
    for i, v in enumerate(values):
        k = i - first  # 0 for the first visible tick
        d = datetime.fromtimestamp(v, UTC)
        new_year = k == 0 or (k > 0 and d.year != year)
        if k >= 0:
            year = d.year
        if spacing >= 360 * day:
            fmt = "%Y"
        elif spacing >= 28 * day:
            fmt = "%b %Y" if new_year else "%b"
        elif spacing >= day:
            fmt = "%d %b %Y" if new_year else "%d %b"
        else:
            new_day = d.hour == 0 and d.minute == 0
            fmt = "%d %b %Y %H:%M" if new_year else "%d %b %H:%M" if new_day else "%H:%M"
        out.append(d.strftime(fmt))
    return out


def elide_label(
    text: str, metrics: QtGui.QFontMetrics, width: int, *, keep_start: bool = False
) -> str:
    """``text`` cut to ``width`` px, keeping a lane's "(n)" count whole (the full label is
    the tooltip). A label made unique by what tells it apart ("liver lesion · segment 8",
    "endotracheal tube · 16 May 2150", ``views.labels.unique_labels``) keeps that part and
    gives up the middle of its name first: "endotr…tube · 16 May 2150 (3)", so lanes of the
    same name stay apart; the part after " · " is cut at its end only when the name would
    keep less than a quarter of the width (and six letters), and then the name stays whole
    where two letters of the place fit beside it. Other labels are cut at their end:
    "intraparenchymal hemorr… (3)". ``keep_start`` cuts a twin's name at its end instead
    ("endotrach… · 2 Mar 2150", the chain list's narrow column: "en…be" could not be read)."""
    if metrics.horizontalAdvance(text) <= width:
        return text
    m = COUNT_SUFFIX.search(text)
    suffix = m.group(0) if m else ""
    body = text[: m.start()] if m else text
    room = width - metrics.horizontalAdvance(suffix)
    name, sep, place = body.partition(PLACE_SEP)
    if not (sep and place):
        return metrics.elidedText(body, Qt.TextElideMode.ElideRight, max(0, room)) + suffix
    tail = sep + place
    for_name = room - metrics.horizontalAdvance(tail)
    # keep_start: three letters of the name are enough beside a whole date or place
    least = min(
        metrics.horizontalAdvance(name),
        metrics.horizontalAdvance(name[:3] + "…")
        if keep_start
        else max(room // 4, metrics.horizontalAdvance(name[:6] + "…")),
    )
    middle = Qt.TextElideMode.ElideRight if keep_start else Qt.TextElideMode.ElideMiddle
    if for_name >= least:
        return metrics.elidedText(name, middle, for_name) + tail + suffix
    if metrics.horizontalAdvance(name + sep + place[:2] + "…") <= room:
        # The name stays whole, the place cut at its end: "liver cyst · hepatic s…",
        # "pleural effusion · ab…" ("li…st · hepatic seg…" could not be read).
        return metrics.elidedText(body, Qt.TextElideMode.ElideRight, max(0, room)) + suffix
    head = metrics.elidedText(name, middle, least) + sep
    rest = room - metrics.horizontalAdvance(head)
    return head + metrics.elidedText(place, Qt.TextElideMode.ElideRight, max(0, rest)) + suffix
