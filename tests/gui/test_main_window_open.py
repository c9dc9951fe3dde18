"""Opening patients in the main window: folders, drops, project JSON, CSV, bad paths, closing mid-load."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]
DEMO_GOLD = ROOT / "radtrack_gui" / "resources" / "samples" / "demo_patient_gold"


def test_open_missing_folder_reports_reason(qtbot, window, open_and_wait, tmp_path: Path) -> None:
    with qtbot.waitSignal(window.loadFailed, timeout=20000) as failed:
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
    # a handler run by the delivered signals may start one last task (a cancelled open's
    # clean-up): drain, deliver, and repeat until none is left (bounded)
    for _ in range(50):
        assert worker.wait_all(30000)
        QApplication.processEvents()
        if worker.active_count() == 0:
            break
    assert len(REPORTER.crashes()) == crashes
    assert worker.active_count() == 0


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
    with qtbot.waitSignal(window.loadFailed, timeout=20000) as failed:
        assert window.open_path(str(path)) is None
    assert "2 patients" in failed.args[0] and "--patient" in failed.args[0]
