"""Validation shared by the readers: text that round-trips, one date convention, typed
fields with ranges. Every violation becomes a message naming the field and the reason; the
readers turn it into a ``Problem`` naming the file (and line or item) and skip only the
item, never the folder.

- Text: NUL, other C0 control characters (tab, line breaks, form feed and vertical tab
  kept), DEL and lone surrogates cannot be stored, exported or read back; each is replaced
  by U+FFFD at read time, one character for one, so offsets stay valid.
- Dates: naive, as written (the exam's local wall-clock time). A time-zone-aware date has
  its offset dropped, so aware and naive dates of one folder sort together.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from datetime import datetime
from typing import Any

REPLACEMENT = "\ufffd"
_BAD_CHARS = re.compile("[\x00-\x08\x0e-\x1f\x7f\ud800-\udfff]")
MAX_OFFSET = 2**31 - 1  # also keeps every offset inside SQLite's integer range


class FieldError(ValueError):
    """One field of one item is invalid; ``str()`` names the field and the reason."""


def clean_text(text: str) -> tuple[str, int]:
    """(text with unstorable characters replaced, how many were replaced)."""
    count = 0

    def sub(_: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return REPLACEMENT

    return _BAD_CHARS.sub(sub, text), count


def naive(d: datetime) -> datetime:
    """The date in the one convention: naive wall-clock time (an offset is dropped)."""
    return d.replace(tzinfo=None) if d.tzinfo is not None else d


def parse_iso(value: Any, field: str) -> datetime | None:
    """An ISO date or date-time (or null) as a naive datetime."""
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise FieldError(f'"{field}" must be an ISO date string, not {_kind(value)}')
    try:
        return naive(datetime.fromisoformat(value))
    except ValueError as exc:
        raise FieldError(f'"{field}": not an ISO date ({value[:40]!r})') from exc


def _kind(value: Any) -> str:
    return {
        dict: "an object",
        list: "a list",
        str: "a string",
        bool: "a boolean",
        int: "a number",
        float: "a number",
        type(None): "null",
    }.get(type(value), type(value).__name__)


def get_str(
    d: dict[str, Any],
    field: str,
    *,
    default: str | None = "",
    required: bool = False,
    choices: Collection[str] | None = None,
    lower: bool = False,
) -> str | None:
    """A string field (numbers are accepted as ids), cleaned; ``default`` when absent/null."""
    if field not in d or d[field] is None:
        if required:
            raise FieldError(f'missing "{field}"')
        return default
    value = d[field]
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise FieldError(f'"{field}" must be a string, not {_kind(value)}')
    text = clean_text(str(value))[0]
    if lower:
        text = text.lower()
    if choices is not None and text not in choices:
        raise FieldError(f'"{field}" is {text[:40]!r}, expected one of {", ".join(choices)}')
    return text


def get_int(d: dict[str, Any], field: str, *, low: int = 0, high: int = MAX_OFFSET) -> int:
    if field not in d:
        raise FieldError(f'missing "{field}"')
    value = d[field]
    if isinstance(value, bool) or not isinstance(value, int):
        raise FieldError(f'"{field}" must be an integer, not {_kind(value)}')
    if not low <= value <= high:
        raise FieldError(f'"{field}" = {value} is outside {low}..{high}')
    return value


def get_bool(d: dict[str, Any], field: str, default: bool = False) -> bool:
    value = d.get(field, default)
    if value is None:
        return default
    if not isinstance(value, bool | int):
        raise FieldError(f'"{field}" must be true or false, not {_kind(value)}')
    return bool(value)


def get_str_list(d: dict[str, Any], field: str) -> list[str]:
    value = d.get(field)
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise FieldError(f'"{field}" must be a list of strings')
    return [clean_text(v)[0] for v in value]


def get_spans(d: dict[str, Any], field: str, length: int) -> list[tuple[int, int]]:
    """A list of ``[start, end]`` pairs, each inside a text of ``length`` characters."""
    value = d.get(field)
    if value is None:
        return []
    if not isinstance(value, list):
        raise FieldError(f'"{field}" must be a list of [start, end] pairs')
    out = []
    for i, pair in enumerate(value):
        if (
            not isinstance(pair, list | tuple)
            or len(pair) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in pair)
        ):
            raise FieldError(f'"{field}"[{i}] must be a pair of integers')
        a, b = pair
        if not 0 <= a < b <= length:
            raise FieldError(
                f'"{field}"[{i}] = [{a}, {b}] is outside the text ({length} characters)'
            )
        out.append((a, b))
    return sorted(out)
