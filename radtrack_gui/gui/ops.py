"""One way to run work in the background (Anki's ``CollectionOp``/``QueryOp``).

An ``Op`` is one piece of work off the main thread with everything around it wired in one
place, before the work starts (so no early signal is lost):

- progress: a ``ProgressView`` (the status bar's bar and Cancel button, a dialog's bar)
  shows it from start to end; ``cancel()`` asks the work to stop at its next check;
- errors: an ``InputError`` (the user's input or environment) goes to ``failure`` as a
  one-line reason; anything else is also written to the crash report;
- the change broadcast: a result that is a ``Changes`` record (an edit made in the
  background) is announced through the session, so every view refreshes what changed;
- success: ``success(result)`` on the main thread;
- lifetime: an op ``bound_to`` a window drops its outcome (and touches no widget) when
  that window was deleted before the work ended (a window closed during a load).

    Op(work, name="open demo").progress_to(status).on_success(show).run()

The thread pools and the Qt plumbing stay in ``gui/worker.py``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Protocol

from radtrack_gui.core.edits import Changes
from radtrack_gui.core.errors import InputError
from radtrack_gui.gui import worker
from radtrack_gui.gui.qt import QObject, QProgressBar

log = logging.getLogger("radtrack.gui.ops")


class ProgressView(Protocol):
    """Where an op's progress shows."""

    def begin(self, op: Op, text: str) -> None: ...
    def update(self, stage: str, done: int, total: int) -> None: ...
    def end(self) -> None: ...


class BarProgress:
    """A ``QProgressBar`` (and an optional Cancel button) showing one op at a time; stage
    names become words through ``labels``."""

    def __init__(
        self, bar: QProgressBar, labels: dict[str, str], cancel_button: Any = None
    ) -> None:
        self.bar = bar
        self.labels = labels
        self.cancel_button = cancel_button
        self.op: Op | None = None
        if cancel_button is not None:
            cancel_button.clicked.connect(self.cancel)

    def begin(self, op: Op, text: str) -> None:
        self.op = op
        self.bar.setRange(0, 0)
        self.bar.setFormat(text)
        self.bar.show()
        if self.cancel_button is not None:
            self.cancel_button.show()
            self.cancel_button.setEnabled(True)

    def update(self, stage: str, done: int, total: int) -> None:
        label = self.labels.get(stage, stage)
        if total > 0:
            self.bar.setRange(0, total)
            self.bar.setValue(done)
            self.bar.setFormat(label if "%v" in label else f"{label} %v/%m")
        else:
            self.bar.setRange(0, 0)
            self.bar.setFormat(label.replace(" %v/%m", ""))

    def cancel(self) -> None:
        if self.op is not None and self.op.running():
            self.op.cancel()
            if self.cancel_button is not None:
                self.cancel_button.setEnabled(False)
            self.bar.setFormat("Cancelling…")

    def end(self) -> None:
        self.op = None
        self.bar.hide()
        if self.cancel_button is not None:
            self.cancel_button.hide()


class Op:
    """Background work with progress, cancel, errors and the change broadcast wired once."""

    def __init__(self, work: worker.Work, *, name: str, parent: QObject | None = None) -> None:
        self.work = work
        self.name = name
        self.parent = parent
        self.task: worker.Task | None = None
        self._success: Callable[[Any], None] | None = None
        self._failure: Callable[[BaseException], None] | None = None
        self._cancelled: Callable[[], None] | None = None
        self._progress: list[Callable[[str, int, int], None]] = []
        self._view: ProgressView | None = None
        self._view_text = ""
        self._broadcast: Callable[[Changes], None] | None = None
        self._done: list[Callable[[], None]] = []
        self._owner_gone = False

    # -- wiring (before run) ------------------------------------------------------------
    def on_success(self, callback: Callable[[Any], None]) -> Op:
        self._success = callback
        return self

    def on_failure(self, callback: Callable[[BaseException], None]) -> Op:
        """Who hears a failure (default: the log and, for a bug, the crash report)."""
        self._failure = callback
        return self

    def on_cancel(self, callback: Callable[[], None]) -> Op:
        self._cancelled = callback
        return self

    def on_done(self, callback: Callable[[], None]) -> Op:
        """Called after any outcome (success, failure or cancel), last."""
        self._done.append(callback)
        return self

    def on_progress(self, callback: Callable[[str, int, int], None]) -> Op:
        """Also hear every progress report (stage, done, total) on the main thread."""
        self._progress.append(callback)
        return self

    def progress_to(self, view: ProgressView, text: str = "") -> Op:
        self._view, self._view_text = view, text or f"{self.name}…"
        return self

    def bound_to(self, owner: QObject) -> Op:
        """The outcome goes nowhere once ``owner`` (the window) has been deleted."""
        owner.destroyed.connect(self._owner_destroyed)
        return self

    def _owner_destroyed(self, *_args: Any) -> None:
        self._owner_gone = True

    def changes_to(self, broadcast: Callable[[Changes], None]) -> Op:
        """A ``Changes`` result is announced here (the session's ``changed``)."""
        self._broadcast = broadcast
        return self

    # -- running ------------------------------------------------------------------------
    def run(self, *, write: bool = False) -> worker.Task:
        """Start the work (``write``: on the one database-write thread)."""
        if self.task is not None:
            raise RuntimeError(f"op {self.name!r} already ran")
        if self._view is not None:
            self._view.begin(self, self._view_text)
        start = worker.run_write if write else worker.run_task
        kwargs: dict[str, Any] = {}
        if not write:
            kwargs = {"on_progress": self._progressed, "on_cancel": self._was_cancelled}
        self.task = start(
            self.work,
            name=self.name,
            parent=self.parent,
            on_success=self._succeeded,
            on_failure=self._failed,
            **kwargs,
        )
        # The task lives until its outcome is delivered (worker keeps it); so does this op,
        # whose bound methods Qt would otherwise drop with the last reference to it.
        self.task.owner = self
        return self.task

    def running(self) -> bool:
        return self.task is not None and not self.task.is_done()

    def cancel(self) -> None:
        if self.task is not None:
            self.task.cancel()

    # -- outcomes (main thread) -----------------------------------------------------------
    def _progressed(self, stage: str, done: int, total: int) -> None:
        if self._owner_gone:
            return
        if self._view is not None:
            self._view.update(stage, done, total)
        for callback in self._progress:
            callback(stage, done, total)

    def _end(self) -> None:
        if self._view is not None:
            self._view.end()

    def _finish(self) -> None:
        for callback in self._done:
            callback()

    def _succeeded(self, result: Any) -> None:
        if self._owner_gone:
            log.info("%s ended after its window closed: result dropped", self.name)
            return
        self._end()
        try:
            if self._broadcast is not None and isinstance(result, Changes) and result:
                self._broadcast(result)
            if self._success is not None:
                self._success(result)
        finally:
            self._finish()

    def _was_cancelled(self) -> None:
        if self._owner_gone:
            return
        self._end()
        log.info("%s cancelled", self.name)
        try:
            if self._cancelled is not None:
                self._cancelled()
        finally:
            self._finish()

    def _failed(self, exc: BaseException) -> None:
        if self._owner_gone:
            log.info("%s failed after its window closed: %s", self.name, exc)
            return
        self._end()
        try:
            if self._failure is not None:
                self._failure(exc)
            elif isinstance(exc, InputError):
                log.info("%s failed: %s", self.name, exc)
            else:
                from radtrack_gui.gui.crash import REPORTER

                REPORTER.report(type(exc), exc, exc.__traceback__, where=self.name)
        finally:
            self._finish()
