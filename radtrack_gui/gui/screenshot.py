"""``radtrack gui PATH --screenshot FILE.png``: grab the window once the patient is drawn."""

from __future__ import annotations

import logging
from pathlib import Path

log = logging.getLogger("radtrack.gui")


class Screenshooter:
    """Waits for the window's first complete draw, saves it as PNG and quits the loop."""

    def __init__(self, window, path: str, timeout_s: float = 300.0) -> None:
        from radtrack_gui.gui.qt import QTimer

        self.window = window
        self.path = path
        self.error: str | None = None
        self._done = False
        window.patientDrawn.connect(self._drawn)
        window.patientLoaded.connect(self._loaded)
        window.loadFailed.connect(self._failed)
        QTimer.singleShot(int(timeout_s * 1000), self._timeout)

    def _loaded(self) -> None:
        from radtrack_gui.gui.qt import QTimer

        # The views are filled; should the timeline never report a draw, grab anyway.
        QTimer.singleShot(15000, self._drawn)

    def _finish(self, error: str | None) -> None:
        from radtrack_gui.gui.qt import QApplication

        if self._done:
            return
        self._done = True
        self.error = error
        app = QApplication.instance()
        if app is not None:
            app.quit()

    def _failed(self, reason: str) -> None:
        self._finish(reason)

    def _timeout(self) -> None:
        self._finish("timed out waiting for the timeline to be drawn")

    def _drawn(self) -> None:
        from radtrack_gui.gui.qt import QTimer

        QTimer.singleShot(150, self._grab)  # let pending paints land first

    def _grab(self) -> None:
        from radtrack_gui.gui.qt import QApplication

        if self._done:
            return
        QApplication.processEvents()
        pixmap = self.window.grab()
        target = Path(self.path)
        from radtrack_gui.gui.qt import QBuffer, QByteArray, QIODevice
        from radtrack_gui.util.atomic import atomic_open

        data = QByteArray()
        buf = QBuffer(data)
        buf.open(QIODevice.OpenModeFlag.WriteOnly)
        ok = pixmap.save(buf, "PNG")
        buf.close()
        if not ok or data.isEmpty():
            self._finish(f"{self.path}: could not encode the screenshot")
            return
        try:
            with atomic_open(target, "wb") as f:
                f.write(bytes(data.data()))
        except OSError as exc:
            self._finish(f"{self.path}: {exc.strerror or exc}")
            return
        log.info("screenshot %s (%dx%d)", target, pixmap.width(), pixmap.height())
        self._finish(None)
