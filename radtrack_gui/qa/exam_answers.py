"""Whole-exam and current-status answers (Qt-free).

"What did the last CT show?", "What was new on the last exam?", "What changed since the
MRI?", "Summarize the 2150-05-16 x-ray", "Which devices are in now?": the exam(s) the
question names are found among the patient's reports; the answer is that exam's impression
(its first sentence is the first evidence) and what its chains did there (new, worse,
better, resolved, inserted, removed). Devices: each device chain's last state.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from radtrack_gui.core.model import DEVICE, Patient, Report
from radtrack_gui.nlp.text import sentence_spans
from radtrack_gui.qa.answer import (
    Answer,
    Evidence,
    mention_evidence,
    no_answer,
    report_day,
    span_evidence,
)
from radtrack_gui.qa.question import _DATE, Question, _exam_words, _parse_date
from radtrack_gui.views.course import GONE, Event, chain_course

if TYPE_CHECKING:
    from radtrack_gui.qa.chains_reader import ChainsReader
    from radtrack_gui.qa.subject import Hit

_SUMMARY = re.compile(r"^(?:IMPRESSION|CONCLUSIONS?|ASSESSMENT|OPINION|DIAGNOSIS|SUMMARY)", re.I)
_INLINE = re.compile(
    r"(?:^|\n)\s*(?:impression|conclusions?|assessment|opinion|diagnosis)\s*:", re.IGNORECASE
)
# the course words an exam summary reports, in order, with how they are said
_GROUPS = (
    ("New", {"new", "recurred", "inserted", "reinserted"}),
    ("Worse", {"increased", "worsened"}),
    ("Better", {"decreased", "improved"}),
    ("Resolved", {"resolved"}),
    ("Removed", {"removed"}),
    ("Moved", {"withdrawn", "advanced", "repositioned", "exchanged"}),
)
_FIRST = re.compile(r"\b(?:first|initial|earliest)\b")
_THIS = re.compile(r"\b(?:this|that|the only)\b")


def impression(report: Report) -> list[tuple[int, int]]:
    """The sentences of the report's impression (or conclusion); for a report without
    one, its last paragraph (IU: the impression follows the findings after a blank line)."""
    text = report.text
    start = end = -1
    for s in report.sections:
        if _SUMMARY.match(s.name):
            start, end = s.start, s.end
            break
    if start < 0:
        found = list(_INLINE.finditer(text))
        if found:
            start, end = found[-1].end(), len(text)
    if start < 0:
        paras = [m.start() for m in re.finditer(r"\n\s*\n", text.strip())]
        if paras:
            start, end = paras[-1], len(text)
    if start < 0:
        return []
    spans = [(a, b) for a, b in sentence_spans(text) if a < end and b > start]
    out = []
    for a, b in spans:
        a, b = max(a, start), min(b, end)
        piece = text[a:b]
        lead = len(piece) - len(piece.lstrip(" \n\t:"))
        a += lead
        piece = text[a:b].strip()
        if piece and not _SUMMARY.fullmatch(piece.rstrip(":")) and re.search(r"[a-z]", piece):
            out.append((a, a + len(piece)))
    return out


def _pick_exams(patient: Patient, q: Question) -> tuple[list[Report], str]:
    """The reports the question's exam words name, and how they were named."""
    text = q.text.lower()
    reports = list(patient.reports)
    dated = [r for r in reports if r.date_known and r.date is not None]
    m = re.search(_DATE, text)
    if m and re.search(r"\d", m.group(0)):
        span = _parse_date(m.group(0), patient)
        if span is not None:
            day = [r for r in dated if span[0] <= r.date.date() <= span[1]]  # type: ignore[union-attr]
            return day, m.group(0)
    mods, region = _exam_words(re.sub(r"\bexam\w*|\bstud(?:y|ies)\b", "", text))
    from radtrack_gui.nlp.metadata import region_of

    asked_region = region or region_of(text)
    pool = dated or reports
    if mods or asked_region:
        pool = [
            r
            for r in reports
            if (not mods or r.modality in mods) and (not asked_region or r.region == asked_region)
        ]
        named = [r for r in pool if r.date_known] or pool
        unknown = [r for r in reports if r.modality in ("", "OTHER")]
        pool = named or (unknown if len(reports) == 1 else [])
    if not pool:
        return [], ""
    if len(pool) == 1 or _THIS.search(text):
        return [pool[-1]], ""
    return ([pool[0]] if _FIRST.search(text) else [pool[-1]]), ""


def _events_in(patient: Patient, report_ids: set[str]) -> list[tuple[Event, str]]:
    out = []
    for chain in patient.chains.values():
        for e in chain_course(patient, chain.id).events:
            if e.report in report_ids:
                out.append((e, chain.id))
    return out


def _changes(patient: Patient, events: list[tuple[Event, str]]) -> tuple[str, list[Evidence]]:
    parts: list[str] = []
    evidence: list[Evidence] = []
    for title, words in _GROUPS:
        names = []
        for e, cid in events:
            if e.word in words:
                label = patient.chains[cid].label
                if label not in names:
                    names.append(label)
                for mid in e.mentions[:1]:
                    evidence.append(mention_evidence(patient, patient.mentions[mid]))
        if names:
            parts.append(f"{title}: {', '.join(names)}")
    return "; ".join(parts), evidence


def _name(report: Report) -> str:
    day = report_day(report)
    return f"{report.exam or report.modality} ({day})"


def answer(reader: ChainsReader, patient: Patient, q: Question) -> Answer:
    if q.intent == "devices":
        return _devices(reader, patient, q)
    exams, _ = _pick_exams(patient, q)
    if not exams:
        return no_answer(q.text, reader.name, note="Not in these reports: no such exam among them")
    if q.exam_kind == "changed" and q.time is not None and q.time.relation in ("since", "after"):
        later = [r for r in patient.reports if r.date_known and r.date and r.date > exams[-1].date]  # type: ignore[operator]
        if later:
            exams = later
    ids = {r.id for r in exams}
    events = _events_in(patient, ids)
    changes, change_ev = _changes(patient, events)
    evidence: list[Evidence] = []
    impressions: list[str] = []
    for r in exams:
        for a, b in impression(r)[:4]:
            evidence.append(span_evidence(r, a, b))
            impressions.append(" ".join(r.text[a:b].split()))
    named = ", ".join(_name(r) for r in exams[:3]) + (" ..." if len(exams) > 3 else "")
    said = " ".join(impressions)
    if len(said) > 400:
        said = said[:397].rsplit(" ", 1)[0] + " ..."
    if q.exam_kind == "new":
        new = [p for p in changes.split("; ") if p.startswith("New:")]
        head = new[0] if new else "Nothing reported as new"
        text = f"{named}: {head}. Impression: {said or '(none written)'}"
    elif q.exam_kind == "changed":
        text = f"Since then ({named}): {changes or 'no change reported'}. Impression: {said}"
    else:
        text = f"{named}: {said or '(no impression written)'}"
        if changes:
            text += f" Changes: {changes}."
    seen = set()
    ordered = []
    for ev in evidence + change_ev:
        key = (ev.report, ev.start, ev.end)
        if key not in seen:
            seen.add(key)
            ordered.append(ev)
    chains = list(dict.fromkeys(cid for _, cid in events))
    return Answer(q.text, text, True, reader.name, ordered[:6], chains, confidence=0.8)


def _devices(reader: ChainsReader, patient: Patient, q: Question) -> Answer:
    """Each device chain's state now (or in the time asked): in place, or removed when."""
    from radtrack_gui.nlp.vocabulary import vocabulary
    from radtrack_gui.qa import asking
    from radtrack_gui.qa.subject import time_window

    window = time_window(patient, q, vocabulary()) if q.time else None
    lines_only = re.search(r"\b(?:lines?|tubes?|catheters?|drains?)\b", q.text.lower())
    tube = asking.line_device()
    inside: list[tuple[str, Event]] = []
    gone: list[tuple[str, Event]] = []
    for chain in patient.chains.values():
        if chain.type != DEVICE:
            continue
        if lines_only and not tube.search(chain.label):
            continue
        events = chain_course(patient, chain.id).events
        if window is not None:
            events = [e for e in events if e.report in window]
        if not events:
            continue
        last = events[-1]
        (gone if last.word in GONE else inside).append((chain.id, last))
    if not inside and not gone:
        return no_answer(q.text, reader.name, note="Not mentioned in these reports: no devices")
    order = patient.report_index()
    inside.sort(key=lambda p: order[p[1].report])
    gone.sort(key=lambda p: order[p[1].report], reverse=True)

    def said(items: list[tuple[str, Event]]) -> str:
        return ", ".join(
            f"{patient.chains[c].label} ({report_day(patient.report(e.report))})" for c, e in items
        )

    if inside:
        text = f"In place: {said(inside)}."
    else:
        text = "None in place: every device reported was removed."
    if gone and window is None:
        text += f" Removed: {said(gone)}."
    evidence = [
        mention_evidence(patient, patient.mentions[e.mentions[0]])
        for _, e in inside + gone
        if e.mentions
    ]
    chains = [c for c, _ in inside + gone]
    return Answer(q.text, text, True, reader.name, evidence[:6], chains, confidence=0.8)


NEW_WORDS = {"new", "inserted", "recurred"}  # course words for "it appeared"


def new_answer(
    reader: ChainsReader, patient: Patient, q: Question, target: list[tuple[Event, Hit]]
) -> Answer:
    """ "Any new metastases?": Yes when the reports asked about (default: the last) call it
    new (a device inserted); else No, with what they say of it instead ("liver lesion
    decreased"), never a bare Yes because it is there."""
    news = [p for p in target if p[0].word in NEW_WORDS]
    used = list(reversed(news or target))
    e, hit = used[0]
    state = f"{patient.chains[hit.chain].label} {e.word} {reader._when(patient, e)}"
    text = f"Yes — {state}." if news else f"No — nothing new: {state}."
    answer = reader._result(patient, q, text, used)
    answer.confidence = 0.85 if news else 0.7
    return answer
