"""Extract and link a patient in time-ordered slices of reports, showing each slice's
chains as it lands (issue #20 item 12: a first drawn timeline in seconds on a
1,000-report patient).

Why the chains of a slice are exact: the scoring linkers cluster mentions in time order
and never move a placed mention (``clustering.Clustering``), and everything a mention is
prepared from is read in its own report (``mentions.prepare``), so after the first k
reports in time order the chains are exactly the final chains restricted to those
reports, numbered alike (``Patient.set_chains`` numbers chains by their first mention).
The last slice's result is the one-shot ``link`` result, mention ids included
(``tests/nlp/test_progressive.py``).

Slices: ``FIRST_SLICE`` reports, then twice as many each time (a remainder shorter than
the next slice joins the last one), so a 1,000-report patient lands in five steps
(32, 96, 224, 480, 1,000 reports). An extractor that reads reports in batches
(``extract_many``) gets slices of whole batches (``apply.BATCH_REPORTS``: 64, 192, 448,
1,000), so it sees the same batches as in one run.

A linker that cannot be fed in slices (it has no ``start_linking``) links once, at the
end, as before. Qt-free: the GUI passes ``on_slice`` from its open's worker.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

from radtrack_gui.core.model import Mention, Patient, Report
from radtrack_gui.core.progress import (
    CancelCheck,
    Progress,
    cancellable,
    never_cancel,
    no_progress,
)
from radtrack_gui.nlp.apply import BATCH_REPORTS, extract_reports, link_patient
from radtrack_gui.nlp.registry import Extractor, Linker, Linking

FIRST_SLICE = 32  # reports linked before the first draw

# on_slice(patient so far, reports linked, reports in all): a patient of the first
# reports only, its own object (the caller may keep and show it while linking goes on;
# its mentions are the run's own objects and keep their chain ids).
OnSlice = Callable[[Patient, int, int], None]


class SliceRun(Protocol):
    """What a linker's ``start_linking(patient)`` returns (``knowledge.SliceLinking``)."""

    why: dict[str, str]

    def feed(self, reports: list[Report], mentions: Mapping[str, Mention]) -> None: ...
    def clusters(self) -> list[list[str]]: ...
    def result(self) -> Linking: ...


def slices(total: int, first: int | None = None) -> list[tuple[int, int]]:
    """(start, end) report positions: ``first`` (None: ``FIRST_SLICE``), then doubling;
    the remainder shorter than the next slice is part of the last one."""
    first = FIRST_SLICE if first is None else first
    if first < 1:
        raise ValueError("the first slice needs at least one report")
    out: list[tuple[int, int]] = []
    lo, size = 0, first
    while lo < total:
        hi = min(total, lo + size)
        if total - hi < size * 2:  # what would be left is shorter than the next slice
            hi = total
        out.append((lo, hi))
        lo, size = hi, size * 2
    return out


def can_slice(linker: Linker) -> bool:
    return callable(getattr(linker, "start_linking", None))


def snapshot(patient: Patient, upto: int, run: SliceRun, source: str) -> Patient:
    """The patient of the first ``upto`` reports with the chains linked so far."""
    reports = patient.reports[:upto]
    ids = {r.id for r in reports}
    groups = [[rid for rid in g if rid in ids] for g in patient.report_groups]
    part = Patient(
        patient.id,
        reports=list(reports),
        mentions={mid: m for mid, m in patient.mentions.items() if m.report in ids},
        problems=list(patient.problems),
        folder=patient.folder,
        report_groups=[g for g in groups if len(g) > 1],
    )
    part.set_chains(run.clusters(), source=source, why=run.why)
    return part


def extract_and_link(
    patient: Patient,
    extractor: Extractor,
    linker: Linker,
    *,
    on_slice: OnSlice,
    progress: Progress = no_progress,
    cancel: CancelCheck = never_cancel,
    first: int | None = None,
) -> None:
    """Give ``patient`` (reports read, report groups assigned) its mentions and chains,
    slice by slice; ``on_slice`` hears each slice but the last (the patient itself is
    complete when this returns). Progress: "analyse", reports linked of all."""
    total = len(patient.reports)
    patient.mentions = {}
    patient.annotated = False
    source = f"model:{linker.name}"
    if not can_slice(linker):  # one run, as ``pipeline.analyse`` does
        mentions = extract_reports(patient.reports, extractor, progress=progress, cancel=cancel)
        patient.mentions = {m.id: m for m in mentions}
        link_patient(patient, linker, cancel=cancel)
        return
    run: SliceRun = linker.start_linking(patient)  # type: ignore[attr-defined]
    first = FIRST_SLICE if first is None else first
    if getattr(extractor, "extract_many", None) is not None:  # whole batches
        first = -(-first // BATCH_REPORTS) * BATCH_REPORTS
    for lo, hi in slices(total, first):
        part = patient.reports[lo:hi]

        def report(stage: str, done: int, _total: int, lo: int = lo) -> None:
            progress("analyse", lo + done, total)

        found = extract_reports(
            part, extractor, progress=report, cancel=cancel, first_number=len(patient.mentions) + 1
        )
        new = {m.id: m for m in found}
        patient.mentions.update(new)
        with cancellable(cancel):  # the clustering checks it once per mention
            run.feed(part, new)
        progress("analyse", hi, total)
        if hi < total:
            on_slice(snapshot(patient, hi, run, source), hi, total)
    linking = run.result()
    patient.set_chains(linking.clusters, source=source, why=linking.why)
