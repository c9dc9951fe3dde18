"""Timeline export: PNG and SVG of the scene, written atomically.

An export is a figure, not a screenshot: it has a title line (patient, period, how many
reports and chains, in as many lines as the figure's width needs) above the timeline,
folded lanes are stated ("14 more findings not shown") instead of offered to a click, and
the session's selection, drag and hover are left out."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, cast

from radtrack_gui.gui.qt import (
    QBuffer,
    QByteArray,
    QColor,
    QFont,
    QIODevice,
    QRectF,
    QtGui,
)
from radtrack_gui.util.atomic import atomic_open


@contextmanager
def without_selection(widget: Any) -> Iterator[None]:
    """An export shows the patient, not this session's selection, drag or hover."""
    items = [
        widget.scene._sel_ring,
        widget.scene._sel_line,
        widget.scene._sel_mention,
        widget.scene._sel_band,
        widget.scene._ghost,
        widget.scene._target,
        widget.scene._band_item,
    ]
    shown = [it.isVisible() for it in items]
    rows = list(widget.lane_axis.selected_rows)
    labels = list(widget.lane_axis.labels)
    for it in items:
        it.hide()
    widget.lane_axis.set_selected_rows([])
    # A group header's fold arrow ("▾ FINDINGS (28 chains)") is the app's button.
    figure = [t[2:] if t.startswith(("▾ ", "▸ ")) else t for t in labels]
    for fold in getattr(widget.layout_, "folds", []) or []:
        if 0 <= fold.row < len(figure):
            figure[fold.row] = fold.figure_caption
    if figure != labels:
        widget.lane_axis.set_labels(figure)
    try:
        yield
    finally:
        for it, on in zip(items, shown, strict=True):
            it.setVisible(on)
        widget.lane_axis.set_selected_rows(rows)
        if figure != labels:
            widget.lane_axis.set_labels(labels)


def figure_title(widget: Any) -> str:
    """The exported figure's title line: patient, period, reports and chains."""
    p = widget.patient
    if p is None:
        return "RadTrack timeline"
    dated = [r.date for r in p.reports if r.date is not None and r.date_known]
    period = f"{min(dated):%d %b %Y} – {max(dated):%d %b %Y}" if dated else "no dated reports"
    undated = len(p.reports) - len(dated)
    n = len(p.reports)
    bits = [f"Patient {p.id}", period, f"{n} report{'s' if n != 1 else ''}"]
    if undated:
        bits[-1] += f" ({undated} undated)"
    bits.append(f"{len(p.chains)} chains")
    return " · ".join(bits)


TITLE_H = 34  # px of a one-line title band above the timeline (screen scale)
TITLE_LINE_H = 20  # px each further line adds (a narrow figure wraps its title)


def _title_font(scale: float) -> QFont:
    font = QFont()
    font.setPixelSize(round(15 * scale))
    font.setBold(True)
    return font


def title_lines(text: str, metrics: QtGui.QFontMetrics, width: float) -> list[str]:
    """The title in lines that fit ``width`` px, broken between its " · " parts (at
    1280x800 the one line ran past the figure's edge: "… 18 reports (1 unda")."""
    lines: list[str] = []
    for part in text.split(" · "):
        if lines and metrics.horizontalAdvance(f"{lines[-1]} · {part}") <= width:
            lines[-1] = f"{lines[-1]} · {part}"
        else:
            lines.append(part)
    return lines


def _title_height(text: str, width: float) -> int:
    """The title band's height (screen scale) for a figure ``width`` px wide."""
    n = len(title_lines(text, QtGui.QFontMetrics(_title_font(1.0)), width - 20))
    return TITLE_H + TITLE_LINE_H * (n - 1)


def _paint_title(painter: QtGui.QPainter, text: str, width: float, scale: float) -> None:
    from radtrack_gui.gui.qt import Qt

    font = _title_font(scale)
    painter.setFont(font)
    painter.setPen(QColor("#1a1a1a"))
    lines = title_lines(text, QtGui.QFontMetrics(font), width - 20 * scale)
    top = (TITLE_H - TITLE_LINE_H) / 2 * scale
    for i, line in enumerate(lines):
        y = top + i * TITLE_LINE_H * scale
        box = QRectF(10 * scale, y, width - 20 * scale, TITLE_LINE_H * scale)
        painter.drawText(box, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), line)


def export_png(widget: Any, path: str) -> None:
    """The timeline's scene as a PNG at twice the screen resolution."""
    with without_selection(widget):
        _export_png(widget, path)


def export_svg(widget: Any, path: str) -> None:
    """Vector SVG of what the view shows (glyphs as shapes, labels as text)."""
    with without_selection(widget):
        _export_svg(widget, path)


def _export_png(widget: Any, path: str) -> None:
    from pyqtgraph.exporters import ImageExporter

    exporter = ImageExporter(widget.view.scene())
    exporter.parameters()["width"] = int(widget.view.width() * 2)
    exporter.parameters()["antialias"] = True
    scene_image = exporter.export(toBytes=True)
    scale = scene_image.width() / max(1, widget.view.width())
    title = figure_title(widget)
    band = round(_title_height(title, widget.view.width()) * scale)
    image = QtGui.QImage(
        scene_image.width(), scene_image.height() + band, QtGui.QImage.Format.Format_ARGB32
    )
    image.fill(QColor("white"))
    painter = QtGui.QPainter(image)
    try:
        _paint_title(painter, title, image.width(), scale)
        painter.drawImage(0, band, scene_image)
    finally:
        painter.end()
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    if not cast(Any, image).save(buf, "PNG"):
        raise OSError(f"{path}: could not encode the timeline as PNG")
    buf.close()
    with atomic_open(path, "wb", encoding=None, newline=None) as f:
        f.write(bytes(data.data()))


def _export_svg(widget: Any, path: str) -> None:
    from radtrack_gui.gui.qt import QRect, QSize, QtSvg

    view = widget.view
    w, h = view.viewport().width(), view.viewport().height()
    source = view.mapToScene(view.viewport().rect()).boundingRect()
    title = figure_title(widget)
    band = _title_height(title, w)
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    gen = QtSvg.QSvgGenerator()
    gen.setOutputDevice(buf)
    gen.setSize(QSize(w, h + band))
    gen.setViewBox(QRect(0, 0, w, h + band))
    gen.setResolution(view.logicalDpiX())  # axes replay QPictures, which scale by dpi
    gen.setTitle("RadTrack timeline")
    gen.setDescription(title)
    items = [it for it in view.scene().items() if hasattr(it, "setExportMode")]
    painter = QtGui.QPainter(gen)
    try:
        for it in items:  # pyqtgraph items draw vector symbols in export mode
            it.setExportMode(
                True,
                {
                    "antialias": True,
                    "background": QColor("white"),
                    "painter": painter,
                    "resolutionScale": 1.0,
                },
            )
        painter.fillRect(QRectF(0, 0, w, h + band), QColor("white"))
        _paint_title(painter, title, w, 1.0)
        view.scene().render(painter, QRectF(0, band, w, h), source)
    finally:
        painter.end()
        for it in items:
            it.setExportMode(False)
    buf.close()
    with atomic_open(path, "wb", encoding=None, newline=None) as f:
        f.write(bytes(data.data()))
