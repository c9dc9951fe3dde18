"""Reports of the same exam (case identification) and reports that look like another
patient's. Qt-free; the folder reader and the pipeline call it, the GUI reads the result.

Same exam: a preliminary and a final read, an addendum, a duplicated row, two readers of
one image. Two reports are grouped (union-find, so groups are transitive) when

- they name the same exam (or, without exam titles, the same modality and region) and
  - are dated to the same minute (one exam date-time: duplicates, second readers,
    preliminary and final reads); or
  - carry an addendum or preliminary/final marker (in the text, or a preliminary or
    corrected result status in ``flags``) at another time within ``MARKED_DAYS``
    days and one holds ``CONTAINED`` of the other's word 3-grams (it restates it whole); or
  - lack a time (undated, or a date alone on the same day) and their texts are
    near-identical (Jaccard of word 3-grams >= ``similarity``, or ``MARKED_SIMILARITY``
    with a marker). Other times are other exams: daily routine reports that repeat word
    for word stay apart.

Each report is compared with the ``WINDOW`` reports before it in time order, so the cost is
linear in the reports. ``same_exam_time`` makes the linkers treat a group as one time point:
a finding restated in an addendum is one chain, not a second episode.

Wrong patient: names, MRNs, sex and age in the header or text are compared with the
folder's clear majority; a report that disagrees becomes a warning (``Problem``, not
skipped).
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Callable, Iterable
from datetime import datetime
from functools import partial
from typing import TYPE_CHECKING

from radtrack_gui.core.model import Patient, Problem, Report
from radtrack_gui.nlp.folded import Folded

if TYPE_CHECKING:
    from radtrack_gui.nlp.linkers.features import MentionInfo

DEFAULT_SIMILARITY = 0.85
MARKED_SIMILARITY = 0.35
MARKED_DAYS = 3.0
CONTAINED = 0.9  # a marked version at another time holds 90% of the other's 3-grams
WINDOW = 30
WRONG_PATIENT = "possible wrong patient"
MIN_MAJORITY = 3  # reports that must agree (and outnumber the others two to one)

_MARKER = re.compile(
    r"\b(addend(?:um|a|ed)|preliminary|prelim|final report|"
    r"wet read|amended|corrected report|second read(?:er|ing)?)\b",
    re.I,
)
_WORD = re.compile(r"[a-z0-9]+")
# a result status the source states (HL7 OBR-25, FHIR status, DICOM SR flags; set by the
# format readers) that marks a version like the words above do
VERSION_FLAGS = ("status:preliminary", "status:corrected")


def _shingles(text: str) -> frozenset[tuple[str, ...]]:
    words = _WORD.findall(text.lower())
    if len(words) < 3:
        return frozenset([tuple(words)])
    return frozenset(zip(words, words[1:], words[2:], strict=False))


def jaccard(a: frozenset, b: frozenset) -> float:
    if not a and not b:
        return 1.0
    return len(a & b) / len(a | b)


def _exam_key(r: Report) -> str:
    exam = " ".join(_WORD.findall(r.exam.lower()))
    return exam or f"{r.modality}:{r.region}"


def _days(a: Report, b: Report) -> float | None:
    if not (a.date and b.date and a.date_known and b.date_known):
        return None
    return abs((b.date - a.date).total_seconds()) / 86400.0


def _same_minute(a: Report, b: Report) -> bool:
    d = _days(a, b)
    return (
        d is not None
        and d * 1440 < 1.0
        and (a.date is not None and a.date.hour + a.date.minute > 0)
    )  # not a bare date


def _timed(r: Report) -> bool:
    return bool(r.date and r.date_known and (r.date.hour or r.date.minute))


def _same_exam(
    a: Report,
    b: Report,
    grams: Callable[[], tuple[frozenset, frozenset]],
    marked: Callable[[], bool],
    similarity: float,
) -> bool:
    """``grams()``: both reports' word 3-grams, ``marked()``: either is a marked version;
    asked only when the dates leave the question open (most pairs of a long follow-up are
    other days: their texts are never read)."""
    if _exam_key(a) != _exam_key(b):
        return False
    if _timed(a) and _timed(b):
        if _same_minute(a, b):
            return True  # one exam date-time: versions of one exam
        # another time is another exam, unless a marked version restates it whole
        days = _days(a, b)
        if not (days is not None and days <= MARKED_DAYS and marked()):
            return False
        sa, sb = grams()
        return min(len(sa), len(sb)) >= 20 and len(sa & sb) / min(len(sa), len(sb)) >= CONTAINED
    days = _days(a, b)
    if days is not None and a.date and b.date and a.date.date() != b.date.date():
        return False
    sa, sb = grams()
    if days is None and min(len(sa), len(sb)) < 8:
        return False  # undated one-liners repeat word for word
    sim = jaccard(sa, sb)
    return sim >= similarity or (marked() and sim >= MARKED_SIMILARITY)


# The last grouping worked out and what it was worked out from: reading a folder groups its
# reports and the pipeline, finding no group, asks again about the same reports.
_LAST: tuple[tuple, list[list[str]]] | None = None


def _grouping_input(reports: list[Report], similarity: float) -> tuple:
    """Everything ``group_reports`` reads of the reports (texts compare by identity first)."""
    return similarity, tuple(
        (r.id, r.text, r.date, r.date_known, r.exam, r.modality, r.region, tuple(r.flags))
        for r in reports
    )


def group_reports(
    reports: list[Report],
    similarity: float = DEFAULT_SIMILARITY,
) -> list[list[str]]:
    """Groups of report ids (every report in exactly one; singletons included), each in
    report order, ordered by their first report. The same reports asked again (same
    ids, texts, dates, exams, flags) get the last answer without the work."""
    global _LAST
    key = _grouping_input(reports, similarity)
    last = _LAST
    if last is not None and last[0] == key:
        return [list(g) for g in last[1]]
    groups = _group_reports(reports, similarity)
    _LAST = (key, [list(g) for g in groups])
    return groups


def _group_reports(reports: list[Report], similarity: float) -> list[list[str]]:
    parent = list(range(len(reports)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def key(i: int) -> tuple:
        d = reports[i].date
        return (0, d) if d is not None and reports[i].date_known else (1, datetime.min)

    order = sorted(range(len(reports)), key=key)
    # word 3-grams and version marks, read when a pair needs them (``_same_exam``)
    grams: dict[int, frozenset] = {}
    marks: dict[int, bool] = {}

    def grams_of(i: int) -> frozenset:
        if i not in grams:
            grams[i] = _shingles(reports[i].text)
        return grams[i]

    def marked(i: int) -> bool:
        if i not in marks:
            r = reports[i]
            marks[i] = bool(_MARKER.search(r.text[:4000])) or any(
                f in VERSION_FLAGS for f in r.flags
            )
        return marks[i]

    def pair_grams(i: int, j: int) -> tuple[frozenset, frozenset]:
        return grams_of(i), grams_of(j)

    def pair_marked(i: int, j: int) -> bool:
        return marked(i) or marked(j)

    exams = [_exam_key(r) for r in reports]  # (another exam is never the same one)
    for pos, j in enumerate(order):
        for i in order[max(0, pos - WINDOW) : pos]:
            if (
                exams[i] == exams[j]
                and find(i) != find(j)
                and _same_exam(
                    reports[i],
                    reports[j],
                    partial(pair_grams, i, j),
                    partial(pair_marked, i, j),
                    similarity,
                )
            ):
                parent[find(j)] = find(i)
    groups: dict[int, list[str]] = {}
    for i, r in enumerate(reports):
        groups.setdefault(find(i), []).append(r.id)
    return list(groups.values())


def group_of(groups: Iterable[list[str]]) -> dict[str, int]:
    """Report id -> group number."""
    return {rid: n for n, g in enumerate(groups) for rid in g}


def assign_groups(patient: Patient, similarity: float = DEFAULT_SIMILARITY) -> None:
    """Set ``patient.report_groups`` (only groups of more than one report are kept)."""
    patient.report_groups = [g for g in group_reports(patient.reports, similarity) if len(g) > 1]


def same_exam_time(infos: list[MentionInfo], patient: Patient) -> None:
    """Mentions of one report group share its first report's id, index and date, so the
    linkers see one time point (no gap, no "new", no recurrence inside a group)."""
    groups = getattr(patient, "report_groups", None)
    if not groups:
        return
    order = patient.report_index()
    reports = {r.id: r for r in patient.reports}
    lead: dict[str, str] = {}
    for g in groups:
        members = sorted((rid for rid in g if rid in order), key=order.__getitem__)
        for rid in members:
            lead[rid] = members[0]
    for m in infos:
        first = lead.get(m.report)
        if first is not None and first != m.report:
            m.report, m.report_idx = first, order[first]
            m.date = reports[first].date if reports[first].date_known else m.date


# -- another patient's report ------------------------------------------------------------
_MRN = re.compile(
    r"\b(?:MRN|medical record(?: number| no\.?)?|unit no\.?|patient id)"
    r"\s*[:#]?\s*([A-Z0-9][A-Z0-9-]{3,})",
    re.I,
)
_NAME = re.compile(
    r"^\s*(?:patient(?: name)?|name)\s*:\s*([A-Za-z][A-Za-z' .,-]{2,60}?)\s*$", re.I | re.M
)
_SEX = re.compile(r"\b(?:sex|gender)\s*:\s*(male|female|m|f)\b", re.I)
_SEX_TEXT = re.compile(
    r"\b\d{1,3}[- ](?:year|yr)[- ]old\s+(man|woman|male|female|boy|girl)\b", re.I
)
_AGE = re.compile(r"\b(?:age\s*:\s*(\d{1,3})|(\d{1,3})[- ](?:year|yr)s?[- ]old)\b", re.I)
_SEXES = {
    "m": "male",
    "male": "male",
    "man": "male",
    "boy": "male",
    "f": "female",
    "female": "female",
    "woman": "female",
    "girl": "female",
}


# (tried on the lower-cased header: every field is lower-cased below; ``nlp/folded.py``)
_MRN_F, _NAME_F, _SEX_F, _SEX_TEXT_F, _AGE_F = map(Folded, (_MRN, _NAME, _SEX, _SEX_TEXT, _AGE))


def identity(report: Report) -> dict[str, str]:
    """Identifying fields found in a report's header or text (lower-cased)."""
    head = report.text[:3000]
    found: dict[str, str] = {}
    if report.patient:
        found["patient"] = report.patient.strip().lower()
    if m := _MRN_F.search_lower(head):
        found["mrn"] = m[1].lower()
    if m := _NAME_F.search_lower(head):
        name = " ".join(sorted(_WORD.findall(m[1].lower())))
        if name and not name.isdigit():
            found["name"] = name
    if m := _SEX_F.search_lower(head) or _SEX_TEXT_F.search_lower(head):
        found["sex"] = _SEXES[m[1].lower()]
    if m := _AGE_F.search_lower(head):
        found["age"] = m[1] or m[2]
    return found


def foreign_reports(patient: Patient) -> list[Problem]:
    """A warning for each report whose name, MRN/ID, sex or age disagrees with the
    folder's clear majority (``MIN_MAJORITY`` reports, two to one)."""
    ids = {r.id: identity(r) for r in patient.reports}
    out: list[Problem] = []
    for fld in ("mrn", "name", "patient", "sex"):
        counts = Counter(v[fld] for v in ids.values() if fld in v)
        if len(counts) < 2:
            continue
        major, n = counts.most_common(1)[0]
        if n < MIN_MAJORITY or n < 2 * (sum(counts.values()) - n):
            continue  # no clear majority: nothing to disagree with
        for r in patient.reports:
            value = ids[r.id].get(fld)
            if value is not None and value != major:
                out.append(
                    Problem(
                        _where(r),
                        f"{WRONG_PATIENT}: {fld} {value!r} differs from "
                        f"{major!r} in {n} other reports",
                        skipped=False,
                    )
                )
    out.extend(_age_mismatches(patient, ids))
    return out


def wrong_patient_warnings(patient: Patient) -> list[Problem]:
    """The warnings ``foreign_reports`` left on the patient (for the GUI's banner)."""
    return [q for q in patient.problems if q.reason.startswith(WRONG_PATIENT)]


def _age_mismatches(patient: Patient, ids: dict[str, dict[str, str]]) -> list[Problem]:
    """Ages that cannot belong to one person over the reports' dates (birth year implied
    by age and exam year disagrees by more than a year with the majority)."""
    born: dict[str, int] = {}
    for r in patient.reports:
        age = ids[r.id].get("age")
        if age is not None and r.date is not None and r.date_known:
            born[r.id] = r.date.year - int(age)
    counts = Counter(born.values())
    if len(born) < 3:
        return []
    major = max(counts, key=lambda y: sum(c for v, c in counts.items() if abs(v - y) <= 1))
    support = sum(c for v, c in counts.items() if abs(v - major) <= 1)
    if support * 2 <= len(born):
        return []
    where = {r.id: _where(r) for r in patient.reports}
    return [
        Problem(
            where[rid],
            f"{WRONG_PATIENT}: age {ids[rid]['age']} implies birth in "
            f"{year}, the other reports {major}",
            skipped=False,
        )
        for rid, year in born.items()
        if abs(year - major) > 1
    ]


def _where(r: Report) -> str:
    """The report's file, and its id when the file holds several (JSON, CSV)."""
    name = os.path.basename(r.source) if r.source else ""
    return r.id if not name or name == r.id else f"{name}: {r.id}"
