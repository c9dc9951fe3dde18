"""read -> extract -> link, with progress callbacks and cancellation.

Qt-free: the GUI runs these in a worker thread, the CLI calls them directly.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from radtrack_gui.core.model import Patient
from radtrack_gui.core.progress import CancelCheck, Progress, never_cancel, no_progress
from radtrack_gui.nlp.apply import extract_reports, link_patient
from radtrack_gui.nlp.registry import RunSpec

if TYPE_CHECKING:
    from radtrack_gui.nlp.progressive import OnSlice

__all__ = [
    "RunSpec",
    "analyse",
    "extract_reports",
    "link_patient",
    "process_folder",
    "process_source",
]


def analyse(
    patient: Patient,
    spec: RunSpec | None = None,
    *,
    progress: Progress = no_progress,
    cancel: CancelCheck = never_cancel,
    force: bool = False,
    on_slice: OnSlice | None = None,
) -> Patient:
    """Extract and link in place with the models of ``spec`` (None: the defaults). An
    annotated (gold) patient is left as it is unless ``force`` is set.

    ``on_slice``: link in time-ordered slices of reports and hear the patient of the
    first reports after each (``nlp/progressive.py``); the result is the same."""
    if patient.annotated and not force:
        return patient
    spec = spec or RunSpec()
    ext = spec.build_extractor()
    lnk = spec.build_linker()
    if on_slice is not None:
        from radtrack_gui.nlp import progressive
        from radtrack_gui.nlp.report_groups import assign_groups

        if not patient.report_groups:
            assign_groups(patient)  # (read from the reports alone: before their mentions)
        progressive.extract_and_link(
            patient, ext, lnk, on_slice=on_slice, progress=progress, cancel=cancel
        )
        return patient
    mentions = extract_reports(patient.reports, ext, progress=progress, cancel=cancel)
    patient.mentions = {m.id: m for m in mentions}
    patient.annotated = False
    if not patient.report_groups:
        from radtrack_gui.nlp.report_groups import assign_groups

        assign_groups(patient)
    progress("link", 0, 1)
    link_patient(patient, lnk, cancel=cancel)
    progress("link", 1, 1)
    return patient


def process_folder(
    folder: str | Path,
    spec: RunSpec | None = None,
    *,
    patient_id: str | None = None,
    progress: Progress = no_progress,
    cancel: CancelCheck = never_cancel,
) -> Patient:
    """Read a patient folder (FORMATS §1) and run the whole pipeline on it."""
    from radtrack_gui.formats.folder import read_patient_folder

    patient = read_patient_folder(folder, patient_id=patient_id, progress=progress, cancel=cancel)
    return analyse(patient, spec, progress=progress, cancel=cancel)


def process_source(
    path: str | Path,
    patient_id: str | None = None,
    spec: RunSpec | None = None,
    *,
    rerun: bool = False,
    progress: Progress = no_progress,
    cancel: CancelCheck = never_cancel,
    on_slice: OnSlice | None = None,
) -> Patient:
    """Read PATH (a patient folder, a RadTrack JSON or a MIMIC CSV, ``formats.sources``)
    and give it the models' chains. Gold annotations are kept; so are the chains of a
    RadTrack JSON unless ``rerun``. ``on_slice``: as for ``analyse``."""
    from radtrack_gui.formats.sources import kind_of, read_patient, source_path

    source = source_path(path)
    patient = read_patient(source, patient_id, progress=progress, cancel=cancel)
    if kind_of(source) == "json" and not rerun:
        return patient
    return analyse(patient, spec, progress=progress, cancel=cancel, on_slice=on_slice)
