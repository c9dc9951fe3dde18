"""The main window's status bar: the patient, its counts, the models, saving, files
skipped while reading, and the progress of a background task with its Cancel button."""

from __future__ import annotations

import html

from radtrack_gui.gui.crash import quiet
from radtrack_gui.gui.qt import QLabel, QMessageBox, QProgressBar, QPushButton
from radtrack_gui.gui.window_host import WindowHost


class WindowStatus(WindowHost):
    """Status bar (part of MainWindow)."""

    def _build_status_bar(self) -> None:
        bar = self.statusBar()
        self.status_patient = QLabel("No patient")
        self.status_counts = QLabel("")
        self.status_model = QLabel("")
        self.status_saved = QLabel("")
        self.status_problems = QLabel("")  # "⚠ 6 files skipped": click for every name
        self.status_problems.setObjectName("statusProblems")
        self.status_problems.linkActivated.connect(lambda _l: self.show_problems())
        self.problems_text = ""
        for w in (self.status_patient, self.status_counts, self.status_model):
            w.setContentsMargins(6, 0, 6, 0)
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(220)
        self.progress.setTextVisible(True)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setObjectName("cancelButton")
        self.cancel_button.clicked.connect(self.cancel_load)
        self.progress.hide()
        self.cancel_button.hide()
        bar.addWidget(self.status_patient)
        bar.addWidget(self.status_counts)
        bar.addWidget(self.status_model)
        bar.addWidget(self.status_problems)
        bar.addPermanentWidget(self.progress)
        bar.addPermanentWidget(self.cancel_button)
        bar.addPermanentWidget(self.status_saved)

    def _update_status(self) -> None:
        p = self.patient
        if p is None:
            self.status_patient.setText(
                "No patient open — File ▸ Open, or Help ▸ Open demo patient"
            )
            self.status_counts.setText("")
            self.status_model.setText("")
            self.status_saved.setText("")
            return
        self.status_patient.setText(f"Patient <b>{html.escape(p.id)}</b>")
        self.status_counts.setText(
            f"{len(p.reports)} reports · {len(p.mentions)} mentions · {len(p.chains)} chains"
        )
        self.status_model.setText(f"Model: {self.loaded.models}" if self.loaded else "")
        s = self.session
        when = s.saved_at.strftime("%H:%M:%S") if s and s.saved_at else None
        self.status_saved.setText(f"✔ All changes saved{f' ({when})' if when else ''}")
        self.status_saved.setToolTip("Every edit is saved to the project store as you make it")

    def show_problems(self) -> None:
        """Every file skipped or repaired while reading the patient, by name."""
        if self.problems_text and not quiet():
            QMessageBox.information(self, "Files skipped while reading", self.problems_text)
