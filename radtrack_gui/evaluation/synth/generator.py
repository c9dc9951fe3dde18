"""A synthetic benchmark: longitudinal patients with gold chains, in brat format.

Each patient lives through a simulated course: exams of several modalities at realistic
intervals, findings that appear, change, resolve and sometimes recur (a new chain), devices
that are placed, repositioned, removed and sometimes re-inserted (a new chain), routine
negatives, "normal" statements per structure, incidental one-off findings. Reports are
written from the tables of ``templates`` and ``phrases`` (sections, paraphrase, synonyms,
abbreviations, hedges, negations) and every mention is recorded with its exact offsets and
its gold chain, following ../shared/GUIDELINE.md.

Deterministic: the same ``seed`` gives byte-identical output. Depends only on core.model.
"""

from __future__ import annotations

import random
from collections import Counter
from datetime import datetime, timedelta

from radtrack_gui.core.model import SOURCE_GOLD, Mention, Patient, Report, Section
from radtrack_gui.evaluation.synth import phrases as P
from radtrack_gui.evaluation.synth import templates as T
from radtrack_gui.evaluation.synth.sentences import Sentences
from radtrack_gui.evaluation.synth.writer import (
    Entity,
    Piece,
    ReportWriter,
    _gap,
    _modality_name,
    _n_reports,
    _poisson,
    _weighted,
)


class PatientSim(Sentences):
    """One simulated patient's course of exams, written report by report."""

    # the course
    def run(self) -> Patient:
        rng = self.rng
        n = _n_reports(rng)
        profile = _weighted(rng, list(T.PROFILES), (0.34, 0.2, 0.2, 0.14, 0.12))
        boost = T.PROFILES[profile]
        weights = [e.weight * boost.get(_modality_name(e), 1.0) for e in T.EXAMS]
        self.age = rng.randint(24, 91)
        self.sex = rng.choice(("man", "woman"))
        date = datetime(
            rng.randint(2110, 2190),
            rng.randint(1, 12),
            rng.randint(1, 28),
            rng.randint(0, 23),
            rng.randint(0, 59),
        )
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
        w.begin_section(
            rng.choice(("INDICATION", "INDICATION", "HISTORY", "CLINICAL INDICATION")), inline
        )
        reason = rng.choice(P.REASONS[exam.region])
        slots = {
            "age": str(self.age),
            "sex": self.sex,
            "reason": reason,
            "procedure": rng.choice(P.PROCEDURES),
            "question": rng.choice(P.QUESTIONS),
        }
        style = rng.random()
        if style < 0.7:
            w.sentence(rng.choice(P.PREAMBLES), slots, {})
        if style > 0.4:
            if style < 0.7:
                w.text("\n")
            w.sentence(rng.choice(P.INDICATIONS), slots, {})
        w.text("\n\n")
        # COMPARISON
        w.begin_section("COMPARISON", inline)
        prior = [h for h in self.history if h[0].region == exam.region]
        if prior:
            _, ptitle, pdate = prior[-1]
            w.sentence(rng.choice(P.COMPARISONS), {"exam": ptitle, "date": f"{pdate:%Y-%m-%d}"}, {})
        else:
            w.sentence(rng.choice(P.COMPARISONS_FIRST), {}, {})
        w.text("\n\n")
        # TECHNIQUE
        tech = P.TECHNIQUE.get((exam.modality, exam.region))
        if tech and (exam.modality != "XR" or rng.random() < 0.5):
            w.begin_section("TECHNIQUE", inline)
            w.sentence(rng.choice(tech), {}, {})
            w.text("\n\n")
        # FINDINGS
        w.begin_section("FINDINGS", False)
        prior_word = (
            f"{prior[-1][2]:%Y-%m-%d}" if prior and rng.random() < 0.5 else "the prior study"
        )
        impression = self.findings(w, index, exam, first_of_region, prior_word)
        w.text("\n\n")
        # IMPRESSION
        self.detailed = False
        w.begin_section("IMPRESSION", False)
        self.impression(w, exam, impression, prior_word)
        w.end_section()
        self.finish_report(index, exam, title, date, w)

    def findings(
        self, w: ReportWriter, index: int, exam: T.Exam, first: bool, prior_word: str
    ) -> list[tuple[str, Entity, dict[str, str]]]:
        """Write the FINDINGS body; returns what the impression may repeat."""
        rng = self.rng
        sentences: list[tuple[int, str, dict[str, str], dict[str, Piece]]] = []
        salient: list[tuple[str, Entity, dict[str, str]]] = []
        shown = [
            e
            for e in self.entities
            if e.active and e.course == "" and rng.random() < self.visible(e, exam)
        ]
        kinds_now = Counter(e.kind.key for e in self.entities if e.active)
        for e in shown:
            crowded = kinds_now[e.kind.key] > 1
            if e.type == "device":
                self.device_event(e, index, first, crowded, sentences, salient)
            else:
                self.finding_event(e, index, crowded, prior_word, sentences, salient)
        for e in self.spawn(index, exam):
            crowded = sum(1 for x in self.entities if x.active and x.kind.key == e.kind.key) > 1
            if e.type == "device":
                self.device_new(e, first, crowded, sentences, salient)
            else:
                self.finding_new(e, first, crowded, sentences, salient)
        self.normal_statements(exam, index, sentences)
        self.routine_negatives(exam, index, sentences)
        self.incidentals(exam, index, sentences)
        extended = self.extended = rng.random() < 0.1  # the long tail of report lengths
        n_fill = _poisson(rng, (6.0 if exam.modality == "XR" else 12.0) * (3 if extended else 1))
        pool = P.FILLER[exam.region]
        for s in rng.sample(pool, min(n_fill, len(pool))):
            sentences.append((4, s, {}, {}))
        # devices first (as radiologists list lines and tubes), then findings, then normals
        keys = [(s[0], rng.random() if s[0] >= 4 else 0.0) for s in sentences]
        sentences = [s for _, s in sorted(zip(keys, sentences, strict=True), key=lambda ks: ks[0])]
        paragraph = -1
        for order, template, slots, ms in sentences:
            group = order // 2
            if paragraph >= 0 and group != paragraph and rng.random() < 0.6:
                w.text("\n")
            paragraph = group
            w.sentence(template, slots, ms)
        return salient

    # new entities
    def spawn(self, index: int, exam: T.Exam) -> list[Entity]:
        """New findings and devices first seen on this exam (recurrences, re-insertions)."""
        rng = self.rng
        first = not any(h[0].region == exam.region for h in self.history)
        lam = 3.0 if first else 1.0
        count = _poisson(rng, lam)
        born: list[Entity] = []
        kinds = [
            k
            for k in T.KINDS
            if k.region == exam.region
            and exam.modality in T.SEEN_BY.get(k.key, (exam.modality,))
            and not (
                k.type == "device"
                and k.course == "device"
                and first
                and exam.modality != "XR"
                and rng.random() < 0.5
            )
        ]
        if not kinds:
            return born
        for _ in range(count):
            # a resolved finding that recurs / a removed device put back: a new chain
            again = [
                e
                for e in self.ended
                if e.kind.region == exam.region
                and e.kind.course in ("acute", "device")
                and e.kind in kinds
                and 0 <= e.ended_at < index
            ]
            if again and rng.random() < 0.3:
                old = rng.choice(again)
                self.ended.remove(old)
                kind, place = old.kind, old.place
            else:
                kind = _weighted(rng, kinds, [k.weight for k in kinds])
                place = rng.choice(kind.places)
            if any(
                e.kind is kind and e.place == place and (e.active or e.ended_at >= index)
                for e in self.entities
            ):
                continue
            e = self.new_entity(kind, place, index)
            born.append(e)
            # the other side too (same words, another chain)
            if place.side in ("left", "right") and rng.random() < 0.22:
                other = "right" if place.side == "left" else "left"
                twins = [p for p in kind.places if p.side == other]
                if twins:
                    tw = rng.choice(twins)
                    if not any(
                        x.kind is kind and x.place == tw and (x.active or x.ended_at >= index)
                        for x in self.entities
                    ):
                        born.append(self.new_entity(kind, tw, index))
        return born

    def finish_report(
        self, index: int, exam: T.Exam, title: str, date: datetime, w: ReportWriter
    ) -> None:
        slug = f"{exam.modality}_{exam.region}".lower()
        rid = f"{index + 1:02d}_{date:%Y%m%d}_{slug}.txt"
        text_parts: list[str] = []
        pos = 0
        for p in w.pieces:
            if p.entity is not None:
                mid = f"m{len(self.mentions) + 1}"
                e = p.entity
                self.mentions.append(
                    Mention(
                        id=mid,
                        report=rid,
                        start=pos,
                        end=pos + len(p.text),
                        text=p.text,
                        type=e.type,
                        concept=e.kind.key,
                        laterality=e.place.side,
                        assertion=p.assertion,
                        change=p.change,
                        source=SOURCE_GOLD,
                        anatomy=[e.place.noun] if e.place.noun else [],
                    )
                )
                e.mentions.append(mid)
            text_parts.append(p.text)
            pos += len(p.text)
        text = "".join(text_parts).rstrip(" ") + "\n"
        sections = [Section(n, s, min(e_, len(text))) for n, s, e_ in w.sections]
        for m in self.mentions:
            if m.report == rid:
                m.section = next((s.name for s in sections if s.start <= m.start < s.end), None)
        self.reports.append(
            Report(
                id=rid,
                text=text,
                date=date,
                date_known=True,
                exam=title,
                modality=exam.modality,
                region=exam.region,
                patient=self.pid,
                sections=sections,
            )
        )


# -- corpus ---------------------------------------------------------------------------------


def generate_patient(seed: int, index: int) -> Patient:
    """Patient number ``index`` (1-based) of the corpus made with ``seed``."""
    rng = random.Random(f"radtrack-synth/{seed}/{index}")
    return PatientSim(rng, f"patient_{index:03d}").run()


def generate(n_patients: int, seed: int) -> list[Patient]:
    return [generate_patient(seed, i) for i in range(1, n_patients + 1)]
