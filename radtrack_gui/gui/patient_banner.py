"""A warning banner under the toolbar when a report may belong to another patient (name,
MRN, sex or age disagreeing with the rest of the folder: ``nlp.report_groups``). A report of
the wrong patient on a timeline is a clinical safety risk, so it is never only in a log."""

from __future__ import annotations

from collections.abc import Callable

from radtrack_gui.core.model import Problem
from radtrack_gui.gui.qt import QLabel, QMainWindow, QPushButton, QToolBar

SHOWN = 3  # warnings spelled out; the rest are counted


class WrongPatientBanner(QToolBar):
    def __init__(self, window: QMainWindow, show_report: Callable[[str], None]) -> None:
        super().__init__("Wrong-patient warning", window)
        self.report = ""  # the first report warned about
        self.setObjectName("wrongPatientBanner")
        self.setMovable(False)
        self.setFloatable(False)
        self.label = QLabel()
        self.label.setObjectName("wrongPatientText")
        self.label.setWordWrap(True)
        self.label.setStyleSheet(
            "background: #fde2b8; color: #4a2c00; padding: 6px;"
            "font-weight: bold; border: 1px solid #d08a00;"
        )
        self.addWidget(self.label)
        self.button = QPushButton("Show report")
        self.button.clicked.connect(lambda: show_report(self.report) if self.report else None)
        self.addWidget(self.button)
        self.hide()

    def set_warnings(self, warnings: list[Problem]) -> None:
        """Show the warnings (hide the banner when there are none)."""
        self.report = warnings[0].file if warnings else ""
        if not warnings:
            self.label.setText("")
            self.hide()
            return
        lines = [f"{w.file}: {w.reason}" for w in warnings[:SHOWN]]
        more = len(warnings) - SHOWN
        self.label.setText("⚠ " + "; ".join(lines) + (f" (and {more} more)" if more > 0 else ""))
        self.show()
