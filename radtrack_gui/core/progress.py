"""The progress and cancel callbacks every long-running step takes (Qt-free)."""

from __future__ import annotations

from collections.abc import Callable

# progress(stage, done, total); stages such as "read", "extract", "link", "save", "train".
Progress = Callable[[str, int, int], None]
CancelCheck = Callable[[], bool]


def no_progress(stage: str, done: int, total: int) -> None:
    """The default ``Progress``: report nothing."""


def never_cancel() -> bool:
    """The default ``CancelCheck``: never cancelled."""
    return False
