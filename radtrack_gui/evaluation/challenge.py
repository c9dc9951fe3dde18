"""The real-language pair challenge sets (``resources/challenge/pairs*.tsv``).

Each case is two mention spans in real report text (IU chest X-ray reports, PARROT v0
translations, PARROT v1.0 and DRAGON whole-body reports) read in place from
``../shared/corpora``: the repository stores only the row, field, offsets, a hash of each span
and the label, and optionally the report's ``modality`` and ``region`` (the labeller's reading;
older files without these columns still load). A case becomes a one- or two-report patient
(IU: the exam title and the indication, comparison, findings and impression fields as
sections; PARROT v0: the exam and the English translation; ``parrot1``/``dragon``: a
``Date:`` line, an ``Exam: MODALITY REGION`` line from the labelled columns, a blank line and
the text, field ``text``; two rows are two exams a week apart) holding just the two mentions,
with the rule extractor's attributes where it found exactly that span, else the same attribute
code applied to the span. A linker answers "same" when it puts both in one chain; a case also
records whether the extractor found each span (an extracted mention overlapping it).

The held-out half (``split_of``) is for scoring only: tune on ``dev``.
"""

from __future__ import annotations

import csv
import hashlib
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, cast

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import DEVICE, FINDING, Mention, Patient, Report
from radtrack_gui.evaluation.corpora import corpus_text
from radtrack_gui.evaluation.protocol import PairCounts
from radtrack_gui.nlp.registry import Linker

if TYPE_CHECKING:
    from radtrack_gui.nlp.extractors.rules import RuleExtractor

IU_FILE = ("corpora", "iu_openi_cxr", "indiana_reports.csv")
PARROT_FILE = ("corpora", "parrot_v0_fr_sample", "Fr_sample.csv")
IU_FIELDS = (
    ("indication", "INDICATION"),
    ("comparison", "COMPARISON"),
    ("findings", "FINDINGS"),
    ("impression", "IMPRESSION"),
)
PARROT_TEXT = "English translation"
PARROT_EXAM = {"CT": "CT", "MR": "MR", "US": "US", "RX": "XR"}
TEXT_CORPORA = ("parrot1", "dragon")  # plain report texts (evaluation.corpora), field "text"
TEXT_FIELD = "text"
SPLITS = ("dev", "heldout")
ALL = "all"  # a pseudo-split: every pair of the file (a tuning set such as pairs_dev2.tsv)
FIRST_EXAM = datetime(2150, 1, 1, 9, 0)
EXAM_GAP = timedelta(days=7)


def pairs_file(name: str = "pairs.tsv") -> Path:
    from radtrack_gui.util.paths import resource

    return Path(resource("challenge")) / name


def find_shared(start: Path | None = None) -> Path | None:
    """The ``shared`` folder with the corpora beside the checkout (or above it), or None."""
    here = (start or Path(__file__)).resolve()
    for folder in (here, *here.parents):
        candidate = folder / "shared"
        if (candidate / "corpora").is_dir():
            return candidate
    return None


def split_of(case_id: str) -> str:
    """Deterministic half: ``heldout`` when the id's hash is odd."""
    return "heldout" if int(hashlib.sha1(case_id.encode()).hexdigest()[:8], 16) % 2 else "dev"


def span_hash(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:10]


@dataclass(frozen=True)
class Span:
    row: str
    field: str
    start: int
    end: int
    sha: str


@dataclass(frozen=True)
class PairCase:
    id: str
    corpus: str  # "iu", "parrot" (v0), "parrot1" or "dragon"
    a: Span
    b: Span
    same: bool
    category: str
    reason: str
    modality: str = ""  # the report's, as labelled (optional column)
    region: str = ""

    @property
    def split(self) -> str:
        return split_of(self.id)


def load_pairs(path: str | Path | None = None) -> list[PairCase]:
    """The labelled pairs (comment lines start with '#')."""
    path = Path(path) if path else pairs_file()
    try:
        lines = [
            ln
            for ln in path.read_text(encoding="utf-8").splitlines()
            if ln.strip() and not ln.startswith("#")
        ]
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror})") from exc
    out: list[PairCase] = []
    for n, row in enumerate(csv.DictReader(lines, delimiter="\t"), 2):
        try:
            a = Span(
                row["row_a"], row["field_a"], int(row["start_a"]), int(row["end_a"]), row["sha_a"]
            )
            b = Span(
                row["row_b"], row["field_b"], int(row["start_b"]), int(row["end_b"]), row["sha_b"]
            )
            if row["label"] not in ("same", "different"):
                raise ValueError(f"label {row['label']!r}")
            out.append(
                PairCase(
                    row["id"],
                    row["corpus"],
                    a,
                    b,
                    row["label"] == "same",
                    row["category"],
                    row["reason"],
                    (row.get("modality") or "").strip(),
                    (row.get("region") or "").strip(),
                )
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise InputError(f"{path.name}: line {n}: bad pair ({exc})") from exc
    return out


class Corpora:
    """The two CSV files, read once, decoded as ``csv.DictReader`` does (FORMATS-style:
    UTF-8 with BOM dropped, undecodable bytes replaced, no newline translation)."""

    def __init__(self, shared: str | Path) -> None:
        self.shared = Path(shared)
        self._iu: dict[str, dict[str, str]] | None = None
        self._parrot: list[dict[str, str]] | None = None

    def _read(self, parts: Sequence[str]) -> list[dict[str, str]]:
        path = self.shared.joinpath(*parts)
        csv.field_size_limit(min(sys.maxsize, 2**31 - 1))
        try:
            with path.open(encoding="utf-8-sig", errors="replace", newline="") as f:
                return list(csv.DictReader(f))
        except OSError as exc:
            raise InputError(f"{path}: cannot read ({exc.strerror})") from exc

    def row(self, corpus: str, row: str) -> dict[str, str]:
        if corpus in TEXT_CORPORA:
            return {TEXT_FIELD: corpus_text(self.shared, corpus, row)}
        if corpus == "iu":
            if self._iu is None:
                self._iu = {r["uid"]: r for r in self._read(IU_FILE)}
            found = self._iu.get(row)
        elif corpus == "parrot":
            if self._parrot is None:
                self._parrot = self._read(PARROT_FILE)
            idx = int(row) if row.isdigit() else -1
            found = self._parrot[idx] if 0 <= idx < len(self._parrot) else None
        else:
            raise InputError(f"unknown corpus {corpus!r}")
        if found is None:
            raise InputError(f"{corpus}: no row {row}")
        return found


def report_text(
    corpus: str, row: dict[str, str], date: datetime, exam: str = ""
) -> tuple[str, dict[str, int]]:
    """The report built from a row, and where each field's text starts in it (``exam``: the
    labelled modality and region, for the plain-text corpora)."""
    head = f"Date: {date:%Y-%m-%d %H:%M}\n"
    starts: dict[str, int] = {}
    if corpus in TEXT_CORPORA:
        text = head + f"Exam: {(exam.strip() or 'OTHER').upper()}\n\n"
        starts[TEXT_FIELD] = len(text)
        return text + row[TEXT_FIELD], starts
    if corpus == "iu":
        text = head + f"Exam: {' '.join(row.get('image', '').split())}\n\n"
        for fld, title in IU_FIELDS:
            value = row.get(fld) or ""
            if not value.strip():
                continue
            text += f"{title}: "
            starts[fld] = len(text)
            text += value + "\n\n"
        return text, starts
    exam = f"{PARROT_EXAM.get(row.get('DICOM Modality', ''), 'OTHER')} {row.get('Area', '')}"
    text = head + f"Exam: {exam.upper()}\n\n"
    starts[PARROT_TEXT] = len(text)
    return text + row.get(PARROT_TEXT, ""), starts


@dataclass
class Case:
    pair: PairCase
    patient: Patient
    ids: tuple[str, str] = ("a", "b")
    notes: list[str] = field(default_factory=list)
    found: tuple[bool, bool] = (False, False)  # an extracted mention overlaps span a / b

    @property
    def both_found(self) -> bool:
        return all(self.found)


def build_case(pair: PairCase, corpora: Corpora, extractor: RuleExtractor) -> Case:
    """The pair as a patient with two mentions; InputError when a span no longer matches."""
    from radtrack_gui.formats.textreport import report_from_text

    spans = {"a": pair.a, "b": pair.b}
    rows = list(dict.fromkeys(s.row for s in spans.values()))
    reports: dict[str, Report] = {}
    where: dict[str, tuple[str, int]] = {}
    for i, row_id in enumerate(rows):
        try:
            row = corpora.row(pair.corpus, row_id)
        except InputError as exc:
            raise InputError(f"{pair.id}: {exc}") from exc
        exam = f"{pair.modality} {pair.region}"
        text, starts = report_text(pair.corpus, row, FIRST_EXAM + i * EXAM_GAP, exam)
        rid = f"{pair.corpus}-{row_id}"
        reports[row_id], _ = report_from_text(rid, text, name=f"{rid}.txt")
        for key, s in spans.items():
            if s.row != row_id:
                continue
            value = row.get(s.field)
            if value is None or s.field not in starts:
                raise InputError(f"{pair.id}: {pair.corpus} row {row_id} has no field {s.field!r}")
            if (
                not (0 <= s.start < s.end <= len(value))
                or span_hash(value[s.start : s.end]) != s.sha
            ):
                raise InputError(
                    f"{pair.id}: span {s.start}-{s.end} of {s.field!r} no "
                    f"longer matches its hash (the corpus file changed?)"
                )
            where[key] = (row_id, starts[s.field])
    patient = Patient(id=pair.id, reports=[reports[r] for r in rows])
    notes: list[str] = []
    found_any: dict[str, bool] = {}
    for row_id, report in reports.items():
        found = extractor.extract(report)
        for key, s in spans.items():
            if where[key][0] != row_id:
                continue
            lo, hi = where[key][1] + s.start, where[key][1] + s.end
            found_any[key] = any(p.start < hi and lo < p.end for p in found)
            m = next((p for p in found if (p.start, p.end) == (lo, hi)), None)
            notes.append(f"{key}: {'extracted' if m is not None else 'span only'}")
            if m is None:
                kind = next((p.type for p in found if p.start < hi and lo < p.end), None)
                made = extractor.annotate(report, [(lo, hi, kind or _kind(report.text[lo:hi]))])
                m = next((p for p in made if (p.start, p.end) == (lo, hi)), None)
            if m is None:  # the extractor returned nothing for the span: the bare span
                m = Mention(id="", report=report.id, start=lo, end=hi, text=report.text[lo:hi])
            m.id, m.chain = key, None
            patient.mentions[key] = m
    patient.set_chains([])
    return Case(pair, patient, notes=notes, found=(found_any["a"], found_any["b"]))


def _kind(text: str) -> str:
    from radtrack_gui.nlp.vocabulary import vocabulary

    c = vocabulary().concept_of(text.lower().strip())
    if c is not None and c.type == DEVICE:
        return DEVICE
    return DEVICE if text.lower().strip() in ("line", "tube", "catheter", "tip") else FINDING


def build_cases(
    pairs: Iterable[PairCase], shared: str | Path, extractor_name: str = "rules"
) -> tuple[list[Case], list[str]]:
    """Cases for ``pairs``; pairs that cannot be built are reported, not fatal."""
    from radtrack_gui.nlp.registry import get_extractor

    corpora = Corpora(shared)
    extractor = cast("RuleExtractor", get_extractor(extractor_name))  # annotate() too
    cases, problems = [], []
    for pair in pairs:
        try:
            cases.append(build_case(pair, corpora, extractor))
        except InputError as exc:
            problems.append(str(exc))
    return cases, problems


@dataclass
class Outcome:
    case: Case
    predicted: bool
    why: str


def run_linker(linker: Linker, cases: Iterable[Case]) -> list[Outcome]:
    out = []
    for case in cases:
        linking = linker.link(case.patient)
        chain = {mid: n for n, members in enumerate(linking.clusters) for mid in members}
        a, b = case.ids
        same = a in chain and chain.get(a) == chain.get(b)
        out.append(Outcome(case, same, linking.why.get(b, "") or linking.why.get(a, "")))
    return out


def counts(
    outcomes: Iterable[Outcome], keep: Callable[[Outcome], bool] = lambda o: True
) -> PairCounts:
    c = PairCounts()
    for o in outcomes:
        if not keep(o):
            continue
        c.count(o.predicted, o.case.pair.same)
    return c


@dataclass
class ChallengeResult:
    linker: str
    by_split: dict[str, PairCounts]
    outcomes: list[Outcome]

    def as_dict(self) -> dict:
        return {"linker": self.linker, **{s: c.as_dict() for s, c in self.by_split.items()}}


def evaluate_challenge(
    linkers: Sequence[str],
    shared: str | Path,
    splits: Sequence[str] = SPLITS,
    pairs_path: str | Path | None = None,
) -> tuple[list[ChallengeResult], list[str]]:
    """Pair accuracy and P/R/F1 of "same" per split, for each named linker."""
    from radtrack_gui.nlp.registry import get_linker

    pairs = [p for p in load_pairs(pairs_path) if ALL in splits or p.split in splits]
    cases, problems = build_cases(pairs, shared)
    results = []
    for name in linkers:
        outcomes = run_linker(get_linker(name), cases)
        by_split = {s: counts(o for o in outcomes if s in (ALL, o.case.pair.split)) for s in splits}
        results.append(ChallengeResult(name, by_split, outcomes))
    return results, problems


def in_split(o: Outcome, split: str) -> bool:
    return split in (ALL, o.case.pair.split)


def format_challenge(results: Sequence[ChallengeResult]) -> str:
    """One line per linker and split: accuracy and P/R/F1 of "same" on all pairs, then the
    number of pairs whose two spans the extractor found and the accuracy on those."""
    lines = [
        "Challenge pairs (real report language; accuracy and P/R/F1 of 'same'; found: pairs "
        "whose two mentions the extractor found, and the accuracy on them)",
        f"{'linker':<12} {'split':<8} {'pairs':>5} {'acc':>6} {'P':>6} {'R':>6} {'F1':>6} "
        f"{'found':>5} {'acc@f':>6}",
    ]
    for r in results:
        for split, c in r.by_split.items():
            f = counts(o for o in r.outcomes if in_split(o, split) and o.case.both_found)
            lines.append(
                f"{r.linker:<12} {split:<8} {c.total:>5} {c.accuracy:>6.3f} "
                f"{c.precision:>6.3f} {c.recall:>6.3f} {c.f1:>6.3f} {f.total:>5} {f.accuracy:>6.3f}"
            )
    return "\n".join(lines)


def format_categories(results: Sequence[ChallengeResult]) -> str:
    """Accuracy per category (all scored pairs), one column per linker."""
    cats = sorted({o.case.pair.category for r in results for o in r.outcomes})
    head = f"{'category':<16} {'pairs':>5} " + " ".join(f"{r.linker[:10]:>10}" for r in results)
    lines = ["Challenge pairs by category (accuracy)", head]
    for cat in cats:
        cells = [counts(o for o in r.outcomes if o.case.pair.category == cat) for r in results]
        n = cells[0].total if cells else 0
        lines.append(f"{cat:<16} {n:>5} " + " ".join(f"{c.accuracy:>10.3f}" for c in cells))
    return "\n".join(lines)
