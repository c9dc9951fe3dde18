"""The patients of a cohort INPUT (FORMATS §6) and how a worker reads one.

- A folder of patient folders: each sub-folder is a patient (§1), named by the folder.
- A MIMIC-style CSV with many ``SUBJECT_ID``s (in any order): streamed once and spilled to
  private files partitioned by a hash of the subject (``spill.py``), buffered in memory
  only up to a bound, then read back one bucket at a time, so a NOTEEVENTS export of
  gigabytes is never loaded whole. A worker turns one
  subject's rows into reports with the CSV reader's own row code (``mimic_csv.add_rows``),
  so the patient is the one ``radtrack process big.csv --patient ID`` reads.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from radtrack_gui.cohort.spill import MAX_BUFFERED, Spill, bucket_count, bucket_records
from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Patient
from radtrack_gui.formats.textreport import SkipFile, natural_key
from radtrack_gui.util.names import shown


@dataclass(frozen=True)
class PatientItem:
    """One patient of the cohort, as a worker needs it (small and picklable)."""

    key: str  # the cohort's ``patient``: the folder name or the SUBJECT_ID
    source: str  # the patient folder, or the CSV file
    rows: str | None = None  # CSV / records: the spill bucket holding this patient's rows
    size: int = 1  # about how many reports (for batching)
    data: tuple[tuple[int, dict[str, str]], ...] | None = None  # CSV: the rows themselves
    fmt: str = "csv"  # what ``rows`` holds: CSV rows, or FHIR / HL7 records (cohort/records.py)
    total: int = 0  # records: the reports in the whole file (for their ids)
    units: tuple[Any, ...] | None = None  # records: the patient's split lines, read in

    def loaded(self) -> PatientItem:
        """With the patient's rows read in from its spill bucket (when they are not yet), so
        a worker needs no access to the spill."""
        if self.rows is None or self.data is not None or self.units is not None:
            return self
        records = bucket_records(Path(self.rows), self.key)
        if self.fmt != "csv":
            return replace(self, units=tuple(records))
        return replace(self, data=tuple((int(line), row) for line, row in records))


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


@dataclass
class Split:
    """The patients of a cohort file spilled by ``split_csv`` or ``split_records``: their
    counts at once, then (iterating) one ``PatientItem`` per patient with its rows read in,
    one bucket of the spill at a time, so the whole file is never held."""

    spill: Spill
    source: str
    fmt: str = "csv"
    total: int = 0  # records: the reports in the whole file (for their ids)

    @property
    def patients(self) -> int:
        return len(self.spill.keys)

    @property
    def reports(self) -> int:
        return self.spill.rows

    def __iter__(self) -> Iterator[PatientItem]:
        for key, path, records in self.spill.groups():
            if self.fmt == "csv":
                data = tuple((int(line), row) for line, row in records)
                yield PatientItem(key, self.source, rows=str(path), size=len(data), data=data)
            else:
                yield PatientItem(
                    key,
                    self.source,
                    rows=str(path),
                    size=len(records),
                    fmt=self.fmt,
                    total=self.total,
                    units=tuple(records),
                )


def split_csv(
    path: Path,
    work: Path,
    skip: set[str] = frozenset(),  # type: ignore[assignment]
    max_buffered: int = MAX_BUFFERED,
) -> Split:
    """Stream the Radiology rows of the CSV at ``path`` into the hash buckets of a ``Spill``
    under ``work`` (subjects in ``skip`` are left out)."""
    from radtrack_gui.formats.mimic_csv import radiology_rows

    source = path.resolve()
    spill = Spill(work, bucket_count(source.stat().st_size), max_buffered)
    try:
        for line, row in radiology_rows(source):
            subject = row.get("SUBJECT_ID", "").strip()
            if subject not in skip:
                spill.add(subject, [line, row])
    except SkipFile as exc:
        raise InputError(str(exc)) from exc
    spill.flush()
    return Split(spill, str(source))


def load_patient(item: PatientItem) -> Patient:
    """The patient as ``radtrack process`` reads it (no models run yet)."""
    from radtrack_gui.formats.folder import csv_subject_patient, read_patient_folder

    if item.rows is None:
        return read_patient_folder(item.source)
    item = item.loaded()
    if item.fmt != "csv":
        from radtrack_gui.cohort.records import load_records_patient

        units = list(item.units or ())
        return load_records_patient(Path(item.source), item.fmt, item.key, units, item.total)
    from radtrack_gui.formats.mimic_csv import CsvReports, add_rows

    got = CsvReports(patient=item.key)
    source = Path(item.source)
    add_rows(got, item.data or (), source)
    return csv_subject_patient(source, item.key, got)


def batches(
    items: list[PatientItem], reports: int = 200, patients: int = 50
) -> list[list[PatientItem]]:
    """Consecutive patients grouped until a batch holds about ``reports`` reports or
    ``patients`` patients: one Dask task (and one Parquet partition) per batch."""
    return list(stream_batches(items, reports, patients))


def stream_batches(
    items: Iterable[PatientItem], reports: int = 200, patients: int = 50
) -> Iterator[list[PatientItem]]:
    """``batches``, one at a time as ``items`` come (a spilled file's patients)."""
    cur: list[PatientItem] = []
    size = 0
    for item in items:
        cur.append(item)
        size += item.size
        if size >= reports or len(cur) >= patients:
            yield cur
            cur, size = [], 0
    if cur:
        yield cur
