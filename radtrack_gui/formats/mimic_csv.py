"""MIMIC-III ``NOTEEVENTS``-style CSV (FORMATS §1.2): one report per Radiology row.

The file is streamed (a full NOTEEVENTS export is gigabytes); offsets index the ``TEXT`` cell.
Column names are matched case-insensitively (MIMIC's Postgres build lower-cases them).
"""

from __future__ import annotations

import csv
import io
import os
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Patient, Problem, Report
from radtrack_gui.formats.textreport import (
    DECODE_REPLACED,
    SkipFile,
    report_from_text,
    sort_reports,
)
from radtrack_gui.formats.validate import clean_text
from radtrack_gui.nlp.metadata import parse_date
from radtrack_gui.util.regular import NotRegular, open_regular

REQUIRED = ("SUBJECT_ID", "CHARTDATE", "CHARTTIME", "CATEGORY", "DESCRIPTION", "TEXT")
RADIOLOGY = "radiology"

csv.field_size_limit(min(sys.maxsize, 64 * 1024 * 1024))


class SeveralPatients(InputError):
    """The CSV holds several patients and none was chosen (the message names them)."""

    def __init__(self, message: str, patients: list[str]) -> None:
        super().__init__(message)
        self.patients = patients


@dataclass
class CsvReports:
    patient: str  # "" when ``all_patients`` read several
    reports: list[Report] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    def __iter__(self) -> Iterator[Any]:
        """``reports, problems = read_mimic_csv(...)`` works too."""
        return iter((self.reports, self.problems))


def _open(path: Path) -> io.TextIOWrapper:
    try:
        raw = open_regular(path)
    except NotRegular as exc:
        raise SkipFile(str(exc)) from exc
    if b"\x00" in raw.read(8192):
        raw.close()
        raise SkipFile("binary file, not CSV")
    raw.seek(0)
    return io.TextIOWrapper(raw, encoding="utf-8-sig", errors="replace", newline="")


def _rows(path: Path) -> Iterator[tuple[int, dict[str, str]]]:
    """(line number, row with upper-cased column names) of every row; ``SkipFile`` if the
    file is not a MIMIC CSV."""
    try:
        f = _open(path)
    except OSError as exc:
        raise SkipFile(f"unreadable ({exc.strerror or exc})") from exc
    with f:
        reader = csv.reader(f)
        try:
            header = next(reader, None)
            if not header:
                raise SkipFile("empty file")
            cols = [h.strip().upper() for h in header]
            missing = [c for c in REQUIRED if c not in cols]
            if missing:
                raise SkipFile(f"not a MIMIC NOTEEVENTS CSV: missing columns {', '.join(missing)}")
            for row in reader:
                if row:
                    yield reader.line_num, dict(zip(cols, row, strict=False))
        except csv.Error as exc:
            raise SkipFile(f"malformed CSV near line {reader.line_num}: {exc}") from exc


def is_mimic_csv(path: Path) -> bool:
    try:
        with _open(path) as f:
            header = next(csv.reader(f), [])
    except (OSError, SkipFile, csv.Error):
        return False
    cols = {h.strip().upper() for h in header}
    return all(c in cols for c in REQUIRED)


def patients_in(path: str | os.PathLike[str]) -> list[str]:
    """SUBJECT_IDs with Radiology rows (for the GUI's patient picker), in file order."""
    seen: dict[str, None] = {}
    try:
        for _line, row in _rows(Path(path)):
            if row.get("CATEGORY", "").strip().lower() == RADIOLOGY:
                seen.setdefault(row.get("SUBJECT_ID", "").strip(), None)
    except SkipFile as exc:
        raise SkipFile(exc.reason, Path(path).name) from exc
    return list(seen)


def read_mimic_csv(
    path: str | Path, patient_id: str | None = None, all_patients: bool = False
) -> CsvReports:
    """The Radiology reports of one patient (or of all, with ``all_patients``).

    Several patients and no ``patient_id`` -> ``SeveralPatients`` naming them; an absent
    ``patient_id`` -> ``InputError``; not a MIMIC CSV -> ``SkipFile`` (an InputError)."""
    path = Path(path)
    name = path.name
    by_patient: dict[str, list[tuple[int, dict[str, str]]]] = {}
    skipped: list[Problem] = []
    try:
        for line, row in _rows(path):
            if row.get("CATEGORY", "").strip().lower() != RADIOLOGY:
                continue
            subject = (row.get("SUBJECT_ID") or "").strip()
            if not subject:
                skipped.append(Problem(f"{name}:{line}", "row without SUBJECT_ID"))
                continue
            keep = all_patients or patient_id is None or subject == patient_id
            by_patient.setdefault(subject, []).extend([(line, row)] if keep else [])
    except SkipFile as exc:
        raise SkipFile(exc.reason, name) from exc
    if not by_patient:
        raise SkipFile("no Radiology rows", name)
    shown = ", ".join(list(by_patient)[:10])
    shown += f" and {len(by_patient) - 10} more" if len(by_patient) > 10 else ""
    if all_patients:
        rows = sorted((r for rs in by_patient.values() for r in rs), key=lambda r: r[0])
        out = CsvReports(patient=next(iter(by_patient)) if len(by_patient) == 1 else "")
    else:
        if patient_id is None:
            if len(by_patient) > 1:
                raise SeveralPatients(
                    f"{name} holds {len(by_patient)} patients ({shown}); choose one with --patient",
                    list(by_patient),
                )
            patient_id = next(iter(by_patient))
        elif not by_patient.get(patient_id):
            raise InputError(
                f"{name}: no Radiology reports for patient {patient_id} (patients found: {shown})"
            )
        rows = by_patient[patient_id]
        out = CsvReports(patient=patient_id)
    out.problems.extend(skipped)
    add_rows(out, rows, path)
    if not all_patients:
        out.reports = sort_reports(out.reports)
    return out


def radiology_rows(path: str | Path) -> Iterator[tuple[int, dict[str, str]]]:
    """(line number, row) of every Radiology row, streamed; ``SkipFile`` (naming the file)
    when it is not a MIMIC CSV."""
    path = Path(path)
    try:
        for line, row in _rows(path):
            if row.get("CATEGORY", "").strip().lower() == RADIOLOGY:
                yield line, row
    except SkipFile as exc:
        raise SkipFile(exc.reason, path.name) from exc


def add_rows(out: CsvReports, rows: Iterable[tuple[int, dict[str, str]]], path: Path) -> None:
    """Reports from Radiology rows of the CSV at ``path`` (ids: ``ROW_ID``, else
    ``<stem>-<line>``); duplicate ids and empty texts become problems."""
    name = path.name
    seen: set[str] = {r.id for r in out.reports}
    for line, row in rows:
        rid = clean_text((row.get("ROW_ID") or "").strip())[0] or f"{path.stem}-{line}"
        if rid in seen:
            out.problems.append(Problem(f"{name}:{line}", f"duplicate ROW_ID {rid}"))
            continue
        text, bad = clean_text(row.get("TEXT") or "")
        if bad:
            out.problems.append(
                Problem(
                    f"{name}:{line}", f"{bad} control characters in TEXT replaced", skipped=False
                )
            )
        if not text.strip():
            out.problems.append(Problem(f"{name}:{line}", f"row {rid} has an empty TEXT"))
            continue
        seen.add(rid)
        header = {
            "exam": clean_text((row.get("DESCRIPTION") or "").strip())[0],
            "patient": clean_text(row.get("SUBJECT_ID", "").strip())[0],
        }
        report, notes = report_from_text(rid, text, source=str(path), header=header)
        when = parse_date(row.get("CHARTTIME", "")) or parse_date(row.get("CHARTDATE", ""))
        if when is not None:  # the row's time wins over the text's first line
            report.date, report.date_known = when, True
            report.flags = [f for f in report.flags if f != "undated"]
        out.problems.extend(Problem(f"{name}:{line}", n, skipped=False) for n in notes)
        if "\ufffd" in text:
            report.flags.append(DECODE_REPLACED)
            out.problems.append(
                Problem(f"{name}:{line}", "undecodable bytes replaced", skipped=False)
            )
        out.reports.append(report)


def several_patients(path: Path, patients: list[str]) -> SeveralPatients:
    """The error for a CSV of several patients when none was chosen."""
    shown = ", ".join(patients[:5]) + (", ..." if len(patients) > 5 else "")
    return SeveralPatients(
        f"{path.name} holds {len(patients)} patients ({shown}); choose one with --patient ID",
        patients,
    )


def read_csv_patient(path: Path, patient_id: str | None) -> Patient:
    """One patient's Radiology reports from a MIMIC CSV (no models run)."""
    found = read_mimic_csv(path, patient_id)
    return Patient(
        id=found.patient, reports=found.reports, problems=found.problems, folder=str(path)
    )
