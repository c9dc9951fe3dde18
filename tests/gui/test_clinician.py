"""The clinician's points of issue #10 on real widgets (offscreen): an overview where
devices and findings are both visible, change marks that never collide, exports without the
session's selection and with the undated band named, labels that tell lanes apart."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
from lanes_fixtures import make_patient  # noqa: E402

from radtrack_gui.gui.qt import QPoint, QPointF, Qt, QtCore, QtGui  # noqa: E402
from radtrack_gui.views.lanes import build_layout  # noqa: E402

pytestmark = pytest.mark.gui


@pytest.fixture
def timeline(make_timeline):
    return make_timeline(1100, 700)


def test_1_overview_shows_findings_and_devices_at_first_glance(timeline, qtbot) -> None:
    p = make_patient(160, 60, 900, undated=2, seed=5)  # far more lanes than rows
    timeline.set_patient(p)
    # The fold is re-fitted (deferred) once the plot has its final height.
    qtbot.waitUntil(
        lambda: timeline.layout_.n_rows <= timeline.vb.viewRange()[1][1] + 1, timeout=3000
    )
    lay = timeline.layout_
    y0, y1 = timeline.vb.viewRange()[1]
    visible = {kind for row, (kind, _key) in enumerate(lay.row_kind) if y0 < row < y1}
    shown_types = {ln.type for ln in lay.lanes if y0 < ln.row < y1}
    assert shown_types == {"finding", "device"}  # both, without scrolling
    assert "more" in visible  # the rest of a group folded into "+ N more" (in view too)
    assert lay.n_rows <= y1 + 1  # nothing below the fold
    assert timeline.controls.more_text() == ""
    # Every mention is either a glyph or in a fold row's density strip.
    full = build_layout(p, timeline.filters, "date")
    assert timeline.glyph_count() + timeline.folded_count() == sum(
        len(ln.mentions) for ln in full.lanes
    )
    # Clicking the fold row opens the group in full; its header folds it again.
    fold = lay.folds[0]
    timeline.interaction.on_click(
        timeline.vb.mapViewToScene(QPointF(sum(lay.x_range) / 2, fold.row)),
        Qt.KeyboardModifier.NoModifier,
    )
    assert fold.key in timeline.expanded
    assert set(fold.chains) <= {ln.chain for ln in timeline.layout_.lanes}
    # The wheel scrolls the lanes; Ctrl+wheel zooms time.
    timeline.set_overview(False)
    centre = timeline.view.viewport().rect().center()
    for mods in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.ControlModifier):
        (x0, x1), (y0, _) = timeline.vb.viewRange()
        ev = QtGui.QWheelEvent(
            QPointF(centre),
            QPointF(timeline.view.mapToGlobal(centre)),
            QPoint(0, 0),
            QPoint(0, -120),
            Qt.MouseButton.NoButton,
            mods,
            Qt.ScrollPhase.NoScrollPhase,
            False,
        )
        QtCore.QCoreApplication.sendEvent(timeline.view.viewport(), ev)
        (nx0, nx1), (ny0, _) = timeline.vb.viewRange()
        if mods == Qt.KeyboardModifier.NoModifier:
            assert ny0 > y0 and (nx0, nx1) == (x0, x1)  # scrolled down, time unchanged
        else:
            assert (nx1 - nx0) != (x1 - x0)  # time zoomed


def test_3_change_marks_and_counts_never_collide(timeline, qtbot) -> None:
    from radtrack_gui.gui.timeline.draw import COUNT_ROOM_PX, MARK_ROOM_PX

    timeline.set_overview(False)
    p = make_patient(30, 40, 400, undated=1, seed=3)
    # Two mentions of one lane in one report, "stable" and "inserted": one mark, not a blob.
    chain = max(p.chains.values(), key=lambda c: len(c.mentions))
    a, b = chain.mentions[:2]
    p.mentions[b].report = p.mentions[a].report
    p.mentions[a].change, p.mentions[b].change = "stable", "inserted"
    timeline.set_patient(p)
    for zoom in (1.0, 0.3, 0.05):
        x0, x1 = timeline.layout_.x_range
        timeline.vb.setXRange(x0, x0 + (x1 - x0) * zoom, padding=0)
        qtbot.wait(10)
        xs = np.asarray(timeline.painter._hx)
        ys = np.asarray(timeline.painter._hy)
        px = timeline.vb.width() / np.diff(timeline.vb.viewRange()[0])[0]
        places: list[tuple[float, float]] = []
        for item in timeline.painter._mark_items.values():
            places.extend(zip(item.data["x"], item.data["y"], strict=True))
        assert len(places) == len(set(places))  # one mark per place
        for x, y in places:  # room before the next glyph of the lane
            later = xs[(ys == y) & (xs > x)]
            assert later.size == 0 or (later.min() - x) * px >= MARK_ROOM_PX
        for item in timeline.scene._count_items.values():
            for x, y in zip(item.data["x"], item.data["y"], strict=True):
                later = xs[(ys == y) & (xs > x)]
                assert later.size == 0 or (later.min() - x) * px >= COUNT_ROOM_PX
    row = timeline.layout_.row_of_chain[chain.id]
    x = timeline.layout_.x_of[p.mentions[a].report]
    kinds = [
        k
        for k, item in timeline.painter._mark_items.items()
        if any(mx == x and my == row for mx, my in zip(item.data["x"], item.data["y"], strict=True))
    ]
    assert kinds in ([], ["inserted"])  # the device event wins the place


def test_3_exports_draw_no_selection_and_name_the_undated_band(
    timeline, qtbot, tmp_path: Path
) -> None:
    from radtrack_gui.gui import style as S

    p = make_patient(12, 10, 40, undated=2)
    timeline.set_overview(False)
    timeline.set_patient(p)
    qtbot.wait(20)
    plain_png, plain_svg = tmp_path / "plain.png", tmp_path / "plain.svg"
    timeline.export_png(str(plain_png))
    timeline.export_svg(str(plain_svg))
    timeline.select_mentions(list(p.mentions)[:3])  # a selection in the session
    assert timeline.scene._sel_band.isVisible()
    sel_png, sel_svg = tmp_path / "sel.png", tmp_path / "sel.svg"
    timeline.export_png(str(sel_png))
    timeline.export_svg(str(sel_svg))
    assert sel_png.read_bytes() == plain_png.read_bytes()  # the selection is not drawn
    svg = sel_svg.read_text(encoding="utf-8")
    assert S.SELECTED_BAND.lower() not in svg.lower()
    assert "undated reports" in svg  # the band is labelled
    assert timeline.scene._sel_band.isVisible()  # and the app's own view still shows it


def test_4_lanes_with_the_same_name_are_told_apart(timeline) -> None:
    p = make_patient(10, 8, 30, undated=0)
    twins = [c for c in p.chains.values() if c.type == "finding"][:2]
    for c in twins:
        c.label = "ileus"
    timeline.set_overview(False)
    timeline.set_patient(p)
    labels = [t for t in timeline.lane_labels() if t.startswith("ileus")]
    assert len(labels) == 2 and len(set(labels)) == 2
    assert all(" · " in t and "2150" in t for t in labels)  # the first date tells them apart
