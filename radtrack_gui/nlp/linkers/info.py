"""What the linkers know of a mention: ``MentionInfo`` (prepared once by
``mentions.prepare``: normalized words, concept, site, side, course) and ``MentionContext``
(what its report says around it, read by ``context.enrich``). Data only."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

# A device change that starts an episode.
NEW_CHANGES = frozenset({"new", "inserted"})
# Sections that retell the history: their course words ("intubated") are not events.
HISTORY_SECTIONS = ("INDICATION", "HISTORY", "CLINICAL", "REASON", "COMPARISON")


@dataclass(slots=True)
class MentionContext:
    start: int
    end: int
    sentence: tuple[int, int]
    reason: bool = False  # in the indication / history: a question, not a finding
    event: str | None = None  # "removed" or "resolved", said in its sentence
    comparison: bool = False  # its sentence looks back at a prior exam
    other: bool = False  # "other/another/additional ..." right before it
    new: bool = False  # "new ..." right before it ("no new hemorrhage")
    levels: frozenset[str] = frozenset()  # levels or segments of its clause or sub-heading
    several_sites: bool = False  # "at the sites described above"
    region: str = ""  # the exam's body region
    text: str = ""  # the report's text (shared, not copied)
    kinds: dict[tuple[str, str], str] | None = None  # the vocabulary's relation kinds
    sites: frozenset[str] = frozenset()  # "right middle and lower lobe pneumonia": both lobes
    spread: bool = False  # its site is a distribution word ("bibasilar edema"): GUIDELINE 2
    read: str | None = None  # the concept its sentence reads it as ("..., likely pneumonia")
    read_root: str | None = None  # that concept's top broader concept (a blocking key)
    replaced: bool = False  # a device its clause says was exchanged/replaced ("interval exchange")
    reads_findings: str = ""  # how its sentence reads findings before it as it (signs.py)
    anaphor: bool = False  # it points back ("this change", "the described mass"): restatement.py
    loose_site: bool = False  # its site is read from beyond its clause and sub-heading
    beside: bool | None = None  # next to its structure (True), in it (False), not said (None)


@dataclass(slots=True)
class MentionInfo:
    id: str
    order: int  # position in chronological (report, offset) order
    report: str
    report_idx: int
    date: datetime | None
    type: str
    text: str  # lower-cased
    tokens: tuple[str, ...]
    head: str
    concept: str | None
    concept_line: tuple[str, ...]  # concept and its broader concepts, nearest first
    site: str | None  # specified site (None: none or only the concept's default region)
    statement_site: str | None  # first anatomy as given (for normal/unremarkable statements)
    lat: str | None
    access: str | None
    assertion: str
    change: str | None
    generic_device: bool
    generic_statement: bool
    section: str | None
    context: str  # a short window of report text around the mention (embedding linker)
    related: frozenset[str] = frozenset()  # concepts related to this one (vocabulary)
    related_roots: tuple[str, ...] = ()  # their top broader concepts (blocking keys)
    durable: bool = False  # a permanent device or a chronic finding
    site_by_name: bool = False  # the site is only the concept's own ("hepatic" cyst)
    known: bool = True  # the concept is the vocabulary's (not a span's own words)
    sizes: tuple[float, ...] = ()  # its measurements, largest dimension in mm (GUIDELINE 10)
    ctx: MentionContext | None = None  # what the report says around it (context.py)
    # (what it was read from, the makes its words name): ``episodes.design``'s memo
    design_memo: tuple[tuple, dict[str, str]] | None = field(
        default=None, repr=False, compare=False
    )

    @property
    def root(self) -> str | None:
        return self.concept_line[-1] if self.concept_line else None

    def signature(self) -> tuple:
        """Everything but the report and time: members sharing it score alike."""
        c = self.ctx
        return (
            self.text,
            self.concept,
            self.site,
            self.lat,
            self.access,
            self.assertion,
            self.change,
            self.statement_site,
            (c.reason, c.levels, c.several_sites, c.event) if c else None,
        )

    @property
    def event(self) -> bool:
        """Its sentence says it was removed or resolved (an event of a real entity)."""
        return self.ctx is not None and self.ctx.event is not None
