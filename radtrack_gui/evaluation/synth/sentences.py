"""The sentences of a simulated report: a finding or device appearing, changing,
resolving or being removed; normal statements, routine negatives, incidentals and the
impression."""

from __future__ import annotations

import re

from radtrack_gui.evaluation.synth import phrases as P
from radtrack_gui.evaluation.synth import templates as T
from radtrack_gui.evaluation.synth.state import SimState
from radtrack_gui.evaluation.synth.writer import (
    Entity,
    Piece,
    ReportWriter,
    _poisson,
)


class Sentences(SimState):
    """Writes the sentences about entities (state in ``SimState``)."""

    def finding_new(
        self, e: Entity, first: bool, crowded: bool, sentences: list, salient: list
    ) -> None:
        rng = self.rng
        slots = self.slots(e)
        course = e.kind.course
        if course == "incidental":
            tpl = self.pick(P.INCIDENTAL, e)
            sentences.append((3, tpl, slots, {"T": self.mention(e, self.term(e, crowded))}))
            return
        r = rng.random() if course == "acute" else 1.0
        if r < 0.14:
            tpl = self.pick(P.HEDGED_FINDING, e)
            ms = {"T": self.mention(e, self.term(e, crowded), "possible")}
        elif r < 0.3 and e.kind.diagnoses:
            tpl = self.pick(P.PAIRED_FINDING, e)
            desc = [t for t in self.terms_for(e.kind, e.place) if t not in e.kind.diagnoses]
            ms = {
                "T": self.mention(e, rng.choice(desc or [e.house])),
                "T2": self.mention(e, rng.choice(e.kind.diagnoses), "possible"),
            }
        else:
            tpl = self.pick(P.NEW_FINDING_FIRST if first else P.NEW_FINDING, e)
            ms = {"T": self.mention(e, self.term(e, crowded))}
        sentences.append((2, tpl, slots, ms))
        salient.append(("new", e, slots))
        if course == "acute" and rng.random() < 0.4:  # a one-off: never mentioned again
            e.active = False

    def finding_event(
        self, e: Entity, index: int, crowded: bool, prior_word: str, sentences: list, salient: list
    ) -> None:
        rng = self.rng
        slots = self.slots(e)
        slots["prior"] = prior_word
        course = e.kind.course
        r = rng.random()
        if course in ("chronic", "incidental"):
            if course == "incidental" and rng.random() < 0.6:
                return  # often not mentioned again
            tpl = self.pick(P.STABLE_CHRONIC, e)
            sentences.append(
                (3, tpl, slots, {"T": self.mention(e, self.term(e, crowded), change="stable")})
            )
            return
        if r < 0.22:
            tpl = self.pick(P.RESOLVED_FINDING, e)
            sentences.append(
                (2, tpl, slots, {"T": self.mention(e, self.term(e, crowded), "absent", "resolved")})
            )
            e.active, e.ended_at = False, index
            self.ended.append(e)
            salient.append(("resolved", e, slots))
            return
        chg, chgn, chgv, value = rng.choice(P.CHANGE_WORDS)
        slots.update(chg=chg, chgn=chgn, chgv=chgv)
        tpl = self.pick(P.CHANGED_FINDING, e)
        sentences.append(
            (2, tpl, slots, {"T": self.mention(e, self.term(e, crowded), change=value)})
        )
        if value != "stable" or rng.random() < 0.3:
            salient.append(("changed", e, slots))

    def device_new(
        self, e: Entity, first: bool, crowded: bool, sentences: list, salient: list
    ) -> None:
        term = self.term(e, crowded)
        slots = self.device_slots(e)
        if e.kind.course == "static-device":
            pool = (
                P.STATIC_DEVICE
                if not first
                else tuple(
                    t for t in P.STATIC_DEVICE if not re.search(r"(?i)again|stable|unchanged", t)
                )
            )
        elif not e.kind.positions:
            pool = P.NEW_DEVICE_NOTIP
        else:
            pool = P.PRESENT_DEVICE if first else P.NEW_DEVICE
            if e.kind.key != "endotracheal tube":
                pool = tuple(t for t in pool if "intubated" not in t)
        tpl = self.device_template(pool, e, term)
        sentences.append((0, tpl, slots, self.device_mentions(e, term, tpl)))
        salient.append(("device", e, slots))

    def device_event(
        self, e: Entity, index: int, first: bool, crowded: bool, sentences: list, salient: list
    ) -> None:
        rng = self.rng
        term = self.term(e, crowded)
        if e.kind.course == "static-device":
            tpl = self.device_template(P.STATIC_DEVICE, e, term)
            sentences.append((1, tpl, self.device_slots(e), self.device_mentions(e, term, tpl)))
            return
        r = rng.random()
        if r < 0.22 or (e.malpositioned and r < 0.5):
            tpl = self.device_template(P.DEVICE_REMOVED, e, term)
            sentences.append(
                (
                    0,
                    tpl,
                    self.device_slots(e),
                    self.device_mentions(e, term, tpl, assertion="absent", change="removed"),
                )
            )
            e.active, e.ended_at = False, index
            self.ended.append(e)
            if rng.random() < 0.5:
                salient.append(("removed", e, self.device_slots(e)))
            return
        pool: tuple[str, ...]
        if e.malpositioned or r < 0.32:
            pool, change, bad = P.DEVICE_MOVED, "repositioned", False
        elif r < 0.38 and e.kind.bad_positions:
            pool, change, bad = P.DEVICE_BAD, "malpositioned", True
        else:
            pool, change, bad = P.DEVICE_IN_PLACE, "stable", False
        e.malpositioned = bad
        slots = self.device_slots(e, bad)
        tpl = self.device_template(pool, e, term)
        sentences.append((0, tpl, slots, self.device_mentions(e, term, tpl, change=change)))
        if change != "stable" or rng.random() < 0.25:
            salient.append(("device", e, slots))

    def normal_statements(self, exam: T.Exam, index: int, sentences: list) -> None:
        rng = self.rng
        pool = [n for n in P.NORMALS if n[0] == exam.region]
        if exam.modality == "XR":
            pool = [
                n
                for n in pool
                if n[1] in ("heart", "mediastinum", "lungs", "bones", "bowel gas pattern")
            ]
        elif exam.modality == "US":
            pool = [n for n in pool if n[1] in ("liver", "spleen", "pancreas", "kidneys")]
        busy_lungs = any(
            e.active and e.kind.key in ("pneumonia", "pulmonary edema") for e in self.entities
        )
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
                e = self.new_entity(
                    kind,
                    T.Place(None, "", structure),
                    index,
                    course="normal",
                    label=f"{structure} normal",
                )
                self.normals[structure] = e
            sentences.append(
                (4, rng.choice(templates), {}, {"T": self.mention(e, rng.choice(words))})
            )

    def routine_negatives(self, exam: T.Exam, index: int, sentences: list) -> None:
        rng = self.rng
        seen = {e.kind.key for e in self.entities if e.course == ""}
        pool = [
            n
            for n in P.NEGATIVES
            if n[0] == exam.region
            and n[1] not in seen
            and not (set(T.NEGATIVE_BLOCKED_BY.get(n[1], ())) & seen)
        ]
        said: set[str] = set()
        for _, key, tpl in rng.sample(pool, min(len(pool), _poisson(rng, 1.1))):
            if key in said:
                continue
            said.add(key)
            kind = T.Kind(key, "finding", exam.region, P.NEGATIVE_TERMS[key])
            e = self.new_entity(
                kind, T.Place(None, "", ""), index, course="negative", label=f"no {key}"
            )
            e.active = False
            sentences.append((3, tpl, {}, {"T": self.mention(e, rng.choice(kind.terms), "absent")}))

    def incidentals(self, exam: T.Exam, index: int, sentences: list) -> None:
        if self.rng.random() < 0.6:
            kinds = [
                k
                for k in T.KINDS
                if k.region == exam.region
                and k.course == "incidental"
                and exam.modality in T.SEEN_BY.get(k.key, (exam.modality,))
            ]
            if kinds:
                kind = self.rng.choice(kinds)
                place = self.rng.choice(kind.places)
                if any(x.active and x.kind is kind for x in self.entities):
                    return
                e = self.new_entity(kind, place, index)
                self.finding_new(e, False, False, sentences, [])

    def impression(
        self,
        w: ReportWriter,
        exam: T.Exam,
        salient: list[tuple[str, Entity, dict[str, str]]],
        prior_word: str,
    ) -> None:
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
                    tpl = rng.choice(P.IMPRESSION_DEVICE[:3])
                    if e.malpositioned:
                        tpl = P.IMPRESSION_DEVICE[3]
                    elif "{pos}" in tpl and not e.kind.positions:
                        tpl = "{T} in standard position."
                    ms = {"T": self.mention(e, term)}
            elif what == "resolved":
                tpl = self.pick(P.IMPRESSION_RESOLVED, e)
                ms = {"T": self.mention(e, term, "absent", "resolved")}
            elif what == "changed":
                tpl = self.pick(P.IMPRESSION_CHANGED, e)
                ms = {"T": self.mention(e, term)}
            else:
                tpl = self.pick(P.IMPRESSION_NEW, e)
                ms = {"T": self.mention(e, term)}
            lines.append((tpl, slots, ms))
        numbered = len(lines) > 1 or rng.random() < 0.3
        tail = rng.choice(P.IMPRESSION_NO_ACUTE[exam.region])
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
            w.sentence(
                rng.choice(P.RECOMMENDATIONS),
                {
                    "time": f"{rng.randint(7, 23)}:{rng.randint(0, 59):02d}",
                    "date": f"{self.date:%Y-%m-%d}",
                },
                {},
            )
        if self.extended or rng.random() < 0.06:  # the long tail of report lengths
            w.text("\n\nADDENDUM: ")
            for s in rng.sample(P.ADDENDA, rng.randint(3, 8)):
                w.sentence(s, {}, {})
