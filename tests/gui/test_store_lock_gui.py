"""A second window on the same patient: refused for editing, offered read-only."""

from __future__ import annotations

import pytest

from radtrack_gui.gui.qt import QApplication, QEvent, QMessageBox, QTimer

pytestmark = pytest.mark.gui


def test_second_window_is_refused_then_opens_read_only(
    qtbot, window, open_and_wait, demo_gold, monkeypatch
) -> None:
    from radtrack_gui.core.edits import MarkReviewed
    from radtrack_gui.gui import main_window, patients
    from radtrack_gui.gui.main_window import MainWindow

    open_and_wait(window, demo_gold)
    second = MainWindow()
    second.show()
    qtbot.waitExposed(second)
    try:
        with qtbot.waitSignal(second.loadFailed, timeout=30000) as failed:
            second.open_path(str(demo_gold))
        assert "open for editing in another RadTrack window" in failed.args[0]
        assert second.patient is None

        # With dialogs on, the user is asked; choosing "Open read-only" opens it so.
        monkeypatch.setattr(patients, "quiet", lambda: False)

        def choose_read_only() -> None:
            box = QApplication.activeModalWidget()
            if not isinstance(box, QMessageBox):
                QTimer.singleShot(50, choose_read_only)
                return
            assert "Open it read-only" in box.text() or "read-only" in box.text()
            next(b for b in box.buttons() if b.text() == "Open read-only").click()

        QTimer.singleShot(50, choose_read_only)
        with qtbot.waitSignal(second.patientDrawn, timeout=60000):
            second.open_path(str(demo_gold))
        assert second.loaded.read_only and not window.loaded.read_only
        cid = next(iter(second.patient.chains))
        before = second.patient.chains[cid].reviewed
        monkeypatch.setattr(main_window, "quiet", lambda: True)
        second.session.push(MarkReviewed(cid, not before))
        assert second.patient.chains[cid].reviewed == before  # refused, nothing changed
    finally:
        second.close()
        second.deleteLater()
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
