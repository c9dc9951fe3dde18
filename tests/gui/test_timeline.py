"""The swimlane timeline widget, driven offscreen with real events."""

from __future__ import annotations

import pytest
from lanes_fixtures import make_patient

pytestmark = pytest.mark.gui


@pytest.fixture
def timeline(make_timeline):
    return make_timeline(1200, 700, overview=False)


def test_lanes_and_glyphs_match_the_patient(timeline, qtbot):
    p = make_patient(30, 10, 90, undated=2)
    with qtbot.waitSignal(timeline.drawn, timeout=20000):
        timeline.set_patient(p)
    assert timeline.lane_count() == len(p.chains) == 30
    assert timeline.glyph_count() == len(p.mentions) == 90
    labels = [t for t in timeline.lane_labels() if t and not t.startswith(("▾", "▸"))]
    assert len(labels) == 30
    assert any(t.startswith("▾ FINDINGS") for t in timeline.lane_labels())
    # Every glyph sits on its chain's row.
    lay = timeline.layout_
    for mid, m in list(p.mentions.items())[:20]:
        x, y = timeline.glyph_pos(mid)
        assert y == lay.row_of_chain[m.chain]
        assert x == lay.x_of[m.report]


def test_filters_change_lane_counts(timeline):
    p = make_patient(30, 10, 90, undated=2)
    timeline.set_patient(p)
    singletons = sum(1 for c in p.chains.values() if len(c.mentions) == 1)
    assert singletons > 0
    timeline.set_filters(singletons=False)
    assert timeline.lane_count() == 30 - singletons
    assert not timeline.controls.singletons_box.isChecked()  # the toolbar follows
    timeline.set_filters(singletons=True, type="device")
    devices = sum(1 for c in p.chains.values() if c.type == "device")
    assert timeline.lane_count() == devices
    timeline.set_filters(type=None, min_length=4)
    assert timeline.lane_count() == sum(1 for c in p.chains.values() if len(c.mentions) >= 4)
    timeline.set_filters(min_length=1, search="nothing matches this")
    assert timeline.lane_count() == 0 and timeline.glyph_count() == 0


def test_x_mode_changes_positions(timeline):
    p = make_patient(10, 6, 25, undated=1)
    timeline.set_patient(p)
    mid = next(iter(p.mentions))
    x_date = timeline.glyph_pos(mid)[0]
    timeline.set_x_mode("order")
    assert timeline.controls.order_button.isChecked()
    x_order = timeline.glyph_pos(mid)[0]
    assert x_order != x_date
    assert x_order == float(int(x_order))  # evenly spaced report columns
    with pytest.raises(ValueError):
        timeline.set_x_mode("weekly")


def test_click_on_glyph_emits_mention_and_selects_its_chain(timeline, qtbot):
    from radtrack_gui.gui.qt import Qt

    p = make_patient(8, 6, 20, undated=0)
    timeline.set_patient(p)
    qtbot.wait(20)
    mid = "m3"
    pos = timeline.glyph_view_pos(mid)
    assert pos is not None
    got: list[tuple[str, str]] = []
    timeline.mentionClicked.connect(lambda m: got.append(("mention", m)))
    timeline.chainClicked.connect(lambda c: got.append(("chain", c)))
    with qtbot.waitSignal(timeline.mentionClicked, timeout=20000):
        qtbot.mouseClick(timeline.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert got == [("mention", mid)]  # the window selects the chain from the mention
    assert timeline.selection.chain == p.mentions[mid].chain
    # The clicked chain's glyphs are highlighted (one ring per shown mention).
    assert len(timeline.scene._sel_ring.data) == len(p.chains[p.mentions[mid].chain].mentions)


def test_hover_text_highlights_the_mention(timeline):
    p = make_patient(5, 4, 10, undated=0)
    timeline.set_patient(p)
    m = p.mentions["m2"]
    html = timeline.interaction.hover_html("m2")
    assert f"<b>{m.text}</b></span>" in html
    assert p.report(m.report).exam in html


def test_collapsed_group_shows_counts(timeline):
    p = make_patient(20, 8, 50, undated=1)
    timeline.set_patient(p)
    findings = sum(1 for c in p.chains.values() if c.type == "finding")
    shown = timeline.glyph_count()
    timeline.toggle_group("finding")
    header = next(t for t in timeline.lane_labels() if t.startswith("▸ FINDINGS"))
    assert f"{findings} chains" in header
    assert timeline.lane_count() == len(p.chains) - findings
    assert timeline.glyph_count() + len(timeline.scene._density.data) == shown


def test_export_png_and_svg(timeline, tmp_path):
    p = make_patient(12, 6, 30, undated=1)
    timeline.set_patient(p)
    png, svg = tmp_path / "t.png", tmp_path / "t.svg"
    timeline.export_png(str(png))
    timeline.export_svg(str(svg))
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    text = svg.read_text(encoding="utf-8")
    assert "<svg" in text and "</svg>" in text
    assert "FINDINGS" in text  # the lane labels are in the drawing


def test_drag_glyph_onto_another_lane_emits_drop(timeline, qtbot):
    from radtrack_gui.gui.qt import QApplication, QEvent, QPointF, Qt, QtGui

    p = make_patient(6, 5, 14, undated=0)
    timeline.set_patient(p)
    lay = timeline.layout_
    source, target = lay.lanes[0], lay.lanes[2]
    mid = source.mentions[0]
    start = timeline.glyph_view_pos(mid)
    x, _ = timeline.glyph_pos(mid)
    end = timeline.view.mapFromScene(timeline.vb.mapViewToScene(QPointF(x, float(target.row))))
    viewport = timeline.view.viewport()
    left, none = Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton

    def send(kind: QEvent.Type, pos, button, buttons) -> None:
        ev = QtGui.QMouseEvent(
            kind,
            QPointF(pos),
            QPointF(viewport.mapToGlobal(pos)),
            button,
            buttons,
            Qt.KeyboardModifier.NoModifier,
        )
        QApplication.sendEvent(viewport, ev)

    with qtbot.waitSignal(timeline.mentionsDropped, timeout=20000) as blocker:
        send(QEvent.Type.MouseButtonPress, start, left, left)
        for k in range(1, 11):  # a real drag: button held while the mouse moves
            send(QEvent.Type.MouseMove, start + (end - start) * (k / 10), none, left)
        send(QEvent.Type.MouseButtonRelease, end, left, none)
    assert blocker.args == [[mid], target.chain]
    assert len(timeline.scene._ghost.data) == 0  # the drag ghost is gone


def test_refresh_after_edit_keeps_view(timeline):
    from radtrack_gui.core.edits import MergeChains

    p = make_patient(12, 6, 30, undated=0)
    timeline.set_patient(p)
    timeline.set_filters(negatives=True)  # every chain has a lane
    a, b = [c.id for c in p.chains.values() if c.type == "finding"][:2]
    timeline.vb.setYRange(0, 5, padding=0)
    changes = MergeChains([a, b]).do(p)
    timeline.refresh(changes)
    assert timeline.lane_count() == len(p.chains)
    assert timeline.glyph_count() == len(p.mentions)
    y0, y1 = timeline.vb.viewRange()[1]
    assert (round(y0), round(y1)) == (0, 5)


def test_keyboard_pans_zooms_and_home_fits_all(timeline, qtbot):
    from radtrack_gui.gui.qt import Qt

    p = make_patient(80, 12, 200, undated=1)
    timeline.set_patient(p)
    (x0, x1), (y0, y1) = timeline.vb.viewRange()
    assert y1 - y0 < timeline.layout_.n_rows  # many lanes: the first view shows some
    timeline.view.setFocus()
    qtbot.keyClick(timeline.view, Qt.Key.Key_Plus)
    (a0, a1), _ = timeline.vb.viewRange()
    assert a1 - a0 < x1 - x0  # zoomed in on time
    qtbot.keyClick(timeline.view, Qt.Key.Key_Right)
    (b0, _b1), _ = timeline.vb.viewRange()
    assert b0 > a0
    qtbot.keyClick(timeline.view, Qt.Key.Key_Down)
    assert timeline.vb.viewRange()[1][0] > y0
    qtbot.keyClick(timeline.view, Qt.Key.Key_Home)
    _, (h0, h1) = timeline.vb.viewRange()
    assert h0 < 0 and h1 >= timeline.layout_.n_rows - 1  # every lane in view


def test_hover_shows_tooltip(timeline, qtbot):
    from radtrack_gui.gui.qt import QtWidgets

    p = make_patient(6, 5, 14, undated=0)
    timeline.set_patient(p)
    mid = timeline.layout_.lanes[0].mentions[0]
    scene = timeline.view.mapToScene(timeline.glyph_view_pos(mid))
    timeline.interaction.on_mouse_moved(scene)
    qtbot.waitUntil(lambda: QtWidgets.QToolTip.isVisible(), timeout=20000)
    assert p.mentions[mid].text in QtWidgets.QToolTip.text()
    QtWidgets.QToolTip.hideText()


def _with_negatives(n_negative: int = 3):
    """A generated patient where ``n_negative`` chains are negative-only, one chain ends
    in a resolution (present, then absent) and every other chain has a present mention."""
    p = make_patient(14, 6, 40, undated=0)
    long_chains = [c for c in p.chains.values() if len(c.mentions) >= 2]
    negatives, resolved = long_chains[:n_negative], long_chains[n_negative]
    for c in p.chains.values():
        ms = p.chain_mentions(c.id)
        if c in negatives:
            for m in ms:
                m.assertion = "absent"
        else:
            ms[0].assertion = "present"
    p.chain_mentions(resolved.id)[-1].assertion = "absent"
    return p, [c.id for c in negatives], resolved.id


def test_pertinent_negatives_hidden_by_default_with_a_hint(timeline):
    p, negatives, resolved = _with_negatives(3)
    timeline.set_patient(p)
    assert not timeline.filters.negatives and not timeline.controls.negatives_action.isChecked()
    assert timeline.lane_count() == len(p.chains) - 3
    assert sorted(timeline.layout_.hidden_negatives) == sorted(negatives)
    assert not any(c in timeline.layout_.row_of_chain for c in negatives)
    hint = timeline.controls.negatives_hint
    assert hint.isVisibleTo(timeline)
    assert timeline.controls.hint_text().startswith("3 negative-only chains hidden")
    assert "3 negative-only chains hidden" in hint.text()
    # A negative inside a chain with positive mentions (a resolution) is always drawn.
    last = p.chain_mentions(resolved)[-1]
    assert last.assertion == "absent" and timeline.glyph_pos(last.id) is not None
    shown = sum(len(c.mentions) for c in p.chains.values() if c.id not in negatives)
    assert timeline.glyph_count() == shown


def test_toggling_negatives_shows_them(timeline, qtbot):
    p, negatives, _ = _with_negatives(2)
    timeline.set_patient(p)
    assert timeline.lane_count() == len(p.chains) - 2
    with qtbot.waitSignal(timeline.negativesChanged, timeout=20000) as blocker:
        timeline.controls.negatives_action.trigger()  # Filters ▸ Pertinent negatives
    assert blocker.args == [True]
    assert timeline.lane_count() == len(p.chains)
    assert all(c in timeline.layout_.row_of_chain for c in negatives)
    assert timeline.glyph_count() == len(p.mentions)
    assert (
        not timeline.controls.negatives_hint.isVisibleTo(timeline)
        and timeline.controls.hint_text() == ""
    )
    timeline.set_filters(negatives=False)
    assert not timeline.controls.negatives_action.isChecked()  # the menu follows
    assert timeline.controls.hint_text().startswith("2 negative-only chains hidden")
    timeline.controls.negatives_hint.linkActivated.emit("show")  # the hint's "Show them" link
    assert timeline.filters.negatives and timeline.lane_count() == len(p.chains)


def test_several_mentions_in_one_report_get_a_count(timeline):
    from collections import Counter

    p = make_patient(20, 5, 70, undated=0)
    timeline.set_patient(p)
    lay = timeline.layout_
    want = {}
    for lane in lay.lanes:
        per_report = Counter(p.mentions[m].report for m in lane.mentions)
        for rid, n in per_report.items():
            if n > 1:
                want[(lay.x_of[rid], float(lane.row))] = n
    assert want  # the fixture has stacks
    assert timeline.marks.stack_counts() == want
    titles = [title for title, _ in timeline.legend.entries]
    items = [item[4] for _, its in timeline.legend.entries for item in its]
    assert "" in titles and any("mentions in one report" in t for t in items)


def test_long_lane_labels_elide_at_the_end_with_full_tooltip(timeline):
    from radtrack_gui.gui.qt import QFont, QPointF, QtGui
    from radtrack_gui.gui.timeline import elide_label

    fm = QtGui.QFontMetrics(QFont())
    text = "intraparenchymal hemorrhage  (3)"
    short = elide_label(text, fm, fm.horizontalAdvance(text) - 30)
    assert short.endswith("(3)") and "…" in short and short.startswith("intra")
    # Issue #20 item 9 (round 4): what tells a same-named lane apart (its date) stays whole;
    # the name gives up its middle ("endotr…tube · 2 Mar 2150"); round 3 cut the date,
    # and at 1280x800 twins then read alike (tests/gui/test_lane_labels_small_window.py).
    twin = "endotracheal tube · 2 Mar 2150  (9)"
    cut = elide_label(twin, fm, fm.horizontalAdvance("endotracheal tube · 2 M  (9)"))
    assert cut.startswith("end") and cut.endswith("e · 2 Mar 2150  (9)") and "…" in cut, cut
    assert fm.horizontalAdvance(short) <= fm.horizontalAdvance(text) - 30
    # Round 5 (the chain list at 1280x800): a short name beside a place that cannot fit
    # whole stays readable, the place cut at its end ("li…st · hepatic seg…" before).
    place = "liver cyst · hepatic segment 7"
    cut = elide_label(place, fm, fm.horizontalAdvance("liver cyst · hepatic seg…"))
    assert cut.startswith("liver cyst · hepatic s") and cut.endswith("…"), cut
    effusion = "pleural effusion · abdomen, 2 Mar 2150"
    cut = elide_label(effusion, fm, fm.horizontalAdvance("pleural effusion · abd…"))
    assert cut.startswith("pleural effusion · ab") and cut.endswith("…"), cut
    assert elide_label("mass", fm, 200) == "mass"
    p = make_patient(6, 4, 12, undated=0)
    chain = next(iter(p.chains.values()))
    chain.label = "a very long finding name that no lane label can hold whole"
    timeline.set_patient(p)
    assert chain.label in timeline.interaction.lane_tooltip(chain.id)
    # Hovering the label on the lane axis shows the same full text.
    row = timeline.layout_.row_of_chain[chain.id]
    x = timeline.lane_axis.sceneBoundingRect().center().x()
    y = timeline.vb.mapViewToScene(QPointF(0.0, float(row))).y()
    assert chain.label in timeline.interaction.label_tooltip_at(QPointF(x, y))
    assert timeline.interaction.label_tooltip_at(QPointF(-50.0, y)) == ""  # off the axis: none


def _wheel(timeline, dy: int) -> None:
    from radtrack_gui.gui.qt import QPoint, QPointF, Qt, QtCore, QtGui

    centre = timeline.view.viewport().rect().center()
    ev = QtGui.QWheelEvent(
        QPointF(centre),
        QPointF(timeline.view.mapToGlobal(centre)),
        QPoint(0, 0),
        QPoint(0, dy),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QtCore.QCoreApplication.sendEvent(timeline.view.viewport(), ev)


def test_the_wheel_leaves_lanes_that_all_fit_where_they_are(timeline, qtbot):
    """Round 5 at the screen (a patient of three lanes, 1480x900): the wheel scrolled the
    lanes that all fitted, into blank space above the first row, and hid the last lane
    ("▼ 1 more lane below"). With every row in view the wheel moves nothing; with more
    rows than fit it scrolls, never past the first or the last row (counter-example)."""
    few = make_patient(3, 6, 9, undated=0)
    with qtbot.waitSignal(timeline.drawn, timeout=20000):
        timeline.set_patient(few)
    for fit in (False, True):  # as first drawn, then after Fit all
        if fit:
            timeline.fit_all()
        before = timeline.vb.viewRange()[1]
        for dy in (120, 120, -120, -120, -120):
            _wheel(timeline, dy)
            assert timeline.vb.viewRange()[1] == pytest.approx(before), (fit, dy)
    many = make_patient(60, 10, 150, undated=0)
    with qtbot.waitSignal(timeline.drawn, timeout=20000):
        timeline.set_patient(many)
    rows = timeline.layout_.n_rows
    y0, y1 = timeline.vb.viewRange()[1]
    assert y1 - y0 < rows  # not all in view
    for _ in range(3):
        _wheel(timeline, -120)  # down
    assert timeline.vb.viewRange()[1][0] > y0
    for _ in range(400):
        _wheel(timeline, 120)  # up, far past the first row
    assert timeline.vb.viewRange()[1][0] >= -0.7 - 1e-6
    for _ in range(400):
        _wheel(timeline, -120)
    assert timeline.vb.viewRange()[1][1] <= rows - 0.3 + 1e-6
