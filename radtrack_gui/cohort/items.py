"""What a cohort's patients are to its workers: a ``PatientItem`` (small and picklable), and
the ``Split`` of a big input file that yields them one spill bucket at a time."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from radtrack_gui.cohort.spill import Spill, bucket_records


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
