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
from pathlib import Path

from radtrack_gui.cohort.items import PatientItem, Split
from radtrack_gui.cohort.spill import MAX_BUFFERED, Spill, bucket_count
from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Patient
from radtrack_gui.formats.textreport import SkipFile, natural_key
from radtrack_gui.util.names import shown


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
