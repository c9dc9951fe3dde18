"""A simulated patient's state: its entities, reports and mentions so far, and the
helpers that name an entity and fill a template's slots."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from radtrack_gui.core.model import Mention, Report
from radtrack_gui.evaluation.synth import phrases as P
from radtrack_gui.evaluation.synth import templates as T
from radtrack_gui.evaluation.synth.writer import (
    Entity,
    Piece,
)


class SimState:
    """What the simulation knows; ``Sentences`` and ``PatientSim`` add the writing."""

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
    def new_entity(
        self, kind: T.Kind, place: T.Place, index: int, course: str = "", label: str = ""
    ) -> Entity:
        self._uid += 1
        terms = self.terms_for(kind, place)
        house = terms[0] if self.rng.random() < 0.6 else self.rng.choice(terms)
        size = self.rng.choice(kind.sizes) if kind.sizes else ""
        e = Entity(
            self._uid,
            kind,
            place,
            house,
            size,
            index,
            course=course,
            label=label or f"{place.adj} {kind.key}".strip(),
        )
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

    def mention(
        self, e: Entity, text: str, assertion: str = "present", change: str | None = None
    ) -> Piece:
        return Piece(text, e, assertion, change)

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
            ok = [
                t for t in ok if "{prior}" not in t and "New" not in t and "Interval" not in t
            ] or ok
        tpl = self.rng.choice(ok)
        if self.detailed and tpl.endswith(".") and self.rng.random() < 0.45:
            detail = self.rng.choice(P.DETAILS).replace("{n}", str(self.rng.randint(12, 88)))
            tpl = f"{tpl[:-1]}{' ' if detail[0] == '(' else ', '}{detail}."
        return tpl

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
            ms["tip"] = self.mention(e, self.rng.choice(P.TIP_WORDS))
        return ms
