"""read -> extract -> link, with progress callbacks and cancellation.

Qt-free: the GUI runs these in a worker thread, the CLI calls them directly.
"""

from __future__ import annotations

from pathlib import Path

from radtrack_gui.core.errors import Cancelled
from radtrack_gui.core.model import Mention, Patient, Report
from radtrack_gui.core.progress import CancelCheck, Progress, never_cancel, no_progress
from radtrack_gui.nlp.registry import Extractor, Linker, get_extractor, get_linker

BATCH_REPORTS = 64  # reports per call of an extractor's ``extract_many``


def extract_reports(reports: list[Report], extractor: Extractor, *,
                    progress: Progress = no_progress, cancel: CancelCheck = never_cancel,
                    ) -> list[Mention]:
    """Mentions of every report, numbered m1, m2, ... in report order then text order.

    An extractor with ``extract_many`` (a neural model) gets the reports in groups of
    ``BATCH_REPORTS``, whose sentences share its batches."""
    out: list[Mention] = []
    total = len(reports)
    many = getattr(extractor, "extract_many", None)
    step = BATCH_REPORTS if many is not None else 1
    for i in range(0, total, step):
        if cancel():
            raise Cancelled()
        group = reports[i:i + step]
        results = many(group) if many is not None else [extractor.extract(group[0])]
        for report, mentions in zip(group, results, strict=True):
            found = sorted(mentions, key=lambda m: (m.start, m.end))
            for m in found:
                m.report = report.id
                m.source = m.source or f"model:{getattr(extractor, 'name', 'extractor')}"
            out.extend(found)
        progress("extract", i + len(group), total)
    for n, m in enumerate(out, 1):
        m.id = f"m{n}"
    return out


def link_patient(patient: Patient, linker: Linker, *, cancel: CancelCheck = never_cancel) -> None:
    """Replace the patient's chains with the linker's."""
    if cancel():
        raise Cancelled()
    linking = linker.link(patient)
    patient.set_chains(linking.clusters, source=f"model:{linker.name}", why=linking.why)


def analyse(patient: Patient, *, extractor: str | Extractor = "rules",
            linker: str | Linker = "knowledge", progress: Progress = no_progress,
            cancel: CancelCheck = never_cancel, force: bool = False) -> Patient:
    """Extract and link in place. An annotated (gold) patient is left as it is unless
    ``force`` is set."""
    if patient.annotated and not force:
        return patient
    ext = get_extractor(extractor) if isinstance(extractor, str) else extractor
    lnk = get_linker(linker) if isinstance(linker, str) else linker
    mentions = extract_reports(patient.reports, ext, progress=progress, cancel=cancel)
    patient.mentions = {m.id: m for m in mentions}
    patient.annotated = False
    progress("link", 0, 1)
    link_patient(patient, lnk, cancel=cancel)
    progress("link", 1, 1)
    return patient


def process_folder(folder: str | Path, *, extractor: str | Extractor = "rules",
                   linker: str | Linker = "knowledge", patient_id: str | None = None,
                   progress: Progress = no_progress, cancel: CancelCheck = never_cancel) -> Patient:
    """Read a patient folder (FORMATS §1) and run the whole pipeline on it."""
    from radtrack_gui.formats.folder import read_patient_folder

    patient = read_patient_folder(folder, patient_id=patient_id, progress=progress,
                                  cancel=cancel)
    return analyse(patient, extractor=extractor, linker=linker, progress=progress,
                   cancel=cancel)
