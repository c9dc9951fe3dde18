"""Link time per linker on a generated 300-report, ~3,000-mention patient.

The patient is built here from the vocabulary tables (concepts, their terms, sites below the
concept's default anatomy, sides from the site names, negations, hedges, course changes) over
two years of exams. Times are warm medians (the vocabulary is loaded before timing).
Run: ``.venv/bin/python benchmarks/bench_link.py [--embedding]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from datetime import datetime, timedelta

from radtrack_gui.core.model import Mention, Patient, Report
from radtrack_gui.nlp.registry import get_linker
from radtrack_gui.nlp.vocabulary import vocabulary

CHANGES = [
    None,
    None,
    None,
    "new",
    "increased",
    "decreased",
    "stable",
    "resolved",
    "removed",
    "withdrawn",
    "advanced",
    "repositioned",
    "inserted",
]


def make_patient(
    n_reports: int = 300, per_report: int = 10, seed: int = 7, n_concepts: int = 0
) -> Patient:
    """A synthetic patient whose mentions come from the vocabulary tables (all concepts, or
    only the first ``n_concepts`` chest ones: an ICU patient repeating the same few)."""
    rng = random.Random(seed)
    v = vocabulary()
    children: dict[str, list[str]] = {}
    for child, parent in v.parent.items():
        children.setdefault(parent, []).append(child)

    def below(name: str) -> list[str]:
        out, todo = [], [name]
        while todo:
            cur = todo.pop()
            out.append(cur)
            todo.extend(children.get(cur, []))
        return out

    concepts = sorted(v.concepts.values(), key=lambda c: c.name)
    if n_concepts:
        chest = [c for c in concepts if c.anatomy and v.is_part_of(c.anatomy, "thorax")]
        concepts = (chest or concepts)[:n_concepts]
    patient = Patient(id="bench")
    when = datetime(2150, 1, 1, 8, 0)
    n = 0
    for r in range(n_reports):
        when += timedelta(hours=rng.choice([6, 12, 24, 24, 48, 72, 24 * 14]))
        parts: list[str] = []
        mentions: list[Mention] = []
        pos = 0
        for _ in range(per_report):
            c = rng.choice(concepts)
            term = rng.choice(c.terms)
            sites = below(c.anatomy) if c.anatomy else []
            site = rng.choice(sites) if sites and rng.random() < 0.6 else ""
            first = site.split(" ", 1)[0] if site else ""
            side = first if first in ("left", "right", "bilateral") else None
            text = f"{side} {term}" if side else term
            n += 1
            mentions.append(
                Mention(
                    id=f"m{n}",
                    report=f"r{r:03d}.txt",
                    start=pos,
                    end=pos + len(text),
                    text=text,
                    type=c.type,
                    concept=c.name,
                    anatomy=[site] if site else [],
                    laterality=side,
                    assertion=rng.choices(["present", "absent", "possible"], [75, 15, 10])[0],
                    change=rng.choice(CHANGES),
                )
            )
            parts.append(text)
            pos += len(text) + 2
        report = Report(
            id=f"r{r:03d}.txt",
            text=". ".join(parts) + ".",
            date=when,
            date_known=True,
            modality="XR",
        )
        patient.reports.append(report)
        patient.mentions.update({m.id: m for m in mentions})
    return patient


def time_linker(name: str, patient: Patient, runs: int) -> tuple[float, int, int]:
    linker = get_linker(name)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        linking = linker.link(patient)
        times.append(time.perf_counter() - t0)
    multi = sum(1 for c in linking.clusters if len(c) > 1)
    return statistics.median(times), len(linking.clusters), multi


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reports", type=int, default=300)
    ap.add_argument("--per-report", type=int, default=10)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--embedding", action="store_true", help="also time the MiniLM linker")
    args = ap.parse_args()
    vocabulary()
    names = ["exact", "knowledge", "pairwise"] + (["embedding"] if args.embedding else [])
    for label, n_concepts in (("all concepts", 0), ("10 chest concepts", 10)):
        patient = make_patient(args.reports, args.per_report, n_concepts=n_concepts)
        print(
            f"patient ({label}): {len(patient.reports)} reports, {len(patient.mentions)} mentions"
        )
        for name in names:
            runs = 1 if name == "embedding" else args.runs
            secs, chains, multi = time_linker(name, patient, runs)
            print(f"  {name:10s} {secs:7.3f} s  {chains} chains ({multi} with 2+ mentions)")


if __name__ == "__main__":
    main()
