"""What the main window's centre shows before a patient is open: the welcome page."""

from __future__ import annotations

import html
import logging
from collections.abc import Callable
from pathlib import Path

from radtrack_gui.gui.qt import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    Qt,
    QVBoxLayout,
    QWidget,
)
from radtrack_gui.gui.style import app_icon

log = logging.getLogger("radtrack.gui.window")


class Welcome(QWidget):
    """What the centre shows before a patient is open."""

    def __init__(
        self,
        parent: QWidget,
        choose_folder: Callable[[], object],
        open_demo: Callable[[], object],
        open_path: Callable[[str], object],
    ) -> None:
        super().__init__(parent)
        self.setObjectName("welcome")
        self._open_path = open_path
        title = QLabel("<span style='font-size:20pt; font-weight:600'>RadTrack</span>")
        icon = QLabel()
        icon.setPixmap(app_icon().pixmap(72, 72))
        text = QLabel(
            "Open a folder of one patient's radiology reports to see every finding "
            "and device as a lane through time.<br>You can also drop a folder "
            "onto this window. Everything stays on this computer."
        )
        text.setWordWrap(True)
        text.setStyleSheet("color:#444")
        open_button = QPushButton("Open patient folder…")
        open_button.setObjectName("welcomeOpen")
        open_button.clicked.connect(choose_folder)
        demo_button = QPushButton("Open the demo patient")
        demo_button.setObjectName("welcomeDemo")
        demo_button.clicked.connect(open_demo)
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
            item = self.recent_list.takeAt(0)
            w = item.widget() if item is not None else None
            if w is not None:
                w.deleteLater()
        for path in recent[:5]:
            link = QLabel(
                f"<a href='#'>{html.escape(Path(path).name or path)}</a> "
                f"<span style='color:#777'>{html.escape(path)}</span>"
            )
            link.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse)
            link.linkActivated.connect(lambda _=None, p=path: self._open_path(p))
            self.recent_list.addWidget(link)
        self.recent_title.setVisible(bool(recent))
