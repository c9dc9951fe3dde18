"""The legend wraps and is never clipped when the window narrows (issue #20 item 9)."""

from __future__ import annotations

import pytest
from lanes_fixtures import make_patient

from radtrack_gui.gui.qt import QApplication

pytestmark = pytest.mark.gui


def _needed(legend) -> float:
    flow = legend._flow(legend.size().width())
    return max(y for _, y, _, _ in flow) + legend.ROW_H


@pytest.mark.parametrize("width", [1900, 1300, 1000, 700])
def test_every_legend_row_is_inside_the_legend(make_timeline, width) -> None:
    tl = make_timeline(1900, 700, overview=False)
    tl.set_patient(make_patient(12, 30, 60, undated=1))
    QApplication.processEvents()
    tl.resize(width, 700)
    for _ in range(3):
        QApplication.processEvents()
    legend = tl.legend
    assert legend.size().width() <= width
    assert _needed(legend) <= legend.size().height() + 0.5, (width, legend.size())
    # Its bottom is inside the view (not cut by the window's edge).
    bottom = legend.mapToScene(0, legend.size().height()).y()
    assert bottom <= tl.view.viewport().height() + 0.5


def test_the_first_window_fits_a_small_screen() -> None:
    from radtrack_gui.gui.main_window import first_size
    from radtrack_gui.gui.qt import QSize

    assert first_size(QSize(1920, 1050)) == (1480, 900)
    w, h = first_size(QSize(1280, 770))  # 1280x800 less a panel
    assert w <= 1280 - 16 and h <= 770 - 48
