"""Natural sort: ``r2.txt`` before ``r10.txt``, ``m9`` before ``m10`` (the one key)."""

from __future__ import annotations

import re

_DIGITS = re.compile(r"(\d+)")


def natural_key(name: str) -> tuple[str | int, ...]:
    """Sort key with digit runs compared as numbers; case-insensitive. Text and numbers
    alternate at fixed positions, so two keys never compare a number with text."""
    return tuple(int(p) if i % 2 else p.lower() for i, p in enumerate(_DIGITS.split(name)))
