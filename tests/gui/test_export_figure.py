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
    assert "not shown (folded)" in svg
    dated = sorted(r.date for r in p.reports if r.date)
    assert "Patient P-4711" in svg
    assert f"{dated[0]:%d %b %Y} – {dated[-1]:%d %b %Y}" in svg
    assert "(1 undated)" in svg
    assert tl.lane_axis.labels == in_app  # the app's own view keeps its affordance
    image = QtGui.QImage(str(png_path))
    assert image.height() > tl.view.height() * 2  # the title band is added above
