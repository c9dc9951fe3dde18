"""The main window over real widgets, the real pipeline and a real project store."""

from __future__ import annotations

from pathlib import Path

import pytest

from radtrack_gui.core.model import DEVICE, FINDING
from radtrack_gui.store.db import ProjectStore, store_path_for_folder
from radtrack_gui.views.lanes import negative_only

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "resources" / "samples" / "demo_patient"
DEMO_GOLD = ROOT / "resources" / "samples" / "demo_patient_gold"


def stored(path: Path):
    if not store_path_for_folder(path).exists():
        return None
    with ProjectStore.for_folder(path, read_only=True) as store:  # the window holds it
        return store.load_patient()


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
    status = window.status_counts.text()
    assert f"{len(p.reports)} reports" in status and f"{len(p.chains)} chains" in status
    assert "gold" in window.status_model.text()
    assert window.windowTitle().endswith(p.id)


def test_open_demo_through_pipeline(qtbot, window, open_and_wait) -> None:
    pytest.importorskip("radtrack_gui.nlp.extractors.rules")
    with qtbot.waitSignal(window.patientDrawn, timeout=120000):
        window.act_demo.trigger()  # Help > Open demo patient
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
    assert "rules" in window.status_model.text()


def _later_mention(window):
    """A mention in a late report, in a chain with mentions in several reports."""
    p = window.patient
    order = p.report_index()
    best = None
    for c in p.chains.values():
        reports = {p.mentions[m].report for m in c.mentions}
        if len(reports) >= 3:
            last = p.chain_mentions(c.id)[-1]
            if best is None or order[last.report] > order[best.report]:
                best = last
    assert best is not None
    return best


def test_timeline_mention_click_scrolls_viewer(qtbot, window, open_and_wait) -> None:
    open_and_wait(window, DEMO_GOLD)
    m = _later_mention(window)
    view = window.report_view
    assert view.report_id != m.report
    window.timeline.mentionClicked.emit(m.id)
    assert view.report_id == m.report
    assert view.mention_id == m.id
    assert m.id in view.highlighted_mentions()
    # The chain's other mentions in this report are highlighted too.
    same = [x.id for x in window.patient.mentions_of(m.report) if x.chain == m.chain]
    assert set(same) <= set(view.highlighted_mentions())
    qtbot.waitUntil(lambda: view.is_visible_offset(m.start), timeout=3000)
    assert window.chain_list.current_chain_id() == m.chain
    assert window.selected_mention_ids() == [m.id]
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

    with qtbot.waitSignal(tl.mentionClicked, timeout=3000) as blocker:
        qtbot.mouseClick(tl.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    clicked = blocker.args[0]
    assert window.report_view.mention_id == clicked
    assert window.report_view.report_id == window.patient.mentions[clicked].report
    # The selection shows in the timeline: the clicked glyph keeps its mark after its
    # chain is selected too, and the lane (plot row and label) is banded.
    chain = window.patient.mentions[clicked].chain
    assert tl.selected_chain == chain and tl.selected_mentions == [clicked]
    assert len(tl._sel_mention.data) == 1
    row = tl.layout_.row_of_chain[chain]
    assert tl.lane_axis.selected_row == row and tl._sel_band.isVisible()
    assert tl._sel_band.path().boundingRect().center().y() == row
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


def test_split_merge_move_undo_redo(qtbot, window, open_and_wait) -> None:
    open_and_wait(window, DEMO_GOLD)
    p = window.patient
    m = _later_mention(window)
    chain_id = m.chain
    n_chains = len(p.chains)
    lanes = window.timeline.lane_count()
    window.on_mention_selected(m.id)  # the viewer now shows the chain's last report

    # Split at the shown report.
    window.edit_actions["split_at_report"].trigger()
    assert len(p.chains) == n_chains + 1
    assert p.mentions[m.id].chain != chain_id
    assert len(stored(DEMO_GOLD).chains) == n_chains + 1
    cl = window.chain_list
    assert cl.group_count(FINDING) + cl.group_count(DEVICE) == n_chains + 1
    assert window.timeline.lane_count() == lanes + 1
    assert window.act_undo.text().replace("&", "") == "Undo Split chain"
    assert p.check() == []

    # Undo, redo (through the Edit menu actions).
    window.act_undo.trigger()
    assert len(p.chains) == n_chains and p.mentions[m.id].chain == chain_id
    assert len(stored(DEMO_GOLD).chains) == n_chains
    assert cl.group_count(FINDING) + cl.group_count(DEVICE) == n_chains
    assert window.timeline.lane_count() == lanes
    window.act_redo.trigger()
    assert len(p.chains) == n_chains + 1
    assert len(stored(DEMO_GOLD).chains) == n_chains + 1
    new_chain = p.mentions[m.id].chain

    # Merge the two parts again: select both in the chain list.
    cl.select_chain(chain_id)
    cl.select_chain(new_chain, add=True)
    assert set(window.selected_chain_ids()) == {chain_id, new_chain}
    window._update_actions()
    assert window.edit_actions["merge"].isEnabled()
    window.edit_actions["merge"].trigger()
    assert len(p.chains) == n_chains
    assert p.mentions[m.id].chain in (chain_id, new_chain)
    assert window.act_undo.text().replace("&", "") == "Undo Merge 2 chains"
    on_disk = stored(DEMO_GOLD)
    assert len(on_disk.chains) == n_chains
    assert on_disk.mentions[m.id].chain == p.mentions[m.id].chain

    # Move one mention to another chain of the same type.
    target = next(
        c.id for c in p.chains.values() if c.type == m.type and c.id != p.mentions[m.id].chain
    )
    window.edit_actions.move_mentions([m.id], target)
    assert p.mentions[m.id].chain == target
    assert stored(DEMO_GOLD).mentions[m.id].chain == target
    assert m.id in [x.id for x in p.chain_mentions(target)]
    window.act_undo.trigger()
    assert p.mentions[m.id].chain != target
    assert stored(DEMO_GOLD).mentions[m.id].chain != target

    # The edit log says who did it.
    with ProjectStore.for_folder(DEMO_GOLD, read_only=True) as store:
        log = store.edit_log()
    people = [e for e in log if e["who"].startswith("person:")]
    assert [e["command"] for e in people][:2] == ["Split chain", "Undo Split chain"]


def test_undo_redo_keyboard(qtbot, window, open_and_wait) -> None:
    open_and_wait(window, DEMO_GOLD)
    p = window.patient
    chain = next(iter(p.chains.values()))
    window.on_chain_selected(chain.id)
    window.edit_actions["reviewed"].trigger()
    assert p.chains[chain.id].reviewed
    from radtrack_gui.gui.qt import Qt

    window.activateWindow()
    window.chain_list.tree.setFocus()
    qtbot.keyClick(window.chain_list.tree, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert not p.chains[chain.id].reviewed
    qtbot.keyClick(
        window.chain_list.tree,
        Qt.Key.Key_Z,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert p.chains[chain.id].reviewed
    assert stored(DEMO_GOLD).chains[chain.id].reviewed


def test_add_delete_mention_from_selection(qtbot, window, open_and_wait) -> None:
    open_and_wait(window, DEMO_GOLD)
    p = window.patient
    view = window.report_view
    report = p.reports[0]
    taken = {(m.start, m.end) for m in p.mentions_of(report.id)}
    word = "contrast" if "contrast" in report.text else report.text.split()[-1]
    start = report.text.index(word)
    assert (start, start + len(word)) not in taken
    view.select_span(
        start - 1 if start and report.text[start - 1] == " " else start, start + len(word)
    )
    assert view.selected_span() == (report.id, start, start + len(word))
    n = len(p.mentions)
    window._update_actions()
    window.edit_actions["add_finding"].trigger()
    assert len(p.mentions) == n + 1
    new = next(
        m
        for m in p.mentions.values()
        if (m.report, m.start) == (report.id, start) and m.text == word
    )
    assert stored(DEMO_GOLD).mentions[new.id].source == "person"
    assert new.id in [m.id for m in view._mentions]
    # The new mention is the selection: delete it again.
    assert window.selected_mention_ids() == [new.id]
    window.edit_actions["delete_mention"].trigger()
    assert new.id not in p.mentions and len(p.mentions) == n
    assert new.id not in stored(DEMO_GOLD).mentions


def test_assertion_and_refused_edit(qtbot, window, open_and_wait) -> None:
    open_and_wait(window, DEMO_GOLD)
    p = window.patient
    m = next(m for m in p.mentions.values() if m.assertion == "present")
    window.on_mention_selected(m.id)
    window.edit_actions["absent"].trigger()
    assert p.mentions[m.id].assertion == "absent"
    assert stored(DEMO_GOLD).mentions[m.id].assertion == "absent"
    # Merging a finding chain with a device chain is refused: nothing changes.
    f = next(c.id for c in p.chains.values() if c.type == FINDING)
    d = next((c.id for c in p.chains.values() if c.type == DEVICE), None)
    if d is None:
        pytest.skip("no device chain in the demo")
    depth = window.session.stack.count()
    with qtbot.waitSignal(window.session.editFailed, timeout=1000) as failed:
        window.edit_actions.move_mentions([p.chains[d].mentions[0]], f)
    assert "type" in failed.args[0]
    assert window.session.stack.count() == depth
    assert p.check() == []


def test_corrections_survive_reopen(qtbot, window, open_and_wait) -> None:
    open_and_wait(window, DEMO_GOLD)
    p = window.patient
    chain = next(c for c in p.chains.values() if len(c.mentions) > 1)
    from radtrack_gui.core.edits import RenameChain

    window.session.push(RenameChain(chain.id, "my own name"))
    assert window.chain_list._items[chain.id].text(0) == "my own name"
    window.close_patient()
    assert window.patient is None
    open_and_wait(window, DEMO_GOLD)
    assert window.loaded.from_store
    assert window.patient.chains[chain.id].label == "my own name"


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
    assert not window.progress.isVisible() and not window.cancel_button.isVisible()
    assert stored(folder) is None  # no half-saved project
    # The window is still usable.
    open_and_wait(window, DEMO_GOLD)
    assert window.patient is not None


def test_open_missing_folder_reports_reason(qtbot, window, open_and_wait, tmp_path: Path) -> None:
    with qtbot.waitSignal(window.loadFailed, timeout=2000) as failed:
        window.open_path(str(tmp_path / "nope"))
    assert "no such file or folder" in failed.args[0]
    assert window.patient is None


def test_drop_folder_opens_it(qtbot, window, open_and_wait) -> None:
    from radtrack_gui.gui.qt import QDropEvent, QMimeData, QPointF, Qt, QUrl

    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(DEMO_GOLD))])
    event = QDropEvent(
        QPointF(50, 50),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    with qtbot.waitSignal(window.patientDrawn, timeout=60000):
        window.dropEvent(event)
    assert window.patient is not None
    assert str(DEMO_GOLD) in window.prefs.recent()


def test_layout_and_shortcuts(qtbot, window, open_and_wait) -> None:
    rows = window.shortcut_rows()
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
    window.show_shortcuts()
    assert window.shortcuts_dialog.isVisible()
    window.shortcuts_dialog.close()
    window.shortcuts_dialog.deleteLater()


def test_open_radtrack_json(qtbot, window, open_and_wait, tmp_path: Path) -> None:
    from radtrack_gui.formats.folder import read_patient_folder
    from radtrack_gui.formats.json_io import write_json

    original = read_patient_folder(DEMO_GOLD)
    path = tmp_path / "patient.json"
    write_json(original, path)
    open_and_wait(window, path)
    p = window.patient
    assert sorted(p.chains) == sorted(original.chains)
    assert len(p.mentions) == len(original.mentions)
    assert window.timeline.glyph_count() + window.timeline.folded_count() == len(p.mentions)


def test_drop_on_lane_moves_mentions(qtbot, window, open_and_wait) -> None:
    open_and_wait(window, DEMO_GOLD)
    p = window.patient
    m = next(m for m in p.mentions.values() if len(p.chains[m.chain].mentions) > 1)
    target = next(c.id for c in p.chains.values() if c.type == m.type and c.id != m.chain)
    window.timeline.mentionsDropped.emit([m.id], target)
    assert p.mentions[m.id].chain == target
    assert stored(DEMO_GOLD).mentions[m.id].chain == target
    window.timeline.mentionsDropped.emit([m.id], "")  # onto no lane: a chain of its own
    assert p.chains[p.mentions[m.id].chain].mentions == [m.id]


def test_menu_dialogs_open(qtbot, window, open_and_wait) -> None:
    pytest.importorskip("radtrack_gui.nlp.extractors.rules")
    open_and_wait(window, DEMO, timeout=120000)
    export = window.open_export()
    assert export is not None and export.isVisible()
    export.close()
    settings = window.open_settings()
    assert settings is not None
    settings.accept()
    from radtrack_gui.settings import settings_path

    assert settings_path().exists()
    compare = window.open_compare()  # demo_patient_gold lies beside demo_patient
    assert compare is not None and compare.isVisible()
    compare.close()


def test_close_window_during_load(qtbot, tmp_path: Path) -> None:
    from radtrack_gui.gui import worker
    from radtrack_gui.gui.crash import REPORTER
    from radtrack_gui.gui.main_window import MainWindow
    from radtrack_gui.gui.qt import QApplication, QEvent

    folder = tmp_path / "many"
    folder.mkdir()
    for i in range(300):
        (folder / f"r{i:04d}.txt").write_text(
            f"Date: 2150-02-{i % 28 + 1:02d}\nExam: CHEST\n\nFINDINGS: Left pleural effusion.\n",
            encoding="utf-8",
        )
    crashes = len(REPORTER.crashes())
    w = MainWindow()
    w.show()
    assert w.open_path(str(folder)) is not None
    w.close()
    w.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert worker.wait_all(30000)
    for _ in range(3):
        QApplication.processEvents()
    assert len(REPORTER.crashes()) == crashes
    assert worker.active_count() == 0


def test_adjust_span_to_selection(qtbot, window, open_and_wait) -> None:
    open_and_wait(window, DEMO_GOLD)
    p = window.patient
    m = next(m for m in p.mentions.values() if " " in m.text and not m.fragments)
    window.on_mention_selected(m.id)
    original = (m.start, m.end, m.text)
    last_word = m.text.split()[-1]
    start = m.end - len(last_word)
    window.report_view.select_span(start, m.end)
    window._update_actions()
    assert window.edit_actions["adjust_span"].isEnabled()
    window.edit_actions["adjust_span"].trigger()
    assert (p.mentions[m.id].start, p.mentions[m.id].text) == (start, last_word)
    assert stored(DEMO_GOLD).mentions[m.id].text == last_word
    window.undo()
    after = p.mentions[m.id]
    assert (after.start, after.end, after.text) == original
    assert stored(DEMO_GOLD).mentions[m.id].text == original[2]


def test_rerun_models_replaces_corrections(qtbot, window, open_and_wait) -> None:
    pytest.importorskip("radtrack_gui.nlp.extractors.rules")
    from radtrack_gui.core.edits import RenameChain

    open_and_wait(window, DEMO, timeout=120000)
    p = window.patient
    cid = next(c.id for c in p.chains.values() if len(c.mentions) > 1)
    automatic = p.chains[cid].label
    window.session.push(RenameChain(cid, "renamed by hand"))
    with qtbot.waitSignal(window.patientDrawn, timeout=120000):
        window.rerun_models()
    assert not window.loaded.from_store
    assert window.patient.chains[cid].label == automatic
    with ProjectStore.for_folder(DEMO, read_only=True) as store:
        assert any(e["command"].startswith("Rename chain") for e in store.edit_log())
        assert store.load_patient().chains[cid].label == automatic


def test_switch_type_of_one_mention_is_one_undo_step(qtbot, window, open_and_wait) -> None:
    open_and_wait(window, DEMO_GOLD)
    p = window.patient
    m = next(
        m for m in p.mentions.values() if m.type == FINDING and len(p.chains[m.chain].mentions) > 2
    )
    old_chain, n_chains = m.chain, len(p.chains)
    window.on_mention_selected(m.id)
    window.edit_actions["toggle_type"].trigger()
    assert p.mentions[m.id].type == DEVICE
    assert p.mentions[m.id].chain != old_chain
    assert p.chains[p.mentions[m.id].chain].type == DEVICE
    assert p.check() == []
    assert stored(DEMO_GOLD).mentions[m.id].type == DEVICE
    window.undo()  # the macro (move + retype) goes back in one step
    assert p.mentions[m.id].type == FINDING and p.mentions[m.id].chain == old_chain
    assert len(p.chains) == n_chains
    assert stored(DEMO_GOLD).mentions[m.id].chain == old_chain


def test_open_csv_patient(qtbot, window, open_and_wait, tmp_path: Path) -> None:
    pytest.importorskip("radtrack_gui.nlp.extractors.rules")
    import csv

    path = tmp_path / "notes.csv"
    with path.open("w", newline="", encoding="utf-8") as f:
        out = csv.writer(f)
        out.writerow(
            ["ROW_ID", "SUBJECT_ID", "CHARTDATE", "CHARTTIME", "CATEGORY", "DESCRIPTION", "TEXT"]
        )
        for row, (subject, day) in enumerate([("7", 1), ("7", 3), ("8", 2)], 1):
            out.writerow(
                [
                    row,
                    subject,
                    f"2150-01-0{day}",
                    f"2150-01-0{day} 08:00:00",
                    "Radiology",
                    "CHEST (PORTABLE AP)",
                    "FINDINGS: Small left pleural effusion.\nIMPRESSION: Effusion.",
                ]
            )
    with qtbot.waitSignal(window.patientDrawn, timeout=60000):
        window.open_path(str(path), patient_id="7")
    p = window.patient
    assert p.id == "7" and len(p.reports) == 2
    assert window.timeline.glyph_count() + window.timeline.folded_count() == len(p.mentions) > 0


def test_csv_with_several_patients_needs_a_choice(qtbot, window, tmp_path: Path) -> None:
    import csv

    path = tmp_path / "two.csv"
    with path.open("w", newline="", encoding="utf-8") as f:
        out = csv.writer(f)
        out.writerow(
            ["ROW_ID", "SUBJECT_ID", "CHARTDATE", "CHARTTIME", "CATEGORY", "DESCRIPTION", "TEXT"]
        )
        out.writerow([1, "7", "2150-01-01", "", "Radiology", "CHEST", "FINDINGS: Clear."])
        out.writerow([2, "8", "2150-01-02", "", "Radiology", "CHEST", "FINDINGS: Clear."])
    with qtbot.waitSignal(window.loadFailed, timeout=5000) as failed:
        assert window.open_path(str(path)) is None
    assert "2 patients" in failed.args[0] and "--patient" in failed.args[0]


def test_pertinent_negatives_toggle_in_view_menu(qtbot, window, open_and_wait) -> None:
    from radtrack_gui import settings as settings_mod

    open_and_wait(window, DEMO)
    p, tl = window.patient, window.timeline
    hidden = list(tl.layout_.hidden_negatives)
    assert hidden and not window.act_negatives.isChecked()  # off by default
    assert tl.negatives_hint.isVisibleTo(tl)
    assert tl.hint_text().startswith(f"{len(hidden)} negative-only chain")
    # The chain list keeps listing them (the full inventory), greyed.
    assert set(hidden) <= set(window.chain_list.visible_chain_ids())
    window.on_chain_selected(hidden[0])
    assert "pertinent negative" in window.statusBar().currentMessage()
    # View ▸ Show pertinent negatives: the lanes come back and the choice is saved.
    window.act_negatives.trigger()
    assert tl.filters.negatives and all(c in tl.layout_.row_of_chain for c in hidden)
    assert tl.glyph_count() + tl.folded_count() == len(p.mentions)
    assert settings_mod.load().show_negatives is True
    # The timeline's own Filters menu turns them off again; the View menu follows.
    tl.negatives_action.trigger()
    assert not window.act_negatives.isChecked()
    assert settings_mod.load().show_negatives is False
    assert tl.layout_.hidden_negatives == hidden


def test_compare_on_gold_folder_scores_the_models(qtbot, window, open_and_wait) -> None:
    pytest.importorskip("radtrack_gui.nlp.extractors.rules")
    open_and_wait(window, DEMO_GOLD)
    assert window.patient.annotated
    with qtbot.waitSignal(window.compareShown, timeout=120000) as blocker:
        assert window.open_compare() is None  # the models run in the background first
    dlg = blocker.args[0]
    try:
        assert "from the models" in dlg.headline.text()
        assert not dlg.patient.annotated and dlg.gold.annotated
        assert 0.0 < dlg.conll_f1 < 1.0  # a real comparison, not the gold against itself
        assert window.patient.annotated  # the open chains are untouched
    finally:
        dlg.close()
