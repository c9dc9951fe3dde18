"""The formats RadTrack reads a patient from and writes a patient to, registered by name.

- ``SOURCES``: what the app opens and the commands read as one patient (a patient folder, a
  RadTrack JSON, a MIMIC CSV). Each target is ``read(path, patient_id, *, progress, cancel)
  -> Patient``; ``suffix`` is what a file of that kind ends with ("/" for a folder).
- ``WRITERS``: what ``radtrack export`` and the export dialog write. Each target is
  ``write(patient, out) -> None``; ``suffix`` is appended to the base name in the export
  dialog; the tag ``data`` marks the formats ``radtrack export --format`` offers (the HTML
  summary is for people, not for re-reading).

Readers and writers are imported only when loaded: the GUI lists these at start-up.
"""

from __future__ import annotations

import os
from pathlib import Path

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Patient
from radtrack_gui.core.progress import CancelCheck, Progress, never_cancel, no_progress
from radtrack_gui.core.registry import Entry, Registry

_HERE = "radtrack_gui.formats.registry"

SOURCES = Registry(
    "source",
    (
        Entry(
            "source",
            "folder",
            "radtrack_gui.formats.folder:read_patient_folder",
            "a patient folder: one text file per report (its gold when annotated)",
            title="patient folder",
            suffix="/",
        ),
        Entry(
            "source",
            "json",
            f"{_HERE}:read_json_source",
            "a RadTrack JSON file (reports, mentions and chains)",
            title="RadTrack JSON",
            suffix=".json",
        ),
        Entry(
            "source",
            "csv",
            f"{_HERE}:read_csv_source",
            "one patient's Radiology rows of a MIMIC-style NOTEEVENTS CSV",
            title="CSV",
            suffix=".csv",
        ),
        # The hospital formats (formats/ingest.py; docs/formats-ingest.md): one file read like
        # a patient folder holding it; FHIR .json and suffix-less DICOM files are recognised
        # by their content (``sources.kind_of``).
        *(
            Entry(
                "source",
                name,
                f"{_HERE}:read_document_source",
                description,
                title=title,
                suffix=suffix,
                requires=(package,),
                needs="the 'formats' extra (pip install radtrack_gui[formats])",
                tags=("document",),
            )
            for name, suffix, package, title, description in (
                (
                    "fhir",
                    ".ndjson",
                    "fhir",
                    "FHIR",
                    "FHIR DiagnosticReports (JSON, Bundle, Bulk NDJSON)",
                ),
                ("hl7", ".hl7", "hl7", "HL7 v2", "HL7 v2 ORU^R01 result messages"),
                ("pdf", ".pdf", "pypdf", "PDF", "a PDF report with a text layer"),
                ("docx", ".docx", "docx", "Word", "a Word .docx letter"),
                ("rtf", ".rtf", "striprtf", "RTF", "an RTF letter"),
                ("dicom", ".dcm", "pydicom", "DICOM", "a DICOM SR or encapsulated PDF"),
            )
        ),
    ),
    noun="source",
)

WRITERS = Registry(
    "writer",
    (
        Entry(
            "writer",
            "json",
            "radtrack_gui.formats.json_io:write_json",
            "RadTrack JSON: reports, mentions and chains; re-opens in RadTrack",
            title="RadTrack JSON (re-opens in RadTrack)",
            suffix=".json",
            tags=("data",),
        ),
        Entry(
            "writer",
            "csv",
            "radtrack_gui.formats.csv_io:write_csv",
            "one row per mention",
            title="CSV table of mentions",
            suffix=".csv",
            tags=("data",),
        ),
        Entry(
            "writer",
            "brat",
            f"{_HERE}:write_brat_folder",
            "brat standoff: a folder with a .txt and an .ann file per report",
            title="brat standoff (.txt + .ann per report)",
            suffix="_brat/",
            tags=("data",),
        ),
        Entry(
            "writer",
            "conll",
            f"{_HERE}:write_conll_patient",
            "CoNLL-2012 coreference (one document per report)",
            title="CoNLL-2012 coreference",
            suffix=".conll",
            tags=("data",),
        ),
        Entry(
            "writer",
            "fhir",
            "radtrack_gui.formats.fhir_export:write_fhir",
            "a FHIR R5 Bundle: chains as Observations derived from the DiagnosticReports",
            title="FHIR R5 Bundle (chains as Observations)",
            suffix=".fhir.json",
            requires=("fhir",),
            tags=("data",),
        ),
        Entry(
            "writer",
            "html",
            "radtrack_gui.formats.html_summary:write_html_summary",
            "a printable HTML summary of the chains for the chart",
            title="Printable HTML summary for the chart",
            suffix="_summary.html",
        ),
    ),
    noun="format",
)


# -- the adapters giving every source and writer one signature ----------------------------
def read_json_source(
    path: str | os.PathLike[str],
    patient_id: str | None = None,
    *,
    progress: Progress = no_progress,
    cancel: CancelCheck = never_cancel,
) -> Patient:
    """A RadTrack JSON holds one patient: ``patient_id`` is not needed."""
    from radtrack_gui.formats.json_io import read_json

    return read_json(Path(path))


def read_csv_source(
    path: str | os.PathLike[str],
    patient_id: str | None = None,
    *,
    progress: Progress = no_progress,
    cancel: CancelCheck = never_cancel,
) -> Patient:
    """One patient's Radiology reports from a MIMIC CSV (``patient_id`` when it has several)."""
    from radtrack_gui.formats.mimic_csv import read_csv_patient

    return read_csv_patient(Path(path), patient_id)


def read_document_source(
    path: str | os.PathLike[str],
    patient_id: str | None = None,
    *,
    progress: Progress = no_progress,
    cancel: CancelCheck = never_cancel,
) -> Patient:
    """One report file of a hospital format (or the patient ``patient_id`` of a FHIR/HL7
    file of several), read as a patient folder holding just it."""
    from radtrack_gui.formats.folder import read_patient_folder

    return read_patient_folder(Path(path), patient_id=patient_id, progress=progress, cancel=cancel)


def write_brat_folder(patient: Patient, out: str | os.PathLike[str]) -> None:
    """brat writes a folder: standard output (-) is refused with a clear message."""
    from radtrack_gui.formats.brat import write_brat

    if str(out) == "-":
        raise InputError("brat writes a folder: give a folder, not - (standard output)")
    write_brat(patient, Path(out))


def write_conll_patient(patient: Patient, out: str | os.PathLike[str]) -> None:
    from radtrack_gui.formats.conll import write_conll

    write_conll([patient], out)
