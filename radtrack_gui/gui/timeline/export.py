"""Timeline export: PNG and SVG of the scene, written atomically."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from radtrack_gui.gui.qt import (
    QBuffer,
    QByteArray,
    QColor,
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
    for it in items:
        it.hide()
    widget.lane_axis.set_selected_rows([])
    try:
        yield
    finally:
        for it, on in zip(items, shown, strict=True):
            it.setVisible(on)
        widget.lane_axis.set_selected_rows(rows)


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
    image = exporter.export(toBytes=True)
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buf, "PNG"):
        raise OSError(f"{path}: could not encode the timeline as PNG")
    buf.close()
    with atomic_open(path, "wb", encoding=None, newline=None) as f:
        f.write(bytes(data.data()))


def _export_svg(widget: Any, path: str) -> None:
    from radtrack_gui.gui.qt import QRect, QSize, QtSvg

    view = widget.view
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
    gen.setDescription(f"Patient {widget.patient.id if widget.patient else ''}")
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
        painter.fillRect(QRectF(0, 0, w, h), QColor("white"))
        view.scene().render(painter, QRectF(0, 0, w, h), source)
    finally:
        painter.end()
        for it in items:
            it.setExportMode(False)
    buf.close()
    with atomic_open(path, "wb", encoding=None, newline=None) as f:
        f.write(bytes(data.data()))
