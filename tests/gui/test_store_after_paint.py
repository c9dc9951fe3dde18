"""A first open paints the timeline before the models' result is written to the project
store; the write runs off the main thread afterwards, and an edit, a close or a reopen
finds it stored (issue #20 item 12)."""

from __future__ import annotations

import threading
from typing import Any

import pytest

pytestmark = pytest.mark.gui


class PaintSeen:
    """An event filter: whether the timeline's plot has been painted since it was installed
    (the timeline is not the page shown before a patient opens)."""

    def __init__(self) -> None:
        from radtrack_gui.gui.qt import QEvent, QObject

        outer = self

        class Filter(QObject):
            def eventFilter(self, obj: Any, event: Any) -> bool:
                if event.type() == QEvent.Type.Paint:
                    outer.painted = True
                return False

        self.painted = False
        self.filter = Filter()


class Saves:
    """Each ``ProjectStore.save_patient`` call: its thread, and whether ``painter`` had
    seen the plot painted before it."""

    def __init__(self) -> None:
        self.calls: list[dict[str, bool]] = []
        self.painter: PaintSeen | None = None


@pytest.fixture
def saves(monkeypatch: pytest.MonkeyPatch) -> Saves:
    from radtrack_gui.store.db import ProjectStore

    seen = Saves()
    real = ProjectStore.save_patient

    def spy(self: Any, *args: Any, **kw: Any) -> Any:
        seen.calls.append(
            {
                "main_thread": threading.current_thread() is threading.main_thread(),
                "painted_before": bool(seen.painter and seen.painter.painted),
            }
        )
        return real(self, *args, **kw)

    monkeypatch.setattr(ProjectStore, "save_patient", spy)
    return seen


def test_the_store_is_written_after_the_first_paint(window, open_and_wait, demo, saves, qtbot):
    from radtrack_gui.store.db import ProjectStore, store_path_for_folder

    painter = saves.painter = PaintSeen()
    window.timeline.view.viewport().installEventFilter(painter.filter)
    open_and_wait(window, demo)
    loaded = window.loaded
    assert not loaded.from_store
    qtbot.waitUntil(lambda: not loaded.saving, timeout=30000)
    assert len(saves.calls) == 1, saves.calls  # stored once
    call = saves.calls[0]
    assert call["painted_before"], "the store was written before the timeline was painted"
    assert not call["main_thread"], "the store was written on the main thread"
    # the status bar says so once it is stored
    qtbot.waitUntil(lambda: "saved" in window.status.saved.text(), timeout=10000)
    with ProjectStore.open(store_path_for_folder(str(demo)), read_only=True) as store:
        stored = store.load_patient()
    assert stored is not None
    assert {c: list(x.mentions) for c, x in stored.chains.items()} == {
        c: list(x.mentions) for c, x in window.patient.chains.items()
    }


def test_a_close_right_after_the_open_keeps_the_run(window, open_and_wait, demo, saves):
    """Closed at once (the background write may not have run): the close stores it, the
    reopen reads the store, the models do not run a second time."""
    open_and_wait(window, demo)
    first = {c: list(x.mentions) for c, x in window.patient.chains.items()}
    window.close_patient()
    assert len(saves.calls) == 1
    open_and_wait(window, demo)
    assert window.loaded.from_store
    assert {c: list(x.mentions) for c, x in window.patient.chains.items()} == first
    assert len(saves.calls) == 1  # a reopen writes nothing
