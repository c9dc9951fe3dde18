"""Qt-free labels of the timeline: lane labels, report-column labels, order-mode dates."""

from __future__ import annotations

import re
from collections.abc import Mapping

from radtrack_gui.core.model import Patient
from radtrack_gui.views import lanes as L

# What tells same-named lanes apart: site, first date, first exam, first report's place,
# and the finest place its mentions name most ("hepatic segment 8").
LabelFacts = tuple[str, str, str, int, str]

COUNT_SUFFIX = re.compile(r"\s+\(\d+\)$")  # a lane label's "(n)" mention count
PLACE_SEP = " · "  # between a same-named lane's name and what tells it apart


def lane_label(lane: L.Lane, label: str | None = None) -> str:
    """A lane's label (or ``label``) with its mention count: "pleural effusion  (3)"."""
    text = label if label is not None else lane.label
    return f"{text}  ({lane.length})" if lane.length > 1 else text


def order_labels(columns: list[L.Column]) -> dict[float, str]:
    """Bottom labels in report-order mode: "2 Mar 2150", with the time where a day has
    several reports. Every label holds its year; the axis shows it on the first tick drawn
    and where it changes (``year_once``), whichever ticks room leaves."""
    dated = [c for c in columns if c.dated and c.date is not None]
    per_day: dict[object, int] = {}
    for c in dated:
        per_day[c.date.date()] = per_day.get(c.date.date(), 0) + 1  # type: ignore[union-attr]
    out: dict[float, str] = {}
    for c in dated:
        d = c.date
        assert d is not None
        text = f"{d.day} {d:%b} {d:%Y}"
        if per_day[d.date()] > 1 and (d.hour or d.minute):
            text += f" {d:%H:%M}"
        out[c.x] = text
    return out


_DAY_YEAR = re.compile(r"^(\d{1,2} \w{3}) (\d{4})\b")


def year_once(labels: list[str]) -> list[str]:
    """Order-mode tick labels as drawn: the year on the first and where it changes."""
    out, year = [], None
    for text in labels:
        m = _DAY_YEAR.match(text)
        if m is None:
            out.append(text)
            continue
        out.append(text if m.group(2) != year else m.group(1) + text[m.end() :])
        year = m.group(2)
    return out


_EXAM_NOISE = re.compile(r"\(.*?\)|\b(W/?O?|WITH|WITHOUT|AND|&)\b.*$|\bCONTRAST\b", re.I)


def short_exam(exam: str, modality: str) -> str:
    """The exam without the modality, parenthesised parts and contrast phrases:
    "CT HEAD W/O CONTRAST" -> "head"."""
    text = (exam or "").strip()
    first = text.split(" ", 1)[0].upper() if text else ""
    if first == modality.upper():
        text = text[len(first) :]
    text = _EXAM_NOISE.sub(" ", text)
    text = " ".join(text.split()).lower()
    return text[:18].rstrip() + "…" if len(text) > 19 else text


def column_label(c: L.Column) -> str:
    """Top label of a report column: "CT head", "XR chest", "US abdomen"."""
    exam = short_exam(c.exam, c.modality)
    return f"{c.modality} {exam}" if exam else c.modality


def unique_labels(
    patient: Patient, lanes: list[L.Lane], cache: dict[tuple, LabelFacts] | None = None
) -> dict[str, str]:
    """Chain id -> its lane label, made unique where labels clash ("ileus" twice): the
    finest place the mentions name, where it differs ("liver lesion · segment 8" and
    "· segment 6", of hepatic segments 8 and 6: the body region and the date could not
    tell them apart; the first date only where the place is the same),
    else the site (body region) and the first date are added; still equal, the first
    report's exam, then "1 of 2" in time order. The place comes first: a label cut at the
    end for room keeps what tells it apart. Users never see chain ids (issue #20 item 8).
    ``cache`` (kept by the caller between draws) holds each lane's site and first date."""
    by_label: dict[str, list[L.Lane]] = {}
    for ln in lanes:
        by_label.setdefault(ln.label.lower(), []).append(ln)
    out = {ln.chain: ln.label for ln in lanes}
    reports = {r.id: r for r in patient.reports}
    order = patient.report_index()
    memo = cache if cache is not None else {}
    for same in by_label.values():
        if len(same) < 2:
            continue
        facts: dict[str, LabelFacts] = {}
        for ln in same:
            key = (ln.chain, tuple(ln.mentions))
            got = memo.get(key)
            if got is None:
                ms = [patient.mentions[m] for m in ln.mentions if m in patient.mentions]
                site = L.chain_region(patient, ms, reports).lower() if ms else ""
                rid = min(ms, key=lambda m: order.get(m.report, 0)).report if ms else ""
                r = reports.get(rid)
                when = f"{r.date.day} {r.date:%b %Y}" if r and r.date and r.date_known else ""
                exam = short_exam(r.exam, r.modality) if r else ""
                exam = f"{r.modality} {exam}".strip() if r else ""
                got = memo[key] = (site, when, exam, order.get(rid, 0), finest_place(ms))
            facts[ln.chain] = got
        several_sites = len({f[0] for f in facts.values()}) > 1
        several_places = len({f[4] for f in facts.values()}) > 1
        short = short_places([f[4] for f in facts.values()])
        named: dict[str, str] = {}
        by_place: list[str] = []  # named by their place alone: the date only if needed
        for ln in same:
            site, when, _exam, _at, place = facts[ln.chain]
            place = short.get(place, place)
            if place and several_places:
                named[ln.chain] = f"{ln.label}{PLACE_SEP}{place}"
                by_place.append(ln.chain)
                continue
            extra = [site] if site and several_sites else []
            extra += [when] if when else []
            named[ln.chain] = f"{ln.label}{PLACE_SEP}{', '.join(extra)}" if extra else ln.label
        texts = list(named.values())
        for c in by_place:
            if texts.count(named[c]) > 1 and facts[c][1]:
                named[c] = f"{named[c]}, {facts[c][1]}"
        texts = list(named.values())
        equal = [c for c, t in named.items() if texts.count(t) > 1]
        exams = {c: facts[c][2] for c in equal}  # still equal: the first exam
        if len(set(exams.values())) > 1:
            named.update({c: f"{named[c]}, {e}" if e else named[c] for c, e in exams.items()})
        clash: dict[str, list[str]] = {}
        for c, t in named.items():
            clash.setdefault(t, []).append(c)
        for t, cs in clash.items():  # still equal: their order in time
            if len(cs) > 1:
                cs.sort(key=lambda c: (facts[c][3], c))
                named.update({c: f"{t} ({k} of {len(cs)})" for k, c in enumerate(cs, 1)})
        out.update(named)
    return out


def list_names(patient: Patient, cache: dict[tuple, LabelFacts] | None = None) -> dict[str, str]:
    """Chain id -> the name a list of chains shows: the timeline's lane name where chains
    share a label ("liver lesion · segment 8", "· segment 6"; the chain list showed
    "liver lesion" three times), the label elsewhere. Pertinent negatives keep their label
    (the timeline hides them, so they take no part in its names)."""
    counts: dict[tuple[str, str], int] = {}
    for c in patient.chains.values():
        key = (c.type, (c.label or "").lower())
        counts[key] = counts.get(key, 0) + 1
    lanes = [
        L.Lane(c.id, c.label, c.type, c.type, 0, list(c.mentions), len(c.mentions))
        for c in patient.chains.values()
        if c.label
        and counts[(c.type, c.label.lower())] > 1
        and not L.negative_only(patient.mentions[m] for m in c.mentions if m in patient.mentions)
    ]
    names = {c.id: c.label or c.id for c in patient.chains.values()}
    names.update(unique_labels(patient, lanes, cache) if lanes else {})
    return names


def finest_place(mentions: list) -> str:
    """The most specific place the mentions name most often (each mention's anatomy is
    listed most specific first): "hepatic segment 8"; "" when none is named."""
    counts: dict[str, int] = {}
    for m in mentions:
        if m.anatomy and m.assertion != "absent":
            counts[m.anatomy[0]] = counts.get(m.anatomy[0], 0) + 1
    return max(counts, key=lambda a: (counts[a], a)) if counts else ""


def short_places(places: list[str]) -> dict[str, str]:
    """Places without the words they all start with, where what is left is a number
    or a letter kept with the word before it: "hepatic segment 8" and "hepatic segment 6"
    become "segment 8" and "segment 6" (room in a lane label); "pancreatic head" and
    "pancreatic tail" stay whole."""
    named = [p for p in dict.fromkeys(places) if p]
    if len(named) < 2:
        return {}
    words = [p.split() for p in named]
    common = 0
    while all(len(w) > common + 1 for w in words) and len({w[common] for w in words}) == 1:
        common += 1
    if common == 0 or not all(len(w[common]) <= 3 for w in words):
        return {}
    return {p: " ".join(w[common - 1 :]) for p, w in zip(named, words, strict=True)}


_CHAIN_ID = re.compile(r"\bstarts c\d+\b")
# An id stands alone: never joined to a level's other half ("c5-6", "c5/c6").
_ANY_ID = re.compile(r"(?<![-/\w])([cm])(\d+)(?![-/\w])")
# Where ids are not: a quoted site ('c5-c6'), a level and what follows it up to the
# next comma ("level c5-6", "different level c5 vs c6"): cervical levels look like ids.
_NOT_IDS = re.compile(r"'[^']*'|\blevels?\s[^,;()]*")


def readable_why(
    why: str, chains: Mapping[str, str] | None = None, mentions: Mapping[str, str] | None = None
) -> str:
    """Why a mention is in its chain, without the linker's ids: "starts c23" is the first
    mention of this chain; another chain's id becomes its label (``chains``: id -> label) and
    a mention's id its words (``mentions``: id -> text), quoted; an id neither names is
    "another chain" / "another mention"."""
    why = _CHAIN_ID.sub("first mention of this chain", why)

    def name(m: re.Match[str]) -> str:
        table, other = (
            (chains, "another chain") if m.group(1) == "c" else (mentions, "another mention")
        )
        found = (table or {}).get(m.group(0))
        return f"“{found}”" if found else other

    out, at = [], 0
    for kept in _NOT_IDS.finditer(why):  # levels and quoted sites stay as written
        out += [_ANY_ID.sub(name, why[at : kept.start()]), kept.group(0)]
        at = kept.end()
    out.append(_ANY_ID.sub(name, why[at:]))
    return "".join(out)


def version_labels(patient: Patient) -> dict[str, str]:
    """ " · version 2 of 2" for each report of a report group (the versions of one exam:
    preliminary and final read, addendum), in report order; nothing for the others."""
    order = {r.id: i for i, r in enumerate(patient.reports)}
    out: dict[str, str] = {}
    for group in patient.report_groups:
        members = sorted((rid for rid in group if rid in order), key=order.__getitem__)
        for k, rid in enumerate(members, 1):
            out[rid] = f" · version {k} of {len(members)}"
    return out


def chain_names(patient: Patient) -> dict[str, str]:
    """Chain id -> the label people see (never the id)."""
    return {cid: c.label or c.id for cid, c in patient.chains.items()}


def mention_words(patient: Patient) -> dict[str, str]:
    """Mention id -> its words in its report ("effusion in 2150-03-02_ct.txt")."""
    return {mid: f"{m.text}, {m.report}" for mid, m in patient.mentions.items()}
