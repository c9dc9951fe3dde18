"""Qt-free swimlane layout: which lanes the timeline shows, in which rows, at which x.

One lane per chain, lanes grouped (findings/devices, body region or organ system) and
ordered by first appearance. Filters hide mentions (modality, assertion) or whole lanes
(type, singletons, minimum length, text search with synonyms, pertinent negatives: chains
whose every mention is absent). Collapsed groups keep one summary row that carries their
counts. The GUI turns a :class:`Layout` into graphics.
"""

from __future__ import annotations

import calendar
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from typing import cast

from radtrack_gui.core.model import DEVICE, FINDING, SOURCE_PERSON, Mention, Patient, Report
from radtrack_gui.nlp import text as nlp_text
from radtrack_gui.views.options import Grouping, XMode
from radtrack_gui.views.search import chain_matches, query_terms

X_MODES = tuple(XMode)
GROUP_BY = tuple(Grouping)

TYPE_TITLES = {FINDING: "Findings", DEVICE: "Devices"}

# Exam regions as readers write them (Report.region) -> a region title.
REGION_TITLES = {
    "chest": "Thorax",
    "thorax": "Thorax",
    "head": "Head",
    "abdomen": "Abdomen",
    "spine": "Spine",
    "pelvis": "Pelvis",
    "neck": "Neck",
}
OTHER = "Other"


@dataclass
class Filters:
    """What the timeline shows. ``None`` for a set means "all"."""

    types: frozenset[str] | None = None
    modalities: frozenset[str] | None = None
    assertions: frozenset[str] | None = None
    singletons: bool = True
    min_length: int = 1
    search: str = ""
    group_by: str = "type"
    # Pertinent negatives: chains whose every mention is absent ("no hydrocephalus"). A chain
    # with any present or possible mention (e.g. a finding that resolved) is never one.
    negatives: bool = True
    collapsed: frozenset[str] = frozenset()  # group keys

    def updated(self, **kwargs: object) -> Filters:
        """A copy with the GUI's keyword names applied (``type`` may be a str or a set)."""
        out = Filters(**{k: getattr(self, k) for k in self.__dataclass_fields__})
        for key, value in kwargs.items():
            if key in ("type", "types"):
                out.types = _as_set(value)
            elif key in ("modalities", "assertions", "collapsed"):
                setattr(
                    out,
                    key,
                    _as_set(value)
                    if key != "collapsed"
                    else frozenset(cast(Iterable[str], value or ())),
                )
            elif key in ("singletons", "negatives"):
                setattr(out, key, bool(value))
            elif key == "min_length":
                out.min_length = max(1, int(value or 1))  # type: ignore[call-overload]
            elif key == "search":
                out.search = str(value or "")
            elif key == "group_by":
                if value not in GROUP_BY:
                    raise ValueError(f"group_by must be one of {GROUP_BY}, not {value!r}")
                out.group_by = str(value)
            else:
                raise TypeError(f"unknown filter {key!r}")
        return out


def _as_set(value: object) -> frozenset[str] | None:
    if value is None or value == "all" or value == "":
        return None
    if isinstance(value, str):
        return frozenset([value])
    return frozenset(cast(Iterable[str], value))


@dataclass
class Column:
    """One report as a column of the timeline."""

    report: str
    index: int  # position in patient.reports
    x: float
    dated: bool
    modality: str
    exam: str
    date: datetime | None


@dataclass
class Lane:
    chain: str
    label: str
    type: str
    group: str
    row: int
    mentions: list[str]  # shown mentions, in report order
    length: int  # all mentions of the chain


@dataclass
class Group:
    key: str
    title: str
    row: int  # the header row
    lanes: list[Lane]
    collapsed: bool
    n_chains: int
    n_mentions: int
    mentions: list[str] = field(default_factory=list)  # shown in the summary row if collapsed

    @property
    def caption(self) -> str:
        arrow = "▸" if self.collapsed else "▾"
        return f"{arrow} {self.title} ({self.n_chains} chains, {self.n_mentions} mentions)"


@dataclass
class Layout:
    x_mode: str
    columns: list[Column]
    groups: list[Group]
    lanes: list[Lane]
    n_rows: int
    x_of: dict[str, float]  # report id -> x
    undated_start: float | None  # x where the undated band begins (None: all dated)
    undated_end: float | None
    dated_end: float | None  # the last dated x
    row_of_chain: dict[str, int] = field(default_factory=dict)
    row_kind: list[tuple[str, str]] = field(default_factory=list)  # ("group"|"lane", key)
    # Negative-only chains the other filters would show but ``Filters.negatives`` hides.
    hidden_negatives: list[str] = field(default_factory=list)

    def lane_at(self, row: int) -> Lane | None:
        if 0 <= row < len(self.row_kind) and self.row_kind[row][0] == "lane":
            cid = self.row_kind[row][1]
            return next((ln for ln in self.lanes if ln.chain == cid), None)
        return None

    def group_at(self, row: int) -> Group | None:
        if 0 <= row < len(self.row_kind) and self.row_kind[row][0] == "group":
            key = self.row_kind[row][1]
            return next((g for g in self.groups if g.key == key), None)
        return None

    @property
    def x_range(self) -> tuple[float, float]:
        xs = [c.x for c in self.columns]
        return (min(xs), max(xs)) if xs else (0.0, 1.0)


# -- x positions --------------------------------------------------------------------
def epoch_seconds(d: datetime) -> float:
    """Naive date-times are taken as UTC (the timeline labels them as written)."""
    if d.tzinfo is not None:
        return d.timestamp()
    return calendar.timegm(d.timetuple()) + d.microsecond / 1e6


def report_columns(
    reports: list[Report], x_mode: str, groups: Iterable[list[str]] = ()
) -> tuple[list[Column], float | None, float | None, float | None]:
    """Columns for ``reports`` plus (undated band start, end, last dated x).

    "order": dated reports at 0, 1, 2, ...; "date": at epoch seconds. The dated versions of
    one exam (a report group: preliminary and final read, addendum, duplicate) share the
    column of the first of them. Undated reports go after the dated ones, past a gap,
    evenly spaced, so they never pass for dated ones.
    """
    if x_mode not in X_MODES:
        raise ValueError(f"x mode must be one of {X_MODES}, not {x_mode!r}")
    dated = [(i, r) for i, r in enumerate(reports) if r.date is not None and r.date_known]
    undated = [(i, r) for i, r in enumerate(reports) if not (r.date is not None and r.date_known)]
    group_of = {rid: k for k, g in enumerate(groups) for rid in g}
    cols: list[Column] = []
    xs: list[float] = []
    first: dict[int, float] = {}  # group -> x of its first version
    for _, r in dated:
        g = group_of.get(r.id)
        if g is not None and g in first:
            xs.append(first[g])  # a later version sits on its exam's column
            continue
        order = x_mode == "order"
        x = (max(xs) + 1.0 if xs else 0.0) if order else epoch_seconds(r.date)  # type: ignore[arg-type]
        xs.append(x)
        if g is not None:
            first[g] = x
    if x_mode == "order":
        step, gap = 1.0, 1.5
    else:
        span = (max(xs) - min(xs)) if xs else 0.0
        step = max(span * 0.03, 86400.0)
        gap = max(span * 0.06, 2 * 86400.0)
    for (i, r), x in zip(dated, xs, strict=True):
        cols.append(Column(r.id, i, x, True, r.modality or "OTHER", r.exam, r.date))
    dated_end = xs[-1] if xs else None
    if not undated:
        return cols, None, None, dated_end
    base = (dated_end + gap) if dated_end is not None else 0.0
    for k, (i, r) in enumerate(undated):
        cols.append(Column(r.id, i, base + k * step, False, r.modality or "OTHER", r.exam, None))
    start = base - step / 2
    end = base + (len(undated) - 1) * step + step / 2
    return cols, start, end, dated_end


def negative_only(mentions: Iterable[Mention]) -> bool:
    """True when there is a mention and every one is absent or a normal statement
    ("no hydrocephalus", "heart size is normal"): a pertinent negative."""
    seen = False
    for m in mentions:
        if m.assertion != "absent" and not (m.concept or "").startswith("normal "):
            return False
        seen = True
    return seen


# -- grouping ------------------------------------------------------------------------
def _anatomy_chain(names: Iterable[str]) -> list[str]:
    out: list[str] = []
    try:
        from radtrack_gui.nlp.vocabulary import vocabulary

        voc = vocabulary()
        for name in names:
            # by first parents: a structure of two wholes (a knee joint's meniscus) keeps the
            # region of its first parent line (Vocabulary.parent_line)
            out.extend(voc.parent_line(name.lower()))
    except (OSError, KeyError):
        out.extend(n.lower() for n in names)
    return out


def _concept_anatomy(concept: str | None) -> list[str]:
    if not concept:
        return []
    try:
        from radtrack_gui.nlp.vocabulary import vocabulary

        c = vocabulary().concepts.get(concept.lower())
    except (OSError, KeyError):
        return []
    return [c.anatomy] if c and c.anatomy else []


def chain_region(patient: Patient, mentions: list[Mention], reports: dict[str, Report]) -> str:
    """The body region: the top structure below "body" of the mentions' anatomy, else the
    exam region of the first report."""
    for m in mentions:
        names = m.anatomy or _concept_anatomy(m.concept)
        anc = _anatomy_chain(names[:1])  # the mention's own structure (the rest: above it)
        if anc:
            top = [a for a in anc if a != "body"]
            if top:
                name = top[-1]
                return REGION_TITLES.get(name, name.capitalize())
    for m in mentions:
        r = reports.get(m.report)
        if r is not None and r.region:
            return REGION_TITLES.get(r.region.lower(), r.region.capitalize())
    return OTHER


def organ_system(structure: str) -> str | None:
    """The organ system of a structure (anatomy.tsv ``system``, inherited from the nearest
    ancestor that has one), or None."""
    try:
        from radtrack_gui.nlp.vocabulary import vocabulary

        return vocabulary().system_of(structure.lower())
    except (OSError, KeyError):
        return None


def region_system(region: str) -> str | None:
    """The organ system of an exam region (``Report.region``): of the structure the region
    word names ("chest" -> thorax), else the one system shared by the structures named after
    its plural ("extremity" -> upper and lower extremities)."""
    if not region:
        return None
    try:
        from radtrack_gui.nlp.vocabulary import plural, vocabulary

        voc = vocabulary()
    except (OSError, KeyError):
        return None
    word = region.lower()
    structure = voc.anatomy_of(word)
    if structure is not None:
        return voc.system_of(structure)
    many = plural(word)
    found = {voc.system_of(s) for s in voc.parent if s == many or s.endswith(" " + many)}
    return found.pop() if len(found) == 1 else None


def chain_system(patient: Patient, mentions: list[Mention], reports: dict[str, Report]) -> str:
    """The organ system of the nearest mapped anatomy (or the exam region)."""
    for m in mentions:
        for name in m.anatomy or _concept_anatomy(m.concept):
            system = organ_system(name)
            if system is not None:
                return system
    for m in mentions:
        r = reports.get(m.report)
        system = region_system(r.region) if r is not None else None
        if system is not None:
            return system
    return OTHER


# -- layout --------------------------------------------------------------------------
def build_layout(patient: Patient, filters: Filters | None = None, x_mode: str = "date") -> Layout:
    """Rows and x positions of everything the timeline shows."""
    f = filters or Filters()
    cols, u_start, u_end, dated_end = report_columns(patient.reports, x_mode, patient.report_groups)
    x_of = {c.report: c.x for c in cols}
    order = {c.report: k for k, c in enumerate(sorted(cols, key=lambda c: c.x))}
    reports = {r.id: r for r in patient.reports}
    modality = {r.id: (r.modality or "OTHER") for r in patient.reports}
    terms = query_terms(f.search)
    big = 1 << 30

    groups: dict[str, Group] = {}
    first_seen: dict[str, tuple] = {}
    lanes: list[Lane] = []
    hidden_negatives: list[str] = []
    for chain in patient.chains.values():
        if f.types is not None and chain.type not in f.types:
            continue
        length = len(chain.mentions)
        if length < f.min_length or (not f.singletons and length <= 1):
            continue
        if terms and not chain_matches(patient, chain.id, terms):
            continue
        mentions = patient.mentions
        ms = [mentions[mid] for mid in chain.mentions if mid in mentions]
        keyed = (
            sorted(((order.get(m.report, big), m.start, m.end), m) for m in ms if m.report in x_of)
            if ms
            else []
        )
        shown = [
            m
            for _, m in keyed
            if (f.modalities is None or modality[m.report] in f.modalities)
            and (f.assertions is None or m.assertion in f.assertions)
        ]
        if not shown:
            continue
        # A chain the user made (a split's new part, a merge) is shown even when it holds
        # only absent mentions ("tube removed"): the lane just made must not vanish.
        if not f.negatives and chain.source != SOURCE_PERSON and negative_only(ms):
            hidden_negatives.append(chain.id)
            continue
        if f.group_by == "region":
            key = chain_region(patient, ms, reports)
            title = key
        elif f.group_by == "system":
            key = "Devices" if chain.type == DEVICE else chain_system(patient, ms, reports)
            title = key
        else:
            key = chain.type
            title = TYPE_TITLES.get(chain.type, chain.type.capitalize())
        lanes.append(
            Lane(
                chain.id,
                chain.label or chain.id,
                chain.type,
                key,
                -1,
                [m.id for m in shown],
                length,
            )
        )
        first_seen[chain.id] = (*keyed[0][0][:2], _chain_num(chain.id))
        g = groups.get(key)
        if g is None:
            groups[key] = g = Group(key, title, -1, [], key in f.collapsed, 0, 0)
        g.lanes.append(lanes[-1])
        g.n_chains += 1
        g.n_mentions += len(shown)

    def group_order(g: Group) -> tuple:
        if f.group_by == "type":
            return (0 if g.key == FINDING else 1 if g.key == DEVICE else 2, g.key)
        first = min(first_seen[ln.chain] for ln in g.lanes)
        return (g.key in (OTHER, "Devices"), first, g.key)

    ordered = sorted(groups.values(), key=group_order)
    row = 0
    row_kind: list[tuple[str, str]] = []
    row_of_chain: dict[str, int] = {}
    shown_lanes: list[Lane] = []
    for g in ordered:
        g.lanes.sort(key=lambda ln: first_seen[ln.chain])
        g.row = row
        row_kind.append(("group", g.key))
        row += 1
        if g.collapsed:
            g.mentions = [mid for ln in g.lanes for mid in ln.mentions]
            continue
        for ln in g.lanes:
            ln.row = row
            row_of_chain[ln.chain] = row
            row_kind.append(("lane", ln.chain))
            shown_lanes.append(ln)
            row += 1
    return Layout(
        x_mode,
        cols,
        ordered,
        shown_lanes,
        row,
        x_of,
        u_start,
        u_end,
        dated_end,
        row_of_chain,
        row_kind,
        hidden_negatives,
    )


@cache
def _chain_num(cid: str) -> tuple[int, str]:
    digits = "".join(ch for ch in cid if ch.isdigit())
    return (int(digits) if digits else 1 << 30, cid)


# -- hover text ----------------------------------------------------------------------
def hover_context(text: str, start: int, end: int, limit: int = 240) -> tuple[str, str, str]:
    """(before, mention, after): the sentence holding ``text[start:end]`` (hover text), cut to
    ``limit``."""
    lo, hi = nlp_text.sentence_around(text, start, end)
    before, mid, after = text[lo:start], text[start:end], text[end:hi]
    room = max(0, limit - len(mid))
    if len(before) > room // 2:
        before = "…" + before[-(room // 2) :]
    if len(after) > room - len(before):
        after = after[: max(0, room - len(before))] + "…"
    return _squash(before), " ".join(mid.split()), _squash(after)


def _squash(s: str) -> str:
    """Whitespace runs become one space; a space at either end is kept as one space."""
    core = " ".join(s.split())
    if not core:
        return " " if s else ""
    return (" " if s[0].isspace() else "") + core + (" " if s[-1].isspace() else "")
