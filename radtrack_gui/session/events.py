"""Qt-free notifications: a list of callbacks the session calls when something happened.

The GUI connects its views (through the Qt mirror in ``gui/undo.py``); the CLI and tests
connect plain functions. Callbacks run synchronously, in the order they were connected.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Listeners:
    """Callbacks for one kind of event (``connect``, ``disconnect``, ``emit``)."""

    def __init__(self) -> None:
        self._callbacks: list[Callable[..., Any]] = []

    def connect(self, callback: Callable[..., Any]) -> None:
        self._callbacks.append(callback)

    def disconnect(self, callback: Callable[..., Any]) -> None:
        if callback in self._callbacks:
            self._callbacks.remove(callback)

    def emit(self, *args: Any) -> None:
        for callback in list(self._callbacks):
            callback(*args)

    def __len__(self) -> int:
        return len(self._callbacks)
