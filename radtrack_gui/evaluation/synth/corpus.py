"""A generated corpus on disk (brat with gold chains) and its statistics."""

from __future__ import annotations

import json
import os
from collections import Counter
from itertools import pairwise
from pathlib import Path
from typing import Any

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Patient, Report
from radtrack_gui.evaluation.synth.generator import generate
from radtrack_gui.evaluation.synth.writer import (
    TOKEN_RX,
)
from radtrack_gui.util.atomic import atomic_folder, write_private


def brat_lines(patient: Patient, report: Report) -> str:
    """The .ann text of one report: T lines (Finding/Device) and ``A<n>\\tChain T<k> c<j>``."""
    lines, attrs = [], []
    for k, m in enumerate(patient.mentions_of(report.id), 1):
        label = "Device" if m.type == "device" else "Finding"
        lines.append(f"T{k}\t{label} {m.start} {m.end}\t{m.text}")
        attrs.append(f"A{k}\tChain T{k} {m.chain}")
    return "".join(line + "\n" for line in lines + attrs)


def write_corpus(
    patients: list[Patient],
    out: str | os.PathLike[str],
    *,
    overwrite: bool = False,
    stats: dict[str, Any] | None = None,
) -> Path:
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
        dates = sorted({d for m in ms if (d := p.report(m.report).date) is not None})
        gaps.extend((b - a).total_seconds() / 86400 for a, b in pairwise(dates))
    mention_tokens = [tokens(m.text) for p in patients for m in p.mentions.values()]
    n_per = [len(p.reports) for p in patients]

    def share(c: Counter) -> dict[str, float]:
        return {
            k: round(v / max(1, n_reports), 3) for k, v in sorted(c.items(), key=lambda kv: -kv[1])
        }

    return {
        "patients": len(patients),
        "reports": n_reports,
        "mentions": n_mentions,
        "mentions_by_type": dict(
            sorted(Counter(m.type for p in patients for m in p.mentions.values()).items())
        ),
        "chains": len(chains),
        "singleton_share": round(singletons / max(1, len(chains)), 3),
        "reports_per_patient": {
            "mean": round(n_reports / max(1, len(patients)), 2),
            "min": min(n_per, default=0),
            "max": max(n_per, default=0),
        },
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
    return "\n".join(
        [
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
        ]
    )


def synthesize(
    out: str | os.PathLike[str], n_patients: int, seed: int, *, overwrite: bool = False
) -> dict[str, Any]:
    """Generate and write a corpus; returns its statistics (also in OUT/STATS.json)."""
    if n_patients < 1:
        raise InputError(f"--patients must be at least 1 (got {n_patients})")
    patients = generate(n_patients, seed)
    stats = corpus_stats(patients)
    stats["seed"] = seed
    write_corpus(patients, out, overwrite=overwrite, stats=stats)
    return stats
