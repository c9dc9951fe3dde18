"""Cohort INPUT as a FHIR Bulk Data ``DiagnosticReport.ndjson`` or an HL7 v2 batch file
(many ``ORU^R01`` messages, FHS/BHS framing or MLLP tolerated): streamed once and split by
patient into private per-patient files (JSON lines of ``[number, line, unit]``, a unit being
one resource or one message), buffered in memory only up to a bound, as a MIMIC CSV is.

A worker turns one patient's units into reports with the format reader's own code
(``fhir.extract``, ``hl7v2.extract_messages``) and the report numbers the whole file gives
them, so the patient is the one ``radtrack process FILE --patient ID`` reads.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Patient
from radtrack_gui.formats.textreport import SkipFile

MAX_BUFFERED = 16 * 1024 * 1024
RECORD_SUFFIXES = {".ndjson": "fhir", ".hl7": "hl7", ".oru": "hl7"}


def record_format(path: Path) -> str | None:
    """``fhir`` or ``hl7`` for a cohort file of those records, else None."""
    return RECORD_SUFFIXES.get(path.suffix.lower()) if path.is_file() else None


def _units(path: Path, fmt: str) -> Iterator[tuple[str, int, int, Any]]:
    """(patient, reports in it, line, unit) for each unit of the file, streamed."""
    if fmt == "fhir":
        from radtrack_gui.formats.fhir import ndjson_lines, subject_of

        for line, item in ndjson_lines(path):
            if isinstance(item, dict) and item.get("resourceType") == "DiagnosticReport":
                yield subject_of(item), 1, line, item
        return
    from radtrack_gui.formats.hl7v2 import file_messages, message_reports

    for line, text in file_messages(path):
        patients = message_reports(text)
        if patients:
            yield patients[0], len(patients), line, text


def split_records(
    path: Path, fmt: str, work: Path, skip: set[str], max_buffered: int = MAX_BUFFERED
) -> list[tuple[str, str, int, int]]:
    """Split the file at PATH into one private file per patient under WORK (patients in
    SKIP left out). Returns (patient, split file, reports, total reports in the file)."""
    work.mkdir(parents=True, exist_ok=True, mode=0o700)
    files: dict[str, Path] = {}
    counts: dict[str, int] = {}
    buffers: dict[str, list[str]] = {}
    buffered = number = 0

    def flush() -> None:
        for subject, lines in buffers.items():
            fd = os.open(files[subject], os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.writelines(lines)
        buffers.clear()

    try:
        for subject, n, line, unit in _units(path, fmt):
            first, number = number + 1, number + n
            if not subject or subject in skip:
                continue
            if subject not in files:
                files[subject] = work / f"r{len(files):07d}.jsonl"
                files[subject].unlink(missing_ok=True)
                counts[subject] = 0
            text = json.dumps([first, line, unit], ensure_ascii=False) + "\n"
            buffers.setdefault(subject, []).append(text)
            counts[subject] += n
            buffered += len(text)
            if buffered >= max_buffered:
                flush()
                buffered = 0
    except (SkipFile, OSError) as exc:
        raise InputError(f"{path.name}: {exc}") from exc
    flush()
    return [(s, str(f), counts[s], number) for s, f in files.items()]


def read_units(rows: str) -> list[list[Any]]:
    """The ``[number, line, unit]`` lines of one patient's split file."""
    with open(rows, encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def load_records_patient(
    source: Path, fmt: str, key: str, units: list[list[Any]], total: int
) -> Patient:
    """One patient of a split record file, as ``radtrack process FILE --patient KEY``."""
    from radtrack_gui.formats import fhir, hl7v2
    from radtrack_gui.formats.folder import subject_patient

    numbers = [int(u[0]) for u in units]
    if fmt == "fhir":
        found = [(f"line {u[1]}", u[2]) for u in units]
        got = fhir.extract(found, source, source.name, key, numbers=numbers, count=total)
    else:
        messages = [(int(u[1]), str(u[2])) for u in units]
        got = hl7v2.extract_messages(
            messages, source, source.name, key, numbers=numbers, count=total
        )
    return subject_patient(source, key, got.reports, got.problems)
