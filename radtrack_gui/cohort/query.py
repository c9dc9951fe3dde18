"""``radtrack cohort query DIR "SQL"``: DuckDB over a cohort's Parquet datasets.

Views: ``reports``, ``mentions``, ``chains`` (``read_parquet`` over the partitions) and
``patients``. Named queries are ``.sql`` files in ``resources/queries/``: comment lines
``-- param: NAME TYPE`` (``int``, ``float`` or ``str``) declare their arguments, passed as
DuckDB named parameters (``$NAME``). duckdb and pyarrow are imported inside functions.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from radtrack_gui.cohort.output import DATASETS, CohortDir, parquet_problem, schemas
from radtrack_gui.core.errors import InputError
from radtrack_gui.util.atomic import atomic_open
from radtrack_gui.util.paths import resource

if TYPE_CHECKING:
    import duckdb
    import pyarrow as pa

_PARAM = re.compile(r"^--\s*param:\s*(\w+)\s+(int|float|str)\s*$", re.MULTILINE)


def cohort_path(folder: str | Path) -> Path:
    path = Path(folder).expanduser()
    if not ((path / "patients.parquet").is_file() or (path / "cohort.json").is_file()):
        raise InputError(
            f"{folder}: not a cohort folder (no patients.parquet; make one with "
            "`radtrack cohort run INPUT --out DIR`)"
        )
    return path


# DuckDB may touch no file and fetch nothing: no extension installs or loads (a URL in the
# SQL would start a download), no COPY TO or read_csv of arbitrary paths; locked, so the SQL
# cannot switch it back. The views read Arrow datasets opened here, from exact file lists.
SAFE_CONFIG: dict[str, str | bool | int | float | list[str]] = {
    "autoinstall_known_extensions": False,
    "autoload_known_extensions": False,
    "enable_external_access": False,
    "lock_configuration": True,
}


def connect(folder: str | Path) -> duckdb.DuckDBPyConnection:
    """An in-memory DuckDB with the cohort's four views over exactly the partitions the
    manifests commit (paths are data, never patterns: a folder named ``c*`` or ``c[1]``
    reads its own files and no other cohort's)."""
    import duckdb
    import pyarrow as pa
    import pyarrow.dataset as ds

    path = cohort_path(folder)
    cohort = CohortDir(path)
    sch = schemas()
    sources: dict[str, Any] = {}
    committed = cohort.committed()
    for name in (*DATASETS, "patients"):
        if name == "patients":
            files = (
                [path / "patients.parquet"]
                if parquet_problem(path / "patients.parquet", name) is None
                else []
            )
        else:
            files = committed[name]
        if files:
            sources[name] = ds.dataset([str(f) for f in files], schema=sch[name], format="parquet")
        else:  # nothing done yet: an empty table with the right columns
            sources[name] = pa.Table.from_pylist([], schema=sch[name])
    con = duckdb.connect(":memory:", config=SAFE_CONFIG)
    for name, source in sources.items():
        con.register(f"_{name}_data", source)
        con.execute(f"CREATE VIEW {name} AS SELECT * FROM _{name}_data")
    return con


def run_query(folder: str | Path, sql: str, params: dict[str, Any] | None = None) -> pa.Table:
    """The result of ``sql`` as an Arrow table; ``InputError`` with DuckDB's reason."""
    import duckdb

    con = connect(folder)
    try:
        rel = con.sql(sql, params=params or None)
        if rel is None:
            raise InputError("the SQL returned no result (use a SELECT)")
        return rel.to_arrow_table()
    except duckdb.Error as exc:
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise InputError(f"query failed: {reason}") from exc
    finally:
        con.close()


def named_queries() -> dict[str, Path]:
    return {p.stem: p for p in sorted(resource("queries").glob("*.sql"))}


def named_query(name: str, *args: str) -> tuple[str, dict[str, Any]]:
    """The SQL of a shipped query and its parameters from ``args``."""
    known = named_queries()
    if name not in known:
        raise InputError(f"unknown named query {name!r} (known: {', '.join(known)})")
    sql = known[name].read_text(encoding="utf-8")
    declared = _PARAM.findall(sql)
    if len(args) != len(declared):
        want = " ".join(p.upper() for p, _ in declared)
        raise InputError(f"--named {name} takes {len(declared)} argument(s): {name} {want}")
    params: dict[str, Any] = {}
    for (pname, kind), value in zip(declared, args, strict=True):
        try:
            params[pname] = {"int": int, "float": float, "str": str}[kind](value)
        except ValueError as exc:
            raise InputError(
                f"--named {name}: {pname.upper()} must be a number, not {value!r}"
            ) from exc
    return sql, params


def format_table(table: pa.Table, limit: int = 100) -> str:
    """Aligned columns for a terminal, at most ``limit`` rows (and how many were left)."""
    names = table.column_names
    rows = [
        ["" if v is None else str(v) for v in row.values()]
        for row in table.slice(0, max(limit, 0)).to_pylist()
    ]
    widths = [min(40, max([len(n)] + [len(r[i]) for r in rows])) for i, n in enumerate(names)]

    def line(cells: list[str]) -> str:
        return "  ".join(
            (c if len(c) <= w else c[: w - 1] + "…").ljust(w)
            for c, w in zip(cells, widths, strict=True)
        ).rstrip()

    out = [line(names), line(["-" * w for w in widths]), *(line(r) for r in rows)]
    if table.num_rows > len(rows):
        out.append(f"... {table.num_rows - len(rows)} more rows (use --out FILE for all)")
    out.append(f"({table.num_rows} row{'' if table.num_rows == 1 else 's'})")
    return "\n".join(out)


def write_result(table: pa.Table, out: str | Path) -> None:
    """``.csv`` or ``.parquet``, written whole or not at all (0600)."""
    import pyarrow.csv as pcsv
    import pyarrow.parquet as pq

    path = Path(out).expanduser()
    suffix = path.suffix.lower()
    if suffix not in (".csv", ".parquet"):
        raise InputError(f"{out}: --out must end in .csv or .parquet")
    with atomic_open(path, "wb") as f:
        if suffix == ".csv":
            pcsv.write_csv(_csv_safe(table), f)
        else:
            pq.write_table(table, f)


def _csv_safe(table: pa.Table) -> pa.Table:
    """List and struct columns as text (CSV holds flat values only)."""
    import pyarrow as pa

    cols = []
    for col in table.columns:
        if pa.types.is_nested(col.type):
            cols.append(
                pa.array([None if v is None else str(v) for v in col.to_pylist()], pa.string())
            )
        else:
            cols.append(col)
    return pa.Table.from_arrays(cols, names=table.column_names)
