"""An answer with its evidence, and its JSON form (FORMATS §7), Qt-free.

``Answer.to_json()`` is the §7 object exactly: question, answer, answerable, reader,
evidence (report, start, end, text; offsets as in §2) and chains. The richer fields
(the highlighted span, date, exam, mention) are for the GUI.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from radtrack_gui.core.model import Mention, Patient, Report
from radtrack_gui.nlp.text import sentence_around

RETRIEVAL = "retrieval"  # the reader name of "closest sentences, not an answer"
# Why there is no answer (``Answer.status``), and the words that say so
SCOPE = "scope"  # not something radiology reports hold (vitals, labs, meds...)
UNSTATED = "unstated"  # the thing is reported, the attribute asked is not
UNMENTIONED = "unmentioned"  # the thing is not in these reports (or not in that time)
ABSTAINED = "abstained"  # a reading too weak to answer (confidence below the threshold)
NOT_IN_RADIOLOGY = "Not in radiology reports"
NOT_STATED = "Not stated in these reports"
NOT_MENTIONED = "Not mentioned in these reports"
# retrieval found no sentence near the question: nothing to list as "possibly relevant"
NOTHING_RELATED = "No sentence in these reports is about this question"
RETRIEVED = "Possibly relevant sentences (not an answer)"


@dataclass
class Evidence:
    report: str
    start: int
    end: int
    text: str
    highlight: tuple[int, int] | None = None  # the answer or mention span (report offsets)
    mention: str | None = None
    chain: str | None = None
    date: str = ""  # ISO date of the report ("" when undated)
    exam: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"report": self.report, "start": self.start, "end": self.end, "text": self.text}


@dataclass
class Answer:
    question: str
    answer: str | None
    answerable: bool
    reader: str
    evidence: list[Evidence] = field(default_factory=list)
    chains: list[str] = field(default_factory=list)
    confidence: float = 1.0  # 0..1; below the reader's threshold it abstains
    status: str = ""  # "" (answered) | scope | unstated | unmentioned | abstained
    note: str = ""  # the reason in words, when there is no answer

    def to_json(self) -> dict[str, Any]:
        """The FORMATS §7 object."""
        return {
            "question": self.question,
            "answer": self.answer,
            "answerable": self.answerable,
            "reader": self.reader,
            "evidence": [e.to_json() for e in self.evidence],
            "chains": list(self.chains),
        }

    @property
    def retrieved_only(self) -> bool:
        """The evidence is the closest sentences, not an answer."""
        return self.reader == RETRIEVAL

    @property
    def headline(self) -> str:
        """The first line a clinician reads: Yes / No / Not in these reports / the answer."""
        if self.retrieved_only:
            if not self.evidence:
                return f"Not answered from these reports: {NOTHING_RELATED.lower()}"
            return "Not answered from these reports: possibly relevant sentences below"
        if not self.answerable:
            return self.note or "No answer in these reports"
        return self.answer or ""


def no_answer(
    question: str,
    reader: str,
    evidence: list[Evidence] | None = None,
    *,
    status: str = UNMENTIONED,
    note: str = "",
) -> Answer:
    """No answer, with why (``status``) and the words that say it (``note``)."""
    if not note:
        note = {
            SCOPE: NOT_IN_RADIOLOGY,
            UNSTATED: NOT_STATED,
            UNMENTIONED: NOT_MENTIONED,
            ABSTAINED: "Not clearly answered by these reports",
        }.get(status, "No answer in these reports")
    return Answer(question, None, False, reader, evidence or [], [], 0.0, status=status, note=note)


def report_day(report: Report) -> str:
    """The report's date as YYYY-MM-DD, or "undated"."""
    if report.date_known and report.date is not None:
        return report.date.strftime("%Y-%m-%d")
    return "undated"


def mention_evidence(patient: Patient, m: Mention) -> Evidence:
    report = patient.report(m.report)
    s, e = sentence_around(report.text, m.start, m.end)
    day = report_day(report)
    return Evidence(
        m.report,
        s,
        e,
        report.text[s:e],
        (m.start, m.end),
        m.id,
        m.chain,
        "" if day == "undated" else day,
        report.exam,
    )


def span_evidence(
    report: Report, start: int, end: int, highlight: tuple[int, int] | None = None
) -> Evidence:
    day = report_day(report)
    return Evidence(
        report.id,
        start,
        end,
        report.text[start:end],
        highlight,
        None,
        None,
        "" if day == "undated" else day,
        report.exam,
    )
