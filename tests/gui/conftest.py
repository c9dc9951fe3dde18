"""GUI test set-up and the helpers GUI tests share: offscreen Qt, no crash dialogs, no
leaked windows, drained workers; a shown main window, a shown timeline, opening a patient
and waiting for it to be drawn, the project store's copy of a patient, a mention to edit.

Rules for GUI tests here: wire every handler (``qtbot.waitSignal``, ``window.loadProgress``)
before starting the work it listens to; assert what happened, never how fast.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from radtrack_gui.core.model import Mention, Patient

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["RADTRACK_NO_CRASH_DIALOG"] = "1"

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "radtrack_gui" / "resources" / "samples" / "demo_patient"
DEMO_GOLD = ROOT / "radtrack_gui" / "resources" / "samples" / "demo_patient_gold"


@pytest.fixture(autouse=True)
def _no_leaked_windows(qapp) -> Iterator[None]:
    """Fail a test that leaves a top-level window alive (close and delete what you open)."""
    from radtrack_gui.gui import worker
    from radtrack_gui.gui.crash import REPORTER
    from radtrack_gui.gui.qt import QApplication, QEvent, QMenu

    REPORTER.set_dialog_enabled(False)
    before = {id(w) for w in QApplication.topLevelWidgets()}
    yield
    worker.wait_all(30000)
    gc.collect()
    for _ in range(3):
        QApplication.processEvents()
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    # A leak: a new window still visible, or a parentless one still alive. Hidden popup
    # menus are not windows (pyqtgraph keeps parentless context menus for its plots).
    leaked = [
        w
        for w in QApplication.topLevelWidgets()
        if id(w) not in before
        and (w.isVisible() or (w.parentWidget() is None and not isinstance(w, QMenu)))
    ]
    names = [f"{type(w).__name__}({w.objectName() or w.windowTitle()!r})" for w in leaked]
    for w in leaked:
        w.close()
        w.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    if names:
        pytest.fail(f"test leaked top-level windows: {', '.join(names)}")


@pytest.fixture
def window(qtbot) -> Iterator[object]:
    """A shown main window, closed and deleted after the test."""
    from radtrack_gui.gui.main_window import MainWindow
    from radtrack_gui.gui.qt import QApplication, QEvent

    w = MainWindow()
    w.timeline.set_overview(False)  # tests count every lane; the overview has its own tests
    w.resize(1400, 860)
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.close()
    w.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


@pytest.fixture
def open_and_wait(qtbot):
    """open_and_wait(window, PATH): open PATH and wait until the timeline has drawn it and
    the project store holds it (a model run is stored after the first paint)."""

    def run(window, path: Path | str, timeout: int = 60000) -> None:
        with qtbot.waitSignal(window.patientDrawn, timeout=timeout, raising=True):
            assert window.open_path(str(path)) is not None
        qtbot.waitUntil(lambda: not window.patients.storing(), timeout=timeout)

    return run


@pytest.fixture
def demo_gold() -> Path:
    return DEMO_GOLD


@pytest.fixture
def demo() -> Path:
    return DEMO


@pytest.fixture
def make_timeline(qtbot):
    """make_timeline(width, height, overview=True): a shown TimelineWidget, closed after."""
    made = []

    def make(width: int, height: int, *, overview: bool = True):
        from radtrack_gui.gui.timeline import TimelineWidget

        w = TimelineWidget()
        if not overview:
            w.set_overview(False)  # tests that count every lane
        w.resize(width, height)
        qtbot.addWidget(w)
        w.show()
        qtbot.waitExposed(w)
        made.append(w)
        return w

    yield make
    for w in made:
        w.close()


def stored(path: Path) -> Patient | None:
    """The project store's copy of the patient at PATH (None: nothing stored). Read-only:
    the window holds the writer lock."""
    from radtrack_gui.store.db import ProjectStore, store_path_for_folder

    if not store_path_for_folder(path).exists():
        return None
    with ProjectStore.for_folder(path, read_only=True) as store:
        return store.load_patient()


def later_mention(window) -> Mention:
    """A mention in a late report, in a chain with mentions in several reports."""
    p = window.patient
    order = p.report_index()
    best = None
    for c in p.chains.values():
        reports = {p.mentions[m].report for m in c.mentions}
        if len(reports) >= 3:
            last = p.chain_mentions(c.id)[-1]
            if best is None or order[last.report] > order[best.report]:
                best = last
    assert best is not None
    return best
