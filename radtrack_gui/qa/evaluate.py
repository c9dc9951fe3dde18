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
    kinds: KindTable = field(default_factory=lambda: KindTable())

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
        if self.kinds.rows:
            out["kinds"] = self.kinds.as_dict()
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
        if self.kinds.rows:
            lines += ["", self.kinds.table()]
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


# per-kind measures, in print order: (key, column title)
MEASURES = (
    ("answerable", "answerable acc"),
    ("yes_no", "yes/no acc"),
    ("unanswerable", "unanswerable rec"),
    ("evidence", "evidence rec"),
    ("em", "EM"),
    ("f1", "F1"),
)


@dataclass
class KindTable:
    """Per question kind (and "all"): lists of 0/1 (EM/F1: 0..1) per measure."""

    rows: dict[str, dict[str, list[float]]] = field(default_factory=dict)

    def note(self, kind: str, measure: str, value: float) -> None:
        for k in (kind, "all"):
            self.rows.setdefault(k, {}).setdefault(measure, []).append(value)

    def value(self, kind: str, measure: str) -> float | None:
        vals = self.rows.get(kind, {}).get(measure)
        return sum(vals) / len(vals) if vals else None

    def as_dict(self) -> dict[str, Any]:
        return {
            kind: {m: {"n": len(v), "value": sum(v) / len(v)} for m, v in row.items() if v}
            for kind, row in self.rows.items()
        }

    def table(self) -> str:
        kinds = [*sorted(k for k in self.rows if k != "all"), "all"]
        head = f"{'kind':<14}{'n':>5}" + "".join(f"{t:>18}" for _, t in MEASURES)
        lines = ["per kind (value % (n))", head]
        for k in kinds:
            n = len(self.rows[k].get("n", []))
            cells = []
            for m, _ in MEASURES:
                vals = self.rows[k].get(m)
                cells.append(
                    f"{100 * sum(vals) / len(vals):>10.1f} ({len(vals):>3})"
                    if vals
                    else f"{'-':>16}"
                )
            lines.append(f"{k:<14}{n:>5}" + "".join(f"{c:>18}" for c in cells))
        return "\n".join(lines)


def _gold_yes_no(golds: list[str]) -> str:
    """ "yes" / "no" when the gold is a bare Yes or No ("no acute ..." is not)."""
    return golds[0].strip().lower() if golds and golds[0].strip().lower() in ("yes", "no") else ""


def right_answer(pred: str | None, golds: list[str]) -> bool:
    """A yes/no gold: the answer starts with the same word; else a gold string inside."""
    if not golds:
        return pred is None
    if not pred:
        return False
    if _gold_yes_no(golds):
        return _yes_no(pred) == _gold_yes_no(golds)
    norm = normalize(pred)
    return any(normalize(g) in norm for g in golds)


def evaluate_patients(
    path: str | Path,
    reader: Any,
    open_folder: Callable[[str], Patient],
    analyse: Callable[[Patient], Patient] | None = None,
) -> Scores:
    """``open_folder(folder)``: the analysed patient of a folder line (the pipeline, passed
    in); ``analyse(patient)``: the same for generated and corpus patients
    (``qa.question_set``). Per-kind measures land in ``scores.kinds``."""
    from radtrack_gui.qa.question_set import check_evidence, read_question_patient

    path = Path(path)
    scores = Scores()
    patients: dict[str, Patient] = {}
    for item in read_patient_questions(path):
        ref = item["patient"]
        key = ref if ref.startswith(("synth:", "iu:", "parrot1:")) else item["folder"]
        if key not in patients:
            if key == item["folder"]:
                if not Path(key).is_dir():
                    raise InputError(f"{path}: patient folder {ref} not found")
                patients[key] = open_folder(key)
            else:
                if analyse is None:
                    raise InputError(f"{path}: {ref}: needs the models (analyse)")
                patients[key] = analyse(read_question_patient(ref, path.parent))
        patient = patients[key]
        check_evidence(item, patient, f"{path.name} {item.get('id', item['question'])}")
        answer = reader.answer(patient, item["question"])
        pred = answer.answer if answer.answerable else None
        golds = item["answers"] if item["answerable"] else []
        scores.add(pred, golds)
        scores.note("answerable decided right", float(answer.answerable == item["answerable"]))
        if golds and pred:
            norm = normalize(pred)
            scores.note("answer contains gold", float(any(normalize(g) in norm for g in golds)))
        elif golds:
            scores.note("answer contains gold", 0.0)
        kind = item.get("kind") or ("unanswerable" if not golds else "other")
        if item.get("kind"):  # right: the gold in the answer, or abstained when none
            scores.note(f"right, {item['kind']}", float(right_answer(pred, golds)))
        t = scores.kinds
        t.note(kind, "n", 1.0)
        if golds:
            t.note(kind, "answerable", float(right_answer(pred, golds)))
            if _gold_yes_no(golds):
                t.note(kind, "yes_no", float(_yes_no(pred or "") == _gold_yes_no(golds)))
            else:
                t.note(kind, "em", best_exact(pred or "", golds))
                t.note(kind, "f1", best_f1(pred or "", golds))
        else:
            t.note(kind, "unanswerable", float(not answer.answerable))
        if _gold_yes_no(golds):
            scores.note("yes/no right", float(_yes_no(pred or "") == _gold_yes_no(golds)))
        if golds and item["evidence"]:
            for g in item["evidence"]:
                hit = any(
                    e.report == g["report"] and e.start < g["end"] and g["start"] < e.end
                    for e in answer.evidence
                )
                scores.note("evidence recall", float(hit))
                t.note(kind, "evidence", float(hit))
    return scores
