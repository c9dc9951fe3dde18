"""What the main window's centre shows before a patient is open: the welcome page.

Its content starts near the top, the icon beside the name: a dialog opened over the
window is centred on it, and with the content centred too every dialog (Open, Settings,
Train) hid all of it, so the window around the dialog looked empty, as if the page had
gone (issue #20 item 11, seen under Xvfb + openbox). Now the name and the first lines stay
in sight above such a dialog.
"""

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
        self.title = QLabel("<span style='font-size:18pt; font-weight:600'>RadTrack</span>")
        self.title.setObjectName("welcomeTitle")
        icon = QLabel()
        icon.setPixmap(app_icon().pixmap(32, 32))
        head = QHBoxLayout()
        head.setSpacing(12)
        head.addWidget(icon)
        head.addWidget(self.title)
        head.addStretch(1)
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
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(12)
        box.addLayout(head)
        box.addWidget(text)
        box.addLayout(buttons)
        box.addSpacing(12)
        box.addWidget(self.recent_title)
        box.addLayout(self.recent_list)
        inner = QWidget()
        inner.setLayout(box)
        inner.setMaximumWidth(560)
        self.content = inner  # what a sheet opened over the page keeps clear of
        outer = QVBoxLayout(self)
        outer.setContentsMargins(24, 6, 24, 10)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(inner)
        row.addStretch(1)
        outer.addLayout(row)
        outer.addStretch(1)  # the rest below: the top stays clear of a centred dialog

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
