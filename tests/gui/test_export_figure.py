"""An exported timeline is a figure (issue #20 item 6): it names the patient and the
period, and states what is folded instead of offering "(click to show)"."""

from __future__ import annotations

import pytest
from lanes_fixtures import make_patient

from radtrack_gui.gui.qt import QApplication, QtGui

pytestmark = pytest.mark.gui


def test_export_names_patient_and_period_and_states_folds(make_timeline, tmp_path) -> None:
    p = make_patient(80, 20, 200, undated=1)
    p.id = "P-4711"
    tl = make_timeline(1100, 560, overview=True)
    tl.set_patient(p)
    QApplication.processEvents()
    in_app = list(tl.lane_axis.labels)
    folded = [t for t in in_app if t.endswith("(click to show)")]
    assert folded, "the overview folds lanes of this patient"
    svg_path, png_path = tmp_path / "t.svg", tmp_path / "t.png"
    tl.export_svg(str(svg_path))
    tl.export_png(str(png_path))
    svg = svg_path.read_text(encoding="utf-8")
    assert "click to show" not in svg
    assert "more findings not shown" in svg
    # Round 5: a group header's fold arrow is the app's button, not the figure's.
    assert any(t.startswith("▾ FINDINGS") for t in in_app)
    assert "▾" not in svg and "&#9662;" not in svg.lower() and "&#x25be;" not in svg.lower()
    assert "FINDINGS (" in svg
    dated = sorted(r.date for r in p.reports if r.date)
    assert "Patient P-4711" in svg
    assert f"{dated[0]:%d %b %Y} – {dated[-1]:%d %b %Y}" in svg
    assert "(1 undated)" in svg
    assert tl.lane_axis.labels == in_app  # the app's own view keeps its affordance
    image = QtGui.QImage(str(png_path))
    assert image.height() > tl.view.height() * 2  # the title band is added above


def test_a_narrow_figure_wraps_its_title_and_states_its_folds_whole(make_timeline, tmp_path):
    """Round 4 at the screen: exported from a 1280x800 window (a timeline about 590 px
    wide), the title ran past the figure's edge ("… 18 reports (1 unda") and the fold row
    read "60 more findings not shown (fold…"."""
    p = make_patient(80, 20, 200, undated=1)
    p.id = "DEMO-001-LONGER-ID"
    tl = make_timeline(590, 640, overview=True)
    tl.set_patient(p)
    QApplication.processEvents()
    png = tmp_path / "t.png"
    with_folds = {}
    from radtrack_gui.gui.timeline.export import without_selection

    with without_selection(tl):  # the labels as the figure draws them
        axis = tl.lane_axis
        rows = [float(i) for i in range(len(axis.labels))]
        shown = axis.tickStrings(rows, 1.0, 1.0)
        with_folds = {t: s for t, s in zip(axis.labels, shown, strict=True) if "not shown" in t}
    assert with_folds and all(t == s for t, s in with_folds.items()), with_folds
    tl.export_png(str(png))
    image = QtGui.QImage(str(png))
    scale = image.width() / tl.view.width()
    band = image.height() - round(tl.view.height() * scale)
    assert band > 40 * scale  # two title lines
    # Nothing of the title within 8 px of the right edge: every pixel there is white.
    edge = range(image.width() - round(8 * scale), image.width())
    dark = [
        (x, y) for x in edge for y in range(band) if QtGui.QColor(image.pixel(x, y)).value() < 200
    ]
    assert dark == [], dark[:5]
