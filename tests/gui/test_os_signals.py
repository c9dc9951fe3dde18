"""SIGTERM closes the real main window as its Close does: the patient's store is closed and
its writer lock released, so the next RadTrack can open the patient for editing."""

from __future__ import annotations

import os
import signal
from typing import cast

import pytest

from radtrack_gui.gui import os_signals
from radtrack_gui.gui.qt import QApplication
from radtrack_gui.store.db import ProjectStore
from radtrack_gui.store.lock import StoreLocked

pytestmark = pytest.mark.gui


def test_sigterm_closes_the_window_and_releases_the_store(
    qtbot, window, open_and_wait, demo
) -> None:
    open_and_wait(window, demo)
    with pytest.raises(StoreLocked):  # the window holds the writer lock
        ProjectStore.for_folder(demo)
    before = signal.getsignal(signal.SIGTERM)
    restore = os_signals.install(cast(QApplication, QApplication.instance()))
    try:
        os.kill(os.getpid(), signal.SIGTERM)
        qtbot.waitUntil(lambda: not window.isVisible(), timeout=5_000)
    finally:
        restore()
    assert signal.getsignal(signal.SIGTERM) is before
    with ProjectStore.for_folder(demo) as reopened:  # a writer again: the lock was released
        assert not reopened.read_only
