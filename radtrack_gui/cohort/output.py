"""A cohort DIR (FORMATS §6): Parquet datasets written whole or not at all, resumable.

    DIR/cohort.json                 input, extractor, linker (a rerun must use the same models)
    DIR/reports|mentions|chains/    part-<run>-<n>.parquet: the §3 fields plus ``patient``
    DIR/patients.parquet            patient, status, reason, reports, mentions, chains (+ extras)
    DIR/.cohort/parts/<part>.json   a manifest: the patients of one or more partitions (each
                                    record names its ``part``), written after their files

A partition's three files are each written to a temporary file and renamed, by the worker
that made them (or by the client when a worker cannot reach DIR); a manifest, written by the
client once it has checked the files, comes last and is what commits them: the client
commits the batches that finished together in one manifest (one atomic write, named after
the first of its partitions), so a commit costs the same however many were committed
before. A partition that no manifest names (a crash in between) is removed and its patients
are done again. ``patients.parquet`` is rebuilt from the manifests. Folders are 0700, files
0600. pyarrow is imported inside the functions.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from radtrack_gui.core.errors import InputError
from radtrack_gui.formats.textreport import natural_key
from radtrack_gui.util.atomic import atomic_open, atomic_write_text
from radtrack_gui.util.names import shown

if TYPE_CHECKING:
    import pyarrow as pa

SCHEMA = "radtrack-cohort/1"
DATASETS = ("reports", "mentions", "chains")
PATIENT_FIELDS = (
    "patient",
    "status",
    "reason",
    "reports",
    "mentions",
    "chains",
    "id",
    "source",
    "part",
    "problems",
    "seconds",
    "gold",
)


@cache
def schemas() -> Mapping[str, pa.Schema]:
    """The Parquet schema of each dataset and of ``patients.parquet`` (built once: the
    client checks three files against them at every commit)."""
    import pyarrow as pa

    s, i = pa.string(), pa.int64()
    section = pa.struct([("name", s), ("start", i), ("end", i)])
    return MappingProxyType(
        {
            "reports": pa.schema(
                [
                    ("patient", s),
                    ("id", s),
                    ("date", s),
                    ("date_known", pa.bool_()),
                    ("exam", s),
                    ("modality", s),
                    ("text", s),
                    ("region", s),
                    ("flags", pa.list_(s)),
                    ("sections", pa.list_(section)),
                ]
            ),
            "mentions": pa.schema(
                [
                    ("patient", s),
                    ("id", s),
                    ("report", s),
                    ("start", i),
                    ("end", i),
                    ("text", s),
                    ("type", s),
                    ("chain", s),
                    ("concept", s),
                    ("anatomy", pa.list_(s)),
                    ("laterality", s),
                    ("assertion", s),
                    ("change", s),
                    ("section", s),
                    ("measurements", pa.list_(s)),
                    ("source", s),
                    ("fragments", pa.list_(pa.list_(i))),
                ]
            ),
            "chains": pa.schema(
                [
                    ("patient", s),
                    ("id", s),
                    ("type", s),
                    ("label", s),
                    ("mentions", pa.list_(s)),
                    ("reviewed", pa.bool_()),
                    ("source", s),
                    ("why", pa.map_(s, s)),
                    ("label_locked", pa.bool_()),
                ]
            ),
            "patients": pa.schema(
                [
                    ("patient", s),
                    ("status", s),
                    ("reason", s),
                    ("reports", i),
                    ("mentions", i),
                    ("chains", i),
                    ("id", s),
                    ("source", s),
                    ("part", s),
                    ("problems", pa.list_(s)),
                    ("seconds", pa.float64()),
                    # read as gold annotations (its .ann files), not run through the models
                    ("gold", pa.bool_()),
                ]
            ),
        }
    )


def tables(docs: list[tuple[str, dict[str, Any]]]) -> dict[str, pa.Table]:
    """The rows of each dataset from ``(patient key, RadTrack JSON document)`` pairs."""
    import pyarrow as pa

    rows: dict[str, list[dict[str, Any]]] = {name: [] for name in DATASETS}
    for key, doc in docs:
        for name in DATASETS:
            rows[name].extend({"patient": key, **row} for row in doc[name])
    for row in rows["chains"]:
        row["why"] = list(row["why"].items())
    sch = schemas()
    return {name: pa.Table.from_pylist(rows[name], schema=sch[name]) for name in DATASETS}


def doc_from_rows(
    reports: list[dict[str, Any]], mentions: list[dict[str, Any]], chains: list[dict[str, Any]]
) -> dict[str, list[dict[str, Any]]]:
    """Back from Parquet rows to the ``reports``/``mentions``/``chains`` of §3."""

    def strip(row: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in row.items() if k != "patient"}

    ms = []
    for row in mentions:
        m = strip(row)
        if m.get("fragments") is None:
            m.pop("fragments", None)
        ms.append(m)
    cs = []
    for row in chains:
        c = strip(row)
        c["why"] = dict(c["why"] or [])
        cs.append(c)
    return {"reports": [strip(r) for r in reports], "mentions": ms, "chains": cs}


class CohortDir:
    """The output folder of ``radtrack cohort run``."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path).expanduser()
        self.private = self.path / ".cohort"
        self.parts = self.private / "parts"
        self.work = self.private / "work"

    # -- set-up --------------------------------------------------------------------------
    def settings(self) -> dict[str, Any] | None:
        try:
            return json.loads((self.path / "cohort.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None

    def prepare(
        self, source: Path, extractor: str, linker: str, *, ignore_annotations: bool = False
    ) -> None:
        """Create DIR, or check that it is this cohort's (same input, models and choice
        about gold annotations)."""
        want = {
            "schema": SCHEMA,
            "input": str(source.resolve()),
            "extractor": extractor,
            "linker": linker,
            "ignore_annotations": ignore_annotations,
        }
        if self.path.exists() and not self.path.is_dir():
            raise InputError(f"{self.path}: exists and is not a folder")
        have = self.settings()
        if have is None:
            if self.path.is_dir() and any(self.path.iterdir()):
                raise InputError(
                    f"{self.path}: not empty and not a cohort folder (choose a new or empty --out)"
                )
        else:
            have = {**have, "ignore_annotations": bool(have.get("ignore_annotations"))}
            for k in ("input", "extractor", "linker", "ignore_annotations"):
                if have.get(k) != want[k]:
                    raise InputError(
                        f"{self.path}: made with {k} {have.get(k)!r}, not "
                        f"{want[k]!r} (use another --out, or the same {k})"
                    )
        for folder in (self.path, *(self.path / n for n in DATASETS), self.private, self.parts):
            folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            os.chmod(folder, 0o700)
        if have is None:
            atomic_write_text(self.path / "cohort.json", json.dumps(want, indent=1) + "\n")

    def cleanup(self) -> None:
        """Remove partition files without a manifest and temporary files of a crashed run."""
        known = set()
        for m in self.parts.glob("*.json"):
            known.add(m.stem)
            known.update(manifest_parts(read_manifest(m) or ()))
        for name in DATASETS:
            for f in (self.path / name).iterdir() if (self.path / name).is_dir() else ():
                if f.name.startswith(".") or (f.suffix == ".parquet" and f.stem not in known):
                    f.unlink(missing_ok=True)
        for f in self.parts.glob(".*"):
            f.unlink(missing_ok=True)

    # -- writing -------------------------------------------------------------------------
    def write_part(
        self, part: str, data: dict[str, pa.Table] | None, records: list[dict[str, Any]]
    ) -> None:
        """One partition written here: its three files (when it has done patients), then its
        manifest."""
        if data is not None and data["reports"].num_rows:
            self.write_tables(part, data)
        problem = self.commit(part, records)
        if problem:
            raise OSError(problem)

    def write_tables(self, part: str, data: dict[str, pa.Table]) -> dict[str, int]:
        """A partition's three Parquet files, each whole or not at all (a temporary name,
        then renamed); returns each one's size in bytes. Workers call this on their own
        batches; nothing reads the files until ``commit`` names them in a manifest."""
        import pyarrow.parquet as pq

        sizes = {}
        for name in DATASETS:
            with atomic_open(self.path / name / f"{part}.parquet", "wb") as f:
                pq.write_table(data[name], f)
                sizes[name] = f.tell()
        return sizes

    def discard(self, part: str) -> None:
        """Remove an uncommitted partition's files (lost or broken before its commit)."""
        for name in DATASETS:
            (self.path / name / f"{part}.parquet").unlink(missing_ok=True)

    def commit(self, part: str, records: list[dict[str, Any]]) -> str | None:
        """Make a partition part of the cohort: when it has done patients, check that its
        three files are there and readable, then write its manifest (the one atomic step
        that commits it). Returns why it cannot be committed (nothing was), or None."""
        return self.commit_many([(part, records)]).get(part)

    def commit_many(
        self,
        batches: list[tuple[str, list[dict[str, Any]]]],
        sizes: Mapping[str, Mapping[str, int]] | None = None,
    ) -> dict[str, str]:
        """Commit several partitions in one atomic step: check each one's files (when it has
        done patients), then write one manifest with the records of every sound one. Returns
        partition -> why it was not committed, for the others (nothing of theirs was).
        ``sizes`` (partition -> dataset -> bytes, as ``write_tables`` returned them) makes
        the check of those files a cheap one (``written_problem``) instead of parsing each
        one's Parquet footer."""
        problems: dict[str, str] = {}
        rows: list[dict[str, Any]] = []
        name = None
        for part, records in batches:
            if any(r["status"] == "done" for r in records):
                known = (sizes or {}).get(part)
                for dataset in DATASETS:
                    path = self.path / dataset / f"{part}.parquet"
                    if known and dataset in known:
                        why = written_problem(path, known[dataset])
                    else:
                        why = parquet_problem(path, dataset)
                    if why:
                        problems[part] = f"{dataset}/{part}.parquet: {why}"
                        break
                if part in problems:
                    continue
            for r in records:
                r["part"] = part if r["status"] == "done" else None
            rows.extend(records)
            name = name or part
        if name is not None:
            atomic_write_text(self.parts / f"{name}.json", json.dumps(rows) + "\n")
        return problems

    def records(self) -> dict[str, dict[str, Any]]:
        """The latest record of every patient seen so far (done wins over failed), from the
        well-formed manifests only (a malformed one's patients run again)."""
        out: dict[str, dict[str, Any]] = {}
        manifests = sorted(self.parts.glob("*.json"), key=lambda p: p.stat().st_mtime)
        for m in manifests:
            rows = read_manifest(m)
            for r in rows or ():
                r["patient"] = shown(r["patient"])  # older runs kept undecodable names raw
                old = out.get(r["patient"])
                if old is None or old["status"] != "done" or r["status"] == "done":
                    out[r["patient"]] = r
        return out

    def damaged(self) -> dict[str, str]:
        """Manifest (named after its first partition) -> why it cannot be trusted: it is
        malformed, or a done partition it names has a Parquet file missing or unreadable.
        Its patients are done again."""
        bad: dict[str, str] = {}
        for m in sorted(self.parts.glob("*.json")):
            rows = read_manifest(m)
            if rows is None:
                bad[m.stem] = "manifest unreadable or malformed"
                continue
            for part in manifest_parts(rows):
                for name in DATASETS:
                    why = parquet_problem(self.path / name / f"{part}.parquet", name)
                    if why:
                        bad[m.stem] = f"{name}/{part}.parquet: {why}"
                        break
                if m.stem in bad:
                    break
        return bad

    def quarantine(self, parts: dict[str, str]) -> list[str]:
        """Move damaged manifests and the files of every partition they name out of the
        cohort, into ``.cohort/quarantine/``; returns one note per manifest."""
        notes = []
        for part, why in parts.items():
            folder = self.private / "quarantine" / part
            folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            manifest = self.parts / f"{part}.json"
            named = [part, *(p for p in manifest_parts(read_manifest(manifest) or ()) if p != part)]
            for f in (manifest, *(self.path / n / f"{p}.parquet" for p in named for n in DATASETS)):
                if f.exists():
                    os.replace(f, folder / f"{f.parent.name}-{f.name}")
            also = f" with {', '.join(named[1:])}" if len(named) > 1 else ""
            notes.append(f"partition {part}{also} set aside ({why}); its patients are done again")
        return notes

    def committed(self) -> dict[str, list[Path]]:
        """Dataset -> its Parquet files that sound manifests commit: exactly these, never a
        glob over the folder (a leftover or foreign file is not read). One pass over the
        manifests for all datasets."""
        bad = self.damaged()
        named = {
            part
            for m in self.parts.glob("*.json")
            if m.stem not in bad
            for part in manifest_parts(read_manifest(m) or ())
        }
        parts = sorted(named, key=natural_key)
        return {name: [self.path / name / f"{part}.parquet" for part in parts] for name in DATASETS}

    def done(self) -> set[str]:
        return {k for k, r in self.records().items() if r["status"] == "done"}

    def write_patients(self) -> dict[str, dict[str, Any]]:
        """Rewrite ``patients.parquet`` from the manifests; returns the records."""
        import pyarrow as pa
        import pyarrow.parquet as pq

        records = self.records()
        rows = [
            {k: _text(records[key].get(k)) for k in PATIENT_FIELDS}
            for key in sorted(records, key=natural_key)
        ]
        table = pa.Table.from_pylist(rows, schema=schemas()["patients"])
        with atomic_open(self.path / "patients.parquet", "wb") as f:
            pq.write_table(table, f)
        return records

    # -- reading -------------------------------------------------------------------------
    def read_patient(self, key: str) -> dict[str, Any]:
        """The §3 document of one done patient, from its partition."""
        import pyarrow.compute as pc
        import pyarrow.parquet as pq

        record = self.records().get(key)
        if record is None or record["status"] != "done":
            reason = record["reason"] if record else "not in this cohort"
            raise InputError(f"{self.path}: patient {key}: {reason}")
        rows = {}
        for name in DATASETS:
            path = self.path / name / f"{record['part']}.parquet"
            try:
                table = pq.read_table(path, schema=schemas()[name])
            except (OSError, ValueError) as exc:
                raise InputError(f"{path}: unreadable ({exc})") from exc
            rows[name] = table.filter(pc.field("patient") == key).to_pylist()
        doc = doc_from_rows(rows["reports"], rows["mentions"], rows["chains"])
        return {
            "schema": "radtrack/1",
            "patient": {"id": record.get("id") or key, "annotated": bool(record.get("annotated"))},
            **doc,
        }


def read_manifest(path: Path) -> list[dict[str, Any]] | None:
    """A partition manifest's records, or None when it is unreadable or malformed (``null``,
    ``{}``, ``[{}]``, a record without a patient name or a known status)."""
    try:
        rows = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(rows, list) or not rows:
        return None
    for r in rows:
        if not (
            isinstance(r, dict)
            and isinstance(r.get("patient"), str)
            and r.get("status") in ("done", "failed")
        ):
            return None
        if r["status"] == "done":  # its partition: a plain name in DIR, never a path
            part = r.get("part") or path.stem
            if not (isinstance(part, str) and PART_NAME.fullmatch(part)):
                return None
            r["part"] = part
    return rows


PART_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*")


def manifest_parts(rows: Any) -> list[str]:
    """The partitions a manifest's (well-formed) records commit, in order, each once."""
    return list(dict.fromkeys(r["part"] for r in rows if r["status"] == "done"))


def parquet_problem(path: Path, name: str) -> str | None:
    """Why a dataset file cannot be read back (missing, not Parquet, other columns), or None."""
    import pyarrow.parquet as pq

    try:
        found = set(pq.read_schema(path).names)
    except FileNotFoundError:
        return "missing"
    except (OSError, ValueError) as exc:
        return f"unreadable ({str(exc).splitlines()[0] if str(exc) else type(exc).__name__})"
    want = set(schemas()[name].names)
    return None if want <= found else f"columns {', '.join(sorted(want - found))} missing"


def written_problem(path: Path, size: int) -> str | None:
    """Why a Parquet file written as ``size`` bytes is not as written (missing, another size,
    not framed as Parquet: ``PAR1`` at both ends), or None. A stat and two 4-byte reads
    where ``parquet_problem`` parses the footer (~0.5 ms a file); for files this run's
    workers wrote with the datasets' schemas."""
    try:
        with open(path, "rb") as f:
            n = os.fstat(f.fileno()).st_size
            if n != size:
                return f"unreadable ({n} bytes where {size} were written)"
            head = f.read(4)
            f.seek(max(0, n - 4))
            tail = f.read(4)
    except FileNotFoundError:
        return "missing"
    except OSError as exc:
        return f"unreadable ({exc.strerror or type(exc).__name__})"
    if n < 12 or head != b"PAR1" or tail != b"PAR1":
        return "unreadable (not a Parquet file)"
    return None


def _text(value: Any) -> Any:
    """A manifest value as Parquet text: a path with undecodable bytes (kept losslessly in
    the JSON manifest) written with those bytes as ``\\xNN``."""
    return shown(value) if isinstance(value, str) else value
