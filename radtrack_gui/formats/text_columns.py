"""Reports from any CSV whose text lies in named columns (`radtrack extract --text-columns`).

Streams rows, so collections larger than memory work. The text of a report is the named
columns joined by a blank line (empty cells left out); offsets index that joined text.
"""

from __future__ import annotations

import csv
import io
import sys
from collections.abc import Iterator
from pathlib import Path

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Report
from radtrack_gui.util.regular import NotRegular, open_regular


def iter_column_reports(
    path: str | Path, text_columns: list[str], id_column: str | None = None
) -> Iterator[Report]:
    path = Path(path)
    csv.field_size_limit(min(sys.maxsize, 2**31 - 1))
    try:
        f = io.TextIOWrapper(open_regular(path), encoding="utf-8-sig", errors="replace", newline="")
    except NotRegular as exc:
        raise InputError(f"{path}: {exc}") from exc
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror})") from exc
    with f:
        reader = csv.DictReader(f)
        columns = reader.fieldnames or []
        missing = [
            c for c in [*text_columns, *([id_column] if id_column else [])] if c not in columns
        ]
        if missing:
            raise InputError(
                f"{path.name}: no column {', '.join(missing)} (columns: {', '.join(columns)})"
            )
        for n, row in enumerate(reader, 1):
            parts = [row[c].strip() for c in text_columns if (row.get(c) or "").strip()]
            rid = (row.get(id_column) or "").strip() if id_column else ""
            yield Report(
                id=rid or f"row{n}", text="\n\n".join(parts), source=str(path), flags=["undated"]
            )
