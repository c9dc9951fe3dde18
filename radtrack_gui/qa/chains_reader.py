"""The ``chains`` reader: answers from the patient's chains and their attributes (Qt-free).

The question is parsed by ``qa.question``; its subject (the chains it is about, and their
events in the time asked about) is found by ``qa.subject``; here each intent reads the
chains' course (``views.course``: one event per report, "new", "increased", "removed"...)
into an answer. Evidence: the mention sentences behind the answer, strongest first.
Questions it cannot parse go to the extractive ``reader`` when one is installed, else to the
closest sentences (reader ``retrieval``, no answer).
"""

from __future__ import annotations

import re
from typing import Any

from radtrack_gui.core.model import DEVICE, Patient, Report
from radtrack_gui.nlp.vocabulary import vocabulary
from radtrack_gui.qa.answer import (
    RETRIEVAL,
    SCOPE,
    UNSTATED,
    Answer,
    Evidence,
    mention_evidence,
    no_answer,
    report_day,
    span_evidence,
)
from radtrack_gui.qa.attributes import _sentence  # one sentence, capitalised, one full stop
from radtrack_gui.qa.exam_answers import new_answer
from radtrack_gui.qa.judgement import unstated_judgement
from radtrack_gui.qa.question import Question, parse_question
from radtrack_gui.qa.subject import POSSIBLE, Hit, find_hits, name_from_chains, time_window
from radtrack_gui.views.course import GONE, Event

BETTER = {"decreased", "improved", "resolved"}
WORSE = {"increased", "worsened", "new", "recurred"}
INSERTED = {"inserted", "reinserted"}
MOVED = {"withdrawn", "advanced", "repositioned", "exchanged"}
MAX_EVIDENCE = 5


class ChainsReader:
    name = "chains"

    threshold = 0.4  # answers below this confidence abstain

    def __init__(self, name: str = "chains", fallback: bool = True) -> None:
        self.name = name
        self.fallback = fallback
        self._index: tuple[int, object] | None = None  # (id(patient), SentenceIndex)
        self._extractive: Any = False  # the installed `reader` (None: none; False: unknown)

    # -- entry point ---------------------------------------------------------------------
    def answer(self, patient: Patient, question: str) -> Answer:
        from radtrack_gui.qa import attributes, exam_answers

        vocab = vocabulary()
        q = parse_question(question, vocab)
        name_from_chains(patient, q)  # "lymph node": a word the reports use, not the vocabulary
        outside = attributes.out_of_scope(patient, q, vocab)
        if outside:
            return no_answer(question, self.name, status=SCOPE, note=outside)
        if not q.parsed:
            return self._fall_back(patient, question)
        if q.intent in ("exam", "devices"):
            return exam_answers.answer(self, patient, q)
        if q.intent == "count" and q.count_what == "exams":
            return self._count_exams(patient, q)
        window = time_window(patient, q, vocab)
        if q.time is not None and window is None and not any(r.date_known for r in patient.reports):
            q.time = None  # undated reports only ("ptx after line placement?" on one report)
        if q.time is not None and window is None:
            return no_answer(
                question,
                self.name,
                status=UNSTATED,
                note=f"Not stated in these reports: nothing matches '{q.time.text}'",
            )
        if window is not None and not window:
            return no_answer(question, self.name)
        hits = find_hits(patient, q, vocab, window)
        if not hits:
            what = q.terms[0] if q.terms else "it"
            when = f" {q.time.text}" if q.time else ""
            return no_answer(
                question, self.name, note=f"Not mentioned in these reports{when}: {what}"
            )
        if q.intent == "size":
            return attributes.size_answer(self, patient, q, hits)
        if (
            q.intent == "present"
            and not q.yes_no
            and re.match(r"(?:what|which|who|how)\b", q.text.lower())
        ):
            # "what is the ETT cuff pressure?": an attribute the parser does not know
            used = self._timed(hits, patient)
            shown = self._result(patient, q, None, list(reversed(used)), answerable=False)
            return no_answer(
                question,
                self.name,
                shown.evidence,
                status=UNSTATED,
                note=f"Not stated in these reports: what is asked about the {q.terms[0]}",
            )
        answer: Answer = getattr(self, f"_{q.intent}")(patient, q, hits)
        if answer.answerable and q.intent != "present":
            answer.confidence = min(answer.confidence, _confidence(hits))
            if answer.confidence < self.threshold:
                return no_answer(
                    question,
                    self.name,
                    answer.evidence,
                    status="abstained",
                    note="Not clearly answered by these reports (only a related finding "
                    "matches); the closest evidence is below",
                )
        return unstated_judgement(patient, answer)

    def index(self, patient: Patient):  # type: ignore[no-untyped-def]
        from radtrack_gui.qa.retrieval import SentenceIndex

        if self._index is None or self._index[0] != id(patient):
            self._index = (id(patient), SentenceIndex.for_patient(patient))
        return self._index[1]

    def _fall_back(self, patient: Patient, question: str) -> Answer:
        if self.fallback:
            if self._extractive is False:  # looked up once; the model loads on first use
                from radtrack_gui.qa.extractive import installed_reader

                self._extractive = installed_reader()
            if self._extractive is not None:
                return self._extractive.answer(patient, question)
        from radtrack_gui.qa.retrieval import query_words

        found = self.index(patient).search(query_words(question), k=3)
        evidence = [span_evidence(patient.report(s.report), s.start, s.end) for _, s in found]
        return no_answer(question, RETRIEVAL, evidence)

    # -- the subject ---------------------------------------------------------------------
    # -- helpers -------------------------------------------------------------------------
    @staticmethod
    def _report(patient: Patient, event: Event) -> Report:
        return patient.report(event.report)

    def _when(self, patient: Patient, event: Event) -> str:
        r = self._report(patient, event)
        day = report_day(r)
        if day == "undated":
            return f"in an undated report ({r.exam or r.modality})"
        return f"on {day} ({r.exam or r.modality})"

    @staticmethod
    def _timed(hits: list[Hit], patient: Patient) -> list[tuple[Event, Hit]]:
        order = patient.report_index()
        pairs = [(e, h) for h in hits for e in h.events]
        # dated reports in time order; undated ones (placed last) only when alone
        dated = [(e, h) for e, h in pairs if e.date is not None]
        pairs = dated or pairs
        return sorted(pairs, key=lambda p: (order[p[0].report], -p[1].score))

    def _result(
        self,
        patient: Patient,
        q: Question,
        text: str | None,
        used: list[tuple[Event, Hit]],
        answerable: bool = True,
    ) -> Answer:
        """The answer with the mention sentences of ``used`` (strongest first)."""
        evidence: list[Evidence] = []
        seen: set[tuple[str, int, int]] = set()
        chains: list[str] = []
        for event, hit in used:
            ms = [patient.mentions[m] for m in event.mentions]
            ms.sort(key=lambda m: (m.change is None, m.section != "FINDINGS", m.start))
            for m in ms:
                ev = mention_evidence(patient, m)
                key = (ev.report, ev.start, ev.end)
                if key not in seen:
                    seen.add(key)
                    evidence.append(ev)
            if hit.chain not in chains:
                chains.append(hit.chain)
        return Answer(
            q.text,
            text if answerable else None,
            answerable,
            self.name,
            evidence[:MAX_EVIDENCE],
            chains,
        )

    # -- one method per intent -----------------------------------------------------------
    def _present(self, patient: Patient, q: Question, hits: list[Hit]) -> Answer:
        """Yes/No from the chain's state and the polarity the question's verb asks: "is it
        still in?" (present) and "is it out?" (absent) get opposite words for one state."""
        timed = self._timed(hits, patient)
        if q.time is None or q.time.relation == "by":  # the state the latest report says
            last = timed[-1][0].report
            target = [p for p in timed if p[0].report == last]
        else:
            target = timed
        seen = [p for p in target if p[0].word not in GONE | POSSIBLE]
        maybe = [p for p in target if p[0].word in POSSIBLE]
        label = patient.chains[(seen or maybe or target)[-1][1].chain].label
        absent_asked = q.polarity == "absent"
        related_only = max(h.score for h in hits) <= 1.0  # "consolidation" for "pneumonia"
        if related_only and (seen or maybe):  # a related process, not the thing asked
            shown = self._result(patient, q, None, list(reversed(seen or maybe)), False)
            return no_answer(
                q.text,
                self.name,
                shown.evidence,
                status="unmentioned",
                note=f"Not mentioned in these reports: {q.terms[0] if q.terms else 'it'} "
                f"(a related finding is reported: {label})",
            )
        if q.new_asked:  # "any new …?": a "new" in the time asked (default: the last report)
            return new_answer(self, patient, q, target)
        if seen:
            e = seen[-1][0]
            state = f"{label} {e.word} {self._when(patient, e)}"
            text = f"No — {state}." if absent_asked else f"Yes — {state}."
            used = list(reversed(seen))
            confidence = 0.9
        elif maybe:
            e = maybe[-1][0]
            state = f"{label} {e.word} {self._when(patient, e)}"
            text = f"No — {state}." if absent_asked else f"Yes, possibly — {state}."
            used = list(reversed(maybe))
            confidence = 0.45 if related_only else 0.6
        else:
            e = target[-1][0]
            gone = _gone_words(e.word, patient.chains[target[-1][1].chain].type)
            state = f"{label} {gone} {self._when(patient, e)}"
            text = f"Yes — {state}." if absent_asked else f"No — {state}."
            used = list(reversed(target))
            confidence = 0.5 if related_only else 0.9
        answer = self._result(patient, q, text, used)
        answer.confidence = confidence
        return answer

    def _first_seen(
        self, patient: Patient, q: Question, hits: list[Hit], last: bool = False
    ) -> Answer:
        timed = self._timed(hits, patient)
        seen = [p for p in timed if p[0].word not in GONE]
        if not seen:
            e = timed[-1][0]
            return self._result(
                patient,
                q,
                f"Not seen: reported {e.word} {self._when(patient, e)}.",
                list(reversed(timed)),
            )
        pick = seen[-1] if last else seen[0]
        label = patient.chains[pick[1].chain].label
        word = "Last" if last else "First"
        return self._result(
            patient,
            q,
            f"{word} seen {self._when(patient, pick[0])}: {label} {pick[0].word}.",
            [pick],
        )

    def _last_seen(self, patient: Patient, q: Question, hits: list[Hit]) -> Answer:
        return self._first_seen(patient, q, hits, last=True)

    def _change(self, patient: Patient, q: Question, hits: list[Hit]) -> Answer:
        timed = self._timed(hits, patient)
        compared = {"present", "possible", "possibly present"}
        if len({e.report for e, _ in timed}) == 1 and all(
            e.word in compared and all(patient.mentions[m].change is None for m in e.mentions)
            for e, _ in timed
        ):
            shown = self._result(patient, q, None, list(reversed(timed)), answerable=False)
            from radtrack_gui.qa import asking

            for ev in shown.evidence:  # a change the sentence states in words of its own
                cue = asking.change_in(ev.text)
                if cue:
                    ev.highlight = (ev.start + cue[1][0], ev.start + cue[1][1])
                    label = patient.chains[timed[-1][1].chain].label
                    said = f"{cue[0]} ({label}, {self._when(patient, timed[-1][0])})"
                    if q.direction:
                        want = {"better": "decreased", "worse": "increased"}.get(
                            q.direction, cue[0]
                        )
                        agrees = cue[0] == want or (
                            q.direction == "change" and cue[0] != "unchanged"
                        )
                        said = f"{'Yes' if agrees else 'No'} — {said}"
                    rest = [e for e in shown.evidence if e is not ev]
                    return Answer(
                        q.text, _sentence(said), True, self.name, [ev, *rest], shown.chains, 0.6
                    )
            return no_answer(
                q.text,
                self.name,
                shown.evidence,
                status=UNSTATED,
                note="Not stated in these reports: one report, no comparison given",
            )
        steps = self._steps(patient, hits, timed)
        changed = [p for p in timed if p[0].word in (BETTER | WORSE | GONE - {"absent"})]
        strongest = list(reversed(changed)) + [p for p in reversed(timed) if p not in changed]
        if not q.direction:
            return self._result(patient, q, steps[:1].upper() + steps[1:] + ".", strongest)
        wanted = {"better": BETTER, "worse": WORSE}.get(
            q.direction, BETTER | WORSE | GONE | INSERTED
        )
        found = [p for p in timed if p[0].word in wanted]
        if found:
            chains = list(dict.fromkeys(h.chain for _, h in found))
            said = "; ".join(
                (f"{patient.chains[c].label} " if len(chains) > 1 else "")
                + ", ".join(f"{e.word} {self._when(patient, e)}" for e, h in found if h.chain == c)
                for c in chains
            )
            return self._result(
                patient,
                q,
                f"Yes — {said}.",
                list(reversed(found)) + [p for p in reversed(timed) if p not in found],
            )
        return self._result(patient, q, f"No — {steps}.", strongest)

    def _steps(self, patient: Patient, hits: list[Hit], timed: list[tuple[Event, Hit]]) -> str:
        """The course in the time asked about: one step per change of word, per chain."""
        parts = []
        for h in hits:
            steps: list[str] = []
            prev = None
            evs = [e for e, hh in timed if hh is h]
            for i, e in enumerate(evs):
                later_seen = any(x.word not in GONE for x in evs[i + 1 :])
                if (
                    e.word == prev
                    or e.word in ("still present", "in place")
                    or (e.word == "absent" and (later_seen or prev in GONE))
                ):
                    continue
                steps.append(f"{e.word} {self._when(patient, e)}")
                prev = e.word
            if steps:
                label = ""
                if len(hits) > 1:
                    label = patient.chains[h.chain].label
                    if sum(patient.chains[x.chain].label == label for x in hits) > 1 and evs:
                        label += f" (from {report_day(patient.report(evs[0].report))})"
                    label += ": "
                parts.append(label + ", ".join(steps))
        return "; ".join(parts)

    def _device_events(
        self, patient: Patient, q: Question, hits: list[Hit], words: set[str]
    ) -> Answer:
        hits = [h for h in hits if h.type == DEVICE] or hits
        timed = self._timed(hits, patient)
        found = [p for p in timed if p[0].word in words]
        first = re.search(r"\bfirst\b", q.text.lower()) is not None
        if q.intent == "inserted":  # per episode: the insertion, else first sighting
            starts = []
            for h in hits:
                evs = [p for p in timed if p[1] is h and p[0].word not in GONE]
                if evs:
                    starts.append(next((p for p in evs if p[0].word in words), evs[0]))
            starts.sort(key=lambda p: patient.report_index()[p[0].report])
            if first:
                starts = starts[:1]
            if not starts:
                return no_answer(q.text, self.name)
            parts = [
                (
                    f"inserted {self._when(patient, e)}"
                    if e.word in words
                    else f"in place {self._when(patient, e)} (placement not reported)"
                )
                for e, _ in starts
            ]
            return self._result(patient, q, _sentence("; ".join(parts)), starts)
        if first:
            found = found[:1]
        if found:
            verb = "removed" if q.intent == "removed" else "repositioned"
            dates = " and ".join(
                f"{e.word if verb != 'removed' else verb} {self._when(patient, e)}"
                for e, _ in found
            )
            return self._result(patient, q, _sentence(dates), list(reversed(found)))
        seen = [p for p in timed if p[0].word not in GONE]
        if not seen:
            return no_answer(q.text, self.name)
        what = "removal" if q.intent == "removed" else "repositioning"
        e = seen[-1][0]
        return self._result(
            patient,
            q,
            f"No {what} reported: last seen {e.word} {self._when(patient, e)}.",
            list(reversed(seen)),
        )

    def _inserted(self, patient: Patient, q: Question, hits: list[Hit]) -> Answer:
        return self._device_events(patient, q, hits, INSERTED)

    def _removed(self, patient: Patient, q: Question, hits: list[Hit]) -> Answer:
        return self._device_events(patient, q, hits, {"removed"})

    def _repositioned(self, patient: Patient, q: Question, hits: list[Hit]) -> Answer:
        return self._device_events(patient, q, hits, MOVED)

    def _tip(self, patient: Patient, q: Question, hits: list[Hit]) -> Answer:
        from radtrack_gui.qa.attributes import tip_answer

        return tip_answer(self, patient, q, hits)

    def _count(self, patient: Patient, q: Question, hits: list[Hit]) -> Answer:
        timed = self._timed(hits, patient)
        if q.count_what == "episodes":
            eps = [h for h in hits if any(e.word not in GONE for e in h.events)]
            parts = []
            for h in eps:
                seen = [e for e in h.events if e.word not in GONE]
                parts.append(report_day(patient.report(seen[0].report)))
            used = [p for p in timed if p[1] in eps and p[0].word not in GONE]
            return self._result(patient, q, f"{len(eps)}: from {', '.join(parts)}.", _firsts(used))
        reports = list(dict.fromkeys(e.report for e, _ in timed))
        days = ", ".join(report_day(patient.report(r)) for r in reports)
        return self._result(patient, q, f"{len(reports)}: {days}.", _firsts(timed))

    def _count_exams(self, patient: Patient, q: Question) -> Answer:
        window = time_window(patient, q, vocabulary())
        if q.exam_modalities:
            found = [
                r
                for r in patient.reports
                if r.modality in q.exam_modalities
                and (not q.exam_region or r.region == q.exam_region)
            ]
        else:
            found = list(patient.reports)
        if window is not None:
            found = [r for r in found if r.id in window]
        days = ", ".join(f"{report_day(r)}" for r in found)
        return Answer(
            q.text, f"{len(found)}" + (f": {days}." if found else "."), True, self.name, [], []
        )

    def _exams(self, patient: Patient, q: Question, hits: list[Hit]) -> Answer:
        timed = [p for p in self._timed(hits, patient) if p[0].word not in GONE]
        if not timed:
            return no_answer(q.text, self.name)
        reports = list(dict.fromkeys(e.report for e, _ in timed))
        names = ", ".join(
            f"{patient.report(r).exam} {report_day(patient.report(r))}" for r in reports
        )
        return self._result(patient, q, f"{names}.", _firsts(timed))

    def _describe(self, patient: Patient, q: Question, hits: list[Hit]) -> Answer:
        timed = self._timed(hits, patient)
        answer = self._result(patient, q, None, list(reversed(timed)))
        if not answer.evidence:
            return no_answer(q.text, self.name)
        answer.answer = answer.evidence[0].text
        answer.answerable = True
        return answer


def _gone_words(word: str, kind: str) -> str:
    """How an absent state is said: a device "removed", a finding "absent"/"resolved"."""
    if word == "absent" and kind == DEVICE:
        return "not seen (removed or not present)"
    return word


def _confidence(hits: list[Hit]) -> float:
    """How closely the chains match what was asked (subject.find_hits' score, 0..3)."""
    best = max(h.score for h in hits)
    return min(0.95, 0.3 * best)


def _firsts(pairs: list[tuple[Event, Hit]]) -> list[tuple[Event, Hit]]:
    """One event per report, in the given order."""
    out, seen = [], set()
    for e, h in pairs:
        if e.report not in seen:
            seen.add(e.report)
            out.append((e, h))
    return out


def answer_question(patient: Patient, question: str) -> Answer:
    """One question with the ``chains`` reader (and its fallbacks)."""
    return ChainsReader().answer(patient, question)


__all__ = ["ChainsReader", "answer_question"]
