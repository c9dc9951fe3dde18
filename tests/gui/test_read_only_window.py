"""A read-only window says so (issue #20 item 4) and an unwritable user data folder opens
the patient read-only, without a store (issue #21 item 8): the title, the status bar and
disabled edit actions say it; an edit is refused in words, not with a store path.

As root, permission bits do not stop writes, so the data folder is made impossible: a
plain file stands where the folder should be."""

from __future__ import annotations

import pytest

from radtrack_gui.core.edits import MarkReviewed
from radtrack_gui.gui.qt import QApplication, QEvent, Qt

from .conftest import later_mention

pytestmark = pytest.mark.gui


def _edit_actions_enabled(window) -> list[str]:
    window.update_actions()
    return [
        name
        for name, action in window.edit_actions.actions.items()
        if action.isEnabled() and name not in ("prev_mention", "next_mention")
    ]


def test_unwritable_data_folder_opens_read_only_without_a_store(
    qtbot, window, open_and_wait, demo, tmp_path, monkeypatch
) -> None:
    from radtrack_gui.gui import main_window

    home = tmp_path / "home"
    home.mkdir()
    (home / "data").write_text("a file where the data folder should be")
    monkeypatch.setenv("RADTRACK_HOME", str(home))
    monkeypatch.setattr(main_window, "quiet", lambda: True)

    open_and_wait(window, demo)
    loaded = window.loaded
    assert loaded is not None and loaded.store is None and loaded.read_only
    assert "nothing will be saved" in loaded.read_only_reason
    assert "read-only" in window.windowTitle()
    assert "Read-only" in window.status.saved.text()
    assert "All changes saved" not in window.status.saved.text()
    assert "nothing will be saved" in window.statusBar().currentMessage()

    # Edit actions are off even with a mention and its chain picked; moving along is not.
    m = later_mention(window)
    window.selection.on_mention_selected(m.id)
    assert _edit_actions_enabled(window) == []
    assert window.edit_actions["next_mention"].isEnabled()
    assert not window.menus["undo"].isEnabled()

    # A push that gets past the actions (drag and drop, a script) is refused in words.
    cid = m.chain
    before = window.patient.chains[cid].reviewed
    with qtbot.waitSignal(window.undo_stack.editFailed, timeout=20000) as failed:
        window.session.push(MarkReviewed(cid, not before))
    assert window.patient.chains[cid].reviewed == before
    assert "read-only" in failed.args[0] and "nothing will be saved" in failed.args[0]
    assert (home / "data").is_file()  # nothing was written in its place


def test_a_window_opened_read_only_says_so(qtbot, window, open_and_wait, demo_gold) -> None:
    from radtrack_gui.gui.main_window import MainWindow

    open_and_wait(window, demo_gold)
    assert "read-only" not in window.windowTitle()
    assert "All changes saved" in window.status.saved.text()
    m = later_mention(window)
    window.selection.on_mention_selected(m.id)
    assert _edit_actions_enabled(window)  # the writer's window edits

    second = MainWindow()
    second.show()
    qtbot.waitExposed(second)
    try:
        with qtbot.waitSignal(second.patientDrawn, timeout=60000):
            second.open_path(str(demo_gold), read_only=True)
        assert second.loaded.read_only and second.loaded.store is not None
        assert "read-only" in second.windowTitle()
        assert "Read-only" in second.status.saved.text()
        assert "another RadTrack window" in second.status.saved.toolTip()
        # Said once (round 4 at the screen: "Read-only: opened read-only: another …").
        message = second.statusBar().currentMessage()
        assert message.startswith("Read-only: another RadTrack window"), message
        assert message.lower().count("read-only") == 1, message
        second.selection.on_mention_selected(m.id)
        assert _edit_actions_enabled(second) == []
        assert not second.menus["rerun"].isEnabled()
        item = second.chain_list._items[m.chain]
        assert not item.flags() & Qt.ItemFlag.ItemIsUserCheckable
    finally:
        second.close()
        second.deleteLater()
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def test_the_skipped_files_box_is_a_table(qtbot, window, tmp_path) -> None:
    from radtrack_gui.core.model import Patient, Problem, Report
    from radtrack_gui.project import LoadedProject

    p = Patient(id="p", reports=[Report(id="r1", text="x")])
    p.problems = [Problem(f"f{i}.bin", "binary file, not text") for i in range(5)]
    window.session.open(LoadedProject(p, None, str(tmp_path), False, "test", 0.0))
    box = window.status.problems_box()
    try:
        assert box.textFormat() == Qt.TextFormat.RichText
        assert box.text().count("<tr>") == 1 + 5
    finally:
        box.deleteLater()
        window.session.close()
