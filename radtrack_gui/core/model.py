"""The Qt-free domain: reports, mentions, chains and the patient that holds them.

Offsets are character offsets into ``Report.text`` exactly as decoded (FORMATS §2),
end exclusive. A mention belongs to exactly one chain; singletons are chains of one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime

FINDING = "finding"
DEVICE = "device"
MENTION_TYPES = (FINDING, DEVICE)

ASSERTIONS = ("present", "absent", "possible")
LATERALITIES = ("left", "right", "bilateral")
MODALITIES = ("XR", "CT", "CTA", "MR", "US", "NM", "PET", "FL", "MG", "IR", "OTHER")

# Where a mention or chain came from (provenance).
SOURCE_GOLD = "gold"
SOURCE_PERSON = "person"


@dataclass(slots=True)
class Section:
    """A titled block of a report (``name`` is upper case, e.g. FINDINGS)."""

    name: str
    start: int
    end: int


@dataclass(slots=True)
class Report:
    id: str  # file name relative to the patient folder, or the CSV ROW_ID
    text: str
    date: datetime | None = None
    date_known: bool = False
    exam: str = ""
    modality: str = "OTHER"
    region: str = ""  # body region of the exam: chest, head, abdomen, spine, ...
    patient: str = ""
    source: str = ""  # path of the file it was read from
    sections: list[Section] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)  # e.g. "undated", "decode-replaced"

    def section_at(self, offset: int) -> str | None:
        for s in self.sections:
            if s.start <= offset < s.end:
                return s.name
        return None


@dataclass(slots=True)
class Mention:
    id: str
    report: str
    start: int
    end: int
    text: str
    type: str = FINDING
    concept: str | None = None
    anatomy: list[str] = field(default_factory=list)
    laterality: str | None = None
    assertion: str = "present"
    change: str | None = None
    section: str | None = None
    measurements: list[str] = field(default_factory=list)
    chain: str | None = None
    source: str = ""  # "model:<extractor>", "gold" or "person"
    # Extra (start, end) pieces of a discontinuous brat span; (start, end) covers them all.
    fragments: list[tuple[int, int]] = field(default_factory=list)
    # Named in the reason for the exam (indication/history): a question, not an observation
    # (GUIDELINE rule 8); extractors emit these only when asked (``questions=True``).
    question: bool = False

    @property
    def span(self) -> tuple[int, int]:
        return (self.start, self.end)


@dataclass(slots=True)
class Chain:
    id: str
    type: str
    label: str
    mentions: list[str] = field(default_factory=list)
    reviewed: bool = False
    source: str = ""  # "model:<linker>", "gold" or "person"
    # Why each member joined: mention id -> human-readable evidence (with the score).
    why: dict[str, str] = field(default_factory=dict)
    # The user named the chain: edits keep ``label`` instead of recomputing it.
    label_locked: bool = False


@dataclass(slots=True)
class Problem:
    """Something wrong with one input file; it was skipped or repaired, never fatal."""

    file: str
    reason: str
    skipped: bool = True

    def __str__(self) -> str:
        verb = "skipped" if self.skipped else "repaired"
        return f"{self.file}: {self.reason} ({verb})"


@dataclass
class Patient:
    """One patient's reports (sorted by exam time), mentions and chains."""

    id: str
    reports: list[Report] = field(default_factory=list)
    mentions: dict[str, Mention] = field(default_factory=dict)
    chains: dict[str, Chain] = field(default_factory=dict)
    annotated: bool = False  # mentions and chains are gold (brat .ann), not model output
    problems: list[Problem] = field(default_factory=list)
    folder: str = ""
    # Reports of the same exam (prelim + final, addendum, duplicate): lists of report ids,
    # only groups of two or more; a report in none is its own group (nlp/report_groups.py).
    report_groups: list[list[str]] = field(default_factory=list)

    # -- lookups -------------------------------------------------------------
    def report(self, report_id: str) -> Report:
        for r in self.reports:
            if r.id == report_id:
                return r
        raise KeyError(report_id)

    def report_index(self) -> dict[str, int]:
        """Report id -> position in chronological order."""
        return {r.id: i for i, r in enumerate(self.reports)}

    def mentions_of(self, report_id: str) -> list[Mention]:
        return sorted(
            (m for m in self.mentions.values() if m.report == report_id),
            key=lambda m: (m.start, m.end),
        )

    def chain_mentions(self, chain_id: str, order: dict[str, int] | None = None) -> list[Mention]:
        """The chain's mentions in report order, then text order. ``order``: the
        ``report_index()`` when the caller has it (a loop over every chain)."""
        order = self.report_index() if order is None else order
        ms = [self.mentions[m] for m in self.chains[chain_id].mentions]
        return sorted(ms, key=lambda m: (order.get(m.report, 1 << 30), m.start, m.end))

    def iter_chains(self) -> Iterator[Chain]:
        return iter(self.chains.values())

    # -- building ------------------------------------------------------------
    def set_chains(
        self, clusters: Iterable[Iterable[str]], source: str = "", why: dict[str, str] | None = None
    ) -> None:
        """Replace all chains by ``clusters`` (lists of mention ids), numbered c1, c2, ...

        Clusters are numbered in order of their first mention; every mention not in a
        cluster becomes a singleton, so each mention ends in exactly one chain.
        """
        why = why or {}
        order = self.report_index()

        def key(mid: str) -> tuple[int, int, int]:
            m = self.mentions[mid]
            return (order.get(m.report, 1 << 30), m.start, m.end)

        seen: set[str] = set()
        groups: list[list[str]] = []
        for cluster in clusters:
            members = [
                mid for mid in dict.fromkeys(cluster) if mid in self.mentions and mid not in seen
            ]
            if members:
                seen.update(members)
                groups.append(sorted(members, key=key))
        groups.extend([mid] for mid in self.mentions if mid not in seen)
        groups.sort(key=lambda g: key(g[0]))
        self.chains = {}
        for i, members in enumerate(groups, 1):
            cid = f"c{i}"
            first = self.mentions[members[0]]
            for mid in members:
                self.mentions[mid].chain = cid
            self.chains[cid] = Chain(
                id=cid,
                type=first.type,
                label=chain_label(self, members),
                mentions=members,
                source=source,
                why={mid: why[mid] for mid in members if mid in why},
            )

    def check(self) -> list[str]:
        """Consistency errors (empty list when every invariant holds)."""
        errors = []
        ids = {r.id for r in self.reports}
        for m in self.mentions.values():
            if m.report not in ids:
                errors.append(f"{m.id}: unknown report {m.report}")
                continue
            text = self.report(m.report).text
            if not (0 <= m.start < m.end <= len(text)):
                errors.append(f"{m.id}: span {m.start}-{m.end} outside its report")
            elif not m.fragments and text[m.start : m.end] != m.text:
                errors.append(f"{m.id}: text {m.text!r} != {text[m.start : m.end]!r}")
            if m.chain not in self.chains or m.id not in self.chains[m.chain].mentions:
                errors.append(f"{m.id}: not in its chain {m.chain}")
        for c in self.chains.values():
            if not c.mentions:
                errors.append(f"{c.id}: empty chain")
            for mid in c.mentions:
                if mid not in self.mentions:
                    errors.append(f"{c.id}: unknown mention {mid}")
        return errors


# Words that stand for a device without naming it (GUIDELINE: "the word 'tip' often stands for
# a device"): a chain's label only when none of its members names it.
PART_WORDS = frozenset({"tip", "tips", "distal tip", "catheter tip"})


# A side named in a label already ("normal right lung"): it is not said again.
_SIDE_WORD = re.compile(r"\b(left|right|bilateral)\b")


def chain_label(patient: Patient, mention_ids: list[str]) -> str:
    """A readable label: laterality + the most frequent concept (or text) of the members,
    a member that only stands for a device ("tip") counting when nothing else names it.
    The side is said once ("normal right lung" stays so; it read "right normal right
    lung"), and after "normal" in a normal statement ("normal right kidney", not "right
    normal kidney", which reads as a finding)."""
    counts: dict[str, int] = {}
    lat: str | None = None
    for mid in mention_ids:
        m = patient.mentions[mid]
        name = (m.concept or m.text).lower()
        counts[name] = counts.get(name, 0) + 1
        lat = lat or m.laterality
    named = {k: n for k, n in counts.items() if k not in PART_WORDS} or counts
    name = max(named, key=lambda k: (named[k], -len(k))) if named else ""
    if lat and not _SIDE_WORD.search(name):
        normal = "normal "
        name = (
            f"{normal}{lat} {name[len(normal) :]}" if name.startswith(normal) else f"{lat} {name}"
        )
    return name
