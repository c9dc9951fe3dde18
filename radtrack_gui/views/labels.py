"""Qt-free labels of the timeline: lane labels, report-column labels, order-mode dates."""

from __future__ import annotations

import re

from radtrack_gui.core import lanes as L

COUNT_SUFFIX = re.compile(r"\s+\(\d+\)$")  # a lane label's "(n)" mention count


def lane_label(lane: L.Lane) -> str:
    """A lane's label with its mention count: "pleural effusion  (3)"."""
    return f"{lane.label}  ({lane.length})" if lane.length > 1 else lane.label


def order_labels(columns: list[L.Column]) -> dict[float, str]:
    """Bottom labels in report-order mode: "2 Mar", with the time where a day has several
    reports, and the year where it changes."""
    dated = [c for c in columns if c.dated and c.date is not None]
    per_day: dict[object, int] = {}
    for c in dated:
        per_day[c.date.date()] = per_day.get(c.date.date(), 0) + 1  # type: ignore[union-attr]
    out: dict[float, str] = {}
    year = dated[0].date.year if dated and dated[0].date else None
    for c in dated:
        d = c.date
        assert d is not None
        text = f"{d.day} {d:%b}" + (f" {d:%Y}" if d.year != year else "")
        year = d.year
        if per_day[d.date()] > 1 and (d.hour or d.minute):
            text += f" {d:%H:%M}"
        out[c.x] = text
    return out


_EXAM_NOISE = re.compile(r"\(.*?\)|\b(W/?O?|WITH|WITHOUT|AND|&)\b.*$|\bCONTRAST\b", re.I)


def short_exam(exam: str, modality: str) -> str:
    """The exam without the modality, parenthesised parts and contrast phrases:
    "CT HEAD W/O CONTRAST" -> "head"."""
    text = (exam or "").strip()
    first = text.split(" ", 1)[0].upper() if text else ""
    if first == modality.upper():
        text = text[len(first):]
    text = _EXAM_NOISE.sub(" ", text)
    text = " ".join(text.split()).lower()
    return text[:18].rstrip() + "…" if len(text) > 19 else text


def column_label(c: L.Column) -> str:
    """Top label of a report column: "CT head", "XR chest", "US abdomen"."""
    exam = short_exam(c.exam, c.modality)
    return f"{c.modality} {exam}" if exam else c.modality

