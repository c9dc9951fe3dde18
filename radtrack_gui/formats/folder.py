"""Read a patient folder (FORMATS §1): every report in it, whatever its form, mixed freely.

- ``*.txt`` alone: a plain report (``textreport``); with ``NAME.ann`` beside it: brat. Any
  ``.ann`` makes the folder *annotated*: its mentions and chains are gold.
- ``*.csv``: MIMIC NOTEEVENTS (``mimic_csv``); ``*.json``: RadTrack JSON (``json_io``).
- FHIR (``*.json`` with a ``resourceType``, ``*.ndjson``), HL7 v2 (``*.hl7``), PDF,
  ``*.docx``, ``*.rtf`` and DICOM (``*.dcm``, or no suffix and a DICOM header): the
  ``ingest`` readers; a CD (a ``DICOMDIR`` or a ``DICOM`` sub-folder) is walked for its
  reports (``dicom_sr.read_cd``).
- ``radtrack_meta.tsv`` (written by our brat export) restores ids, dates and exams.
- Hidden files, ``*.conf``, ``*.md`` and README files are ignored; subfolders are not read.

Order: dated reports by exam date-time, then undated ones; ties (and the undated) go by
file name in natural order (``r2`` before ``r10``), then by id. Every file that is not a
report, or is broken, becomes a ``Problem`` on the patient; it never stops the folder.
A missing folder, or one without any report, is an ``InputError``.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from radtrack_gui.core.errors import Cancelled, InputError
from radtrack_gui.core.model import SOURCE_GOLD, Mention, Patient, Problem, Report
from radtrack_gui.core.progress import CancelCheck, Progress
from radtrack_gui.formats import brat, ingest, json_io, mimic_csv
from radtrack_gui.formats.textreport import (
    SkipFile,
    read_text_report,
    sort_reports,
)
from radtrack_gui.util.names import shown
from radtrack_gui.util.natsort import natural_key

_IGNORED_SUFFIXES = {".conf", ".md", ".rst", ".ini", ".tmp", ".old", ".bak", ".log"}


def _ignored(p: Path) -> bool:
    n = p.name
    return (
        n.startswith(".")
        or n.startswith("~")
        or p.suffix.lower() in _IGNORED_SUFFIXES
        or n.lower().startswith("readme")
        or n == brat.META_FILE
        or n == ingest.DICOMDIR
    )


class _Reader:
    def __init__(
        self, patient_id: str | None, progress: Progress | None, cancel: CancelCheck | None
    ) -> None:
        self.patient_id = patient_id
        self.progress = progress
        self.cancel = cancel
        self.reports: list[Report] = []
        self.gold: list[Mention] = []
        self.chain_of: dict[int, str] = {}  # index in self.gold -> chain id
        self.owner: list[int] = []  # index in self.gold -> id() of the report it annotates
        self.problems: list[Problem] = []
        self.csv_patients: list[str] = []
        self.json_patients: list[Patient] = []

    def tick(self, done: int, total: int) -> None:
        if self.cancel and self.cancel():
            raise Cancelled()
        if self.progress:
            self.progress("read", done, total)

    def add_text(self, path: Path) -> None:
        report, problems = read_text_report(path, shown(path.name))
        self.reports.append(report)
        self.problems.extend(problems)

    def add_brat(self, txt: Path, ann: Path) -> None:
        doc = brat.read_brat_pair(txt, ann, shown(txt.name))
        self.reports.append(doc.report)
        self.problems.extend(doc.problems)
        for m in doc.mentions:
            if m.id in doc.chain_of:
                self.chain_of[len(self.gold)] = doc.chain_of[m.id]
            self.gold.append(m)
            self.owner.append(id(doc.report))

    def add_csv(self, path: Path) -> None:
        got = mimic_csv.read_mimic_csv(path, self.patient_id)
        self.reports.extend(got.reports)
        self.problems.extend(got.problems)
        self.csv_patients.append(got.patient)

    def add_document(self, path: Path, rid: str) -> None:
        """A FHIR, HL7 v2, PDF, Word/RTF or DICOM file (``ingest.read_file``)."""
        got = ingest.read_file(path, rid, self.patient_id)
        self.reports.extend(got.reports)
        self.problems.extend(got.problems)

    def add_cd(self, folder: Path) -> None:
        from radtrack_gui.formats.dicom_sr import read_cd

        got = read_cd(folder)
        self.reports.extend(got.reports)
        self.problems.extend(got.problems)

    def add_json(self, path: Path) -> None:
        p = json_io.read_json(path)
        self.json_patients.append(p)
        for r in p.reports:
            r.source = shown(str(path))
        self.reports.extend(p.reports)
        self.problems.extend(p.problems)


def read_patient_folder(
    folder: str | Path,
    patient_id: str | None = None,
    progress: Progress | None = None,
    cancel: CancelCheck | None = None,
) -> Patient:
    """All reports of one patient, sorted; a single CSV or JSON file path works too."""
    path = Path(folder).expanduser()
    if not path.exists():
        raise InputError(f"{path}: no such folder or file")
    if path.is_file():
        return _read_single(path, patient_id, progress, cancel)
    try:
        entries = sorted(
            (
                p
                for p in path.iterdir()  # broken links: named as unreadable
                if (p.is_file() or p.is_symlink()) and not _ignored(p)
            ),
            key=lambda p: natural_key(p.name),
        )
    except OSError as exc:
        raise InputError(f"{path}: cannot list the folder ({exc.strerror or exc})") from exc
    rd = _Reader(patient_id, progress, cancel)
    txt_stems = {p.stem for p in entries if p.suffix.lower() == ".txt"}
    anns = {p.stem: p for p in entries if p.suffix.lower() == ".ann"}
    todo = [p for p in entries if p.suffix.lower() != ".ann"]
    for stem, ann in anns.items():
        if stem not in txt_stems:
            rd.problems.append(Problem(shown(ann.name), "no matching .txt file"))
    rd.tick(0, len(todo))
    from radtrack_gui.formats.dicom_sr import is_cd

    if is_cd(path):
        rd.add_cd(path)
    for i, p in enumerate(todo, 1):
        suffix = p.suffix.lower()
        try:
            if suffix == ".txt":
                if p.stem in anns:
                    rd.add_brat(p, anns[p.stem])
                else:
                    rd.add_text(p)
            elif suffix == ".csv":
                rd.add_csv(p)
            elif ingest.kind_of_file(p):
                rd.add_document(p, p.name)
            elif suffix == ".json":
                rd.add_json(p)
            else:
                kind = suffix or "no extension"
                rd.problems.append(Problem(shown(p.name), f"not a report (unknown type {kind})"))
        except SkipFile as exc:
            rd.problems.append(Problem(shown(p.name), exc.reason))
        except mimic_csv.SeveralPatients:
            raise  # the user must choose one
        except InputError as exc:
            rd.problems.append(Problem(shown(p.name), _reason(exc, p)))
        rd.tick(i, len(todo))
    return _assemble(path, rd, bool(anns), patient_id)


def _read_single(
    path: Path, patient_id: str | None, progress: Progress | None, cancel: CancelCheck | None
) -> Patient:
    suffix = path.suffix.lower()
    if suffix == ".json" and not ingest.kind_of_file(path):
        p = json_io.read_json(path)
        p.reports = sort_reports(p.reports)
        if progress:
            progress("read", 1, 1)
        return p
    document = ingest.kind_of_file(path)
    if suffix not in (".csv", ".txt") and not document:
        raise InputError(f"{path.name}: not a patient folder, CSV or RadTrack JSON")
    rd = _Reader(patient_id, progress, cancel)
    try:
        if document:
            rd.add_document(path, path.name)
        else:
            rd.add_csv(path) if suffix == ".csv" else rd.add_text(path)
    except SkipFile as exc:
        raise InputError(f"{path.name}: {exc.reason}") from exc
    rd.tick(1, 1)
    return _assemble(path.parent, rd, False, patient_id, name=path.stem)


def csv_subject_patient(path: Path, subject: str, got: mimic_csv.CsvReports) -> Patient:
    """The patient ``read_patient_folder(path, subject)`` gives for one subject of the CSV
    at ``path``, from that subject's reports already read (a cohort streams a large CSV
    once and splits it by subject). ``InputError`` when there is no report."""
    rd = _Reader(subject, None, None)
    rd.reports.extend(got.reports)
    rd.problems.extend(got.problems)
    rd.csv_patients.append(subject)
    return _assemble(path.parent, rd, False, subject, name=path.stem)


def subject_patient(
    path: Path, subject: str, reports: list[Report], problems: list[Problem]
) -> Patient:
    """The patient ``read_patient_folder(path, subject)`` gives for one patient of the
    record file (FHIR NDJSON, HL7 batch) at ``path``, from its reports already read."""
    rd = _Reader(subject, None, None)
    rd.reports.extend(reports)
    rd.problems.extend(problems)
    return _assemble(path.parent, rd, False, subject, name=path.stem)


def _assemble(
    folder: Path, rd: _Reader, annotated: bool, patient_id: str | None, name: str | None = None
) -> Patient:
    meta: dict[str, dict[str, str]] = {}
    meta_problems: list[Problem] = []
    if (folder / brat.META_FILE).exists() and name is None:
        meta, meta_problems = brat.read_meta(folder / brat.META_FILE)
    rd.problems.extend(meta_problems)
    # brat exports: restore ids/metadata and point the gold mentions at the new ids.
    renamed: dict[int, str] = {}
    for r in rd.reports:
        row = meta.get(Path(r.source).name) if r.source else None
        if row and Path(r.source).suffix.lower() == ".txt":
            before = r.id
            brat.apply_meta(r, row)
            if r.id != before:
                renamed[id(r)] = before
    old_to_new = {renamed[id(r)]: r.id for r in rd.reports if id(r) in renamed}
    for m in rd.gold:
        m.report = old_to_new.get(m.report, m.report)

    reports: list[Report] = []
    seen: dict[str, Report] = {}
    dropped: set[int] = set()
    for r in rd.reports:
        if r.id in seen:
            rd.problems.append(
                Problem((r.source and Path(r.source).name) or r.id, f"duplicate report id {r.id}")
            )
            dropped.add(id(r))
            continue
        seen[r.id] = r
        reports.append(r)
    if dropped:  # a dropped report's annotations go with it, never onto the kept text
        keep = [i for i in range(len(rd.gold)) if rd.owner[i] not in dropped]
        rd.chain_of = {n: rd.chain_of[i] for n, i in enumerate(keep) if i in rd.chain_of}
        rd.gold = [rd.gold[i] for i in keep]
        rd.owner = [rd.owner[i] for i in keep]
    if not reports:
        why = f"; {rd.problems[0]}" if rd.problems else ""
        raise InputError(f"{folder}: no reports found{why}")

    pid = _patient_id(folder, rd, reports, patient_id, name)
    for r in reports:
        r.patient = r.patient or pid
    patient = Patient(
        id=pid, reports=sort_reports(reports), problems=rd.problems, folder=str(folder)
    )
    _groups_and_identity(patient)
    if annotated:
        _gold(patient, rd)
    elif len(rd.json_patients) == 1 and len(reports) == len(rd.json_patients[0].reports):
        src = rd.json_patients[0]  # a folder holding just one RadTrack JSON
        patient.mentions, patient.chains, patient.annotated = (
            src.mentions,
            src.chains,
            src.annotated,
        )
    elif rd.json_patients:
        patient.problems.append(
            Problem(
                "*.json",
                "mixed with other reports: only the JSON reports were kept, not its mentions",
                skipped=False,
            )
        )
    return patient


def _groups_and_identity(patient: Patient) -> None:
    """Reports of the same exam grouped; reports that look like another patient's flagged."""
    from radtrack_gui.nlp.report_groups import assign_groups, foreign_reports

    assign_groups(patient)
    patient.problems.extend(foreign_reports(patient))


def _patient_id(
    folder: Path, rd: _Reader, reports: list[Report], wanted: str | None, name: str | None
) -> str:
    if wanted:
        return wanted
    named = Counter(r.patient for r in reports if r.patient)
    named.update(p.id for p in rd.json_patients)
    if len(named) > 1:
        rd.problems.append(
            Problem(
                shown(folder.name),
                "reports name several patients ("
                + ", ".join(named)
                + "); the most frequent is used",
                skipped=False,
            )
        )
    if named:
        return named.most_common(1)[0][0]
    return shown(name or folder.resolve().name)


def _gold(patient: Patient, rd: _Reader) -> None:
    """Gold mentions renumbered m1, m2 ... in report then text order; chains from the .ann."""
    ids = {r.id for r in patient.reports}
    order = patient.report_index()
    keep = [i for i, m in enumerate(rd.gold) if m.report in ids]
    keep.sort(key=lambda i: (order[rd.gold[i].report], rd.gold[i].start, rd.gold[i].end))
    chain_of: dict[str, str] = {}
    for n, i in enumerate(keep, 1):
        m = rd.gold[i]
        m.id = f"m{n}"
        patient.mentions[m.id] = m
        if i in rd.chain_of:
            chain_of[m.id] = rd.chain_of[i]
    json_io.build_chains(patient, chain_of, source=SOURCE_GOLD)
    patient.annotated = True


def _reason(exc: InputError, path: Path) -> str:
    """The error without the file name it may start with (the Problem names the file):
    "x.json: invalid JSON" -> "invalid JSON"."""
    text = str(exc)
    for prefix in (f"{path}: ", f"{path.name}: "):
        if text.startswith(prefix):
            return text[len(prefix) :]
    return text
