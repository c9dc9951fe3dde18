"""The oncology demo in the real window: Help > Open oncology demo patient runs the pipeline;
a measured lesion gets a size trace in its timeline lane and a plot in the chain panel;
chains without sizes (a device, an unmeasured finding) get neither."""

from __future__ import annotations

import pytest

from radtrack_gui.gui.qt import QColor
from radtrack_gui.gui.timeline.size_trace import TRACE_COLOR
from radtrack_gui.views.sizes import size_series

pytestmark = pytest.mark.gui


def _open_oncology(qtbot, window) -> None:
    with qtbot.waitSignal(window.patientDrawn, timeout=120000):
        window.menus["demo_oncology"].trigger()  # Help > Open oncology demo patient


def _near(image, x: float, y: float, color: QColor, r: int = 3) -> bool:
    for dx in range(-r, r + 1):
        for dy in range(-r, r + 1):
            c = image.pixelColor(int(x) + dx, int(y) + dy)
            if (
                abs(c.red() - color.red())
                + abs(c.green() - color.green())
                + abs(c.blue() - color.blue())
                < 40
            ):
                return True
    return False


def test_help_menu_opens_the_oncology_demo(qtbot, window) -> None:
    help_menu = next(
        a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == "Help"
    )
    texts = [a.text().replace("&", "") for a in help_menu.actions()]
    assert "Open oncology demo patient" in texts and "Open demo patient" in texts
    _open_oncology(qtbot, window)
    p = window.patient
    assert p is not None and p.id == "DEMO-002" and len(p.reports) == 8
    assert {r.modality for r in p.reports} >= {"CT", "PET", "MR", "XR"}


def test_size_trace_in_lanes_and_plot_in_chain_panel(qtbot, window) -> None:
    _open_oncology(qtbot, window)
    p, tl = window.patient, window.timeline
    lay = tl.layout_
    traced = tl.size_trace.chains
    assert traced, "no lane shows a size trace"
    for cid, pts in traced.items():
        series = size_series(p, cid)
        row = lay.row_of_chain[cid]
        assert all(row - 0.5 < y < row + 0.5 for _, y in pts)  # inside its own lane
        assert [x for x, _ in pts] == [lay.x_of[pt.report] for pt in series.points]
        by_mm = sorted(zip((pt.mm for pt in series.points), (y for _, y in pts), strict=True))
        assert [y for _, y in by_mm] == sorted((y for _, y in by_mm), reverse=True)
    # counter-examples: no device lane and no unmeasured lane is traced
    devices = [ln.chain for ln in lay.lanes if ln.type == "device"]
    assert devices and not set(devices) & set(traced)
    unmeasured = [ln.chain for ln in lay.lanes if not size_series(p, ln.chain).points]
    assert unmeasured and not set(unmeasured) & set(traced)
    labels = [e[4] for _, items in tl.legend.entries for e in items]
    assert any("size over time" in s for s in labels)  # the legend says what the line is

    # the chain panel: a measured chain shows its plot with a dot per size
    cl = window.chain_list
    grows = max(traced, key=lambda c: len(size_series(p, c).points))
    cl.select_chain(grows)
    plot = cl.size_plot
    qtbot.waitUntil(plot.isVisible, timeout=20000)
    assert plot.series is not None and plot.series.chain == grows
    assert f"{plot.series.points[0].date:%Y-%m-%d}" in plot.toolTip()
    image = plot.grab().toImage()
    dots = plot.dot_positions()
    assert len(dots) == len(plot.series.points) >= 2
    assert all(_near(image, d.x(), d.y(), QColor(TRACE_COLOR)) for d in dots)
    largest = max(range(len(dots)), key=lambda i: plot.series.points[i].mm)
    assert dots[largest].y() == min(d.y() for d in dots)  # the largest size is highest
    # a device: the plot goes away
    cl.select_chain(devices[0])
    qtbot.waitUntil(lambda: not plot.isVisible(), timeout=20000)
    assert plot.series is None


def test_the_first_demo_has_no_size_legend_without_traces(qtbot, window, open_and_wait) -> None:
    """Counter-example: a patient whose chains are never measured twice shows no trace and
    no legend line for it (the gold demo: brat mentions carry no measurements)."""
    from .conftest import DEMO_GOLD

    open_and_wait(window, DEMO_GOLD)
    tl = window.timeline
    assert tl.size_trace.chains == {}
    labels = [e[4] for _, items in tl.legend.entries for e in items]
    assert not any("size over time" in s for s in labels)
    assert not window.chain_list.size_plot.isVisible()
