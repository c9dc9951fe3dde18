"""The chain panel's size plot: the current chain's size over time with dates and values.

Shown under the chain list when the current chain is a finding measured on two or more
dated reports, hidden otherwise. Drawn with QPainter from ``views.sizes`` (zero-based mm
axis, one dot per measured report joined by a line, each dot labelled with its size, the
dates of the first and last dot on the time axis); the tooltip lists every size with its
date, exam and the words of the report."""

from __future__ import annotations

from radtrack_gui.core.model import Patient
from radtrack_gui.gui.qt import (
    QColor,
    QFont,
    QPainter,
    QPen,
    QPointF,
    QRectF,
    QSizePolicy,
    Qt,
    QtGui,
    QWidget,
)
from radtrack_gui.gui.timeline.size_trace import TRACE_COLOR
from radtrack_gui.views.sizes import (
    SizeSeries,
    date_labels,
    fitting_labels,
    plot_points,
    size_series,
    value_axis,
)

__all__ = ["SizePlot"]

_INSET = 16  # px between the axis and the first and last dot
_INK, _MUTED, _GRID = QColor("#222222"), QColor("#5B5B5B"), QColor("#E2E2E2")


def _num(v: float) -> str:
    return f"{v:.0f}" if v == int(v) else f"{v:.1f}"


class SizePlot(QWidget):
    """A small plot of one chain's sizes; ``series`` is what it shows (None: hidden)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sizePlot")
        self.series: SizeSeries | None = None
        self.setMinimumHeight(130)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.hide()

    def show_chain(self, patient: Patient | None, chain_id: str | None) -> None:
        """Show ``chain_id``'s sizes, or hide when it has fewer than two."""
        series = None
        if patient is not None and chain_id and chain_id in patient.chains:
            s = size_series(patient, chain_id)
            series = s if s.is_trend else None
        self.series = series
        if series is None:
            self.setToolTip("")
            self.hide()
            return
        self.setToolTip(
            f"Size of {series.label}\n"
            + "\n".join(f"{p.date:%Y-%m-%d} {p.modality}: {p.text}" for p in series.points)
        )
        self.setAccessibleName(f"Size of {series.label}: {series.summary()}")
        self.show()
        self.update()

    def plot_rect(self) -> QRectF:
        """Where the data area lies in the widget (axes and labels around it)."""
        fm = QtGui.QFontMetrics(self.font())
        left = fm.horizontalAdvance("000") + 10
        top = fm.height() * 2 + 4
        bottom = fm.height() + 6
        return QRectF(
            left, top, max(10.0, self.width() - left - 14), max(10.0, self.height() - top - bottom)
        )

    def dot_positions(self) -> list[QPointF]:
        """The dots' centres in widget coordinates (for tests and hit-testing)."""
        if self.series is None:
            return []
        r = self.plot_rect().adjusted(_INSET, 0, -_INSET, 0)  # dots and labels off the axis
        return [
            QPointF(r.left() + fx * r.width(), r.bottom() - fy * r.height())
            for fx, fy in plot_points(self.series)
        ]

    def paintEvent(self, _event: object) -> None:
        s = self.series
        if s is None:
            return
        painter = QPainter(self)
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            small = QFont(self.font())
            small.setPointSizeF(max(7.0, self.font().pointSizeF() - 1))
            painter.setFont(small)
            fm = QtGui.QFontMetrics(small)
            r = self.plot_rect()
            painter.setPen(_INK)
            painter.drawText(
                QRectF(4, 2, self.width() - 8, fm.height()),
                Qt.AlignmentFlag.AlignLeft,
                f"Size over time: {s.label}",
            )
            top, ticks = value_axis(s)
            for t in ticks:
                y = r.bottom() - t / top * r.height()
                painter.setPen(QPen(_GRID, 1))
                painter.drawLine(QPointF(r.left(), y), QPointF(r.right(), y))
                painter.setPen(_MUTED)
                painter.drawText(
                    QRectF(0, y - fm.height() / 2, r.left() - 4, fm.height()),
                    Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                    _num(t),
                )
            painter.drawText(
                QRectF(0, r.top() - fm.height() - 2, r.left() - 4, fm.height()),
                Qt.AlignmentFlag.AlignRight,
                "mm",
            )
            pts = self.dot_positions()
            color = QColor(TRACE_COLOR)
            painter.setPen(QPen(color, 2))
            painter.drawPolyline(pts)
            painter.setBrush(color)
            for pt, p in zip(pts, s.points, strict=True):
                painter.setPen(Qt.PenStyle.NoPen)
                painter.drawEllipse(pt, 3.5, 3.5)
                painter.setPen(_INK)
                label = _num(p.mm)
                w = fm.horizontalAdvance(label)
                painter.drawText(QPointF(pt.x() - w / 2, pt.y() - 6), label)
            painter.setPen(_MUTED)
            self._draw_dates(painter, fm, pts, r.bottom() + fm.ascent() + 3)
        finally:
            painter.end()

    def date_labels(self, fm: QtGui.QFontMetrics) -> list[tuple[float, str]]:
        """(left x, text) of the time axis labels that fit (``views.sizes.fitting_labels``)."""
        s, pts = self.series, self.dot_positions()
        if s is None or not pts:
            return []
        texts = date_labels(s)
        widths = [float(fm.horizontalAdvance(t)) for t in texts]
        xs = [pt.x() for pt in pts]
        out = []
        for i in fitting_labels(xs, widths):  # the ends kept inside the widget
            left = min(max(0.0, xs[i] - widths[i] / 2), self.width() - widths[i] - 2.0)
            out.append((left, texts[i]))
        return out

    def _draw_dates(
        self, painter: QPainter, fm: QtGui.QFontMetrics, pts: list[QPointF], base: float
    ) -> None:
        for x in (pt.x() for pt in pts):
            painter.drawLine(QPointF(x, base - fm.ascent() - 3), QPointF(x, base - fm.ascent()))
        for left, text in self.date_labels(fm):
            painter.drawText(QPointF(left, base), text)
