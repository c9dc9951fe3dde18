"""Short report texts for the knowledge linker's context tests: ``Case`` holds reports, places
mentions on their words (attributes from the rule extractor's code for exactly that span, as
for gold spans) and asks whether two share a chain."""

from __future__ import annotations

from datetime import datetime, timedelta

from radtrack_gui.core.model import FINDING, Patient
from radtrack_gui.formats.textreport import report_from_text
from radtrack_gui.nlp.linkers.knowledge import KnowledgeLinker
from radtrack_gui.nlp.registry import Linking, get_extractor

T0 = datetime(2150, 3, 4, 8, 0)


class Case:
    """Reports (days after T0, text); ``mark`` places mentions; ``same`` links them."""

    def __init__(self, *reports: tuple[float, str]) -> None:
        self.patient = Patient(id="p")
        for i, (days, text) in enumerate(reports):
            stamp = f"Date: {T0 + timedelta(days=days):%Y-%m-%d %H:%M}\n"
            if not text.startswith("Exam:"):
                stamp += "Exam: CHEST RADIOGRAPH\n\n"
            report, _ = report_from_text(f"r{i}.txt", stamp + text)
            self.patient.reports.append(report)
        self._linking: Linking | None = None

    def mark(self, report: int, words: str, nth: int = 0, kind: str = FINDING) -> str:
        r = self.patient.reports[report]
        start = -1
        for _ in range(nth + 1):
            start = r.text.index(words, start + 1)
        found = get_extractor("rules").annotate(r, [(start, start + len(words), kind)])
        m = next(x for x in found if (x.start, x.end) == (start, start + len(words)))
        m.id = f"m{len(self.patient.mentions) + 1}"
        self.patient.mentions[m.id] = m
        self._linking = None
        return m.id

    def linking(self) -> Linking:
        if self._linking is None:
            self._linking = KnowledgeLinker().link(self.patient)
        return self._linking

    def same(self, a: str, b: str) -> bool:
        chain = {m: n for n, c in enumerate(self.linking().clusters) for m in c}
        return chain[a] == chain[b]
