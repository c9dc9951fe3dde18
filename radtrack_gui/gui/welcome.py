"""What the main window's centre shows besides the timeline: the welcome page before a
patient is open, and a stand-in when the timeline cannot be imported."""

from __future__ import annotations

import html
import logging
from pathlib import Path
from typing import TYPE_CHECKING

from radtrack_gui.core.model import Patient
from radtrack_gui.gui.qt import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    Qt,
    QTimer,
    QVBoxLayout,
    QWidget,
    Signal,
)

if TYPE_CHECKING:
    from radtrack_gui.gui.main_window import MainWindow

log = logging.getLogger("radtrack.gui.window")


class PlaceholderTimeline(QLabel):
    """Stands in for ``gui/timeline.py`` when it cannot be imported (same signals)."""

    mentionClicked = Signal(str)
    chainClicked = Signal(str)
    mentionsDropped = Signal(list, str)
    drawn = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Open a patient to see the timeline", parent)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.patient: Patient | None = None

    def set_patient(self, patient: Patient | None) -> None:
        self.patient = patient
        self.refresh()

    def refresh(self, changes: object = None) -> None:
        if self.patient is not None:
            self.setText(f"{len(self.patient.chains)} chains (timeline not available)")
        QTimer.singleShot(0, self.drawn.emit)

    def select_chain(self, chain_id: str | None) -> None:
        pass

    def select_mention(self, mention_id: str | None) -> None:
        pass

    def set_x_mode(self, mode: str) -> None:
        pass

    def fit_all(self) -> None:
        pass


class Welcome(QWidget):
    """What the centre shows before a patient is open."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.setObjectName("welcome")
        self.window_ = window
        title = QLabel("<span style='font-size:20pt; font-weight:600'>RadTrack</span>")
        icon = QLabel()
        from radtrack_gui.gui.app import app_icon

        icon.setPixmap(app_icon().pixmap(72, 72))
        text = QLabel("Open a folder of one patient's radiology reports to see every finding "
                      "and device as a lane through time.<br>You can also drop a folder "
                      "onto this window. Everything stays on this computer.")
        text.setWordWrap(True)
        text.setStyleSheet("color:#444")
        open_button = QPushButton("Open patient folder…")
        open_button.setObjectName("welcomeOpen")
        open_button.clicked.connect(window.choose_folder)
        demo_button = QPushButton("Open the demo patient")
        demo_button.setObjectName("welcomeDemo")
        demo_button.clicked.connect(window.open_demo)
        buttons = QHBoxLayout()
        buttons.addWidget(open_button)
        buttons.addWidget(demo_button)
        buttons.addStretch(1)
        self.recent_title = QLabel("<b>Recent patients</b>")
        self.recent_list = QVBoxLayout()
        self.recent_list.setSpacing(2)
        box = QVBoxLayout()
        box.setSpacing(12)
        box.addWidget(icon)
        box.addWidget(title)
        box.addWidget(text)
        box.addLayout(buttons)
        box.addSpacing(12)
        box.addWidget(self.recent_title)
        box.addLayout(self.recent_list)
        inner = QWidget()
        inner.setLayout(box)
        inner.setMaximumWidth(560)
        outer = QVBoxLayout(self)
        outer.addStretch(1)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(inner)
        row.addStretch(1)
        outer.addLayout(row)
        outer.addStretch(2)

    def fill(self, recent: list[str]) -> None:
        while self.recent_list.count():
            w = self.recent_list.takeAt(0).widget()
            if w is not None:
                w.deleteLater()
        for path in recent[:5]:
            link = QLabel(f"<a href='#'>{html.escape(Path(path).name or path)}</a> "
                          f"<span style='color:#777'>{html.escape(path)}</span>")
            link.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse)
            link.linkActivated.connect(lambda _=None, p=path: self.window_.open_path(p))
            self.recent_list.addWidget(link)
        self.recent_title.setVisible(bool(recent))


def make_timeline(parent: QWidget) -> QWidget:
    try:
        from radtrack_gui.gui.timeline import TimelineWidget
    except ImportError as exc:
        log.warning("timeline not available: %s", exc)
        return PlaceholderTimeline(parent)
    return TimelineWidget(parent)
