"""The whole-body mention sample: PARROT v1.0 and DRAGON reports labelled blind, read in place.

``resources/silver/mentions_wholebody.jsonl``: a header line (``{"format": ...}``), then one
line per labelled span: ``corpus`` (``parrot1`` | ``dragon``), ``report`` (the key
:func:`radtrack_gui.evaluation.corpora.corpus_text` takes), ``start``/``end`` (character
offsets into that text, end exclusive), ``type`` (finding | device), ``assertion`` (present |
absent | possible), the report's ``modality`` and body ``region`` (the labeller's reading),
and ``sha1`` (first 10 hex digits of the span text's SHA-1, checked against the text read in
place: a changed corpus or a wrong offset is an error naming the line, never a silent score).

Each report belongs to one half by :func:`radtrack_gui.evaluation.challenge.split_of` of
``corpus:report``; the ``heldout`` half is scored, never read for tuning.
The later dev samples (:data:`LATER_SAMPLES`; same format, each drawn by the written script
its header names, ``scripts/select_wholebody_*.py``) are all development data:
``mentions_wholebody_dev2.jsonl`` … ``_dev7.jsonl`` each form one split (``dev2`` … ``dev7``)
whatever their hash says; ``_dev8.jsonl`` … ``_dev17.jsonl`` (rounds 6-11) hold two splits each,
named by each line's ``split`` field: ``devN`` (tuning) and ``devNcheck`` (every third drawn
report: a CHECK split, scored with the dev splits, never read for tuning, so :data:`DEV_SPLITS`
leaves it out).

What the extractor is given (:func:`exam_report`): a ``Date:`` and an ``Exam: MODALITY
REGION`` header line from the labelled columns, a blank line, then the corpus text; the
extracted offsets are shifted back, and anything found in the header is dropped.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import ASSERTIONS, MENTION_TYPES, Mention, Report
from radtrack_gui.evaluation.challenge import SPLITS, split_of
from radtrack_gui.evaluation.corpora import corpus_text
from radtrack_gui.evaluation.mentions import MatchCounts, Span, mention_scores
from radtrack_gui.evaluation.silver_mentions import shared_root, span_digest
from radtrack_gui.util.paths import resource

WHOLEBODY = "silver/mentions_wholebody.jsonl"
WHOLEBODY_DEV2 = "silver/mentions_wholebody_dev2.jsonl"
WHOLEBODY_DEV3 = "silver/mentions_wholebody_dev3.jsonl"
WHOLEBODY_DEV4 = "silver/mentions_wholebody_dev4.jsonl"
WHOLEBODY_DEV5 = "silver/mentions_wholebody_dev5.jsonl"
WHOLEBODY_DEV6 = "silver/mentions_wholebody_dev6.jsonl"
WHOLEBODY_DEV7 = "silver/mentions_wholebody_dev7.jsonl"
WHOLEBODY_DEV8 = "silver/mentions_wholebody_dev8.jsonl"
WHOLEBODY_DEV9 = "silver/mentions_wholebody_dev9.jsonl"
WHOLEBODY_DEV10 = "silver/mentions_wholebody_dev10.jsonl"
WHOLEBODY_DEV11 = "silver/mentions_wholebody_dev11.jsonl"
WHOLEBODY_DEV12 = "silver/mentions_wholebody_dev12.jsonl"
WHOLEBODY_DEV13 = "silver/mentions_wholebody_dev13.jsonl"
WHOLEBODY_DEV14 = "silver/mentions_wholebody_dev14.jsonl"
WHOLEBODY_DEV15 = "silver/mentions_wholebody_dev15.jsonl"
WHOLEBODY_DEV16 = "silver/mentions_wholebody_dev16.jsonl"
WHOLEBODY_DEV17 = "silver/mentions_wholebody_dev17.jsonl"
DEV2 = "dev2"
DEV3 = "dev3"
DEV4 = "dev4"
DEV5 = "dev5"
DEV6 = "dev6"
DEV7 = "dev7"
DEV8 = "dev8"
DEV8CHECK = "dev8check"
DEV9 = "dev9"
DEV9CHECK = "dev9check"
DEV10 = "dev10"
DEV10CHECK = "dev10check"
DEV11 = "dev11"
DEV11CHECK = "dev11check"
DEV12 = "dev12"
DEV12CHECK = "dev12check"
DEV13 = "dev13"
DEV13CHECK = "dev13check"
DEV14 = "dev14"
DEV14CHECK = "dev14check"
DEV15 = "dev15"
DEV15CHECK = "dev15check"
DEV16 = "dev16"
DEV16CHECK = "dev16check"
DEV17 = "dev17"
DEV17CHECK = "dev17check"
# Every split a whole-body sample report can be in, in print order.
SAMPLE_SPLITS = (
    *("dev", DEV2, DEV3, DEV4, DEV5, DEV6, DEV7, DEV8, DEV8CHECK, DEV9, DEV9CHECK),
    *(DEV10, DEV10CHECK, DEV11, DEV11CHECK, DEV12, DEV12CHECK, DEV13, DEV13CHECK),
    *(DEV14, DEV14CHECK, DEV15, DEV15CHECK, DEV16, DEV16CHECK, DEV17, DEV17CHECK, "heldout"),
)
# The splits a tuning run may read (every split but the held-out half and the check splits).
DEV_SPLITS = (
    *("dev", DEV2, DEV3, DEV4, DEV5, DEV6, DEV7, DEV8, DEV9, DEV10, DEV11, DEV12, DEV13),
    DEV14,
    DEV15,
    DEV16,
    DEV17,
)
# Check splits: development data scored beside DEV_SPLITS (a tuning run prints their scores),
# whose per-span errors are never listed (a change that lifts DEV_SPLITS alone fits wording).
CHECK_SPLITS = (
    *(DEV8CHECK, DEV9CHECK, DEV10CHECK, DEV11CHECK, DEV12CHECK, DEV13CHECK),
    DEV14CHECK,
    DEV15CHECK,
    DEV16CHECK,
    DEV17CHECK,
)
# The later dev samples and their split ("": each line names its own, devN or devNcheck).
LATER_SAMPLES = (
    *((WHOLEBODY_DEV2, DEV2), (WHOLEBODY_DEV3, DEV3), (WHOLEBODY_DEV4, DEV4)),
    *((WHOLEBODY_DEV5, DEV5), (WHOLEBODY_DEV6, DEV6), (WHOLEBODY_DEV7, DEV7)),
    *((name, "") for name in (WHOLEBODY_DEV8, WHOLEBODY_DEV9, WHOLEBODY_DEV10, WHOLEBODY_DEV11)),
    *((name, "") for name in (WHOLEBODY_DEV12, WHOLEBODY_DEV13, WHOLEBODY_DEV14, WHOLEBODY_DEV15)),
    (WHOLEBODY_DEV16, ""),
    (WHOLEBODY_DEV17, ""),
)
EXAM_DATE = "2024-01-01"
FIELDS = ("corpus", "report", "start", "end", "type", "assertion", "modality", "region", "sha1")


@dataclass(frozen=True)
class Labelled:
    doc: str  # "corpus:report"
    start: int
    end: int
    type: str
    assertion: str


@dataclass(frozen=True)
class SampleReport:
    corpus: str
    key: str
    modality: str
    region: str
    text: str
    fixed_split: str = ""  # set for a file that is one split as a whole (dev2)

    @property
    def doc(self) -> str:
        return f"{self.corpus}:{self.key}"

    @property
    def split(self) -> str:
        return self.fixed_split or split_of(self.doc)


@dataclass
class Sample:
    reports: dict[str, SampleReport]  # by doc
    spans: list[Labelled]

    def span_text(self, s: Labelled) -> str:
        return self.reports[s.doc].text[s.start : s.end]

    @property
    def splits(self) -> tuple[str, ...]:
        """The splits its reports are in, in print order."""
        found = {r.split for r in self.reports.values()}
        return tuple(x for x in SAMPLE_SPLITS if x in found)

    def only(self, splits: Sequence[str]) -> Sample:
        """The reports (and their spans) of ``splits`` only."""
        reports = {d: r for d, r in self.reports.items() if r.split in splits}
        return Sample(reports, [s for s in self.spans if s.doc in reports])

    def merged(self, other: Sample, source: str) -> Sample:
        """This sample and ``other`` (read from ``source``); a report in both is an error."""
        both = sorted(set(self.reports) & set(other.reports))
        if both:
            raise InputError(f"{source}: report {both[0]} is already in the whole-body sample")
        return Sample({**self.reports, **other.reports}, self.spans + other.spans)


def _record(path: Path, n: int, line: str) -> dict[str, object] | None:
    try:
        d = json.loads(line)
    except ValueError as exc:
        raise InputError(f"{path}:{n}: not JSON ({exc})") from exc
    if not isinstance(d, dict):
        raise InputError(f"{path}:{n}: not a labelled span (a JSON object is expected)")
    if "format" in d:
        return None
    absent = [k for k in FIELDS if k not in d]
    if absent:
        raise InputError(f"{path}:{n}: not a labelled span (missing {', '.join(absent)})")
    return d


def load_wholebody(path: Path | None = None, shared: Path | None = None, split: str = "") -> Sample:
    """The labelled reports (texts read in place) and their spans; every span's digest is
    checked against the text, and one report has one modality and region. ``split``, if
    given, is every report's split (a file that is one split as a whole), unless a line names
    its report's own ``split`` (a split of :data:`SAMPLE_SPLITS` but ``heldout``)."""
    path = path or resource(WHOLEBODY)
    shared = shared or shared_root()
    reports: dict[str, SampleReport] = {}
    spans: list[Labelled] = []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror})") from exc
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        d = _record(path, n, line)
        if d is None:
            continue
        corpus, key = str(d["corpus"]), str(d["report"])
        try:
            start, end = int(str(d["start"])), int(str(d["end"]))
        except ValueError as exc:
            raise InputError(f"{path}:{n}: offsets are not integers ({exc})") from exc
        type_, assertion = str(d["type"]), str(d["assertion"])
        if type_ not in MENTION_TYPES:
            raise InputError(f"{path}:{n}: type {type_!r} is not one of {MENTION_TYPES}")
        if assertion not in ASSERTIONS:
            raise InputError(f"{path}:{n}: assertion {assertion!r} is not one of {ASSERTIONS}")
        doc = f"{corpus}:{key}"
        own = str(d.get("split", "")) or split
        if own and (own not in SAMPLE_SPLITS or own == "heldout"):
            raise InputError(f"{path}:{n}: split {own!r} is not a dev or check split")
        rep = reports.get(doc)
        if rep is None:
            try:
                text = corpus_text(shared, corpus, key)
            except InputError as exc:
                raise InputError(f"{path}:{n}: {exc}") from exc
            rep = SampleReport(corpus, key, str(d["modality"]), str(d["region"]), text, own)
            reports[doc] = rep
        elif rep.fixed_split != own:
            raise InputError(
                f"{path}:{n}: report {doc} is in split {rep.fixed_split} on an earlier line, "
                f"{own} here"
            )
        elif (rep.modality, rep.region) != (d["modality"], d["region"]):
            raise InputError(
                f"{path}:{n}: report {doc} is {rep.modality} {rep.region} on an earlier "
                f"line, {d['modality']} {d['region']} here"
            )
        if not (0 <= start < end <= len(rep.text)) or span_digest(rep.text[start:end]) != str(
            d["sha1"]
        ):
            raise InputError(
                f"{path}:{n}: span {start}-{end} does not match the text of {doc} "
                f"read in place (changed corpus?)"
            )
        spans.append(Labelled(doc, start, end, type_, assertion))
    return Sample(reports, spans)


def exam_report(rep: SampleReport) -> tuple[Report, int]:
    """The report handed to an extractor (header lines + text) and the header's length."""
    from radtrack_gui.formats.textreport import report_from_text

    head = f"Date: {EXAM_DATE}\nExam: {rep.modality} {rep.region.upper()}\n\n"
    report, _ = report_from_text(rep.doc, head + rep.text, name=f"{rep.corpus}-{rep.key}.txt")
    return report, len(head)


def extract_sample(
    sample: Sample,
    extract: Callable[[Report], Iterable[Mention]],
    assertions: dict[Span, str] | None = None,
) -> list[Span]:
    """Every report's extracted mentions as spans of the corpus text (header dropped);
    ``assertions``, if given, receives each span's assertion."""
    out: list[Span] = []
    for doc, rep in sample.reports.items():
        report, shift = exam_report(rep)
        for m in extract(report):
            if m.start >= shift:
                span = Span(doc, ((m.start - shift, m.end - shift),), m.type)
                out.append(span)
                if assertions is not None:
                    assertions[span] = m.assertion
    return out


def key_spans(sample: Sample) -> list[Span]:
    return [Span(s.doc, ((s.start, s.end),), s.type) for s in sample.spans]


@dataclass(frozen=True)
class GroupRow:
    split: str
    by: str  # all | type | modality | region
    group: str
    reports: int
    key: int
    response: int
    exact: tuple[float, float, float]  # P, R, F1
    partial: tuple[float, float, float]


def _prf(c: MatchCounts) -> tuple[float, float, float]:
    return (c.precision, c.recall, c.f1)


def group_rows(
    reports: Mapping[str, SampleReport],
    key: Sequence[Span],
    response: Sequence[Span],
    splits: Sequence[str] = SPLITS,
) -> list[GroupRow]:
    """Exact and partial P/R/F1 per split, overall, per type, per modality and per region
    (a report's spans count in its modality's and its region's row)."""
    rows: list[GroupRow] = []
    for split in splits:
        docs = {d for d, r in reports.items() if r.split == split}
        groups: list[tuple[str, str, set[str], str | None]] = [("all", "all", docs, None)]
        groups += [("type", t, docs, t) for t in MENTION_TYPES]
        for by in ("modality", "region"):
            values = sorted({getattr(reports[d], by) for d in docs})
            for v in values:
                groups.append((by, v, {d for d in docs if getattr(reports[d], by) == v}, None))
        for by, name, members, type_ in groups:
            k = [s for s in key if s.doc in members and (type_ is None or s.type == type_)]
            r = [s for s in response if s.doc in members and (type_ is None or s.type == type_)]
            sc = mention_scores(k, r)
            rows.append(
                GroupRow(
                    split, by, name, len(members), len(k), len(r), _prf(sc.exact), _prf(sc.partial)
                )
            )
    return rows


def assertion_agreement(
    sample: Sample, response: Sequence[Span], assertions: Mapping[Span, str], split: str
) -> tuple[int, int]:
    """(agreeing, compared): labelled spans of ``split`` with an overlapping extracted span
    (the one sharing most characters), and how many of those carry the same assertion."""
    by_doc: dict[str, list[Span]] = {}
    for r in response:
        by_doc.setdefault(r.doc, []).append(r)
    agree = compared = 0
    for lab in sample.spans:
        if sample.reports[lab.doc].split != split:
            continue
        best, most = None, 0
        for r in by_doc.get(lab.doc, []):
            shared = min(lab.end, r.end) - max(lab.start, r.start)
            if shared > most:
                best, most = r, shared
        if best is not None:
            compared += 1
            agree += assertions.get(best) == lab.assertion
    return agree, compared


@dataclass
class ExtractorResult:
    name: str
    rows: list[GroupRow]
    assertion: dict[str, tuple[int, int]]  # split -> (agreeing, compared)
    response: list[Span]


def load_all(shared: Path | None = None) -> Sample:
    """The shipped sample (dev and heldout halves) and the later dev samples (splits dev2,
    dev3, dev4, dev5, dev6, dev7; dev8 ... dev16, each with its check split)."""
    sample = load_wholebody(None, shared)
    for name, split in LATER_SAMPLES:
        path = resource(name)
        sample = sample.merged(load_wholebody(path, shared, split), str(path))
    return sample


def evaluate_wholebody(
    names: Sequence[str],
    path: Path | None = None,
    shared: Path | None = None,
    splits: Sequence[str] = SAMPLE_SPLITS,
) -> tuple[Sample, list[ExtractorResult], list[str]]:
    """The sample (``path``, else both shipped files: :func:`load_all`; its reports of
    ``splits`` only), each available extractor's scores on it, and why any was skipped."""
    from radtrack_gui.nlp.registry import get_extractor

    sample = load_wholebody(path, shared) if path is not None else load_all(shared)
    sample = sample.only(splits)
    key = key_spans(sample)
    results: list[ExtractorResult] = []
    skipped: list[str] = []
    for name in names:
        assertions: dict[Span, str] = {}
        try:
            extractor = get_extractor(name)
            response = extract_sample(sample, extractor.extract, assertions)
        except InputError as exc:
            skipped.append(f"{name}: {exc}")
            continue
        rows = group_rows(sample.reports, key, response, sample.splits)
        agree = {
            split: assertion_agreement(sample, response, assertions, split)
            for split in sample.splits
        }
        results.append(ExtractorResult(name, rows, agree, response))
    return sample, results, skipped


def format_result(res: ExtractorResult) -> str:
    lines = [format_rows(f"extractor {res.name}: whole-body mention sample", res.rows)]
    for split, (agree, compared) in res.assertion.items():
        share = agree / compared if compared else 0.0
        lines.append(
            f"{split:8} assertion agreement on found labelled spans: {share:.3f} "
            f"({agree}/{compared})"
        )
    return "\n".join(lines)


def format_rows(title: str, rows: Sequence[GroupRow]) -> str:
    head = (
        f"{'split':8} {'group':22} {'rep':>4} {'key':>5} {'resp':>5}  "
        f"{'exact P':>7} {'R':>6} {'F1':>6}  {'partial P':>9} {'R':>6} {'F1':>6}"
    )
    lines = [title, head]
    for r in rows:
        label = r.group if r.by in ("all", "type") else f"{r.by[:3]} {r.group}"
        if r.by == "type":
            label = f"  {label}"
        e, p = r.exact, r.partial
        lines.append(
            f"{r.split:8} {label:22} {r.reports:4d} {r.key:5d} {r.response:5d}  "
            f"{e[0]:7.3f} {e[1]:6.3f} {e[2]:6.3f}  {p[0]:9.3f} {p[1]:6.3f} {p[2]:6.3f}"
        )
    return "\n".join(lines)


# Head words of the labelled "normal"/"unremarkable" statements (see the labelling choices in
# docs/evaluation-mentions.md): only to group the missed spans for reading.
NORMAL_HEADS = frozenset(
    {
        *("normal", "unremarkable", "preserved", "preservation", "intact", "patent", "clear"),
        *("free", "limits", "regular", "aligned", "centred", "place", "closed", "positioned"),
        *("homogeneous", "anechoic", "empty", "height", "walls", "wall", "contour", "contours"),
        *("shape", "enhanced"),
    }
)


def missed_heads(
    sample: Sample, response: Sequence[Span], split: str = "dev", top: int = 30
) -> list[tuple[str, str, int, str]]:
    """The ``top`` most frequent head words (last word, lower-cased) of labelled spans of
    ``split`` that no extracted span overlaps, as (kind, head, count, modalities); kind is
    device, normal statement or finding."""
    if split not in SAMPLE_SPLITS:
        raise InputError(f"unknown split {split!r}")
    by_doc: dict[str, list[Span]] = {}
    for r in response:
        by_doc.setdefault(r.doc, []).append(r)
    counts: Counter[tuple[str, str]] = Counter()
    where: dict[tuple[str, str], Counter[str]] = {}
    for lab in sample.spans:
        rep = sample.reports[lab.doc]
        if rep.split != split:
            continue
        if any(r.start < lab.end and lab.start < r.end for r in by_doc.get(lab.doc, [])):
            continue
        head = sample.span_text(lab).split()[-1].lower().strip(".,;:")
        kind = (
            "device"
            if lab.type == "device"
            else "normal statement"
            if head in NORMAL_HEADS
            else "finding"
        )
        counts[(kind, head)] += 1
        where.setdefault((kind, head), Counter())[rep.modality] += 1
    out = []
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0][1], kv[0][0]))[:top]
    for (kind, head), n in ranked:
        mods = " ".join(
            f"{m}{'' if c == 1 else f'x{c}'}" for m, c in sorted(where[(kind, head)].items())
        )
        out.append((kind, head, n, mods))
    order = {"finding": 0, "normal statement": 1, "device": 2}
    return sorted(out, key=lambda x: (order[x[0]], -x[2], x[1]))


def missed_by_kind(sample: Sample, response: Sequence[Span], split: str = "dev") -> Counter[str]:
    """How many labelled spans of ``split`` no extracted span overlaps, per kind."""
    out: Counter[str] = Counter()
    for kind, _, n, _ in missed_heads(sample, response, split, len(sample.spans)):
        out[kind] += n
    return out


def format_missed(rows: Sequence[tuple[str, str, int, str]]) -> str:
    lines = [f"{'kind':17} {'head':24} {'missed':>6}  modalities"]
    lines += [f"{k:17} {h:24} {n:6d}  {m}" for k, h, n, m in rows]
    return "\n".join(lines)
