"""JSON Lines input (question files): one JSON value per line, blank lines skipped."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Any

from radtrack_gui.core.errors import InputError
from radtrack_gui.util.regular import read_regular

MAX_JSONL_BYTES = 64 * 1024 * 1024


def read_jsonl(
    path: str | os.PathLike[str], on_blank: Callable[[int], None] | None = None
) -> list[tuple[int, Any]]:
    """(line number, value) per non-blank line (``on_blank`` is told each blank line's
    number); ``InputError`` naming the file (and the line) when it cannot be read (also a
    FIFO or device) or a line is not JSON."""
    try:
        lines = read_regular(path, MAX_JSONL_BYTES).decode("utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: cannot read ({exc})") from exc
    out: list[tuple[int, Any]] = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            if on_blank is not None:
                on_blank(n)
            continue
        try:
            out.append((n, json.loads(line)))
        except json.JSONDecodeError as exc:
            raise InputError(f"{path}:{n}: not JSON ({exc.msg})") from exc
    return out
