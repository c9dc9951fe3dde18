"""The course of a chain in words, and the evidence sentence of a mention (Qt-free).

One *event* per report that mentions the chain: what the report says about it (a finding
"new", "increased", "stable", "resolved", "recurred"...; a device "inserted",
"repositioned", "removed", "reinserted"...), derived from the mentions' ``assertion`` and
``change`` and from the previous event. Runs of the same word are folded::

    new on 2150-03-04 (XR), increased 03-10 (CT), stable 03-12 to 03-20 (3 reports),
    resolved 04-02 (XR)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

from radtrack_gui.core.model import DEVICE, Mention, Patient, Report
from radtrack_gui.nlp.text import sentence_around

__all__ = ["Course", "Event", "chain_course", "chain_courses", "mention_sentence"]

# Change words as they should read in a course, per type (others are kept as written).
_FINDING_CHANGE = {
    "unchanged": "stable",
    "stable": "stable",
    "new": "new",
    "increased": "increased",
    "decreased": "decreased",
    "improved": "improved",
    "worsened": "worsened",
    "resolved": "resolved",
    "resolving": "decreased",
    "enlarged": "increased",
    "larger": "increased",
    "smaller": "decreased",
    "progressed": "increased",
}
_DEVICE_CHANGE = {
    "new": "inserted",
    "inserted": "inserted",
    "placed": "inserted",
    "unchanged": "unchanged",
    "stable": "unchanged",
    "removed": "removed",
    "withdrawn": "withdrawn",
    "advanced": "advanced",
    "retracted": "withdrawn",
    "repositioned": "repositioned",
    "exchanged": "exchanged",
    "replaced": "exchanged",
}
GONE = {"resolved", "removed", "absent"}  # words after which the thing is not there


@dataclass
class Event:
    """What one report says about a chain."""

    report: str
    date: datetime | None
    modality: str
    word: str
    mentions: list[str] = field(default_factory=list)


@dataclass
class Course:
    chain: str
    type: str
    label: str
    events: list[Event]
    first_seen: Report | None  # first report where it is there (present or possible)
    last_seen: Report | None
    text: str  # the course in words

    @property
    def only_absent(self) -> bool:
        """Every report negates it (a pertinent negative such as "no pneumothorax")."""
        return all(e.word == "absent" for e in self.events)


def _state(patient: Patient, ms: list[Mention]) -> tuple[str, str | None]:
    """The assertion of a report's mentions (present > possible > absent) and its change."""
    rank = {"present": 0, "possible": 1, "absent": 2}
    best = min(ms, key=lambda m: rank.get(m.assertion, 0))
    changes = [m.change for m in ms if m.change]
    return best.assertion, (changes[0].lower() if changes else None)


def _word(kind: str, assertion: str, change: str | None, prev: str | None) -> str:
    gone_before = prev in GONE
    if prev in ("possible", "possibly present"):
        prev = None  # a possible sighting, now confirmed, reads as a first sighting
    if kind == DEVICE:
        mapped = _DEVICE_CHANGE.get(change or "", change)
        if prev is None and mapped == "unchanged":
            mapped = None  # "unchanged" from an exam we do not have: just "in place"
        if mapped == "removed":  # said in so many words, even on first sight
            return "removed"
        if assertion == "absent":
            return "removed" if prev and not gone_before else "absent"
        if assertion == "possible":
            return "possibly present"
        if mapped == "inserted" or (mapped is None and gone_before):
            return "reinserted" if gone_before else "inserted"
        if mapped:
            return mapped
        return "in place"
    mapped = _FINDING_CHANGE.get(change or "", change)
    if prev is None and mapped == "stable":
        mapped = None
    if mapped == "resolved":
        return "resolved"
    if assertion == "absent":
        return "resolved" if prev and not gone_before else "absent"
    if assertion == "possible":
        return "possible"
    if gone_before and mapped in (None, "new"):
        return "recurred"
    if mapped:
        return mapped
    return "present" if prev is None else "still present"


def _fmt_date(d: datetime | None, report: str, previous: datetime | None) -> str:
    if d is None:
        return f"in undated report {report}"
    if previous is not None and previous.date() == d.date() and (d.hour or d.minute):
        return d.strftime("%m-%d %H:%M")  # a second exam the same day
    if previous is not None and previous.year == d.year:
        return d.strftime("%m-%d")
    return d.strftime("%Y-%m-%d")


def _describe(events: list[Event]) -> str:
    parts: list[str] = []
    last_date: datetime | None = None
    i = 0
    while i < len(events):
        j = i
        while j + 1 < len(events) and events[j + 1].word == events[i].word:
            j += 1
        first, last = events[i], events[j]
        when = _fmt_date(first.date, first.report, last_date)
        if first.date is not None:
            last_date = first.date
        if not parts and first.date is not None:
            when = ("from " if j > i else "on ") + when
        if j > i:
            end = _fmt_date(last.date, last.report, last_date)
            if last.date is not None:
                last_date = last.date
            mods = sorted({e.modality for e in events[i : j + 1]})
            parts.append(f"{first.word} {when} to {end} ({j - i + 1} reports, {'/'.join(mods)})")
        else:
            parts.append(f"{first.word} {when} ({first.modality})")
        i = j + 1
    return ", ".join(parts)


def chain_courses(patient: Patient, chain_ids: Iterable[str] | None = None) -> list[Course]:
    """``chain_course`` of each chain (every chain by default), the report lookups built
    once: linear in the mentions, not in chains x reports."""
    order = patient.report_index()
    reports = {r.id: r for r in patient.reports}
    ids = patient.chains if chain_ids is None else chain_ids
    return [chain_course(patient, cid, order=order, reports=reports) for cid in ids]


def chain_course(
    patient: Patient,
    chain_id: str,
    *,
    order: dict[str, int] | None = None,
    reports: dict[str, Report] | None = None,
) -> Course:
    """Events, first/last seen and the course in words of one chain (``order`` and
    ``reports``: the patient's report index and reports by id, when the caller has them)."""
    chain = patient.chains[chain_id]
    by_report: dict[str, list[Mention]] = {}
    for m in patient.chain_mentions(chain_id, order):  # report order, then text order
        by_report.setdefault(m.report, []).append(m)
    if reports is None:
        reports = {r.id: r for r in patient.reports}
    events: list[Event] = []
    prev: str | None = None
    seen: list[Report] = []
    for rid, ms in by_report.items():
        report = reports[rid]
        assertion, change = _state(patient, ms)
        word = _word(chain.type, assertion, change, prev)
        events.append(
            Event(
                rid,
                report.date if report.date_known else None,
                report.modality,
                word,
                [m.id for m in ms],
            )
        )
        if word not in GONE:  # "resolved" or "removed" is not a sighting
            seen.append(report)
        prev = word
    return Course(
        chain.id,
        chain.type,
        chain.label,
        events,
        seen[0] if seen else None,
        seen[-1] if seen else None,
        _describe(events),
    )


# -- sentences ----------------------------------------------------------------------
def mention_sentence(patient: Patient, mention: Mention) -> tuple[str, int, int]:
    """The sentence around ``mention`` (whitespace runs shown as one space) and the
    mention's start/end inside that returned string."""
    text = patient.report(mention.report).text
    s, e = sentence_around(text, mention.start, mention.end)
    before = " ".join(text[s : mention.start].split())
    inside = " ".join(text[mention.start : mention.end].split())
    after = " ".join(text[mention.end : e].split())
    lead = before + (" " if before and text[mention.start - 1].isspace() else "")
    tail = (" " if after and text[mention.end].isspace() else "") + after
    sentence = lead + inside + tail
    return sentence, len(lead), len(lead) + len(inside)
