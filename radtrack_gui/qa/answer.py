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


def no_answer(question: str, reader: str, evidence: list[Evidence] | None = None) -> Answer:
    return Answer(question, None, False, reader, evidence or [], [])


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
