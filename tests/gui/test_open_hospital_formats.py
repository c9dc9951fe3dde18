"""The main window opens the hospital formats (issue #22): a dropped PDF, a multi-patient HL7
file (the patient picker's question, answered by a named error when no one can be asked)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import format_fixtures as ff

pytestmark = pytest.mark.gui


def test_drop_pdf_opens_it(qtbot, window, tmp_path: Path) -> None:
    from radtrack_gui.gui.main_window import dropped_path
    from radtrack_gui.gui.qt import QDropEvent, QMimeData, QPointF, Qt, QUrl

    pdf = tmp_path / "portal.pdf"
    pdf.write_bytes(ff.pdf_bytes([ff.FINDINGS.splitlines()], first_page_top=["Date: 2150-03-04"]))
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(pdf))])
    event = QDropEvent(
        QPointF(50, 50),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    assert dropped_path(event) == str(pdf)
    with qtbot.waitSignal(window.patientDrawn, timeout=60000):
        window.dropEvent(event)
    (report,) = window.patient.reports
    assert report.id == "portal.pdf" and "pleural effusion" in report.text
    assert window.timeline.glyph_count() > 0  # drawn (negative-only chains are hidden)


def test_multi_patient_hl7_asks_for_the_patient(qtbot, window, tmp_path: Path) -> None:
    two = tmp_path / "two.hl7"
    two.write_text(ff.oru(pid="A") + ff.oru(pid="B", control="2"))
    with qtbot.waitSignal(window.loadFailed, timeout=20000) as failed:
        window.open_path(str(two))
    assert "holds 2 patients (A, B)" in failed.args[0]
    with qtbot.waitSignal(window.patientDrawn, timeout=60000):
        window.open_path(str(two), patient_id="B")
    assert {r.patient for r in window.patient.reports} == {"B"}
