"""JSON Lines input (question files): one JSON value per line, blank lines skipped."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from radtrack_gui.core.errors import InputError


def read_jsonl(path: str | os.PathLike[str]) -> list[tuple[int, Any]]:
    """(line number, value) per non-blank line; ``InputError`` naming the file (and the
    line) when it cannot be read or a line is not JSON."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: cannot read ({exc})") from exc
    out: list[tuple[int, Any]] = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            out.append((n, json.loads(line)))
        except json.JSONDecodeError as exc:
            raise InputError(f"{path}:{n}: not JSON ({exc.msg})") from exc
    return out
