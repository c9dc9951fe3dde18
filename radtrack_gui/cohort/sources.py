"""The patients of a cohort INPUT (FORMATS §6) and how a worker reads one.

- A folder of patient folders: each sub-folder is a patient (§1), named by the folder.
- A MIMIC-style CSV with many ``SUBJECT_ID``s: streamed once and split by subject into
  private per-subject files (JSON lines of ``[line, row]``), buffered in memory only up to
  a bound, so a NOTEEVENTS export of gigabytes is never loaded whole. A worker turns one
  subject's rows into reports with the CSV reader's own row code (``mimic_csv.add_rows``),
  so the patient is the one ``radtrack process big.csv --patient ID`` reads.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Patient
from radtrack_gui.formats.textreport import SkipFile, natural_key
from radtrack_gui.util.names import shown

MAX_BUFFERED = 16 * 1024 * 1024  # bytes of CSV rows held before they go to the split files


@dataclass(frozen=True)
class PatientItem:
    """One patient of the cohort, as a worker needs it (small and picklable)."""

    key: str  # the cohort's ``patient``: the folder name or the SUBJECT_ID
    source: str  # the patient folder, or the CSV file
    rows: str | None = None  # CSV: the file holding this subject's rows
    size: int = 1  # about how many reports (for batching)
    data: tuple[tuple[int, dict[str, str]], ...] | None = None  # CSV: the rows themselves
    fmt: str = "csv"  # what ``rows`` holds: CSV rows, or FHIR / HL7 records (cohort/records.py)
    total: int = 0  # records: the reports in the whole file (for their ids)
    units: tuple[Any, ...] | None = None  # records: the patient's split lines, read in

    def loaded(self) -> PatientItem:
        """With a CSV subject's rows read in, so a worker needs no access to the split."""
        if self.rows is None or self.data is not None or self.units is not None:
            return self
        if self.fmt != "csv":
            from radtrack_gui.cohort.records import read_units

            return replace(self, units=tuple(read_units(self.rows)))
        return replace(self, data=tuple(read_rows(self.rows)))


def is_csv(path: Path) -> bool:
    return path.is_file() and path.suffix.lower() == ".csv"


def folder_patients(folder: Path, exclude: Path | None = None) -> list[PatientItem]:
    """Every visible sub-folder of ``folder`` (natural order), ``exclude`` left out."""
    try:
        subs = sorted(
            (p for p in folder.iterdir() if p.is_dir() and not p.name.startswith(".")),
            key=lambda p: natural_key(p.name),
        )
    except OSError as exc:
        raise InputError(f"{folder}: cannot list the folder ({exc.strerror or exc})") from exc
    skip = exclude.resolve() if exclude is not None else None
    items = []
    for p in subs:
        if skip is not None and p.resolve() == skip:
            continue
        try:
            size = sum(
                1
                for e in os.scandir(p)
                if not e.name.startswith(".") and not e.name.lower().endswith(".ann")
            )
        except OSError:
            size = 1  # unreadable: the worker records why
        items.append(PatientItem(key=shown(p.name), source=str(p.resolve()), size=max(size, 1)))
    if not items:
        raise InputError(
            f"{folder}: no patient folders in it (INPUT is a folder of patient "
            "folders or a MIMIC CSV; for one patient use `radtrack process`)"
        )
    return items


def split_csv(
    path: Path,
    work: Path,
    skip: set[str] = frozenset(),  # type: ignore[assignment]
    max_buffered: int = MAX_BUFFERED,
) -> list[PatientItem]:
    """Stream the Radiology rows of the CSV at ``path`` into one private file per subject
    under ``work`` (subjects in ``skip`` are left out). Subjects in file order."""
    from radtrack_gui.formats.mimic_csv import radiology_rows

    work.mkdir(parents=True, exist_ok=True, mode=0o700)
    files: dict[str, Path] = {}
    counts: dict[str, int] = {}
    buffers: dict[str, list[str]] = {}
    buffered = 0

    def flush() -> None:
        for subject, lines in buffers.items():
            fd = os.open(files[subject], os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.writelines(lines)
        buffers.clear()

    source = path.resolve()
    try:
        for line, row in radiology_rows(source):
            subject = row.get("SUBJECT_ID", "").strip()
            if subject in skip:
                continue
            if subject not in files:
                files[subject] = work / f"s{len(files):07d}.jsonl"
                files[subject].unlink(missing_ok=True)  # a split left by an earlier run
                counts[subject] = 0
            text = json.dumps([line, row], ensure_ascii=False) + "\n"
            buffers.setdefault(subject, []).append(text)
            counts[subject] += 1
            buffered += len(text)
            if buffered >= max_buffered:
                flush()
                buffered = 0
    except SkipFile as exc:
        raise InputError(str(exc)) from exc
    flush()
    return [
        PatientItem(key=s, source=str(source), rows=str(f), size=counts[s])
        for s, f in files.items()
    ]


def read_rows(rows_file: str) -> list[tuple[int, dict[str, str]]]:
    with open(rows_file, encoding="utf-8") as f:
        return [(int(line), row) for line, row in map(json.loads, f)]


def load_patient(item: PatientItem) -> Patient:
    """The patient as ``radtrack process`` reads it (no models run yet)."""
    from radtrack_gui.formats.folder import csv_subject_patient, read_patient_folder

    if item.rows is None:
        return read_patient_folder(item.source)
    if item.fmt != "csv":
        from radtrack_gui.cohort.records import load_records_patient, read_units

        units = list(item.units) if item.units is not None else read_units(item.rows)
        return load_records_patient(Path(item.source), item.fmt, item.key, units, item.total)
    from radtrack_gui.formats.mimic_csv import CsvReports, add_rows

    got = CsvReports(patient=item.key)
    source = Path(item.source)
    add_rows(got, item.data if item.data is not None else read_rows(item.rows), source)
    return csv_subject_patient(source, item.key, got)


def batches(
    items: list[PatientItem], reports: int = 200, patients: int = 50
) -> list[list[PatientItem]]:
    """Consecutive patients grouped until a batch holds about ``reports`` reports or
    ``patients`` patients: one Dask task (and one Parquet partition) per batch."""
    out: list[list[PatientItem]] = []
    cur: list[PatientItem] = []
    size = 0
    for item in items:
        cur.append(item)
        size += item.size
        if size >= reports or len(cur) >= patients:
            out.append(cur)
            cur, size = [], 0
    if cur:
        out.append(cur)
    return out
