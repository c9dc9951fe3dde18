"""SIGTERM and SIGINT (a logout, ``kill``, Ctrl+C in the terminal) close the windows as their
Close does: the running task is cancelled, the layout saved, the patient's store closed and its
writer lock released (edits are saved as they are made). A second signal quits at once.

Qt's event loop does not return to Python while it is idle, so Python's signal handlers would
wait for the next user event; a short timer wakes the loop to let them run (as qutebrowser's
crash-signal handler does)."""

from __future__ import annotations

import logging
import signal
from collections.abc import Callable
from typing import Any

from radtrack_gui.gui.qt import QApplication, QTimer

log = logging.getLogger("radtrack.gui")
WAKE_MS = 250  # how late a signal may be handled
SIGNALS = (signal.SIGTERM, signal.SIGINT)


def install(app: QApplication) -> Callable[[], None]:
    """Handle SIGTERM/SIGINT by closing ``app``'s windows; returns a function that restores
    the previous handlers."""
    received: list[int] = []

    def close(signum: int, frame: Any) -> None:
        received.append(signum)
        if len(received) == 1:
            log.info("signal %s: closing the windows", signum)
            QTimer.singleShot(0, app.closeAllWindows)
        else:
            log.info("signal %s again: quitting", signum)
            app.exit(128 + signum)

    previous = {sig: signal.signal(sig, close) for sig in SIGNALS}
    timer = QTimer(app)
    timer.timeout.connect(lambda: None)  # Python runs its pending signal handlers here
    timer.start(WAKE_MS)

    def restore() -> None:
        timer.stop()
        for sig, handler in previous.items():
            signal.signal(sig, handler)

    return restore
