"""Where a patient comes from: the one place that decides what a path holds and reads it.

- ``source_path``, ``kind_of``, ``can_open``: a patient folder, a RadTrack JSON or a MIMIC
  CSV (what the app opens and the commands read);
- ``csv_patients``, ``csv_patient``: the patients of a MIMIC CSV (one, or
  ``SeveralPatients`` naming them);
- ``read_patient``: any of those as one patient (no models run);
- ``read_reports``: the reports of a collection for extraction only (a folder, a CSV of many
  patients, or chosen text columns of any CSV);
- ``read_annotated``: gold patients (a brat folder or folder of them, or RadTrack JSON);
- ``annotation_format``: a scoring input's format (CoNLL, brat or JSON);
- ``gold_folders``, ``find_gold``: the gold annotations of a patient folder.

Readers are imported inside the functions: the GUI imports this module at start-up.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Literal, Protocol, cast

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Patient, Problem, Report
from radtrack_gui.core.progress import CancelCheck, Progress, never_cancel, no_progress
from radtrack_gui.formats.mimic_csv import several_patients
from radtrack_gui.formats.registry import SOURCES

if TYPE_CHECKING:
    pass

Kind = Literal[
    "folder", "json", "csv", "fhir", "hl7", "pdf", "docx", "rtf", "dicom"
]  # the names of ``formats.registry.SOURCES``
# The file suffixes a source may have, besides folders (what drag and drop accepts); files
# of the hospital formats are also recognised by their content (``ingest.kind_of_file``).
OPENABLE_SUFFIXES = tuple(e.suffix for e in SOURCES.values() if not e.suffix.endswith("/"))
DOCUMENT_KINDS = SOURCES.tagged("document")  # the hospital formats (formats/ingest.py)
OPEN_FILE_FILTER = "Reports (" + " ".join(f"*{s}" for s in OPENABLE_SUFFIXES) + ");;All files (*)"
_MODULE_KIND = {"fhir": "fhir", "hl7v2": "hl7", "pdf": "pdf", "dicom_sr": "dicom"}


class SourceReader(Protocol):
    def __call__(
        self,
        path: str | os.PathLike[str],
        patient_id: str | None = None,
        *,
        progress: Progress = ...,
        cancel: CancelCheck = ...,
    ) -> Patient: ...


# -- what a path is -----------------------------------------------------------------------
def source_path(path: str | os.PathLike[str]) -> Path:
    """PATH as a path, or ``InputError`` when it is not there."""
    source = Path(path).expanduser()
    if not source.exists():
        raise InputError(f"{path}: no such file or folder")
    return source


def can_open(path: Path) -> bool:
    """A folder, a RadTrack JSON, a CSV or a report file of the hospital formats (FHIR,
    HL7 v2, PDF, Word/RTF, DICOM): what File > Open and drag and drop accept."""
    from radtrack_gui.formats.ingest import kind_of_file

    return (
        path.is_dir()
        or path.suffix.lower() in OPENABLE_SUFFIXES
        or (path.is_file() and kind_of_file(path) is not None)
    )


def kind_of(path: Path) -> Kind:
    """What an existing PATH holds, or ``InputError`` naming it."""
    folder = path.is_dir()
    suffix = path.suffix.lower()
    if not folder:
        from radtrack_gui.formats.ingest import kind_of_file

        module = kind_of_file(path)  # by suffix, or content (FHIR .json, DICOM)
        if module == "office":
            return "rtf" if suffix == ".rtf" else "docx"
        if module:
            return cast(Kind, _MODULE_KIND[module])
    for entry in SOURCES.values():
        if entry.suffix.endswith("/") if folder else entry.suffix == suffix:
            return cast(Kind, entry.name)
    titles = [e.title for e in SOURCES.values()]
    raise InputError(f"{path.name}: not a {', '.join(titles[:-1])} or {titles[-1]}")


# -- MIMIC CSV patients ---------------------------------------------------------------------
def csv_patients(path: str | os.PathLike[str]) -> list[str]:
    """The SUBJECT_IDs with Radiology rows of a MIMIC CSV, in file order."""
    from radtrack_gui.formats.mimic_csv import patients_in

    return patients_in(path)


def csv_patient(path: Path) -> str | None:
    """The one patient of a MIMIC CSV, or of a FHIR/HL7 file (None when it has no
    reports: reading it then says so). Several: ``SeveralPatients``, whose ``patients``
    lists them (the GUI's picker)."""
    if path.suffix.lower() != ".csv":
        return document_patient(path)
    patients = csv_patients(path)
    if len(patients) > 1:
        raise several_patients(path, patients)
    return patients[0] if patients else None


def document_patient(path: Path) -> str | None:
    """The one patient of a report file (FHIR, HL7 v2, ...); several: ``SeveralPatients``."""
    from radtrack_gui.formats.ingest import kind_of_file, read_file
    from radtrack_gui.formats.textreport import SkipFile

    if kind_of_file(path) is None:
        return None
    try:
        got = read_file(path, path.name)
    except SkipFile:
        return None
    return got.patients[0] if len(got.patients) == 1 else None


# -- reading --------------------------------------------------------------------------------
def read_patient(
    path: str | os.PathLike[str],
    patient_id: str | None = None,
    *,
    progress: Progress = no_progress,
    cancel: CancelCheck = never_cancel,
) -> Patient:
    """PATH as one patient: a patient folder (its gold when annotated), a RadTrack JSON
    (with its chains) or one patient of a MIMIC CSV (``patient_id``, needed when it holds
    several). No models run."""
    source = source_path(path)
    reader = cast(SourceReader, SOURCES.load(kind_of(source)))
    return reader(source, patient_id, progress=progress, cancel=cancel)


def read_reports(
    path: str | os.PathLike[str],
    patient_id: str | None = None,
    *,
    text_columns: list[str] | None = None,
    id_column: str | None = None,
) -> tuple[Iterator[Report], int | None, list[Problem]]:
    """The reports of a collection, for extraction only: chosen ``text_columns`` of any
    CSV (streamed; their number is not known up front), every patient of a MIMIC CSV
    (unless ``patient_id``), or one patient folder. Returns (reports, how many, problems)."""
    source = Path(path)
    if text_columns:
        from radtrack_gui.formats.text_columns import iter_column_reports

        return iter_column_reports(source, text_columns, id_column), None, []
    if source.suffix.lower() == ".csv" and patient_id is None:
        from radtrack_gui.formats.mimic_csv import read_mimic_csv

        reports, problems = read_mimic_csv(source, patient_id=None, all_patients=True)
        return iter(reports), len(reports), list(problems)
    from radtrack_gui.formats.folder import read_patient_folder

    patient = read_patient_folder(source, patient_id=patient_id)
    return iter(patient.reports), len(patient.reports), list(patient.problems)


def read_annotated(path: str | os.PathLike[str]) -> list[Patient]:
    """The annotated patients of a brat folder (one patient, or one sub-folder per patient)
    or of a RadTrack JSON file."""
    from radtrack_gui.formats.collection import read_annotated_patients
    from radtrack_gui.formats.json_io import read_json

    p = Path(path)
    if p.is_file() and p.suffix.lower() == ".json":
        return [read_json(p)]
    if p.is_dir():
        return list(read_annotated_patients(p).values())
    raise InputError(f"{p}: not a brat folder or a RadTrack JSON file")


def annotation_format(path: Path) -> Literal["conll", "brat", "json"]:
    """The format of a key or response to score: a CoNLL file, a brat folder (a patient or
    a folder of patients), RadTrack JSON (a file or a folder of them)."""
    from radtrack_gui.formats.conll import is_conll

    if not path.exists():
        raise InputError(f"{path}: no such file or folder")
    if path.is_file():
        if is_conll(path):
            return "conll"
        if path.suffix.lower() == ".json":
            return "json"
        if "conll" in path.suffix.lower():
            return "conll"  # let the reader say what is wrong, with the line
        raise InputError(f"{path}: cannot tell the format (not CoNLL or JSON); use --format")
    files = [p for p in path.iterdir() if p.is_file()]
    if any(p.suffix.lower() == ".ann" for p in files):
        return "brat"
    if any(
        p.is_dir() and any(q.suffix.lower() == ".ann" for q in p.iterdir() if q.is_file())
        for p in path.iterdir()
    ):
        return "brat"
    if any(p.suffix.lower() == ".json" for p in files):
        return "json"
    if any(is_conll(p) for p in files):
        return "conll"
    raise InputError(f"{path}: no CoNLL, brat (.ann) or JSON files found")


# -- gold annotations -----------------------------------------------------------------------
def gold_folders(path: str | os.PathLike[str]) -> list[Path]:
    """Where the gold annotations of PATH may be: a sibling ``<name>_gold``, then PATH."""
    src = Path(path)
    return [src.with_name(src.name + "_gold"), src]


def find_gold(path: str | os.PathLike[str]) -> Patient | None:
    """The gold-annotated patient of PATH (brat ``.ann`` files in a sibling
    ``<folder>_gold`` or in the folder itself), or None. A damaged annotation file
    raises ``InputError``."""
    from radtrack_gui.formats.folder import read_patient_folder

    for folder in gold_folders(path):
        if folder.is_dir() and any(folder.glob("*.ann")):
            gold = read_patient_folder(folder)
            if gold.annotated:
                return gold
    return None
