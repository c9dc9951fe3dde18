"""read -> extract -> link, with progress callbacks and cancellation.

Qt-free: the GUI runs these in a worker thread, the CLI calls them directly.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from radtrack_gui.core.model import Patient
from radtrack_gui.core.progress import CancelCheck, Progress, never_cancel, no_progress
from radtrack_gui.nlp.apply import extract_reports, link_patient
from radtrack_gui.nlp.registry import Extractor, Linker, get_extractor, get_linker

__all__ = ["analyse", "extract_reports", "link_patient", "process_folder", "process_source"]


def analyse(
    patient: Patient,
    *,
    extractor: str | Extractor = "rules",
    linker: str | Linker = "knowledge",
    progress: Progress = no_progress,
    cancel: CancelCheck = never_cancel,
    force: bool = False,
    extractor_options: Mapping[str, object] | None = None,
) -> Patient:
    """Extract and link in place. An annotated (gold) patient is left as it is unless
    ``force`` is set."""
    if patient.annotated and not force:
        return patient
    ext = (
        get_extractor(extractor, **(extractor_options or {}))
        if isinstance(extractor, str)
        else extractor
    )
    lnk = get_linker(linker) if isinstance(linker, str) else linker
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
    *,
    extractor: str | Extractor = "rules",
    linker: str | Linker = "knowledge",
    patient_id: str | None = None,
    progress: Progress = no_progress,
    cancel: CancelCheck = never_cancel,
    extractor_options: Mapping[str, object] | None = None,
) -> Patient:
    """Read a patient folder (FORMATS §1) and run the whole pipeline on it."""
    from radtrack_gui.formats.folder import read_patient_folder

    patient = read_patient_folder(folder, patient_id=patient_id, progress=progress, cancel=cancel)
    return analyse(
        patient,
        extractor=extractor,
        linker=linker,
        progress=progress,
        cancel=cancel,
        extractor_options=extractor_options,
    )


def process_source(
    path: str | Path,
    patient_id: str | None = None,
    *,
    extractor: str | Extractor = "rules",
    linker: str | Linker = "knowledge",
    rerun: bool = False,
    progress: Progress = no_progress,
    cancel: CancelCheck = never_cancel,
    extractor_options: Mapping[str, object] | None = None,
) -> Patient:
    """Read PATH (a patient folder, a RadTrack JSON or a MIMIC CSV, ``formats.sources``)
    and give it the models' chains. Gold annotations are kept; so are the chains of a
    RadTrack JSON unless ``rerun``."""
    from radtrack_gui.formats.sources import kind_of, read_patient, source_path

    source = source_path(path)
    patient = read_patient(source, patient_id, progress=progress, cancel=cancel)
    if kind_of(source) == "json" and not rerun:
        return patient
    return analyse(
        patient,
        extractor=extractor,
        linker=linker,
        progress=progress,
        cancel=cancel,
        extractor_options=extractor_options,
    )
