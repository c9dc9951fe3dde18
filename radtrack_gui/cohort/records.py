"""Cohort INPUT as a FHIR Bulk Data ``DiagnosticReport.ndjson`` or an HL7 v2 batch file
(many ``ORU^R01`` messages, FHS/BHS framing or MLLP tolerated): streamed once and split by
patient (``spill.py``: hash buckets of JSON lines ``[patient, number, line, unit]``, a unit
being one resource or one message), buffered in memory only up to a bound, as a MIMIC CSV is.

A worker turns one patient's units into reports with the format reader's own code
(``fhir.extract``, ``hl7v2.extract_messages``) and the report numbers the whole file gives
them, so the patient is the one ``radtrack process FILE --patient ID`` reads.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from radtrack_gui.cohort.items import Split
from radtrack_gui.cohort.spill import MAX_BUFFERED, Spill, bucket_count
from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Patient
from radtrack_gui.formats.ingest import library_absent
from radtrack_gui.formats.textreport import SkipFile

RECORD_SUFFIXES = {".ndjson": "fhir", ".hl7": "hl7", ".oru": "hl7"}
READERS = {"fhir": "fhir", "hl7": "hl7v2"}  # record format -> reader (``formats.ingest``)


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
) -> Split:
    """Spill the file at PATH by patient into the hash buckets of a ``Spill`` under WORK
    (patients in SKIP left out); the ``Split`` knows the reports in the whole file."""

    spill = Spill(work, bucket_count(path.stat().st_size), max_buffered)
    number = 0
    try:
        for subject, n, line, unit in _units(path, fmt):
            first, number = number + 1, number + n
            if subject and subject not in skip:
                spill.add(subject, [first, line, unit])
    except (SkipFile, OSError) as exc:
        raise InputError(f"{path.name}: {exc}") from exc
    spill.flush()
    return Split(spill, str(path.resolve()), fmt=fmt, total=number)


def load_records_patient(
    source: Path, fmt: str, key: str, units: list[list[Any]], total: int
) -> Patient:
    """One patient of a split record file, as ``radtrack process FILE --patient KEY``."""
    from radtrack_gui.formats import fhir, hl7v2
    from radtrack_gui.formats.folder import subject_patient

    numbers = [int(u[0]) for u in units]
    try:
        if fmt == "fhir":
            found = [(f"line {u[1]}", u[2]) for u in units]
            got = fhir.extract(found, source, source.name, key, numbers=numbers, count=total)
        else:
            messages = [(int(u[1]), str(u[2])) for u in units]
            got = hl7v2.extract_messages(
                messages, source, source.name, key, numbers=numbers, count=total
            )
    except ModuleNotFoundError as exc:  # this worker lacks the reader's library
        raise library_absent(READERS[fmt], exc) from exc
    return subject_patient(source, key, got.reports, got.problems)
