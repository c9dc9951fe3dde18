"""Running an extractor over reports and a linker over a patient: the two steps the
pipeline, the evaluation protocol and training share (Qt-free, no I/O)."""

from __future__ import annotations

from radtrack_gui.core.errors import Cancelled
from radtrack_gui.core.model import Mention, Patient, Report
from radtrack_gui.core.progress import (
    CancelCheck,
    Progress,
    cancellable,
    never_cancel,
    no_progress,
)
from radtrack_gui.nlp.registry import Extractor, Linker

BATCH_REPORTS = 64  # reports per call of an extractor's ``extract_many``


def extract_reports(
    reports: list[Report],
    extractor: Extractor,
    *,
    progress: Progress = no_progress,
    cancel: CancelCheck = never_cancel,
    first_number: int = 1,
) -> list[Mention]:
    """Mentions of every report, numbered m1, m2, ... in report order then text order
    (from m``first_number``: the reports after others already extracted).

    An extractor with ``extract_many`` (a neural model) gets the reports in groups of
    ``BATCH_REPORTS``, whose sentences share its batches."""
    out: list[Mention] = []
    total = len(reports)
    many = getattr(extractor, "extract_many", None)
    step = BATCH_REPORTS if many is not None else 1
    for i in range(0, total, step):
        if cancel():
            raise Cancelled()
        group = reports[i : i + step]
        with cancellable(cancel):  # an extractor may check it inside a long report
            results = many(group) if many is not None else [extractor.extract(group[0])]
        for report, mentions in zip(group, results, strict=True):
            found = sorted(mentions, key=lambda m: (m.start, m.end))
            for m in found:
                m.report = report.id
                m.source = m.source or f"model:{getattr(extractor, 'name', 'extractor')}"
            out.extend(found)
        progress("extract", i + len(group), total)
    for n, m in enumerate(out, first_number):
        m.id = f"m{n}"
    return out


def link_patient(patient: Patient, linker: Linker, *, cancel: CancelCheck = never_cancel) -> None:
    """Replace the patient's chains with the linker's."""
    if cancel():
        raise Cancelled()
    with cancellable(cancel):  # the linker's loops check it (core.progress)
        linking = linker.link(patient)
    patient.set_chains(linking.clusters, source=f"model:{linker.name}", why=linking.why)
