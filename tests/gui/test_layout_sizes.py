"""No layout feedback loops in the timeline (issue #8, failure 2): the app opens and draws
at several window sizes, the default included, on several patients (a 1,000-report one
too), and zooming never makes the legend, the glyph scale and the "×n" counts chase each
other (that recursion crashed the app at its default size)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "radtrack_gui" / "resources" / "samples" / "demo_patient"
DEMO_GOLD = ROOT / "radtrack_gui" / "resources" / "samples" / "demo_patient_gold"
SIZES = [(1480, 900), (1280, 800), (1920, 1080), (1024, 700), (900, 600)]  # default first


def long_patient(folder: Path, n: int) -> Path:
    """A generated one-patient folder of ``n`` reports (scripts/long_patient.py)."""
    spec = importlib.util.spec_from_file_location(
        "long_patient", ROOT / "scripts" / "long_patient.py"
    )
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.write_long_patient(folder, n)


def _count_legend_draws(timeline) -> dict[str, int]:  # type: ignore[no-untyped-def]
    calls = {"n": 0}
    original = timeline.painter._draw_legend

    def counted(patient) -> None:  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] > 40:  # a feedback loop: stop before the stack overflows
            raise RecursionError("legend redrawn in a loop")
        original(patient)

    timeline.painter._draw_legend = counted
    return calls


def test_zooming_does_not_loop_between_legend_lod_and_counts(qtbot) -> None:
    sys.path.insert(0, str(ROOT / "tests"))
    from lanes_fixtures import make_patient

    from radtrack_gui.gui.timeline import TimelineWidget

    w = TimelineWidget()
    qtbot.addWidget(w)
    w.resize(500, 300)
    w.show()
    w.set_patient(make_patient(200, 100, 1500, undated=3, seed=11))
    x0, x1 = w.layout_.x_range
    w.vb.setXRange(x0, x0 + (x1 - x0) / 15, padding=0)  # columns far apart: counts fit
    calls = _count_legend_draws(w)
    legend_h = w.legend.size().height()
    for quarter_rows in range(12, 200):  # glyph scale crosses every level of detail
        calls["n"] = 0
        w.vb.setYRange(0, quarter_rows / 4, padding=0)
        assert calls["n"] <= 1
    assert w.legend.size().height() == legend_h  # zooming does not re-flow the legend


@pytest.mark.parametrize("which", ["demo", "gold", "long"])
def test_app_draws_at_several_sizes(qtbot, tmp_path: Path, which: str) -> None:
    from radtrack_gui.gui.crash import REPORTER
    from radtrack_gui.gui.main_window import MainWindow
    from radtrack_gui.gui.qt import QApplication, QEvent

    path = {"demo": DEMO, "gold": DEMO_GOLD}.get(which) or long_patient(tmp_path / "long", 1000)
    crashes = len(REPORTER.crashes())
    w = MainWindow()
    w.resize(*SIZES[0])
    w.show()
    try:
        with qtbot.waitSignal(w.patientDrawn, timeout=240000):
            assert w.open_path(str(path), remember=False) is not None
        tl = w.timeline
        calls = _count_legend_draws(tl)
        for width, height in SIZES:
            calls["n"] = 0
            w.resize(width, height)
            for _ in range(3):
                QApplication.processEvents()
            assert calls["n"] <= 2, (width, height)
            assert tl.lane_count() > 0 and tl.glyph_count() > 0
            tl.fit_all()
            QApplication.processEvents()
        assert len(REPORTER.crashes()) == crashes
        if which == "long":
            assert len(w.patient.reports) == 1000
    finally:
        w.close()
        w.deleteLater()
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
