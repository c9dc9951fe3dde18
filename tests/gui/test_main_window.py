"""The main window over real widgets, the real pipeline and a real project store."""

from __future__ import annotations

from pathlib import Path

import pytest

from radtrack_gui.core.model import DEVICE, FINDING
from radtrack_gui.gui.dialogs import opener
from radtrack_gui.gui.qt import Qt
from radtrack_gui.views.lanes import negative_only

from .conftest import later_mention, stored

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "radtrack_gui" / "resources" / "samples" / "demo_patient"
DEMO_GOLD = ROOT / "radtrack_gui" / "resources" / "samples" / "demo_patient_gold"


def test_open_gold_patient_views_match_store(qtbot, window, open_and_wait) -> None:
    open_and_wait(window, DEMO_GOLD)
    p = window.patient
    assert p is not None and p.annotated
    on_disk = stored(DEMO_GOLD)
    assert on_disk is not None
    assert len(on_disk.chains) == len(p.chains) > 10
    assert len(on_disk.mentions) == len(p.mentions)
    cl = window.chain_list
    assert cl.group_count(FINDING) + cl.group_count(DEVICE) == len(p.chains)
    assert cl.group_count(DEVICE) == sum(c.type == DEVICE for c in p.chains.values())
    if hasattr(window.timeline, "lane_count"):
        assert window.timeline.glyph_count() + window.timeline.folded_count() == len(p.mentions)
    assert window.report_view.reports.count() == len(p.reports)
    status = window.status.counts.text()
    assert f"{len(p.reports)} reports" in status and f"{len(p.chains)} chains" in status
    assert "gold" in window.status.model.text()
    assert window.windowTitle().endswith(p.id)


def test_open_demo_through_pipeline(qtbot, window, open_and_wait) -> None:
    pytest.importorskip("radtrack_gui.nlp.extractors.rules")
    with qtbot.waitSignal(window.patientDrawn, timeout=120000):
        window.menus["demo"].trigger()  # Help > Open demo patient
    qtbot.waitUntil(lambda: not window.patients.storing(), timeout=120000)  # after the paint
    p = window.patient
    assert p is not None and not p.annotated and p.mentions
    on_disk = stored(DEMO)
    assert sorted(on_disk.chains) == sorted(p.chains)
    # Pertinent negatives (chains whose every mention is absent) are hidden by default.
    hidden = window.timeline.layout_.hidden_negatives
    assert hidden and all(negative_only(p.chain_mentions(c)) for c in hidden)
    in_hidden = sum(len(p.chains[c].mentions) for c in hidden)
    assert (
        window.timeline.glyph_count() + window.timeline.folded_count()
        == len(p.mentions) - in_hidden
    )
    cl = window.chain_list
    assert cl.group_count(FINDING) + cl.group_count(DEVICE) == len(p.chains)
    assert window.loaded is not None and not window.loaded.from_store
    assert "rules" in window.status.model.text()


def test_timeline_mention_click_scrolls_viewer(qtbot, window, open_and_wait) -> None:
    open_and_wait(window, DEMO_GOLD)
    m = later_mention(window)
    view = window.report_view
    assert view.report_id != m.report
    window.timeline.mentionClicked.emit(m.id)
    assert view.report_id == m.report
    assert view.mention_id == m.id
    assert m.id in view.highlighted_mentions()
    # The chain's other mentions in this report are highlighted too.
    same = [x.id for x in window.patient.mentions_of(m.report) if x.chain == m.chain]
    assert set(same) <= set(view.highlighted_mentions())
    qtbot.waitUntil(lambda: view.is_visible_offset(m.start), timeout=20000)
    assert window.chain_list.current_chain_id() == m.chain
    assert window.selection.selected_mention_ids() == [m.id]
    assert m.assertion in view.details.text() and m.type in view.details.text()


def test_real_click_on_glyph(qtbot, window, open_and_wait) -> None:
    open_and_wait(window, DEMO_GOLD)
    tl = window.timeline
    if not hasattr(tl, "glyph_view_pos"):
        pytest.skip("timeline without glyph positions")
    tl.fit_all()
    qtbot.wait(50)
    rect = tl.view.viewport().rect().adjusted(20, 20, -20, -20)
    pos = next(
        q
        for mid in window.patient.mentions
        if (q := tl.glyph_view_pos(mid)) is not None and rect.contains(q)
    )
    from radtrack_gui.gui.qt import Qt

    with qtbot.waitSignal(tl.mentionClicked, timeout=20000) as blocker:
        qtbot.mouseClick(tl.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    clicked = blocker.args[0]
    assert window.report_view.mention_id == clicked
    assert window.report_view.report_id == window.patient.mentions[clicked].report
    # The selection shows in the timeline: the clicked glyph keeps its mark after its
    # chain is selected too, and the lane (plot row and label) is banded.
    chain = window.patient.mentions[clicked].chain
    assert tl.selection.chain == chain and tl.selection.mentions == [clicked]
    assert len(tl.scene._sel_mention.data) == 1
    row = tl.layout_.row_of_chain[chain]
    assert tl.lane_axis.selected_row == row and tl.scene._sel_band.isVisible()
    assert tl.scene._sel_band.path().boundingRect().center().y() == row
    assert window.chain_list.current_chain_id() == chain


def test_chain_list_selects_chain_everywhere(qtbot, window, open_and_wait) -> None:
    open_and_wait(window, DEMO_GOLD)
    p = window.patient
    chain = max(p.chains.values(), key=lambda c: len(c.mentions))
    item = window.chain_list._items[chain.id]
    window.chain_list.tree.setCurrentItem(item)
    assert window.report_view.chain_id == chain.id
    assert window.report_view.mention_id in chain.mentions
    assert window.edit_actions["rename"].isEnabled()


def test_chain_search_matches_synonyms(qtbot, window, open_and_wait) -> None:
    open_and_wait(window, DEMO_GOLD)
    p = window.patient
    effusions = [c.id for c in p.chains.values() if "effusion" in c.label]
    if not effusions:
        pytest.skip("no effusion chain in the demo")
    cl = window.chain_list
    cl.search.setText("pleural fluid")  # a synonym, never the label
    visible = cl.visible_chain_ids()
    assert set(effusions) <= set(visible)
    assert len(visible) < len(p.chains)
    cl.search.setText("")
    assert len(cl.visible_chain_ids()) == len(p.chains)
    cl.singletons.setChecked(False)
    assert all(len(p.chains[c].mentions) > 1 for c in cl.visible_chain_ids())


def test_cancel_long_run_leaves_nothing(qtbot, window, open_and_wait, tmp_path: Path) -> None:
    folder = tmp_path / "many"
    folder.mkdir()
    text = (
        "Date: 2150-01-{day:02d}\nExam: CHEST (PORTABLE AP)\n\nFINDINGS: Small left "
        "pleural effusion. Endotracheal tube in place.\nIMPRESSION: Effusion.\n"
    )
    for i in range(600):
        (folder / f"r{i:04d}.txt").write_text(text.format(day=i % 28 + 1), encoding="utf-8")
    with qtbot.waitSignal(window.loadCancelled, timeout=60000):
        task = window.open_path(str(folder))
        assert task is not None
        window.cancel_load()
    assert window.patient is None
    assert not window.status.progress.isVisible() and not window.status.cancel_button.isVisible()
    assert stored(folder) is None  # no half-saved project
    # The window is still usable.
    open_and_wait(window, DEMO_GOLD)
    assert window.patient is not None


def test_layout_and_shortcuts(qtbot, window, open_and_wait) -> None:
    rows = window.menus.shortcut_rows()
    keys = {r[1] for r in rows}
    for expected in ("Ctrl+Z", "Ctrl+M", "Ctrl+Shift+S", "F2", "Ctrl+O", "Del"):
        assert expected in keys
    from radtrack_gui.gui.qt import Qt

    # Docks can move; the layout is saved and restored.
    window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, window.report_dock)
    window.save_layout()
    from radtrack_gui.gui.main_window import MainWindow

    other = MainWindow()
    try:
        assert other.dockWidgetArea(other.report_dock) == Qt.DockWidgetArea.BottomDockWidgetArea
    finally:
        other.close()
        other.deleteLater()
    window.menus.show_shortcuts()
    assert window.menus.shortcuts_dialog.isVisible()
    window.menus.shortcuts_dialog.close()
    window.menus.shortcuts_dialog.deleteLater()


def test_menu_dialogs_open(qtbot, window, open_and_wait) -> None:
    pytest.importorskip("radtrack_gui.nlp.extractors.rules")
    open_and_wait(window, DEMO, timeout=120000)
    export = opener.open_export(window)
    assert export is not None and export.isVisible()
    export.close()
    settings = opener.open_settings(window)
    assert settings is not None
    settings.accept()
    from radtrack_gui.settings import settings_path

    assert settings_path().exists()
    compare = opener.open_compare(window)  # demo_patient_gold lies beside demo_patient
    assert compare is not None and compare.isVisible()
    compare.close()


def test_pertinent_negatives_toggle_in_view_menu(qtbot, window, open_and_wait) -> None:
    from radtrack_gui import settings as settings_mod

    open_and_wait(window, DEMO)
    p, tl = window.patient, window.timeline
    hidden = list(tl.layout_.hidden_negatives)
    assert hidden and not window.menus["negatives"].isChecked()  # off by default
    assert tl.controls.negatives_hint.isVisibleTo(tl)
    assert tl.controls.hint_text().startswith(f"{len(hidden)} negative-only chain")
    # The chain list keeps listing them (the full inventory), greyed.
    assert set(hidden) <= set(window.chain_list.visible_chain_ids())
    window.selection.on_chain_selected(hidden[0])
    assert "pertinent negative" in window.statusBar().currentMessage()
    # View ▸ Show pertinent negatives: the lanes come back and the choice is saved.
    window.menus["negatives"].trigger()
    assert tl.filters.negatives and all(c in tl.layout_.row_of_chain for c in hidden)
    assert tl.glyph_count() + tl.folded_count() == len(p.mentions)
    assert settings_mod.load().show_negatives is True
    # The timeline's own Filters menu turns them off again; the View menu follows.
    tl.controls.negatives_action.trigger()
    assert not window.menus["negatives"].isChecked()
    assert settings_mod.load().show_negatives is False
    assert tl.layout_.hidden_negatives == hidden


def test_compare_on_gold_folder_scores_the_models(qtbot, window, open_and_wait) -> None:
    pytest.importorskip("radtrack_gui.nlp.extractors.rules")
    open_and_wait(window, DEMO_GOLD)
    assert window.patient.annotated
    with qtbot.waitSignal(window.compareShown, timeout=120000) as blocker:
        assert opener.open_compare(window) is None  # the models run in the background first
    dlg = blocker.args[0]
    try:
        assert "from the models" in dlg.headline.text()
        assert not dlg.patient.annotated and dlg.gold.annotated
        assert 0.0 < dlg.conll_f1 < 1.0  # a real comparison, not the gold against itself
        assert window.patient.annotated  # the open chains are untouched
        # Issue #20 item 3: clicking a difference selects the mention in the open (gold)
        # patient and shows its report, for every kind of difference listed.
        rows = [dlg.diff_list.item(i) for i in range(dlg.diff_list.count())]
        assert rows
        kinds = set()
        for item in rows:
            d = item.data(Qt.ItemDataRole.UserRole)
            concerned = set(d.reports)
            concerned |= {dlg.patient.mentions[x].report for x in d.response_mentions}
            concerned |= {dlg.gold.mentions[x].report for x in d.gold_mentions}
            elsewhere = next(r.id for r in window.patient.reports if r.id not in concerned)
            window.session.selection.mentions = []
            window.report_view.show_report(elsewhere)
            dlg.diff_list.itemClicked.emit(item)
            assert window.report_view.report_id in concerned, item.text()
            picked = window.session.selection.mentions
            if d.kind != "extra":  # the gold has the mention (or one overlapping it)
                assert picked and picked[0] in window.patient.mentions, item.text()
            kinds.add(d.kind)
        assert {"span", "split", "extra"} <= kinds  # the demo has these kinds
    finally:
        dlg.close()
