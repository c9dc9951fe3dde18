"""The progress and cancel callbacks every long-running step takes (Qt-free)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from radtrack_gui.core.errors import Cancelled

# progress(stage, done, total); stages such as "read", "extract", "link", "save", "train".
Progress = Callable[[str, int, int], None]
CancelCheck = Callable[[], bool]


def no_progress(stage: str, done: int, total: int) -> None:
    """The default ``Progress``: report nothing."""


def never_cancel() -> bool:
    """The default ``CancelCheck``: never cancelled."""
    return False


# The cancel check of the step running in this thread, for loops deep inside a step whose
# public API takes no callback (a linker's ``link(patient)``): they call
# ``check_cancelled()`` once per outer iteration.
_CANCEL: ContextVar[CancelCheck] = ContextVar("radtrack_cancel", default=never_cancel)


@contextmanager
def cancellable(cancel: CancelCheck) -> Iterator[None]:
    """Run a block with ``cancel`` as this thread's cancel check."""
    token = _CANCEL.set(cancel)
    try:
        yield
    finally:
        _CANCEL.reset(token)


def check_cancelled() -> None:
    """Raise ``Cancelled`` when the running step was asked to stop."""
    if _CANCEL.get()():
        raise Cancelled()


def throttled(
    progress: Progress, every: float = 0.05, clock: Callable[[], float] = time.monotonic
) -> Progress:
    """``progress`` heard at most once per ``every`` seconds within a stage; the first
    report of each stage and a stage's last (done == total) always pass. (A GUI's progress
    bar repaints per report: a 1,000-report open sent 2,000 before the first draw.)"""
    stage_now: str | None = None
    passed = -float("inf")

    def report(stage: str, done: int, total: int) -> None:
        nonlocal stage_now, passed
        now = clock()
        if stage != stage_now or done >= total or now - passed >= every:
            stage_now, passed = stage, now
            progress(stage, done, total)

    return report
