"""The one way RadTrack runs work off the main thread.

``run_task(fn, ...)`` runs ``fn(progress, cancel)`` on a pool thread and returns a ``Task``;
its signals (``progress``, ``succeeded``, ``failed``, ``cancelled``, ``finished``) arrive on
the main thread. Workers never touch widgets: they get plain callables and return plain
values. Database writes go through ``run_write`` whose pool has a single thread, so they are
serialized and applied in submission order.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from radtrack_gui.core.errors import Cancelled
from radtrack_gui.core.progress import CancelCheck, Progress
from radtrack_gui.gui.qt import QObject, QRunnable, QThreadPool, Signal

log = logging.getLogger("radtrack.gui.worker")

# fn(progress, cancel) -> result; progress(stage, done, total), cancel() -> bool.
Work = Callable[[Progress, CancelCheck], Any]


class Task(QObject):
    """Handle on one background job. Lives on the main thread; emitted from the worker,
    its signals are queued to the main thread."""

    progress = Signal(str, int, int)
    succeeded = Signal(object)
    failed = Signal(object)  # the exception
    cancelled = Signal()
    finished = Signal()  # after any of the three outcomes

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self._cancel = threading.Event()
        self._done = threading.Event()
        self.result: Any = None
        self.error: BaseException | None = None
        self.was_cancelled = False
        self.owner: Any = None  # what handles the outcome (an ops.Op), kept alive with it

    def cancel(self) -> None:
        """Ask the job to stop; it stops at its next ``cancel()`` check."""
        self._cancel.set()

    def is_cancel_requested(self) -> bool:
        return self._cancel.is_set()

    def is_done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the worker returned (signals may still be queued)."""
        return self._done.wait(timeout)


class _Runnable(QRunnable):
    def __init__(self, task: Task, fn: Work) -> None:
        super().__init__()
        self.setAutoDelete(True)
        self._task = task
        self._fn = fn

    def run(self) -> None:  # worker thread: no widgets here
        task = self._task

        def progress(stage: str, done: int, total: int) -> None:
            task.progress.emit(stage, done, total)

        try:
            if task.is_cancel_requested():
                raise Cancelled()
            result = self._fn(progress, task.is_cancel_requested)
        except Cancelled:
            task.was_cancelled = True
            task._done.set()
            task.cancelled.emit()
        except BaseException as exc:  # reported to the main thread, never swallowed
            log.warning("task %s failed: %s", task.name, exc, exc_info=exc)
            task.error = exc
            task._done.set()
            task.failed.emit(exc)
        else:
            task.result = result
            task._done.set()
            task.succeeded.emit(result)
        task.finished.emit()


_pools: dict[str, QThreadPool] = {}
_live: set[Task] = set()  # keeps tasks alive until their finished signal was delivered


def _pool(kind: str) -> QThreadPool:
    pool = _pools.get(kind)
    if pool is None:
        pool = QThreadPool()
        pool.setMaxThreadCount(1 if kind == "write" else 2)
        _pools[kind] = pool
    return pool


def _start(
    kind: str,
    name: str,
    fn: Work,
    parent: QObject | None,
    on_success: Callable[[Any], None] | None,
    on_failure: Callable[[BaseException], None] | None,
    on_progress: Callable[[str, int, int], None] | None,
    on_cancel: Callable[[], None] | None,
) -> Task:
    task = Task(name, parent)
    # Connect before starting so that no early signal is lost.
    for signal, slot in (
        (task.succeeded, on_success),
        (task.failed, on_failure),
        (task.progress, on_progress),
        (task.cancelled, on_cancel),
    ):
        if slot is not None:
            signal.connect(slot)
    _live.add(task)
    task.finished.connect(lambda: _live.discard(task))
    _pool(kind).start(_Runnable(task, fn))
    return task


def run_task(
    fn: Work,
    *,
    name: str = "task",
    parent: QObject | None = None,
    on_success: Callable[[Any], None] | None = None,
    on_failure: Callable[[BaseException], None] | None = None,
    on_progress: Callable[[str, int, int], None] | None = None,
    on_cancel: Callable[[], None] | None = None,
) -> Task:
    """Run ``fn(progress, cancel)`` in the background (reading, model runs). The
    callbacks run on the main thread."""
    return _start("work", name, fn, parent, on_success, on_failure, on_progress, on_cancel)


def run_write(
    fn: Work,
    *,
    name: str = "write",
    parent: QObject | None = None,
    on_success: Callable[[Any], None] | None = None,
    on_failure: Callable[[BaseException], None] | None = None,
) -> Task:
    """Run a database write; writes run one at a time, in submission order."""
    return _start("write", name, fn, parent, on_success, on_failure, None, None)


def wait_all(timeout_ms: int = 30000) -> bool:
    """Wait for every pool to drain (used on quit and in tests)."""
    return all(pool.waitForDone(timeout_ms) for pool in _pools.values())


def active_count() -> int:
    return len(_live)


def wait_writes(timeout_ms: int = 30000) -> bool:
    """Wait for the queued database writes (safe from a work thread: a job that reads a
    store calls it first, so that it sees every edit made before it started)."""
    pool = _pools.get("write")
    return pool.waitForDone(timeout_ms) if pool is not None else True
