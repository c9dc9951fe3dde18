"""Scope and attributes of a question: what radiology reports cannot answer, and sizes.

- ``out_of_scope``: the question asks for something no radiology report records (a vital
  sign, a laboratory value, a medication, a symptom, billing: ``qa.asking``), or about a
  body part none of the patient's exams imaged ("a wrist fracture" with only chest films).
- ``size_answer``: "how big / what French / what volume": a measurement written next to
  the mention (not a distance such as "4 cm above the carina", not another finding's
  number), latest first; none of the units asked -> "not stated in these reports", never a
  different attribute.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from radtrack_gui.core.model import DEVICE, Mention, Patient
from radtrack_gui.nlp.vocabulary import Vocabulary
from radtrack_gui.qa import asking
from radtrack_gui.qa.answer import UNSTATED, Answer, Evidence, mention_evidence, no_answer
from radtrack_gui.qa.question import Question
from radtrack_gui.qa.subject import Hit
from radtrack_gui.views.course import GONE
from radtrack_gui.views.labels import list_names

if TYPE_CHECKING:
    from radtrack_gui.qa.chains_reader import ChainsReader

_TIP = re.compile(
    r"\d+(?:\.\d+)?\s*cm\s+(?:above|below|from|proximal to|distal to)\s+the\s+[a-z]+"
    r"|(?:\btip|terminat\w*|\bends?|\bending|\blies|\bremains?|\bcourses|\bextends)\s+"
    r"(?:[a-z]+\s+){0,3}?"
    r"((?:in|at|within|into|near|over|overlying|projecting\s+(?:over|at)|approximating)"
    r"\s+(?:the\s+)?(?:level\s+of\s+the\s+)?[a-z][a-z/-]*(?:\s+(?!and\b|with\b|which\b|"
    r"is\b|was\b|but\b|on\b|in\b|for\b|to\b|as\b|by\b)[a-z][a-z/-]*){0,2}"
    r"(?:\s+of\s+(?:the\s+)?[A-Za-z]+)?)",
    re.IGNORECASE,
)


_NUM = r"\d+(?:\.\d+)?"
_UNITS = {
    "length": r"mm|cm|millimet(?:er|re)s?|centimet(?:er|re)s?",
    "french": r"f|fr|french",
    "gauge": r"g|gauge",
    "volume": r"ml|cc|l|liters?|litres?",
}
_DISTANCE = re.compile(r"^\s*(?:above|below|proximal|distal|beyond|short of|into)\b", re.I)
_FROM = re.compile(r"^\s*from\b", re.I)  # a device's distance ("2 cm from the carina")


def _measure(units: str) -> re.Pattern[str]:
    alts = _UNITS.get(units) or "|".join(_UNITS[u] for u in ("length", "french", "volume"))
    return re.compile(
        rf"(?<![\w.]){_NUM}\s*(?:(?:x|by|×)\s*{_NUM}\s*)*(?:{alts})\b"
        rf"(?:\s*(?:x|by|×)\s*{_NUM}\s*(?:{alts})\b)*",
        re.IGNORECASE,
    )


def _regions_imaged(patient: Patient) -> set[str] | None:
    """The exam regions of the patient's reports; None when one is unknown."""
    regions = {r.region.replace(" ", "_") for r in patient.reports}
    return None if "" in regions or not regions else regions


def out_of_scope(patient: Patient, q: Question, vocab: Vocabulary) -> str:
    """The reason in words when radiology reports cannot answer ``q``; "" otherwise."""
    if q.scope:
        return f"Not in radiology reports: this asks for {q.scope}; RadTrack answers from the radiology reports only"
    imaged = _regions_imaged(patient)
    if imaged is None:
        return ""
    if q.body_part and not (q.body_regions & imaged):
        return f"Not in radiology reports: none of these exams images the {q.body_part}"
    places = [s for s in q.sites]
    for c in q.concepts:
        concept = vocab.concepts.get(c)
        if concept is not None and concept.anatomy:
            places.append(concept.anatomy)
    for place in places:
        allowed = asking.region_exams(vocab.region_of(place))
        if allowed is not None and not (allowed & imaged):
            return f"Not in radiology reports: none of these exams images the {place}"
    return ""


def _others(patient: Patient, m: Mention) -> list[Mention]:
    return [
        x
        for x in patient.mentions.values()
        if x.report == m.report and x.chain != m.chain and x.id != m.id
    ]


def measurement(patient: Patient, m: Mention, units: str, device: bool) -> tuple[int, int] | None:
    """The span of a measurement of ``m`` in its sentence: the nearest one with the asked
    units, not a distance, with no other chain's mention between it and ``m``."""
    ev = mention_evidence(patient, m)
    text = patient.report(m.report).text
    if device and units in ("any", "length"):
        units = "french" if units == "any" else units
    rx = _measure(units if units != "any" else "")
    others = _others(patient, m)
    best: tuple[int, int, int] | None = None
    for found in rx.finditer(text, ev.start, ev.end):
        a, b = found.start(), found.end()
        if _DISTANCE.match(text[b : b + 20]) or (device and _FROM.match(text[b : b + 20])):
            continue
        lo, hi = (b, m.start) if b <= m.start else (m.end, a)
        if any(lo <= x.start and x.end <= hi for x in others):
            continue
        gap = hi - lo
        if gap > 100:
            continue
        if best is None or gap < best[0]:
            best = (gap, a, b)
    return (best[1], best[2]) if best else None


def _size_word(patient: Patient, m: Mention) -> tuple[int, int] | None:
    """A size word ("small", "subcentimeter") right before the mention, or inside it."""
    text = patient.report(m.report).text
    ev = mention_evidence(patient, m)
    start = max(ev.start, m.start - 40)
    window = text[start : m.end]
    found = list(asking.size_word(window).finditer(window))
    if not found:
        return None
    last = found[-1]
    return start + last.start(), start + last.end()


_SUPERLATIVE = re.compile(r"\b(?:(largest|biggest)|(smallest))\b", re.I)
_MM = {"mm": 1.0, "cm": 10.0}


def _in_mm(said: str) -> float | None:
    """The largest dimension of a written length ("2.7 x 2.3 cm" -> 27.0), or None."""
    unit = re.search(r"(mm|cm)\b", said, re.I)
    numbers = [float(n) for n in re.findall(_NUM, said)]
    if unit is None or not numbers:
        return None
    return max(numbers) * _MM[unit.group(1).lower()]


def size_answer(reader: ChainsReader, patient: Patient, q: Question, hits: list[Hit]) -> Answer:
    """The latest size written of what was asked. Over several chains of it (the liver's
    three lesions) "the largest / smallest …" gives that one; else each chain's latest,
    largest first, in one answer ("how big is the liver lesion?" named only the last one
    written before)."""
    hits = _named_as_asked(patient, q, hits)
    superlative = _SUPERLATIVE.search(q.text)
    found = list(_sizes(reader, patient, q, hits, one=False))
    latest: dict[str, tuple[Answer, float]] = {}
    for answer in found:
        value = _in_mm((answer.answer or "").split(" — ")[0])
        if value is not None and answer.chains[0] not in latest:
            latest[answer.chains[0]] = (answer, value)
    if superlative is not None and latest:
        pick = max if superlative.group(1) else min
        return pick(latest.values(), key=lambda av: av[1])[0]
    if superlative is None and len(latest) > 1:
        return _each_size(q, sorted(latest.values(), key=lambda av: -av[1]))
    if found:
        return found[0]
    return _no_size(reader, patient, q, hits)


def _named_as_asked(patient: Patient, q: Question, hits: list[Hit]) -> list[Hit]:
    """The hits whose chain the reports name by the term asked ("lymph node"), when some
    are: a "mass" chain that took in one "node" mention is not a lymph node to size."""
    term = (q.terms[0] if q.terms else "").lower()
    named = [h for h in hits if term and term in patient.chains[h.chain].label.lower()]
    return named or hits


def _each_size(q: Question, sizes: list[tuple[Answer, float]]) -> Answer:
    """One answer naming each chain's latest size, largest first, each by what tells the
    chains apart ("3 liver lesions on 2151-09-10: 2.2 x 1.9 cm (segment 8); 1.1 cm …")."""
    what = q.terms[0] if q.terms else "of them"
    rows = []  # (size, place, date) from "size — label · place on date (exam)."
    for answer, _ in sizes:
        size, _, rest = (answer.answer or "").rstrip(".").partition(" — ")
        label, _, when = rest.partition(" on ")
        rows.append((size, label.partition(" · ")[2] or label, when.split(" (")[0]))
    dates = {d for _, _, d in rows}
    one_day = len(dates) == 1 and "" not in dates
    head = f" on {dates.pop()}" if one_day else ""
    parts = "; ".join(
        f"{size} ({place})" if one_day or not day else f"{size} ({place}, {day})"
        for size, place, day in rows
    )
    first = sizes[0][0]
    return Answer(
        q.text,
        f"{len(sizes)} {what}{'' if what.endswith('s') else 's'}{head}: {parts}.",
        True,
        first.reader,
        [a.evidence[0] for a, _ in sizes if a.evidence],
        [a.chains[0] for a, _ in sizes],
        confidence=min(a.confidence for a, _ in sizes),
    )


def _sizes(
    reader: ChainsReader, patient: Patient, q: Question, hits: list[Hit], *, one: bool
) -> Iterator[Answer]:
    """Each size written of the hits, latest first (``one``: the first only)."""
    timed = reader._timed(hits, patient)
    present = [p for p in timed if p[0].word not in GONE] or timed
    names = list_names(patient)  # "liver lesion · segment 8": which of same-named chains
    for pass_words in (False, True):
        if pass_words and q.size_units != "any":
            break
        for event, hit in reversed(present):
            device = patient.chains[hit.chain].type == DEVICE
            if pass_words and device:
                continue
            for mid in event.mentions:
                m = patient.mentions[mid]
                span = (
                    _size_word(patient, m)
                    if pass_words
                    else measurement(patient, m, q.size_units, device)
                )
                if span is None:
                    continue
                text = patient.report(m.report).text
                ev = mention_evidence(patient, m)
                ev.highlight = span
                label = names.get(hit.chain) or patient.chains[hit.chain].label
                said = " ".join(text[span[0] : span[1]].split())
                yield Answer(
                    q.text,
                    f"{said} — {label} {reader._when(patient, event)}.",
                    True,
                    reader.name,
                    [ev],
                    [hit.chain],
                    confidence=0.85 if not pass_words else 0.6,
                )
                if one:
                    return
                break  # one size per report of a chain


def _no_size(reader: ChainsReader, patient: Patient, q: Question, hits: list[Hit]) -> Answer:
    timed = reader._timed(hits, patient)
    what = {
        "french": "French size",
        "gauge": "gauge",
        "volume": "volume",
        "length": "measurement",
    }.get(q.size_units, "size")
    label = patient.chains[timed[-1][1].chain].label
    shown = reader._result(patient, q, None, list(reversed(timed)), answerable=False)
    return no_answer(
        q.text,
        reader.name,
        shown.evidence,
        status=UNSTATED,
        note=f"Not stated in these reports: no {what} of the {label} is given",
    )


def tip_answer(reader: ChainsReader, patient: Patient, q: Question, hits: list[Hit]) -> Answer:
    """Where a device's tip lies: the position words of its latest sentences."""
    timed = reader._timed(hits, patient)
    removed = [p for p in timed if p[0].word == "removed"]
    found_ev: list[Evidence] = []
    text = ""
    chain = ""
    for event, hit in reversed([p for p in timed if p[0].word not in GONE]):
        for mid in event.mentions:
            m = patient.mentions[mid]
            ev = mention_evidence(patient, m)
            found = _TIP.search(ev.text)
            if not found:
                continue
            g = 1 if found.group(1) else 0
            a, b = ev.start + found.start(g), ev.start + found.end(g)
            ev.highlight = (a, b)
            if any((e.report, e.start) == (ev.report, ev.start) for e in found_ev):
                continue
            found_ev.append(ev)
            if not text:
                chain = hit.chain
                text = f"{found.group(g)} {reader._when(patient, event)}"
                if (
                    removed
                    and q.time is None
                    and patient.report_index()[removed[-1][0].report]
                    > patient.report_index()[event.report]
                ):
                    text += f"; removed {reader._when(patient, removed[-1][0])}"
    if text:
        return Answer(
            q.text, _sentence(text), True, reader.name, found_ev[:3], [chain], confidence=0.85
        )
    shown = reader._result(patient, q, None, list(reversed(timed)), answerable=False)
    return no_answer(
        q.text,
        reader.name,
        shown.evidence,
        status=UNSTATED,
        note="Not stated in these reports: no tip position is given",
    )


def _sentence(text: str) -> str:
    text = text.strip()
    return (text[:1].upper() + text[1:]).rstrip(".") + "."
