"""gui/ops.Op: progress, cancel, errors and the change broadcast, wired before the work
starts; the op needs no reference kept by its caller."""

from __future__ import annotations

import gc
import threading

import pytest

from radtrack_gui.core.edits import Changes
from radtrack_gui.core.errors import Cancelled, InputError

pytestmark = pytest.mark.gui


def run_and_wait(qtbot, op) -> None:  # type: ignore[no-untyped-def]
    """Run ``op`` with its end already wired (a signal connected after a quick op has
    finished would never come), and wait for it."""
    done: list[bool] = []
    op.on_done(lambda: done.append(True))
    op.run()
    qtbot.waitUntil(lambda: bool(done), timeout=30000)


class View:
    """A ProgressView that records what it was told."""

    def __init__(self) -> None:
        self.events: list[tuple] = []

    def begin(self, op, text: str) -> None:  # type: ignore[no-untyped-def]
        self.events.append(("begin", text))

    def update(self, stage: str, done: int, total: int) -> None:
        self.events.append(("update", stage, done, total))

    def end(self) -> None:
        self.events.append(("end",))


def test_success_with_progress_and_the_change_broadcast(qtbot) -> None:
    from radtrack_gui.gui.ops import Op

    view, got, broadcast = View(), [], []
    changes = Changes(chains_changed={"c1"})

    def work(progress, cancel):  # type: ignore[no-untyped-def]
        progress("link", 1, 2)
        return changes

    op = Op(work, name="edit").progress_to(view, "Working…").on_success(got.append)
    op.changes_to(broadcast.append)
    run_and_wait(qtbot, op)
    assert got == [changes] and broadcast == [changes]
    assert view.events == [("begin", "Working…"), ("update", "link", 1, 2), ("end",)]


def test_a_result_that_is_no_change_is_not_broadcast(qtbot) -> None:
    from radtrack_gui.gui.ops import Op

    broadcast: list = []
    op = Op(lambda _p, _c: 42, name="query").changes_to(broadcast.append)
    run_and_wait(qtbot, op)
    assert broadcast == []


def test_the_op_outlives_its_callers_reference(qtbot) -> None:
    """Counter-example: an op nobody keeps still delivers its result (Qt drops bound
    methods of a collected object, so the op rides on its task)."""
    from radtrack_gui.gui.ops import Op

    got: list = []
    Op(lambda _p, _c: "done", name="fire and forget").on_success(got.append).run()
    gc.collect()
    qtbot.waitUntil(lambda: bool(got), timeout=30000)
    assert got == ["done"]


def test_input_error_goes_to_the_failure_handler(qtbot) -> None:
    from radtrack_gui.gui.crash import REPORTER
    from radtrack_gui.gui.ops import Op

    view, failed, succeeded = View(), [], []

    def work(progress, cancel):  # type: ignore[no-untyped-def]
        raise InputError("notes.txt: not a report")

    before = len(REPORTER.crashes())
    op = Op(work, name="read").progress_to(view).on_failure(failed.append)
    run_and_wait(qtbot, op.on_success(succeeded.append))
    assert [str(e) for e in failed] == ["notes.txt: not a report"] and succeeded == []
    assert view.events[-1] == ("end",)
    assert len(REPORTER.crashes()) == before  # the user's input: no crash report


def test_a_bug_without_a_handler_is_a_crash_report(qtbot) -> None:
    from radtrack_gui.gui.crash import REPORTER
    from radtrack_gui.gui.ops import Op

    def work(progress, cancel):  # type: ignore[no-untyped-def]
        raise ZeroDivisionError("our bug")

    before = len(REPORTER.crashes())
    run_and_wait(qtbot, Op(work, name="buggy"))
    assert len(REPORTER.crashes()) == before + 1
    assert "our bug" in REPORTER.crashes()[-1]


def test_cancel_stops_the_work_at_its_next_check(qtbot) -> None:
    from radtrack_gui.gui.ops import Op

    started, checked = threading.Event(), threading.Event()
    view, cancelled, succeeded, steps = View(), [], [], []

    def work(progress, cancel):  # type: ignore[no-untyped-def]
        started.set()
        assert checked.wait(30)  # the test has asked to cancel
        for i in range(100):
            if cancel():
                raise Cancelled()
            steps.append(i)
        return "finished"

    op = Op(work, name="long").progress_to(view)
    op.on_cancel(lambda: cancelled.append(True)).on_success(succeeded.append)
    done: list[bool] = []
    op.on_done(lambda: done.append(True))
    op.run()
    assert started.wait(30)
    op.cancel()
    checked.set()
    qtbot.waitUntil(lambda: bool(done), timeout=30000)
    assert cancelled == [True] and succeeded == [] and steps == []
    assert view.events[-1] == ("end",) and not op.running()


def test_an_op_runs_once(qtbot) -> None:
    from radtrack_gui.gui.ops import Op

    op = Op(lambda _p, _c: None, name="once")
    run_and_wait(qtbot, op)
    with pytest.raises(RuntimeError):
        op.run()


def test_an_op_bound_to_a_deleted_window_delivers_nothing(qtbot) -> None:
    """Counter-example for a window closed during a load: its widgets are gone, so the
    outcome must not reach them (no error in the event loop)."""
    from radtrack_gui.gui import worker
    from radtrack_gui.gui.ops import Op
    from radtrack_gui.gui.qt import QApplication, QEvent, QWidget

    window = QWidget()
    release = threading.Event()
    got, view = [], View()

    def work(progress, cancel):  # type: ignore[no-untyped-def]
        assert release.wait(30)
        return "late"

    op = Op(work, name="late").bound_to(window).progress_to(view).on_success(got.append)
    op.run()
    window.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    release.set()
    assert worker.wait_all(30000)
    for _ in range(3):
        QApplication.processEvents()
    assert got == [] and view.events == [("begin", "late…")]
