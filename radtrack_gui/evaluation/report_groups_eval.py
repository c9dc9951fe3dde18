"""Evaluating report grouping (case identification) on a generated set.

``versions_corpus`` takes generated patients (``evaluation/synth.py``) and adds the versions
real exports hold: a duplicated row, a preliminary and a final read, an addendum, a second
reader of the same image (same date-time and exam, reworded). Gold groups are known by
construction. ``score_groups`` gives NMI (as in the Real-MedNLP case-identification task)
and purity of the predicted groups against the gold.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import replace

from radtrack_gui.core.model import Patient, Report


def _variant(rng: random.Random, r: Report, kind: str, n: int) -> Report:
    body = r.text
    if kind == "duplicate":
        text = body
    elif kind == "prelim":
        text = body.replace("FINAL REPORT", "").replace("\n\n", "\nPRELIMINARY REPORT\n\n", 1)
        sentences = text.split(". ")
        if len(sentences) > 3:  # the final read changed a sentence
            del sentences[rng.randrange(1, len(sentences) - 1)]
        text = ". ".join(sentences)
    elif kind == "addendum":
        text = body.rstrip() + (
            "\n\nADDENDUM: On review, findings as above. Discussed with the referring team.\n"
        )
    else:  # a second reader: same exam and time, the findings reordered
        head, _, rest = body.partition("\n\n")
        lines = rest.split("\n")
        rng.shuffle(lines)
        text = head + "\n\n" + "\n".join(lines)
    return replace(
        r, id=f"{r.id[:-4]}_v{n}_{kind}.txt", text=text, sections=[], flags=list(r.flags)
    )


def versions_corpus(
    patients: list[Patient],
    seed: int,
    rate: float = 0.3,
) -> list[tuple[Patient, list[list[str]]]]:
    """(patient with extra versions, gold groups of report ids) per patient."""
    rng = random.Random(seed)
    out = []
    for p in patients:
        reports: list[Report] = []
        gold: list[list[str]] = []
        for r in p.reports:
            group = [r.id]
            reports.append(r)
            n = 0
            while rng.random() < (rate if n == 0 else rate / 3):
                n += 1
                kind = rng.choice(["duplicate", "prelim", "addendum", "second reader"])
                v = _variant(rng, r, kind, n)
                reports.append(v)
                group.append(v.id)
            gold.append(group)
        out.append((Patient(id=p.id, reports=reports), gold))
    return out


def _entropy(counts: Counter) -> float:
    total = sum(counts.values())
    return -sum(c / total * math.log(c / total) for c in counts.values() if c)


def score_groups(gold: list[list[str]], predicted: list[list[str]]) -> dict[str, float]:
    """NMI (arithmetic-mean normalisation) and purity; every id in exactly one group."""
    g = {rid: i for i, grp in enumerate(gold) for rid in grp}
    p = {rid: i for i, grp in enumerate(predicted) for rid in grp}
    ids = sorted(g)
    joint = Counter((g[i], p[i]) for i in ids)
    hg, hp = _entropy(Counter(g[i] for i in ids)), _entropy(Counter(p[i] for i in ids))
    n = len(ids)
    gc, pc = Counter(g[i] for i in ids), Counter(p[i] for i in ids)
    mi = sum(c / n * math.log(c * n / (gc[a] * pc[b])) for (a, b), c in joint.items())
    nmi = 1.0 if hg + hp == 0 else 2 * mi / (hg + hp)
    best: dict[int, int] = {}
    for (_a, b), c in joint.items():
        best[b] = max(best.get(b, 0), c)
    return {
        "nmi": nmi,
        "purity": sum(best.values()) / n,
        "reports": n,
        "gold_groups": len(gold),
        "predicted_groups": len(predicted),
    }


def evaluate_grouping(
    n_patients: int, seed: int, similarity: float | None = None, baseline: bool = False
) -> dict[str, float]:
    """Generate, group and score; pooled over all patients (ids made unique)."""
    from radtrack_gui.evaluation.synth import generate
    from radtrack_gui.nlp.report_groups import DEFAULT_SIMILARITY, group_reports

    gold_all: list[list[str]] = []
    pred_all: list[list[str]] = []
    for patient, gold in versions_corpus(generate(n_patients, seed), seed):
        pred = group_reports(patient.reports, similarity or DEFAULT_SIMILARITY)
        gold_all += [[f"{patient.id}/{r}" for r in grp] for grp in gold]
        pred_all += [[f"{patient.id}/{r}" for r in grp] for grp in pred]
    out = score_groups(gold_all, pred_all)
    if baseline:  # each report its own group
        alone = score_groups(gold_all, [[rid] for grp in gold_all for rid in grp])
        out["baseline_nmi"], out["baseline_purity"] = alone["nmi"], alone["purity"]
    return out
