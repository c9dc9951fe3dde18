"""Question-answering scores, as RadQA reports them (SQuAD v2), Qt-free.

- SQuAD form (``data`` / ``paragraphs`` / ``qas``; each context a report): exact match
  and token F1 against the best gold answer, overall and split into answerable and
  unanswerable questions (an unanswerable one scores 1 only when no answer is given).
- Patient-level form (JSONL; ``resources/samples/demo_questions.jsonl``): each line names a
  patient folder (relative to the file), the question, ``answerable``, gold ``answers`` and
  gold ``evidence`` spans (report + offsets). Besides EM/F1: yes/no agreement, "answer
  contains a gold answer", and evidence recall (gold spans overlapped by an evidence span).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Patient, Report
from radtrack_gui.formats.jsonl import read_jsonl
from radtrack_gui.qa.squad import best_exact, best_f1, normalize, read_squad

PARTS = ("overall", "answerable", "unanswerable")


@dataclass
class Scores:
    """Sums over questions; ``table()`` prints percentages."""

    n: Counter[str] = field(default_factory=Counter)
    em: dict[str, float] = field(default_factory=lambda: dict.fromkeys(PARTS, 0.0))
    f1: dict[str, float] = field(default_factory=lambda: dict.fromkeys(PARTS, 0.0))
    extra: dict[str, list[float]] = field(default_factory=dict)

    def add(self, pred: str | None, golds: list[str]) -> None:
        text = pred or ""
        e, f = best_exact(text, golds), best_f1(text, golds)
        for part in ("overall", "answerable" if golds else "unanswerable"):
            self.n[part] += 1
            self.em[part] += e
            self.f1[part] += f

    def note(self, name: str, value: float) -> None:
        self.extra.setdefault(name, []).append(value)

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for part in ("overall", "answerable", "unanswerable"):
            n = self.n[part]
            out[part] = {
                "n": n,
                "exact": self.em[part] / n if n else 0.0,
                "f1": self.f1[part] / n if n else 0.0,
            }
        for name, values in self.extra.items():
            out[name] = {"n": len(values), "value": sum(values) / len(values) if values else 0}
        return out

    def table(self, title: str) -> str:
        d = self.as_dict()
        lines = [title, f"{'':<16}{'n':>6}{'EM':>8}{'F1':>8}"]
        for part in ("overall", "answerable", "unanswerable"):
            x = d[part]
            lines.append(f"{part:<16}{x['n']:>6}{100 * x['exact']:>8.1f}{100 * x['f1']:>8.1f}")
        for name in sorted(self.extra, key=lambda k: (k.startswith("right, "), 0)):
            x = d[name]
            lines.append(f"{name:<28}{100 * x['value']:>6.1f}  (n={x['n']})")
        return "\n".join(lines)


def evaluate_squad(path: str | Path, reader: Any, analyse: Callable[[Patient], Patient]) -> Scores:
    """Each context is one report of a one-report patient, given to ``analyse`` (the
    pipeline's extract + link, passed in by the caller) so the chains reader has chains."""
    items = read_squad(path)
    scores = Scores()
    patients: dict[str, Patient] = {}
    for x in items:
        patient = patients.get(x.context)
        if patient is None:
            patient = Patient(id="context", reports=[Report("context.txt", x.context)])
            patients[x.context] = analyse(patient)
        answer = reader.answer(patient, x.question)
        scores.add(answer.answer if answer.answerable else None, [t for t, _ in x.answers])
    return scores


def read_patient_questions(path: str | Path) -> list[dict[str, Any]]:
    path = Path(path)
    out = []
    for n, item in read_jsonl(path):
        if not isinstance(item, dict) or not {"patient", "question"} <= item.keys():
            raise InputError(f'{path}:{n}: needs "patient" and "question"')
        item.setdefault("answers", [])
        item.setdefault("evidence", [])
        item["answerable"] = bool(item.get("answerable", bool(item["answers"])))
        item["folder"] = str((path.parent / item["patient"]).resolve())
        out.append(item)
    return out


def _yes_no(text: str) -> str:
    m = re.match(r"\s*(yes|no)\b", text.lower())
    return m.group(1) if m else ""


def evaluate_patients(
    path: str | Path, reader: Any, open_folder: Callable[[str], Patient]
) -> Scores:
    """``open_folder(folder)``: the analysed patient (the pipeline, passed in)."""
    scores = Scores()
    patients: dict[str, Patient] = {}
    for item in read_patient_questions(path):
        folder = item["folder"]
        if folder not in patients:
            if not Path(folder).is_dir():
                raise InputError(f"{path}: patient folder {item['patient']} not found")
            patients[folder] = open_folder(folder)
        answer = reader.answer(patients[folder], item["question"])
        pred = answer.answer if answer.answerable else None
        golds = item["answers"] if item["answerable"] else []
        scores.add(pred, golds)
        scores.note("answerable decided right", float(answer.answerable == item["answerable"]))
        if golds and pred:
            norm = normalize(pred)
            scores.note("answer contains gold", float(any(normalize(g) in norm for g in golds)))
        elif golds:
            scores.note("answer contains gold", 0.0)
        if item.get("kind"):  # right: the gold in the answer, or abstained when none
            right = (
                (pred is None)
                if not golds
                else bool(pred) and any(normalize(g) in normalize(pred or "") for g in golds)
            )
            scores.note(f"right, {item['kind']}", float(right))
        if golds and _yes_no(golds[0]):
            scores.note("yes/no right", float(_yes_no(pred or "") == _yes_no(golds[0])))
        if golds and item["evidence"]:
            for g in item["evidence"]:
                hit = any(
                    e.report == g["report"] and e.start < g["end"] and g["start"] < e.end
                    for e in answer.evidence
                )
                scores.note("evidence recall", float(hit))
    return scores
