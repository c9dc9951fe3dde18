"""Mentions prepared once for pair scoring (``MentionInfo``): normalized text, head word,
concept line, specified site, side, access site, course markers and the report context.
``prepare`` builds them for a patient; ``features.py`` compares two."""

from __future__ import annotations

import re

from radtrack_gui.core.model import DEVICE, Mention, Patient
from radtrack_gui.nlp.linkers.compounds import compound_reading
from radtrack_gui.nlp.linkers.context import enrich as read_contexts
from radtrack_gui.nlp.linkers.device_readings import resolve_defined
from radtrack_gui.nlp.linkers.device_words import resolve_parts, resolve_procedures
from radtrack_gui.nlp.linkers.info import MentionInfo
from radtrack_gui.nlp.linkers.sites import default_site, sided_site, specified_site
from radtrack_gui.nlp.linkers.tips import resolve_tips
from radtrack_gui.nlp.linkers.uptake import fold_uptake
from radtrack_gui.nlp.vocabulary import Vocabulary, singular_name, vocabulary

# Words that, alone, only continue a device named elsewhere ("the tube", "catheter tip").
GENERIC_DEVICE_WORDS = frozenset(
    {
        "line",
        "tube",
        "catheter",
        "tip",
        "drain",
        "wire",
        "lead",
        "device",
        "cannula",
        "sheath",
        "filter",
    }
)
# The vocabulary's concept for a device word that names no kind ("the catheter").
UNSPECIFIED = "unspecified device"
# Concept or head words of "normal"/"unremarkable" statements (tracked per structure).
GENERIC_STATEMENT_WORDS = frozenset({"normal", "unremarkable"})
# Course markers (Mention.change).
# A device chain ends with "removed" (the extractor also marks it absent). "withdrawn" is a
# position update in our cue tables ("pulled back", "retracted", "more proximal"), so it
# does not end a chain unless a linker is told so (``device_end_changes``).
DEVICE_END_CHANGES = frozenset({"removed"})
FINDING_END_CHANGES = frozenset({"resolved"})
# Access sites of lines and catheters: name -> words that name it (text or anatomy).
ACCESS_SITES: tuple[tuple[str, frozenset[str]], ...] = (
    ("internal jugular", frozenset({"jugular", "ij", "ijv"})),
    ("subclavian", frozenset({"subclavian"})),
    ("femoral", frozenset({"femoral"})),
    ("arm", frozenset({"picc", "basilic", "brachial", "cephalic", "arm"})),
)
SIDES = ("left", "right", "bilateral")
# Words that may stand beside a bare device word without naming the device.
FILLER_WORDS = frozenset(
    {*SIDES, "sided", "the", "a", "an", "this", "that", "its", "of", *("in", "place", "situ")}
)
# Words after a thing that say where it stands, not what it is: "catheter in place", "AVM
# site" name the catheter and the AVM.
_STATUS_TAILS = (("in", "place"), ("in", "situ"), ("site",), ("location",))
TWO_YEARS = 730.0
# Words of a span that count or place along a thing but do not name it.
COUNT_WORDS = frozenset(
    {"one", "two", "three", "four", "five", "both", "multiple", "several", "distal", "proximal"}
)

_WORD = re.compile(r"[a-z0-9]+")


def _without_status(tokens: list[str]) -> list[str]:
    """``tokens`` without a closing word of where the thing stands ("in place", "site")."""
    for tail in _STATUS_TAILS:
        if len(tokens) > len(tail) and tuple(tokens[-len(tail) :]) == tail:
            return tokens[: -len(tail)]
    return tokens


def own_words_concept(words: str) -> str:
    """An unknown concept (a span's own words) without counts, the part of the thing and
    where it stands ("2 distal leads" and "2 leads": "lead"; "catheter in place":
    "catheter"; "AVM site": "avm"), its last word singular."""
    kept = _without_status(
        [t for t in _WORD.findall(words) if not t.isdigit() and t not in COUNT_WORDS]
    )
    if not kept:
        return words
    return " ".join([*kept[:-1], singular_name(kept[-1])])


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


_SIZE = re.compile(
    r"(\d+(?:\.\d+)?)(?:\s*(?:x|×|by)\s*(\d+(?:\.\d+)?))*\s*(mm|cm|millimet|centimet)"
)


def sizes_mm(measurements: list[str]) -> tuple[float, ...]:
    """Every dimension of each length measurement in mm ("3.2 x 2.1 cm" -> 32.0, 21.0: a
    node may be given by its short axis once and by both axes elsewhere); volumes ("5 ml")
    are left out."""
    out: list[float] = []
    for text in measurements:
        m = _SIZE.search(text.lower())
        if m is None:
            continue
        numbers = [float(x) for x in re.findall(r"\d+(?:\.\d+)?", text[: m.end()])]
        scale = 10.0 if m.group(3).startswith(("cm", "centimet")) else 1.0
        out.extend(round(n * scale, 1) for n in numbers)
    return tuple(out)


def mention_order(patient: Patient, order: dict[str, int] | None = None) -> list[str]:
    """Mention ids in report order, then text order (the order of ``Patient.set_chains``).
    ``order``: the report index when the caller has it (a slice of a longer patient)."""
    order = patient.report_index() if order is None else order
    ms = sorted(
        patient.mentions.values(),
        key=lambda m: (order.get(m.report, 1 << 30), m.start, m.end, m.id),
    )
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


def prepare(
    patient: Patient,
    vocab: Vocabulary | None = None,
    enrich: bool = True,
    *,
    report_order: dict[str, int] | None = None,
    numbered_from: int = 0,
) -> list[MentionInfo]:
    """Prepared mentions of ``patient`` in chronological order.

    With ``enrich``, mentions that carry no attributes (gold brat spans) take them from the
    rule extractor's overlapping mention (``predicted_attributes``). Everything is read
    from the mention's own report, so a slice of a patient (some of its reports and their
    mentions) prepares as in the whole: ``report_order`` is then the whole patient's
    report index and ``numbered_from`` the number of mentions in the reports before the
    slice (their ``order`` continues from it)."""
    v = vocab or vocabulary()
    order = patient.report_index() if report_order is None else report_order
    reports = {r.id: r for r in patient.reports}
    predicted = predicted_attributes(patient) if enrich else {}
    out: list[MentionInfo] = []
    for n, mid in enumerate(mention_order(patient, order), numbered_from):
        m = patient.mentions[mid]
        src = predicted.get(mid, m)
        report = reports.get(m.report)
        text = m.text.lower().strip()
        tokens = tuple(_WORD.findall(text))
        head = singular_name(_without_status(list(tokens))[-1]) if tokens else text
        concept = src.concept.lower() if src.concept else None
        if concept is None:
            found = v.concept_of(text)
            concept = found.name if found else None
        concept = v.canonical.get(concept, concept) if concept else None
        if concept and concept not in v.concepts:
            concept = own_words_concept(concept)
            # a span naming only a structure ("pulmonary vascularity" / "vasculature")
            concept = v.anatomy_terms.get(concept, concept)
        # "spondylodegenerative changes", "coxarthrosis": a finding at a combining form's
        # structure (compounds.py)
        compound = (
            compound_reading(concept or text, v)
            if m.type != DEVICE and (concept is None or concept not in v.concepts)
            else None
        )
        if compound is not None:
            concept = compound[0]
        line = tuple(v.broader_concepts(concept)) if concept else ()
        anatomy = [a.lower() for a in src.anatomy]
        said = anatomy[0] if anatomy else (compound[1] if compound is not None else None)
        lat = src.laterality or _laterality_of(v, said)
        site = sided_site(v, specified_site(v, concept, tokens, said), lat)
        generic_statement = bool(
            (concept and (concept in GENERIC_STATEMENT_WORDS or concept.startswith("normal ")))
            or head in GENERIC_STATEMENT_WORDS
        )
        generic_device = (
            m.type == DEVICE
            and head in GENERIC_DEVICE_WORDS
            and (concept is None or concept in GENERIC_DEVICE_WORDS or concept == UNSPECIFIED)
            and all(t in GENERIC_DEVICE_WORDS or t in FILLER_WORDS for t in tokens)
        )
        related = v.related_to(concept)
        roots = tuple(dict.fromkeys(v.broader_concepts(r)[-1] for r in sorted(related)))
        context = ""
        if report is not None:
            lo, hi = max(0, m.start - 80), min(len(report.text), m.end + 80)
            context = " ".join(report.text[lo:hi].split())
        out.append(
            MentionInfo(
                id=mid,
                order=n,
                report=m.report,
                report_idx=order.get(m.report, 1 << 30),
                date=report.date if report is not None and report.date else None,
                type=m.type,
                text=text,
                tokens=tokens,
                head=head,
                concept=concept,
                concept_line=line,
                site=site,
                statement_site=said,
                lat=lat,
                access=_access_of(tokens, anatomy) if m.type == DEVICE else None,
                assertion=src.assertion or "present",
                change=(src.change or "").lower() or None,
                generic_device=generic_device,
                generic_statement=generic_statement,
                section=src.section or (report.section_at(m.start) if report else None),
                context=context,
                related=related,
                related_roots=roots,
                durable=v.is_durable(concept),
                site_by_name=site is not None and default_site(v, concept, site),
                known=concept is None or concept in v.concepts,
                sizes=sizes_mm(src.measurements) if m.type != DEVICE else (),
            )
        )
    spans = {i.id: patient.mentions[i.id].span for i in out}
    read_contexts(out, spans, reports, v)
    resolve_tips(out, spans, reports)
    resolve_defined(out, spans, reports)  # "total endoprosthesis (TEP)" (device_readings.py)
    resolve_parts(out, spans, reports)  # "loop of the catheter" (device_words.py)
    resolve_procedures(out, spans, reports)  # "status post clipping ... the clip"
    fold_uptake(out)  # "the mass is FDG avid": the uptake stands for the mass (uptake.py)
    return out
