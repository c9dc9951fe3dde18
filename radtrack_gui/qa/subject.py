"""The subject of a question: the chains it is about and the reports its time allows.

The question (``qa.question``) names concepts, a side, sites and a time; the chains whose
mentions carry those concepts (or narrower / related ones) are its subject, each with the
course events (``views.course``) inside the time window, strongest matches only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from radtrack_gui.core.model import DEVICE, Patient
from radtrack_gui.nlp.vocabulary import Vocabulary
from radtrack_gui.qa.question import Question, parse_question, resolve_time
from radtrack_gui.views.course import GONE, Event, chain_course

POSSIBLE = {"possible", "possibly present"}


@dataclass
class Hit:
    """A chain the question is about, and the events the time phrase allows."""

    chain: str
    score: float
    type: str
    events: list[Event]


def time_window(patient: Patient, q: Question, vocab: Vocabulary) -> set[str] | None:
    """Report ids the time phrase allows (None: no time phrase)."""
    if q.time is None:
        return None
    event_date = None
    anchor = parse_question(q.time.anchor, vocab)
    if anchor.concepts:  # "before the chest tube": when it was first there
        hits = find_hits(patient, anchor, vocab, None)
        seen = [e for h in hits for e in h.events if e.word not in GONE and e.date]
        if seen:
            event_date = min(e.date for e in seen)  # type: ignore[type-var]
    window = resolve_time(q.time, patient, event_date)
    if window is not None and event_date is not None and q.time.relation == "after":
        window |= {r.id for r in patient.reports if r.date_known and r.date == event_date}
    return window


def find_hits(
    patient: Patient, q: Question, vocab: Vocabulary, window: set[str] | None
) -> list[Hit]:
    """The chains ``q`` asks about, scored by how closely their concepts match, filtered
    by side and site, with their events inside ``window`` (None: all); the best only."""
    subject = q.concepts[:1] if q.intent != "present" else q.concepts
    if len(q.concepts) > 1 and q.intent in ("tip", "inserted", "removed", "repositioned"):
        devices = [
            c for c in q.concepts if vocab.concepts.get(c) and vocab.concepts[c].type == DEVICE
        ]
        subject = devices[:1] or subject
    scored: list[Hit] = []
    for chain in patient.chains.values():
        ms = [patient.mentions[m] for m in chain.mentions]
        names = {(m.concept or m.text).lower() for m in ms}
        score = max((_concept_score(vocab, qc, c) for qc in subject for c in names), default=0.0)
        if score < SURFACE:
            score = max(score, _surface_score(q, subject, ms))
        if score < GENERIC_IN_ORGAN:
            organ = _organ_score(vocab, subject, names, {a for m in ms for a in m.anatomy})
            if organ is None:  # a generic word placed in another organ only
                continue
            score = max(score, organ)
        if score <= 0:
            continue
        sides = [m.laterality for m in ms if m.laterality]
        side = max(set(sides), key=sides.count) if sides else None
        if q.side and side != q.side:
            if side == "bilateral" and q.side in ("left", "right"):
                score *= 0.8
            elif side is None:
                score *= 0.5
            else:
                continue
        if q.sites:
            anatomy = {a for m in ms for a in m.anatomy}
            if anatomy and not any(vocab.anatomy_related(a, s) for a in anatomy for s in q.sites):
                continue
        events = chain_course(patient, chain.id).events
        if window is not None:
            events = [e for e in events if e.report in window]
        if events:
            scored.append(Hit(chain.id, score, chain.type, events))
    if not scored:
        return []
    best = max(h.score for h in scored)
    for h in scored:
        h.events = [_read_event(patient, e) for e in h.events]
    return [h for h in scored if h.score >= best * 0.67]


_ASIDE = ("INDICATION", "HISTORY", "REASON", "CLINICAL", "COMPARISON", "TECHNIQUE")


def _read_event(patient: Patient, event: Event) -> Event:
    """A "possible" event whose only hedged mentions sit in the indication ("evaluate for
    fracture") while the findings negate it reads as absent."""
    if event.word not in POSSIBLE:
        return event
    ms = [patient.mentions[m] for m in event.mentions]
    body = [m for m in ms if not (m.section or "").upper().startswith(_ASIDE)]
    if body and all(m.assertion == "absent" for m in body):
        return Event(event.report, event.date, event.modality, "absent", event.mentions)
    return event


SURFACE = 2.5  # the question's own word is the word the report wrote


def _surface_score(q: Question, subject: list[str], ms: list) -> float:  # type: ignore[type-arg]
    """The report wrote the question's term for this chain ("hematoma" read as an
    intraparenchymal hemorrhage): as good as a narrower concept, though the two concepts
    differ in the vocabulary."""
    terms = {
        " ".join(t.lower().split())
        for c, t in zip(q.concepts, q.terms, strict=False)
        if c in subject and len(t) > 3
    }
    for m in ms:
        text = " ".join(m.text.lower().split())
        if any(text == t or text.endswith(" " + t) for t in terms):
            return SURFACE
    return 0.0


GENERIC_IN_ORGAN = 2.0  # "pancreatic mass" asked, "mass" in the pancreas written: a kind of it


def _organ_score(
    vocab: Vocabulary, subject: list[str], names: set[str], anatomy: set[str]
) -> float | None:
    """An organ's concept asked ("pancreatic mass": a lesion of the pancreas) and a chain
    named by a generic word ("mass", "lesion"): as good as a narrower concept when the chain
    lies in that organ; None (not this chain) when it lies in another organ only ("no
    additional lesion" in the liver); 0 when its places say neither (none, or the abdomen)."""
    outcome: float | None = 0.0
    for qc in subject:
        asked = vocab.concepts.get(qc)
        if asked is None or not asked.anatomy or not asked.broader:
            continue
        generic = [
            n
            for n in names
            if (found := vocab.concepts.get(n)) is not None
            and not found.anatomy
            and (n in vocab.broader_concepts(asked.broader) or vocab.is_related(asked.broader, n))
        ]
        if not generic:
            continue
        if any(vocab.is_part_of(a, asked.anatomy) for a in anatomy):
            return GENERIC_IN_ORGAN
        if any(not vocab.anatomy_related(a, asked.anatomy) for a in anatomy):
            outcome = None
    return outcome


def _concept_score(vocab: Vocabulary, asked: str, found: str) -> float:
    if asked == found:
        return 3.0
    if asked in vocab.broader_concepts(found):  # the chain is a kind of what was asked
        return 2.0
    if found in vocab.broader_concepts(asked):  # a broader word in the report
        return 1.5
    if vocab.is_related(asked, found):
        return 1.0
    return 0.0


def name_from_chains(patient: Patient, q: Question) -> None:
    """A question whose words the vocabulary does not name ("lymph node") is about what the
    reports call by those words: the longest mention concept of this patient written whole
    in the question (a plural too) becomes its concept, and the question's term."""
    if q.concepts:
        return
    text = " ".join(q.text.lower().split())
    names = {
        (m.concept or "").lower() for m in patient.mentions.values() if len(m.concept or "") > 3
    }
    found = [n for n in names if re.search(rf"\b{re.escape(n)}(?:s|es)?\b", text)]
    if found:
        name = max(found, key=len)
        q.concepts.append(name)
        q.terms.append(name)
