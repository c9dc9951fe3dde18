"""The main window's status bar: the patient, its counts, the models, saving, files
skipped while reading, and the progress of a background op with its Cancel button."""

from __future__ import annotations

import html

from radtrack_gui.gui.crash import quiet
from radtrack_gui.gui.ops import BarProgress
from radtrack_gui.gui.qt import (
    QLabel,
    QMainWindow,
    QMessageBox,
    QProgressBar,
    QPushButton,
    Qt,
)
from radtrack_gui.session import Session
from radtrack_gui.views.problems import problems_summary, problems_table_html

# What the stages of opening a patient are called while they run.
OPEN_STAGES = {
    "read": "Reading",
    "extract": "Finding mentions",
    "link": "Linking",
    "analyse": "Linking… %v of %m reports",
    "save": "Saving",
}


class StatusBar:
    """The labels, progress bar and Cancel button in ``window``'s status bar."""

    def __init__(self, window: QMainWindow, session: Session) -> None:
        self.window = window
        self.session = session
        bar = window.statusBar()
        self.patient = QLabel("No patient")
        self.counts = QLabel("")
        self.model = QLabel("")
        self.saved = QLabel("")
        self.problems = QLabel("")  # "⚠ 6 files skipped": click for every name
        self.problems.setObjectName("statusProblems")
        self.problems.linkActivated.connect(lambda _l: self.show_problems())
        self.problems_text = ""
        for w in (self.patient, self.counts, self.model):
            w.setContentsMargins(6, 0, 6, 0)
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(220)
        self.progress.setTextVisible(True)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setObjectName("cancelButton")
        self.progress.hide()
        self.cancel_button.hide()
        # Where background ops (opening a patient) show their progress; Cancel stops them.
        self.progress_view = BarProgress(self.progress, OPEN_STAGES, self.cancel_button)
        bar.addWidget(self.patient)
        bar.addWidget(self.counts)
        bar.addWidget(self.model)
        bar.addWidget(self.problems)
        bar.addPermanentWidget(self.progress)
        bar.addPermanentWidget(self.cancel_button)
        bar.addPermanentWidget(self.saved)

    def message(self, text: str, ms: int = 0) -> None:
        self.window.statusBar().showMessage(text, ms)

    def update(self) -> None:
        p = self.session.patient
        if p is None:
            self.patient.setText("No patient open — File ▸ Open, or Help ▸ Open demo patient")
            self.counts.setText("")
            self.model.setText("")
            self.saved.setText("")
            return
        self.patient.setText(f"Patient <b>{html.escape(p.id)}</b>")
        self.counts.setText(
            f"{len(p.reports)} reports · {len(p.mentions)} mentions · {len(p.chains)} chains"
        )
        loaded = self.session.loaded
        self.model.setText(f"Model: {loaded.models}" if loaded else "")
        if loaded is not None and loaded.linking is not None:
            done, total = loaded.linking
            self.saved.setText(f"Linking… {done} of {total} reports")
            self.saved.setToolTip(loaded.read_only_reason or "")
            return
        if self.session.read_only:
            self.saved.setText("Read-only — edits are off, nothing will be saved")
            self.saved.setToolTip(self.session.read_only_reason or "")
            return
        if loaded is not None and loaded.saving:
            self.saved.setText("Saving…")
            self.saved.setToolTip("The patient is being written to the project store")
            return
        h = self.session.history
        when = h.saved_at.strftime("%H:%M:%S") if h and h.saved_at else None
        self.saved.setText(f"✔ All changes saved{f' ({when})' if when else ''}")
        self.saved.setToolTip("Every edit is saved to the project store as you make it")

    def set_problems(self) -> None:
        """The files skipped or repaired while reading the open patient (none: cleared)."""
        p = self.session.patient
        problems = p.problems if p is not None else []
        self.problems_text = problems_summary(problems) if problems else ""
        n = len({q.file for q in problems})
        self.problems.setText(
            f"<a href='show'>⚠ {n} file{'s' if n != 1 else ''} skipped or repaired</a>" if n else ""
        )
        self.problems.setToolTip(self.problems_text)

    def show_problems(self) -> None:
        """Every file skipped or repaired while reading the patient, by name."""
        if self.problems_text and not quiet():
            box = self.problems_box()
            box.exec()
            box.deleteLater()

    def problems_box(self) -> QMessageBox:
        """The message box listing the problems as a table: file, skipped/repaired, reason
        (it was one run-on paragraph; issue #20 item 11)."""
        p = self.session.patient
        box = QMessageBox(self.window)
        box.setIcon(QMessageBox.Icon.Information)
        box.setWindowTitle("Files skipped while reading")
        box.setTextFormat(Qt.TextFormat.RichText)
        box.setText(problems_table_html(p.problems if p is not None else []))
        return box
