"""Pair features shared by the knowledge and the trainable linkers.

Every mention is prepared once (``MentionInfo``: normalized text, head word, concept line,
specified site, side, access site, course markers). A pair of prepared mentions then gives

- ``conflict(a, b)``: a hard reason why the two can never be one chain (GUIDELINE: location,
  hierarchy, laterality, generic statements per structure, access sites, unrelated concepts);
- ``features(a, b)``: a fixed-length vector (``FEATURES``) that a linear scorer weighs;
- ``evidence(a, b, x)``: the readable reasons behind a score.

Course rules that need the whole chain (removal, resolution, recurrence) live in
``clustering.py``.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import datetime

from radtrack_gui.core.model import DEVICE, Mention, Patient
from radtrack_gui.nlp.linkers.context import (
    MentionContext,
    continues,
    explained,
    pair_conflict,
)
from radtrack_gui.nlp.linkers.context import enrich as read_contexts
from radtrack_gui.nlp.linkers.names import abbreviation_match
from radtrack_gui.nlp.vocabulary import Vocabulary, vocabulary

# Words that, alone, only continue a device named elsewhere ("the tube", "catheter tip").
GENERIC_DEVICE_WORDS = frozenset({
    "line", "tube", "catheter", "tip", "drain", "wire", "lead", "device", "cannula", "sheath",
    "filter",
})
# Concept or head words of "normal"/"unremarkable" statements (tracked per structure).
GENERIC_STATEMENT_WORDS = frozenset({"normal", "unremarkable"})
# Course markers (Mention.change).
# A device chain ends with "removed" (the extractor also marks it absent). "withdrawn" is a
# position update in our cue tables ("pulled back", "retracted", "more proximal"), so it
# does not end a chain unless a linker is told so (``device_end_changes``).
DEVICE_END_CHANGES = frozenset({"removed"})
FINDING_END_CHANGES = frozenset({"resolved"})
NEW_CHANGES = frozenset({"new", "inserted"})
# Access sites of lines and catheters: name -> words that name it (text or anatomy).
ACCESS_SITES: tuple[tuple[str, frozenset[str]], ...] = (
    ("internal jugular", frozenset({"jugular", "ij", "ijv"})),
    ("subclavian", frozenset({"subclavian"})),
    ("femoral", frozenset({"femoral"})),
    ("arm", frozenset({"picc", "basilic", "brachial", "cephalic", "arm"})),
)
SIDES = ("left", "right", "bilateral")
# Sections that retell the history: their course words ("intubated") are not events.
HISTORY_SECTIONS = ("INDICATION", "HISTORY", "CLINICAL", "REASON", "COMPARISON")
# Words that may stand beside a bare device word without naming the device.
FILLER_WORDS = frozenset({*SIDES, "sided", "the", "a", "an", "this", "that", "its", "of"})
TWO_YEARS = 730.0

FEATURES: tuple[str, ...] = (
    "same_text",          # identical lower-cased text
    "same_concept",       # same normalized concept (synonyms, abbreviations in the vocabulary)
    "broader_concept",    # one concept is a broader/narrower kind of the other
    "same_head",          # same head word (singular)
    "abbreviation",       # one text abbreviates the other, concepts not already the same
    "generic_device",     # a bare "tube"/"line"/"tip" continuing a named device
    "generic_statement",  # two "normal/unremarkable" statements about one structure
    "same_site",          # same specified anatomical site
    "site_unspecified",   # at least one has no specific site
    "same_laterality",    # same side given on both
    "same_access",        # same device access site given on both
    "same_report",        # both in one report
    "within_2_weeks",     # exam times at most 14 days apart
    "gap_log",            # log(1 + days) / log(1 + 730), capped at 1.5
    "gap_unknown",        # at least one report is undated
    "absent_continuation",  # one negated, the other positive
    "both_absent",        # both negated
    "hedged",             # one hedged (possible), the other confirmed
    "new_marker",         # the later one is new/inserted, in a later report (not history)
    "is_device",          # both devices
    "related_concept",    # related concepts: a descriptive and a diagnostic term for one process
    "durable_gap",        # gap_log again when both are durable (permanent device, chronic finding)
    "explained",          # one sentence reads the descriptive word as the other ("... represents")
)
INDEX = {name: i for i, name in enumerate(FEATURES)}

_WORD = re.compile(r"[a-z0-9]+")


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
    ctx: MentionContext | None = None  # what the report says around it (context.py)

    @property
    def root(self) -> str | None:
        return self.concept_line[-1] if self.concept_line else None

    def signature(self) -> tuple:
        """Everything but the report and time: members sharing it score alike."""
        c = self.ctx
        return (self.text, self.concept, self.site, self.lat, self.access, self.assertion,
                self.change, self.statement_site,
                (c.reason, c.levels, c.several_sites, c.event) if c else None)

    @property
    def event(self) -> bool:
        """Its sentence says it was removed or resolved (an event of a real entity)."""
        return self.ctx is not None and self.ctx.event is not None


def singular(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith("sses"):
        return word[:-2]
    if (len(word) > 3 and word.endswith("s")
            and not word.endswith(("ss", "us", "is", "ax", "xs"))):
        return word[:-1]
    return word


def _laterality_of(v: Vocabulary, name: str | None) -> str | None:
    """The side a structure's name gives ("left pleura", "bibasilar" -> bilateral)."""
    if not name:
        return None
    by_vocab = getattr(v, "laterality_of", None)
    if by_vocab is not None:
        return by_vocab(name)
    first = name.split(" ", 1)[0]
    return first if first in SIDES else None


def _access_of(tokens: tuple[str, ...], anatomy: list[str]) -> str | None:
    words = set(tokens)
    for name in anatomy:
        words.update(_WORD.findall(name.lower()))
    for site, names in ACCESS_SITES:
        if words & names:
            return site
    return None


def mention_order(patient: Patient) -> list[str]:
    """Mention ids in report order, then text order (the order of ``Patient.set_chains``)."""
    order = patient.report_index()
    ms = sorted(patient.mentions.values(),
                key=lambda m: (order.get(m.report, 1 << 30), m.start, m.end, m.id))
    return [m.id for m in ms]


def is_bare(m: Mention) -> bool:
    """A mention with a span and a type only (gold brat mentions): no attributes."""
    return m.concept is None and not m.anatomy and m.laterality is None and m.change is None


def predicted_attributes(patient: Patient) -> dict[str, Mention]:
    """For bare mentions: the rule extractor's mention overlapping each one most (its
    concept, anatomy, side, assertion and change stand in for the missing attributes).
    Empty when no mention is bare or the extractor is not available."""
    bare: dict[str, list[Mention]] = {}
    for m in patient.mentions.values():
        if is_bare(m):
            bare.setdefault(m.report, []).append(m)
    if not bare:
        return {}
    from radtrack_gui.core.errors import InputError
    from radtrack_gui.nlp.registry import get_extractor

    try:
        extractor = get_extractor("rules", questions=True)  # reasons for the exam too
    except InputError:
        return {}
    out: dict[str, Mention] = {}
    for report in patient.reports:
        if report.id not in bare:
            continue
        found = extractor.extract(report)
        for m in bare[report.id]:
            best, best_key = None, None
            for p in found:
                overlap = min(m.end, p.end) - max(m.start, p.start)
                if overlap <= 0:
                    continue
                key = (p.type == m.type, overlap, -abs((p.end - p.start) - (m.end - m.start)))
                if best_key is None or key > best_key:
                    best, best_key = p, key
            if best is not None and best.type == m.type:
                out[m.id] = best
    return out


def _is_region(v: Vocabulary, site: str) -> bool:
    """A body region (thorax, abdomen, head...): the exam's region, not a location."""
    return v.parent.get(site, "") in ("", "body")


def _names_structure(v: Vocabulary, tokens: tuple[str, ...], site: str) -> bool:
    """The mention's own words name ``site`` or a structure around or inside it."""
    for n in (1, 2, 3):
        for i in range(len(tokens) - n + 1):
            name = v.anatomy_terms.get(" ".join(tokens[i:i + n]))
            if name and v.anatomy_related(name, site):
                return True
    return False


def specified_site(v: Vocabulary, concept: str | None, tokens: tuple[str, ...],
                   first: str | None) -> str | None:
    """The mention's location when it says more than the concept's own region.

    "effusion" at the pleura (the concept's default) or a lesion in the abdomen (the exam's
    region) has no specific site; "skull fracture" names the skull in its own words, so the
    skull is its site (a fracture of a skull region is another chain)."""
    if not first:
        return None
    c = v.concepts.get(concept) if concept else None
    if c is not None and c.anatomy:
        if first in v.anatomy_ancestors(c.anatomy) and not _names_structure(v, tokens, first):
            return None
        return first
    return None if _is_region(v, first) else first


def _default_site(v: Vocabulary, concept: str | None, site: str) -> bool:
    """``site`` is the concept's default structure (or it with a side, or around it)."""
    c = v.concepts.get(concept) if concept else None
    if c is None or not c.anatomy:
        return False
    return site in v.anatomy_ancestors(c.anatomy) or side_split(v, site, c.anatomy)


def _region(v: Vocabulary, site: str) -> str:
    chain = v.anatomy_ancestors(site)
    return chain[-2] if len(chain) >= 2 else site


def side_split(v: Vocabulary, a: str, b: str) -> bool:
    """One site is the other with a side ("left pleura" / "pleura"): not a sub-part."""
    for x, y in ((a, b), (b, a)):
        first, _, rest = x.partition(" ")
        if first in ("left", "right") and (y == rest or v.parent.get(x) == y):
            return True
    return False


def prepare(patient: Patient, vocab: Vocabulary | None = None,
            enrich: bool = True) -> list[MentionInfo]:
    """Prepared mentions of ``patient`` in chronological order.

    With ``enrich``, mentions that carry no attributes (gold brat spans) take them from the
    rule extractor's overlapping mention (``predicted_attributes``)."""
    v = vocab or vocabulary()
    order = patient.report_index()
    reports = {r.id: r for r in patient.reports}
    predicted = predicted_attributes(patient) if enrich else {}
    out: list[MentionInfo] = []
    for n, mid in enumerate(mention_order(patient)):
        m = patient.mentions[mid]
        src = predicted.get(mid, m)
        report = reports.get(m.report)
        text = m.text.lower().strip()
        tokens = tuple(_WORD.findall(text))
        head = singular(tokens[-1]) if tokens else text
        concept = src.concept.lower() if src.concept else None
        if concept is None:
            found = v.concept_of(text)
            concept = found.name if found else None
        concept = v.canonical.get(concept, concept) if concept else None
        line = tuple(v.broader_concepts(concept)) if concept else ()
        anatomy = [a.lower() for a in src.anatomy]
        first = anatomy[0] if anatomy else None
        site = specified_site(v, concept, tokens, first)
        lat = src.laterality or _laterality_of(v, first)
        generic_statement = bool(
            (concept and (concept in GENERIC_STATEMENT_WORDS or concept.startswith("normal ")))
            or head in GENERIC_STATEMENT_WORDS)
        generic_device = (m.type == DEVICE and head in GENERIC_DEVICE_WORDS
                          and (concept is None or concept in GENERIC_DEVICE_WORDS)
                          and all(t in GENERIC_DEVICE_WORDS or t in FILLER_WORDS
                                  for t in tokens))
        related = v.related_to(concept)
        roots = tuple(dict.fromkeys(v.broader_concepts(r)[-1] for r in sorted(related)))
        context = ""
        if report is not None:
            lo, hi = max(0, m.start - 80), min(len(report.text), m.end + 80)
            context = " ".join(report.text[lo:hi].split())
        out.append(MentionInfo(
            id=mid, order=n, report=m.report, report_idx=order.get(m.report, 1 << 30),
            date=report.date if report is not None and report.date else None,
            type=m.type, text=text, tokens=tokens, head=head, concept=concept,
            concept_line=line, site=site, statement_site=first, lat=lat,
            access=_access_of(tokens, anatomy) if m.type == DEVICE else None,
            assertion=src.assertion or "present", change=(src.change or "").lower() or None,
            generic_device=generic_device, generic_statement=generic_statement,
            section=src.section or (report.section_at(m.start) if report else None),
            context=context, related=related, related_roots=roots,
            durable=v.is_durable(concept),
            site_by_name=site is not None and _default_site(v, concept, site),
        ))
    read_contexts(out, {i.id: patient.mentions[i.id].span for i in out}, reports, v)
    return out


def concepts_related(a: MentionInfo, b: MentionInfo) -> str:
    """"same", "broader" (one is a kind of the other), "related" (a descriptive and a
    diagnostic term for one process), "" (unrelated) or "unknown"."""
    if a.concept is None or b.concept is None or a.generic_device or b.generic_device:
        return "unknown"
    if a.concept == b.concept:
        return "same"
    if a.concept in b.concept_line or b.concept in a.concept_line:
        return "broader"
    if b.concept in a.related or a.concept in b.related:
        return "related"
    return ""


def gap_days(a: MentionInfo, b: MentionInfo) -> float | None:
    if a.report == b.report:
        return 0.0
    if a.date is None or b.date is None:
        return None
    return abs((b.date - a.date).total_seconds()) / 86400.0


# -- hard constraints ------------------------------------------------------------------
def conflict(a: MentionInfo, b: MentionInfo, vocab: Vocabulary | None = None) -> str | None:
    """Why ``a`` and ``b`` can never be in one chain, or None."""
    if a.type != b.type:
        return f"{a.type} vs {b.type}"
    if a.lat and b.lat and a.lat != b.lat:
        return f"{a.lat} vs {b.lat}"
    v = vocab or vocabulary()
    reason = pair_conflict(a, b, v, gap_days(a, b))
    if reason:
        return reason
    rel = concepts_related(a, b)
    if rel == "":
        return f"different concepts '{a.concept}' vs '{b.concept}'"
    if a.generic_statement or b.generic_statement:
        if not (a.generic_statement and b.generic_statement):
            return "normal statement vs finding"
        if not a.statement_site or a.statement_site != b.statement_site:
            return (f"normal statements about different structures "
                    f"'{a.statement_site or '?'}' vs '{b.statement_site or '?'}'")
    if a.type == DEVICE:
        if a.access and b.access and a.access != b.access:
            return f"different access '{a.access}' vs '{b.access}'"
        return None
    if a.site and b.site and a.site != b.site:
        if side_split(v, a.site, b.site):
            return None
        if (rel == "related" and (a.site_by_name or b.site_by_name)
                and _region(v, a.site) == _region(v, b.site)):
            # "collection along the convexity ... subdural hematoma": the diagnostic term
            # names its own structure, the descriptive one where it was seen
            return None
        if v.anatomy_related(a.site, b.site):
            return f"sub-part vs whole: '{a.site}' vs '{b.site}'"
        return f"different site '{a.site}' vs '{b.site}'"
    return None


# -- features --------------------------------------------------------------------------
def features(a: MentionInfo, b: MentionInfo) -> list[float]:
    """The feature vector of a pair (``a`` earlier than ``b``), aligned with FEATURES."""
    x = [0.0] * len(FEATURES)
    rel = concepts_related(a, b)
    x[0] = float(a.text == b.text)
    x[1] = float(rel == "same")
    x[2] = float(rel == "broader")
    x[3] = float(a.head == b.head)
    x[4] = float(rel != "same" and a.text != b.text and abbreviation_match(a.tokens, b.tokens))
    g, named = (b, a) if b.generic_device else (a, b)
    if (a.type == DEVICE and g.generic_device and not named.generic_device
            and (g is b or a.report == b.report)):
        # a bare "tube"/"line"/"tip" continuing a named device (a later one, or one of the
        # same report: "catheter with its tip in the SVC")
        x[5] = float(continues(g.head, named.tokens, named.concept_line))
    x[6] = float(a.generic_statement and b.generic_statement)
    x[7] = float(a.site is not None and a.site == b.site)
    x[8] = float(a.site is None or b.site is None)
    x[9] = float(a.lat is not None and a.lat == b.lat)
    x[10] = float(a.access is not None and a.access == b.access)
    x[11] = float(a.report == b.report)
    days = gap_days(a, b)
    if days is None:
        x[14] = 1.0
    else:
        x[12] = float(days <= 14.0)
        x[13] = min(1.5, math.log1p(days) / math.log1p(TWO_YEARS))
    a_abs, b_abs = a.assertion == "absent", b.assertion == "absent"
    x[15] = float(a_abs != b_abs)
    x[16] = float(a_abs and b_abs)
    x[17] = float({a.assertion, b.assertion} == {"possible", "present"})
    x[18] = float(b.change in NEW_CHANGES and a.report != b.report
                  and not (b.section or "").upper().startswith(HISTORY_SECTIONS))
    x[19] = float(a.type == DEVICE)
    x[20] = float(rel == "related")
    if a.durable and b.durable:
        x[21] = x[13]
    x[22] = float(rel in ("related", "broader") and explained(a, b))
    return x


def evidence(a: MentionInfo, b: MentionInfo, x: list[float]) -> list[str]:
    """Readable reasons for a pair's score (``a`` the earlier member, ``b`` the newcomer)."""
    out: list[str] = []
    if x[INDEX["same_concept"]]:
        if x[INDEX["same_text"]]:
            out.append(f"same concept '{a.concept}'")
        else:
            out.append(f"same concept '{a.concept}' ('{b.text}' ~ '{a.text}')")
    elif x[INDEX["broader_concept"]]:
        out.append(f"broader/narrower concept '{a.concept}' ~ '{b.concept}'")
    elif x[INDEX["related_concept"]]:
        kinds = (a.ctx.kinds if a.ctx else None) or {}
        kind = kinds.get((a.concept or "", b.concept or ""), "")
        out.append(f"related concepts{f' ({kind})' if kind else ''} "
                   f"'{a.concept}' ~ '{b.concept}'")
    if x[INDEX["explained"]]:
        out.append("read as one in the same sentence")
    elif x[INDEX["same_text"]]:
        out.append(f"same text '{a.text}'")
    if x[INDEX["abbreviation"]]:
        out.append(f"abbreviation '{b.text}' ~ '{a.text}'")
    if x[INDEX["generic_device"]]:
        g, named = (b, a) if b.generic_device else (a, b)
        out.append(f"'{g.text}' continues '{named.text}'")
    if x[INDEX["generic_statement"]]:
        out.append(f"normal statement about '{a.statement_site}'")
    if (x[INDEX["same_head"]] and not x[INDEX["same_text"]]
            and not x[INDEX["same_concept"]]):
        out.append(f"same head word '{a.head}'")
    if x[INDEX["same_site"]]:
        out.append(f"site '{a.site}'")
    if x[INDEX["same_laterality"]]:
        out.append(str(a.lat))
    if x[INDEX["same_access"]]:
        out.append(f"access '{a.access}'")
    if x[INDEX["absent_continuation"]] and b.assertion == "absent":
        out.append("negated: continues as resolution/removal")
    if x[INDEX["hedged"]]:
        out.append("hedged vs confirmed")
    if x[INDEX["same_report"]]:
        out.append(f"same report as {a.id}")
    else:
        days = gap_days(a, b)
        out.append(f"after {a.id} (undated)" if days is None
                   else f"{_days_text(days)} after {a.id}")
        if x[INDEX["durable_gap"]]:
            out.append("durable: the gap counts less")
    return out


def _days_text(days: float) -> str:
    if days < 1:
        return f"{days * 24:.0f} h"
    if days < 1.5:
        return "1 day"
    return f"{days:.0f} days"
