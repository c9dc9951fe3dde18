"""A progress bar on a terminal; silence otherwise (the summary is printed by the caller)."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class ProgressBar:
    """``bar(stage, done, total)`` redraws at most ~10 times a second on a TTY."""

    def __init__(self, stream: TextIO | None = None, width: int = 30) -> None:
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty()
        self.width = width
        self._last = 0.0
        self._shown = False

    def __call__(self, stage: str, done: int, total: int) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if done < total and now - self._last < 0.1:
            return
        self._last = now
        frac = done / total if total else 1.0
        filled = int(frac * self.width)
        bar = "#" * filled + "-" * (self.width - filled)
        self.stream.write(f"\r{stage:<8} [{bar}] {done}/{total}")
        self.stream.flush()
        self._shown = True

    def close(self) -> None:
        if self.enabled and self._shown:
            self.stream.write("\r\033[K")
            self.stream.flush()
