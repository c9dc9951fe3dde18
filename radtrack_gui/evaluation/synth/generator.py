"""A synthetic benchmark: longitudinal patients with gold chains, in brat format.

Each patient lives through a simulated course: exams of several modalities at realistic
intervals, findings that appear, change, resolve and sometimes recur (a new chain), devices
that are placed, repositioned, removed and sometimes re-inserted (a new chain), routine
negatives, "normal" statements per structure, incidental one-off findings. Reports are
written from the template tables of ``synth_templates`` (sections, paraphrase, synonyms,
abbreviations, hedges, negations) and every mention is recorded with its exact offsets and
its gold chain, following ../shared/GUIDELINE.md.

Deterministic: the same ``seed`` gives byte-identical output. Depends only on core.model.
"""

from __future__ import annotations

import json
import math
import os
import random
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from itertools import pairwise
from pathlib import Path
from typing import Any

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import SOURCE_GOLD, Mention, Patient, Report, Section
from radtrack_gui.evaluation.synth import templates as T
from radtrack_gui.util.atomic import atomic_folder, write_private

MAX_REPORTS = 35
TOKEN_RX = re.compile(r"\w+(?:[-'/.]\w+)*|[^\w\s]")
_SLOT = re.compile(r"\{(\w+)\}")
_MENTION_SLOTS = {"T", "T2", "tip"}


# -- the simulated world ------------------------------------------------------------------


@dataclass
class Entity:
    """One gold chain in the making: a finding or device of one patient."""

    uid: int
    kind: T.Kind
    place: T.Place
    house: str  # the term this patient's radiologists mostly use for it
    size: str
    born: int  # report index of its first mention
    active: bool = True
    ended_at: int = -1  # report index where it resolved or was removed
    malpositioned: bool = False
    mentions: list[str] = field(default_factory=list)
    course: str = ""  # overrides kind.course for normals/negatives/incidentals
    label: str = ""

    @property
    def type(self) -> str:
        return self.kind.type


@dataclass
class Piece:
    text: str
    entity: Entity | None = None
    assertion: str = "present"
    change: str | None = None


class ReportWriter:
    """Builds one report's text from templates, recording mention spans exactly."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.pieces: list[Piece] = []
        self.sections: list[tuple[str, int, int]] = []
        self._section: tuple[str, int] | None = None

    # plain text
    def text(self, s: str) -> None:
        if not s:
            return
        last = self.pieces[-1] if self.pieces else None
        if s[0] == "\n" and last is not None and last.entity is None:
            last.text = last.text.rstrip(" ")
        self.pieces.append(Piece(s))

    def length(self) -> int:
        return sum(len(p.text) for p in self.pieces)

    def begin_section(self, name: str, inline: bool) -> None:
        self.end_section()
        self._section = (name, self.length())
        self.text(f"{name}:" + (" " if inline else "\n"))

    def end_section(self) -> None:
        if self._section:
            name, start = self._section
            self.sections.append((name, start, self.length()))
            self._section = None

    def sentence(self, template: str, slots: dict[str, str],
                 mentions: dict[str, Piece]) -> None:
        """Fill ``template``; ``mentions`` maps mention slots (T, T2, tip) to pieces."""
        out: list[Piece] = []
        pos = 0
        for m in _SLOT.finditer(template):
            out.append(Piece(template[pos:m.start()]))
            name = m.group(1)
            if name in _MENTION_SLOTS:
                src = mentions[name]
                out.append(Piece(src.text, src.entity, src.assertion, src.change))
            else:
                value = slots.get(name.lower(), "")
                if name[0].isupper() and value:
                    value = value[0].upper() + value[1:]
                out.append(Piece(value))
            pos = m.end()
        out.append(Piece(template[pos:]))
        self.pieces.extend(_tidy(out))
        self.text(" ")


def _tidy(pieces: list[Piece]) -> list[Piece]:
    """Merge text pieces, collapse empty slots' spaces, fix articles, capitalise."""
    merged: list[Piece] = []
    for p in pieces:
        if p.entity is None and merged and merged[-1].entity is None:
            merged[-1] = Piece(merged[-1].text + p.text)
        elif p.entity is not None or p.text:
            merged.append(p)
    for i, p in enumerate(merged):
        if p.entity is not None:
            continue
        t = re.sub(r" {2,}", " ", p.text)
        t = re.sub(r" +([.,;:])", r"\1", t)
        t = re.sub(r"([,:]){2,}", r"\1", t)
        if i == 0:
            t = t.lstrip()
        nxt = merged[i + 1].text if i + 1 < len(merged) else ""
        t = re.sub(r"\b([Aa]) (?=[aeiouAEIOU8]|11\b|18\b|[FHLMNRSX][A-Z])", r"\1n ", t)
        if re.search(r"\b[Aa] $", t) and re.match(r"[aeiouAEIOU8]|[FHLMNRSX][A-Z]", nxt):
            t = t[:-1] + "n "
        p.text = t
    merged = [p for p in merged if p.text]
    for i, p in enumerate(merged):  # agreement with plural names ("effusions are")
        if p.entity is None or not _plural(p.text):
            continue
        if i > 0 and merged[i - 1].entity is None:
            prev = merged[i - 1]
            prev.text = re.sub(r"\b(?:[Aa]n?) ((?:[\w-]+ ){0,3})$", r"\1", prev.text)
            prev.text = re.sub(r"\b([Tt]here) is ((?:[\w-]+ ){0,3})$", r"\1 are \2",
                               prev.text)
        if i + 1 < len(merged) and merged[i + 1].entity is None:
            nxt = merged[i + 1]
            nxt.text = re.sub(r"^((?: [\w-]+){0,6}?) (is|has|appears|remains|was)\b",
                              lambda m: f"{m[1]} {_PLURAL_VERB[m[2]]}", nxt.text, count=1)
    merged = [p for p in merged if p.text]
    if merged:
        merged[0].text = merged[0].text[0].upper() + merged[0].text[1:]
    return merged


_PLURAL_VERB = {"is": "are", "has": "have", "appears": "appear", "remains": "remain",
                "was": "were"}


def _plural(term: str) -> bool:
    last = term.lower().split(" of ")[0].split()[-1]
    if term.lower().startswith("dilated loops") or last == "diverticula":
        return True
    return last.endswith("s") and not last.endswith(("ss", "is", "us", "ascites", "ptx"))


# -- sampling helpers -----------------------------------------------------------------------


def _weighted(rng: random.Random, items: Sequence[Any], weights: Sequence[float]) -> Any:
    return rng.choices(list(items), weights=list(weights), k=1)[0]


def _poisson(rng: random.Random, lam: float) -> int:
    limit, k, p = math.exp(-lam), 0, rng.random()
    while p > limit:
        k += 1
        p *= rng.random()
    return k


def _n_reports(rng: random.Random) -> int:
    """1-35 reports, mean about 10, long right tail."""
    return max(1, min(MAX_REPORTS, round(math.exp(rng.gauss(1.95, 0.78)))))


def _gap(rng: random.Random) -> timedelta:
    """Time to the next exam: hours (ICU) to two years; most within two weeks."""
    r = rng.random()
    if r < 0.32:
        return timedelta(hours=rng.uniform(3, 20))
    if r < 0.77:
        return timedelta(days=rng.uniform(1, 7))
    if r < 0.89:
        return timedelta(days=rng.uniform(7, 30))
    if r < 0.965:
        return timedelta(days=rng.uniform(30, 180))
    return timedelta(days=rng.uniform(180, 760))


def _modality_name(exam: T.Exam) -> str:
    return f"{exam.modality}/{exam.region}"


# -- one patient ------------------------------------------------------------------------


class PatientSim:
    def __init__(self, rng: random.Random, pid: str) -> None:
        self.rng = rng
        self.pid = pid
        self.entities: list[Entity] = []
        self.history: list[tuple[T.Exam, str, datetime]] = []  # exam, title, date
        self.ended: list[Entity] = []  # resolved findings, removed devices (for re-use)
        self.normals: dict[str, Entity] = {}
        self.mentions: list[Mention] = []
        self.reports: list[Report] = []
        self._uid = 0
        self.date = datetime(2100, 1, 1)  # of the report being written
        self.extended = False  # this report belongs to the long tail of lengths
        self.first = True  # this report is the patient's first exam of its region
        self.detailed = False  # cross-sectional exam: sentences carry image references

    # entities
    def new_entity(self, kind: T.Kind, place: T.Place, index: int, course: str = "",
                   label: str = "") -> Entity:
        self._uid += 1
        terms = self.terms_for(kind, place)
        house = terms[0] if self.rng.random() < 0.6 else self.rng.choice(terms)
        size = self.rng.choice(kind.sizes) if kind.sizes else ""
        e = Entity(self._uid, kind, place, house, size, index, course=course,
                   label=label or f"{place.adj} {kind.key}".strip())
        self.entities.append(e)
        return e

    def terms_for(self, kind: T.Kind, place: T.Place) -> tuple[str, ...]:
        terms = kind.plural if (place.side == "bilateral" and kind.plural) else kind.terms
        return tuple(t.format(adj=place.adj) if "{adj}" in t else t for t in terms)

    def term(self, e: Entity, crowded: bool) -> str:
        """This mention's name: mostly the house term, often a variant (paraphrase)."""
        terms = self.terms_for(e.kind, e.place)
        if crowded and e.type == "device":  # two of a kind: say which one
            specific = [t for t in terms if e.place.adj and e.place.adj in t]
            if specific:
                return self.rng.choice(specific)
        return e.house if self.rng.random() < 0.62 else self.rng.choice(terms)

    def visible(self, e: Entity, exam: T.Exam) -> float:
        seen_by = T.SEEN_BY.get(e.kind.key)
        if seen_by and exam.modality not in seen_by:
            return 0.0
        if e.kind.region == exam.region:
            return 0.95
        if exam.region in e.kind.also_seen:
            return 0.55
        return 0.0

    # the course
    def run(self) -> Patient:
        rng = self.rng
        n = _n_reports(rng)
        profile = _weighted(rng, list(T.PROFILES), (0.34, 0.2, 0.2, 0.14, 0.12))
        boost = T.PROFILES[profile]
        weights = [e.weight * boost.get(_modality_name(e), 1.0) for e in T.EXAMS]
        self.age = rng.randint(24, 91)
        self.sex = rng.choice(("man", "woman"))
        date = datetime(rng.randint(2110, 2190), rng.randint(1, 12), rng.randint(1, 28),
                        rng.randint(0, 23), rng.randint(0, 59))
        exam = _weighted(rng, T.EXAMS, weights)
        for i in range(n):
            if i:
                gap = _gap(rng)
                date = (date + gap).replace(second=0, microsecond=0)
                self.age_out(gap, i)
                if rng.random() > 0.4:  # ICU-like runs repeat the same exam
                    exam = _weighted(rng, T.EXAMS, weights)
            self.write_report(i, exam, date)
            self.history.append((exam, self.reports[-1].exam, date))
        patient = Patient(id=self.pid, reports=self.reports, annotated=True)
        patient.mentions = {m.id: m for m in self.mentions}
        clusters = [e.mentions for e in self.entities if e.mentions]
        patient.set_chains(clusters, source=SOURCE_GOLD)
        labels = {e.mentions[0]: e.label for e in self.entities if e.mentions}
        for chain in patient.chains.values():
            chain.label = labels.get(chain.mentions[0], chain.label)
        return patient

    def age_out(self, gap: timedelta, index: int) -> None:
        """Time passes unseen before report ``index``: acute findings heal, devices come
        out. Such an ending is never written, so the same finding or device may only come
        back (as a new chain) a few reports later, when it cannot read as a continuation."""
        days = gap.total_seconds() / 86400
        for e in self.entities:
            if not e.active or e.course in ("normal", "negative"):
                continue
            course = e.course or e.kind.course
            p = 0.0
            if course == "acute":
                p = min(0.9, days / 60)
            elif course == "device":
                p = min(0.9, days / 25)
            elif course == "incidental":
                p = min(0.5, days / 400)
            if p and self.rng.random() < p:
                e.active, e.ended_at = False, index + 2
                self.ended.append(e)

    def mention(self, e: Entity, text: str, assertion: str = "present",
                change: str | None = None) -> Piece:
        return Piece(text, e, assertion, change)

    # -- one report --------------------------------------------------------------------
    def write_report(self, index: int, exam: T.Exam, date: datetime) -> None:
        rng = self.rng
        first_of_region = not any(h[0].region == exam.region for h in self.history)
        self.first = first_of_region
        self.date = date
        self.detailed = exam.modality != "XR"
        title = rng.choice(exam.titles)
        w = ReportWriter(rng)
        w.text(f"Date: {date:%Y-%m-%d %H:%M}\nExam: {title}\n\n")
        if rng.random() < 0.5:
            w.text("FINAL REPORT\n")
        inline = rng.random() < 0.5
        # INDICATION
        w.begin_section(rng.choice(("INDICATION", "INDICATION", "HISTORY",
                                    "CLINICAL INDICATION")), inline)
        reason = rng.choice(T.REASONS[exam.region])
        slots = {"age": str(self.age), "sex": self.sex, "reason": reason,
                 "procedure": rng.choice(T.PROCEDURES), "question": rng.choice(T.QUESTIONS)}
        style = rng.random()
        if style < 0.7:
            w.sentence(rng.choice(T.PREAMBLES), slots, {})
        if style > 0.4:
            if style < 0.7:
                w.text("\n")
            w.sentence(rng.choice(T.INDICATIONS), slots, {})
        w.text("\n\n")
        # COMPARISON
        w.begin_section("COMPARISON", inline)
        prior = [h for h in self.history if h[0].region == exam.region]
        if prior:
            _, ptitle, pdate = prior[-1]
            w.sentence(rng.choice(T.COMPARISONS), {
                "exam": ptitle,
                "date": f"{pdate:%Y-%m-%d}"}, {})
        else:
            w.sentence(rng.choice(T.COMPARISONS_FIRST), {}, {})
        w.text("\n\n")
        # TECHNIQUE
        tech = T.TECHNIQUE.get((exam.modality, exam.region))
        if tech and (exam.modality != "XR" or rng.random() < 0.5):
            w.begin_section("TECHNIQUE", inline)
            w.sentence(rng.choice(tech), {}, {})
            w.text("\n\n")
        # FINDINGS
        w.begin_section("FINDINGS", False)
        prior_word = (f"{prior[-1][2]:%Y-%m-%d}" if prior and rng.random() < 0.5
                      else "the prior study")
        impression = self.findings(w, index, exam, first_of_region, prior_word)
        w.text("\n\n")
        # IMPRESSION
        self.detailed = False
        w.begin_section("IMPRESSION", False)
        self.impression(w, exam, impression, prior_word)
        w.end_section()
        self.finish_report(index, exam, title, date, w)

    def findings(self, w: ReportWriter, index: int, exam: T.Exam, first: bool,
                 prior_word: str) -> list[tuple[str, Entity, dict[str, str]]]:
        """Write the FINDINGS body; returns what the impression may repeat."""
        rng = self.rng
        sentences: list[tuple[int, str, dict[str, str], dict[str, Piece]]] = []
        salient: list[tuple[str, Entity, dict[str, str]]] = []
        shown = [e for e in self.entities if e.active and e.course == ""
                 and rng.random() < self.visible(e, exam)]
        kinds_now = Counter(e.kind.key for e in self.entities if e.active)
        for e in shown:
            crowded = kinds_now[e.kind.key] > 1
            if e.type == "device":
                self.device_event(e, index, first, crowded, sentences, salient)
            else:
                self.finding_event(e, index, crowded, prior_word, sentences, salient)
        for e in self.spawn(index, exam):
            crowded = sum(1 for x in self.entities if x.active
                          and x.kind.key == e.kind.key) > 1
            if e.type == "device":
                self.device_new(e, first, crowded, sentences, salient)
            else:
                self.finding_new(e, first, crowded, sentences, salient)
        self.normal_statements(exam, index, sentences)
        self.routine_negatives(exam, index, sentences)
        self.incidentals(exam, index, sentences)
        extended = self.extended = rng.random() < 0.1  # the long tail of report lengths
        n_fill = _poisson(rng, (6.0 if exam.modality == "XR" else 12.0) * (3 if extended else 1))
        pool = T.FILLER[exam.region]
        for s in rng.sample(pool, min(n_fill, len(pool))):
            sentences.append((4, s, {}, {}))
        # devices first (as radiologists list lines and tubes), then findings, then normals
        keys = [(s[0], rng.random() if s[0] >= 4 else 0.0) for s in sentences]
        sentences = [s for _, s in sorted(zip(keys, sentences, strict=True),
                                          key=lambda ks: ks[0])]
        paragraph = -1
        for order, template, slots, ms in sentences:
            group = order // 2
            if paragraph >= 0 and group != paragraph and rng.random() < 0.6:
                w.text("\n")
            paragraph = group
            w.sentence(template, slots, ms)
        return salient

    # findings
    def slots(self, e: Entity) -> dict[str, str]:
        prep = self.rng.choice(e.kind.prep)
        at = f"{prep} {e.place.noun}" if e.place.noun else ""
        return {"adj": e.place.adj, "noun": e.place.noun, "at": at, "size": e.size}

    def pick(self, templates: Sequence[str], e: Entity) -> str:
        ok = [t for t in templates if (e.place.noun or "{noun}" not in t)]
        if e.place.adj:  # the place must be said (same word, other side = other chain)
            ok = [t for t in ok if re.search(r"\{(adj|Adj|at|noun)\}", t)] or ok
        if self.first:
            ok = [t for t in ok if "{prior}" not in t and "New" not in t
                  and "Interval" not in t] or ok
        tpl = self.rng.choice(ok)
        if self.detailed and tpl.endswith(".") and self.rng.random() < 0.45:
            detail = self.rng.choice(T.DETAILS).replace("{n}", str(self.rng.randint(12, 88)))
            tpl = f"{tpl[:-1]}{' ' if detail[0] == '(' else ', '}{detail}."
        return tpl

    def finding_new(self, e: Entity, first: bool, crowded: bool,
                    sentences: list, salient: list) -> None:
        rng = self.rng
        slots = self.slots(e)
        course = e.kind.course
        if course == "incidental":
            tpl = self.pick(T.INCIDENTAL, e)
            sentences.append((3, tpl, slots, {"T": self.mention(e, self.term(e, crowded))}))
            return
        r = rng.random() if course == "acute" else 1.0
        if r < 0.14:
            tpl = self.pick(T.HEDGED_FINDING, e)
            ms = {"T": self.mention(e, self.term(e, crowded), "possible")}
        elif r < 0.3 and e.kind.diagnoses:
            tpl = self.pick(T.PAIRED_FINDING, e)
            desc = [t for t in self.terms_for(e.kind, e.place) if t not in e.kind.diagnoses]
            ms = {"T": self.mention(e, rng.choice(desc or [e.house])),
                  "T2": self.mention(e, rng.choice(e.kind.diagnoses), "possible")}
        else:
            tpl = self.pick(T.NEW_FINDING_FIRST if first else T.NEW_FINDING, e)
            ms = {"T": self.mention(e, self.term(e, crowded))}
        sentences.append((2, tpl, slots, ms))
        salient.append(("new", e, slots))
        if course == "acute" and rng.random() < 0.4:  # a one-off: never mentioned again
            e.active = False

    def finding_event(self, e: Entity, index: int, crowded: bool, prior_word: str,
                      sentences: list, salient: list) -> None:
        rng = self.rng
        slots = self.slots(e)
        slots["prior"] = prior_word
        course = e.kind.course
        r = rng.random()
        if course in ("chronic", "incidental"):
            if course == "incidental" and rng.random() < 0.6:
                return  # often not mentioned again
            tpl = self.pick(T.STABLE_CHRONIC, e)
            sentences.append((3, tpl, slots,
                              {"T": self.mention(e, self.term(e, crowded), change="stable")}))
            return
        if r < 0.22:
            tpl = self.pick(T.RESOLVED_FINDING, e)
            sentences.append((2, tpl, slots,
                              {"T": self.mention(e, self.term(e, crowded), "absent",
                                                 "resolved")}))
            e.active, e.ended_at = False, index
            self.ended.append(e)
            salient.append(("resolved", e, slots))
            return
        chg, chgn, chgv, value = rng.choice(T.CHANGE_WORDS)
        slots.update(chg=chg, chgn=chgn, chgv=chgv)
        tpl = self.pick(T.CHANGED_FINDING, e)
        sentences.append((2, tpl, slots,
                          {"T": self.mention(e, self.term(e, crowded), change=value)}))
        if value != "stable" or rng.random() < 0.3:
            salient.append(("changed", e, slots))

    # devices
    def device_slots(self, e: Entity, bad: bool = False) -> dict[str, str]:
        slots = self.slots(e)
        pool = e.kind.bad_positions if bad and e.kind.bad_positions else e.kind.positions
        slots["pos"] = self.rng.choice(pool) if pool else "in expected position"
        return slots

    def device_template(self, templates: Sequence[str], e: Entity, term: str) -> str:
        tpl = self.rng.choice(templates)
        via = T.DEVICE_VIA.get(e.kind.key)
        if via and e.place.noun and e.place.adj not in term and self.rng.random() < 0.8:
            tpl = tpl.replace("{T}", "{T}" + via.replace("{noun}", e.place.noun), 1)
        if not e.kind.positions:
            tpl = tpl if "{pos}" not in tpl else "The {T} is again seen."
        return tpl

    def device_mentions(self, e: Entity, term: str, tpl: str, **kw: Any) -> dict[str, Piece]:
        ms = {"T": self.mention(e, term, **kw)}
        if "{tip}" in tpl:
            ms["tip"] = self.mention(e, self.rng.choice(T.TIP_WORDS))
        return ms

    def device_new(self, e: Entity, first: bool, crowded: bool,
                   sentences: list, salient: list) -> None:
        term = self.term(e, crowded)
        slots = self.device_slots(e)
        if e.kind.course == "static-device":
            pool = T.STATIC_DEVICE if not first else tuple(
                t for t in T.STATIC_DEVICE if not re.search(r"(?i)again|stable|unchanged", t))
        elif not e.kind.positions:
            pool = T.NEW_DEVICE_NOTIP
        else:
            pool = T.PRESENT_DEVICE if first else T.NEW_DEVICE
            if e.kind.key != "endotracheal tube":
                pool = tuple(t for t in pool if "intubated" not in t)
        tpl = self.device_template(pool, e, term)
        sentences.append((0, tpl, slots, self.device_mentions(e, term, tpl)))
        salient.append(("device", e, slots))

    def device_event(self, e: Entity, index: int, first: bool, crowded: bool,
                     sentences: list, salient: list) -> None:
        rng = self.rng
        term = self.term(e, crowded)
        if e.kind.course == "static-device":
            tpl = self.device_template(T.STATIC_DEVICE, e, term)
            sentences.append((1, tpl, self.device_slots(e), self.device_mentions(e, term, tpl)))
            return
        r = rng.random()
        if r < 0.22 or (e.malpositioned and r < 0.5):
            tpl = self.device_template(T.DEVICE_REMOVED, e, term)
            sentences.append((0, tpl, self.device_slots(e),
                              self.device_mentions(e, term, tpl, assertion="absent",
                                                   change="removed")))
            e.active, e.ended_at = False, index
            self.ended.append(e)
            if rng.random() < 0.5:
                salient.append(("removed", e, self.device_slots(e)))
            return
        if e.malpositioned or r < 0.32:
            pool, change, bad = T.DEVICE_MOVED, "repositioned", False
        elif r < 0.38 and e.kind.bad_positions:
            pool, change, bad = T.DEVICE_BAD, "malpositioned", True
        else:
            pool, change, bad = T.DEVICE_IN_PLACE, "stable", False
        e.malpositioned = bad
        slots = self.device_slots(e, bad)
        tpl = self.device_template(pool, e, term)
        sentences.append((0, tpl, slots, self.device_mentions(e, term, tpl, change=change)))
        if change != "stable" or rng.random() < 0.25:
            salient.append(("device", e, slots))

    # new entities
    def spawn(self, index: int, exam: T.Exam) -> list[Entity]:
        """New findings and devices first seen on this exam (recurrences, re-insertions)."""
        rng = self.rng
        first = not any(h[0].region == exam.region for h in self.history)
        lam = 3.0 if first else 1.0
        count = _poisson(rng, lam)
        born: list[Entity] = []
        kinds = [k for k in T.KINDS if k.region == exam.region
                 and exam.modality in T.SEEN_BY.get(k.key, (exam.modality,))
                 and not (k.type == "device" and k.course == "device" and first
                          and exam.modality != "XR" and rng.random() < 0.5)]
        if not kinds:
            return born
        for _ in range(count):
            # a resolved finding that recurs / a removed device put back: a new chain
            again = [e for e in self.ended if e.kind.region == exam.region
                     and e.kind.course in ("acute", "device") and e.kind in kinds
                     and 0 <= e.ended_at < index]
            if again and rng.random() < 0.3:
                old = rng.choice(again)
                self.ended.remove(old)
                kind, place = old.kind, old.place
            else:
                kind = _weighted(rng, kinds, [k.weight for k in kinds])
                place = rng.choice(kind.places)
            if any(e.kind is kind and e.place == place and (e.active or e.ended_at >= index)
                   for e in self.entities):
                continue
            e = self.new_entity(kind, place, index)
            born.append(e)
            # the other side too (same words, another chain)
            if place.side in ("left", "right") and rng.random() < 0.22:
                other = "right" if place.side == "left" else "left"
                twins = [p for p in kind.places if p.side == other]
                if twins:
                    tw = rng.choice(twins)
                    if not any(x.kind is kind and x.place == tw
                               and (x.active or x.ended_at >= index)
                               for x in self.entities):
                        born.append(self.new_entity(kind, tw, index))
        return born

    def normal_statements(self, exam: T.Exam, index: int, sentences: list) -> None:
        rng = self.rng
        pool = [n for n in T.NORMALS if n[0] == exam.region]
        if exam.modality == "XR":
            pool = [n for n in pool if n[1] in ("heart", "mediastinum", "lungs", "bones",
                                                "bowel gas pattern")]
        elif exam.modality == "US":
            pool = [n for n in pool if n[1] in ("liver", "spleen", "pancreas", "kidneys")]
        busy_lungs = any(e.active and e.kind.key in ("pneumonia", "pulmonary edema")
                         for e in self.entities)
        k = min(len(pool), _poisson(rng, 4.5 if exam.modality != "XR" else 1.6))
        for region, structure, templates, words in rng.sample(pool, k):
            if structure == "lungs" and busy_lungs:
                continue
            clash = T.NORMAL_CONFLICTS.get(structure, ())
            if any(x.active and x.kind.key in clash for x in self.entities):
                continue
            e = self.normals.get(structure)
            if e is None:
                kind = T.Kind(f"normal {structure}", "finding", region, words)
                e = self.new_entity(kind, T.Place(None, "", structure), index, course="normal",
                                    label=f"{structure} normal")
                self.normals[structure] = e
            sentences.append((4, rng.choice(templates), {},
                              {"T": self.mention(e, rng.choice(words))}))

    def routine_negatives(self, exam: T.Exam, index: int, sentences: list) -> None:
        rng = self.rng
        seen = {e.kind.key for e in self.entities if e.course == ""}
        pool = [n for n in T.NEGATIVES if n[0] == exam.region and n[1] not in seen
                and not (set(T.NEGATIVE_BLOCKED_BY.get(n[1], ())) & seen)]
        said: set[str] = set()
        for _, key, tpl in rng.sample(pool, min(len(pool), _poisson(rng, 1.1))):
            if key in said:
                continue
            said.add(key)
            kind = T.Kind(key, "finding", exam.region, T.NEGATIVE_TERMS[key])
            e = self.new_entity(kind, T.Place(None, "", ""), index, course="negative",
                                label=f"no {key}")
            e.active = False
            sentences.append((3, tpl, {}, {"T": self.mention(e, rng.choice(kind.terms),
                                                             "absent")}))

    def incidentals(self, exam: T.Exam, index: int, sentences: list) -> None:
        if self.rng.random() < 0.6:
            kinds = [k for k in T.KINDS if k.region == exam.region and k.course == "incidental"
                     and exam.modality in T.SEEN_BY.get(k.key, (exam.modality,))]
            if kinds:
                kind = self.rng.choice(kinds)
                place = self.rng.choice(kind.places)
                if any(x.active and x.kind is kind for x in self.entities):
                    return
                e = self.new_entity(kind, place, index)
                self.finding_new(e, False, False, sentences, [])

    def impression(self, w: ReportWriter, exam: T.Exam,
                   salient: list[tuple[str, Entity, dict[str, str]]], prior_word: str) -> None:
        rng = self.rng
        lines: list[tuple[str, dict[str, str], dict[str, Piece]]] = []
        for what, e, slots in salient:
            if rng.random() > 0.85 or len(lines) >= 4:
                continue
            slots = dict(slots, prior=prior_word)
            term = self.term(e, False)
            if what == "device" or what == "removed":
                if what == "removed":
                    tpl = "Interval removal of the {T}."
                    ms = {"T": self.mention(e, term, "absent", "removed")}
                else:
                    tpl = rng.choice(T.IMPRESSION_DEVICE[:3])
                    if e.malpositioned:
                        tpl = T.IMPRESSION_DEVICE[3]
                    elif "{pos}" in tpl and not e.kind.positions:
                        tpl = "{T} in standard position."
                    ms = {"T": self.mention(e, term)}
            elif what == "resolved":
                tpl = self.pick(T.IMPRESSION_RESOLVED, e)
                ms = {"T": self.mention(e, term, "absent", "resolved")}
            elif what == "changed":
                tpl = self.pick(T.IMPRESSION_CHANGED, e)
                ms = {"T": self.mention(e, term)}
            else:
                tpl = self.pick(T.IMPRESSION_NEW, e)
                ms = {"T": self.mention(e, term)}
            lines.append((tpl, slots, ms))
        numbered = len(lines) > 1 or rng.random() < 0.3
        tail = rng.choice(T.IMPRESSION_NO_ACUTE[exam.region])
        if not lines:
            w.sentence(tail if rng.random() < 0.5 else "No acute change.", {}, {})
        for i, (tpl, slots, ms) in enumerate(lines, 1):
            if numbered:
                w.text(f"{i}. ")
            w.sentence(tpl, slots, ms)
            w.text("\n" if numbered else "")
        if lines and rng.random() < 0.3:
            w.sentence(tail, {}, {})
        if rng.random() < 0.35:
            w.sentence(rng.choice(T.RECOMMENDATIONS), {
                "time": f"{rng.randint(7, 23)}:{rng.randint(0, 59):02d}",
                "date": f"{self.date:%Y-%m-%d}"}, {})
        if self.extended or rng.random() < 0.06:  # the long tail of report lengths
            w.text("\n\nADDENDUM: ")
            for s in rng.sample(T.ADDENDA, rng.randint(3, 8)):
                w.sentence(s, {}, {})

    def finish_report(self, index: int, exam: T.Exam, title: str, date: datetime,
                      w: ReportWriter) -> None:
        slug = f"{exam.modality}_{exam.region}".lower()
        rid = f"{index + 1:02d}_{date:%Y%m%d}_{slug}.txt"
        text_parts: list[str] = []
        pos = 0
        for p in w.pieces:
            if p.entity is not None:
                mid = f"m{len(self.mentions) + 1}"
                e = p.entity
                self.mentions.append(Mention(
                    id=mid, report=rid, start=pos, end=pos + len(p.text), text=p.text,
                    type=e.type, concept=e.kind.key, laterality=e.place.side,
                    assertion=p.assertion, change=p.change, source=SOURCE_GOLD,
                    anatomy=[e.place.noun] if e.place.noun else []))
                e.mentions.append(mid)
            text_parts.append(p.text)
            pos += len(p.text)
        text = "".join(text_parts).rstrip(" ") + "\n"
        sections = [Section(n, s, min(e_, len(text))) for n, s, e_ in w.sections]
        for m in self.mentions:
            if m.report == rid:
                m.section = next((s.name for s in sections if s.start <= m.start < s.end), None)
        self.reports.append(Report(
            id=rid, text=text, date=date, date_known=True, exam=title,
            modality=exam.modality, region=exam.region, patient=self.pid, sections=sections))


# -- corpus ---------------------------------------------------------------------------------


def generate_patient(seed: int, index: int) -> Patient:
    """Patient number ``index`` (1-based) of the corpus made with ``seed``."""
    rng = random.Random(f"radtrack-synth/{seed}/{index}")
    return PatientSim(rng, f"patient_{index:03d}").run()


def generate(n_patients: int, seed: int) -> list[Patient]:
    return [generate_patient(seed, i) for i in range(1, n_patients + 1)]


def brat_lines(patient: Patient, report: Report) -> str:
    """The .ann text of one report: T lines (Finding/Device) and ``A<n>\\tChain T<k> c<j>``."""
    lines, attrs = [], []
    for k, m in enumerate(patient.mentions_of(report.id), 1):
        label = "Device" if m.type == "device" else "Finding"
        lines.append(f"T{k}\t{label} {m.start} {m.end}\t{m.text}")
        attrs.append(f"A{k}\tChain T{k} {m.chain}")
    return "".join(line + "\n" for line in lines + attrs)


def write_corpus(patients: list[Patient], out: str | os.PathLike[str], *,
                 overwrite: bool = False, stats: dict[str, Any] | None = None) -> Path:
    """Write ``OUT/<patient>/<report>.txt|.ann`` and ``OUT/STATS.json`` atomically:
    everything goes to a temporary folder beside OUT that is renamed at the end."""
    target = Path(out)
    if target.exists() and not target.is_dir():
        raise InputError(f"{target}: exists and is not a folder")
    if target.is_dir() and any(target.iterdir()) and not overwrite:
        raise InputError(f"{target}: folder is not empty (choose a new one or --overwrite)")
    with atomic_folder(target) as tmp:
        for patient in patients:
            folder = tmp / patient.id
            folder.mkdir(mode=0o700)
            for report in patient.reports:
                stem = report.id.removesuffix(".txt")
                write_private(folder / f"{stem}.txt", report.text)
                write_private(folder / f"{stem}.ann", brat_lines(patient, report))
        if stats is not None:
            write_private(tmp / "STATS.json", json.dumps(stats, indent=2, sort_keys=True) + "\n")
    return target


def tokens(text: str) -> int:
    return len(TOKEN_RX.findall(text))


def body(report: Report) -> str:
    """The report text after its header block."""
    _, sep, rest = report.text.partition("\n\n")
    return rest if sep else report.text


def corpus_stats(patients: list[Patient]) -> dict[str, Any]:
    n_reports = sum(len(p.reports) for p in patients)
    n_mentions = sum(len(p.mentions) for p in patients)
    chains = [(p, c) for p in patients for c in p.chains.values()]
    singletons = sum(1 for _, c in chains if len(c.mentions) == 1)
    modality = Counter(r.modality for p in patients for r in p.reports)
    exams = Counter(f"{r.modality} {r.region}" for p in patients for r in p.reports)
    toks = sorted(tokens(body(r)) for p in patients for r in p.reports)
    gaps: list[float] = []
    cross = multi = 0
    for p, c in chains:
        if len(c.mentions) < 2:
            continue
        multi += 1
        ms = p.chain_mentions(c.id)
        mods = {p.report(m.report).modality + p.report(m.report).region for m in ms}
        cross += len(mods) > 1
        dates = sorted({p.report(m.report).date for m in ms})
        gaps.extend((b - a).total_seconds() / 86400 for a, b in pairwise(dates))
    mention_tokens = [tokens(m.text) for p in patients for m in p.mentions.values()]
    n_per = [len(p.reports) for p in patients]

    def share(c: Counter) -> dict[str, float]:
        return {k: round(v / max(1, n_reports), 3) for k, v in sorted(c.items(),
                                                                     key=lambda kv: -kv[1])}

    return {
        "patients": len(patients),
        "reports": n_reports,
        "mentions": n_mentions,
        "mentions_by_type": dict(sorted(Counter(m.type for p in patients
                                                for m in p.mentions.values()).items())),
        "chains": len(chains),
        "singleton_share": round(singletons / max(1, len(chains)), 3),
        "reports_per_patient": {"mean": round(n_reports / max(1, len(patients)), 2),
                                "min": min(n_per, default=0), "max": max(n_per, default=0)},
        "mentions_per_report": round(n_mentions / max(1, n_reports), 2),
        "mention_tokens_mean": round(sum(mention_tokens) / max(1, len(mention_tokens)), 2),
        "modality_mix": share(modality),
        "exam_mix": share(exams),
        "tokens_per_report": {
            "mean": round(sum(toks) / max(1, len(toks)), 1),
            "median": toks[len(toks) // 2] if toks else 0,
            "p90": toks[int(len(toks) * 0.9)] if toks else 0,
            "max": toks[-1] if toks else 0,
        },
        "cross_modality_share": round(cross / max(1, multi), 3),
        "coreference_gaps_days": {
            "within_14_days": round(sum(g <= 14 for g in gaps) / max(1, len(gaps)), 3),
            "max": round(max(gaps, default=0.0), 1),
        },
    }


def format_stats(stats: dict[str, Any]) -> str:
    mix = ", ".join(f"{k} {v:.0%}" for k, v in stats["modality_mix"].items())
    exams = ", ".join(f"{k} {v:.0%}" for k, v in list(stats["exam_mix"].items())[:6])
    tk = stats["tokens_per_report"]
    return "\n".join([
        f"patients            {stats['patients']}",
        f"reports             {stats['reports']} "
        f"(mean {stats['reports_per_patient']['mean']}/patient, "
        f"{stats['reports_per_patient']['min']}-{stats['reports_per_patient']['max']})",
        f"mentions            {stats['mentions']} ({stats['mentions_per_report']}/report, "
        f"{stats['mention_tokens_mean']} tokens each)",
        f"chains              {stats['chains']} "
        f"(singletons {stats['singleton_share']:.0%}, "
        f"cross-modality {stats['cross_modality_share']:.0%} of the others)",
        f"modality mix        {mix}",
        f"exams               {exams}",
        f"tokens per report   mean {tk['mean']}, median {tk['median']}, p90 {tk['p90']}, "
        f"max {tk['max']}",
        f"co-reference gaps   {stats['coreference_gaps_days']['within_14_days']:.0%} within "
        f"14 days, longest {stats['coreference_gaps_days']['max']} days",
    ])


def synthesize(out: str | os.PathLike[str], n_patients: int, seed: int, *,
               overwrite: bool = False) -> dict[str, Any]:
    """Generate and write a corpus; returns its statistics (also in OUT/STATS.json)."""
    if n_patients < 1:
        raise InputError(f"--patients must be at least 1 (got {n_patients})")
    patients = generate(n_patients, seed)
    stats = corpus_stats(patients)
    stats["seed"] = seed
    write_corpus(patients, out, overwrite=overwrite, stats=stats)
    return stats
