"""Project store timings on a generated 3,000-mention patient.

Prints the time to save and load the whole patient and the time per edit (``apply``:
the command plus its transaction) and per undo. The GUI's redraw-after-edit budget is
50 ms, so an edit should take a few ms.

    .venv/bin/python benchmarks/bench_store.py [--mentions 3000]
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

from radtrack_gui.core.edits import (
    Command,
    MarkReviewed,
    MergeChains,
    MoveMention,
    SetMentionAttributes,
    SplitChain,
)
from radtrack_gui.core.model import Mention, Patient, Report
from radtrack_gui.store.db import ProjectStore

WORDS = [
    "effusion",
    "pneumothorax",
    "atelectasis",
    "nodule",
    "ET tube",
    "PICC line",
    "chest tube",
    "consolidation",
    "edema",
    "fracture",
]


def generate(n_mentions: int, per_report: int = 10, seed: int = 1) -> Patient:
    rng = random.Random(seed)
    n_reports = max(1, n_mentions // per_report)
    p = Patient(id="bench")
    mid = 0
    for i in range(n_reports):
        picks = [rng.choice(WORDS) for _ in range(per_report)]
        text = " ".join(f"There is {w}." for w in picks)
        rid = f"r{i:04d}.txt"
        p.reports.append(
            Report(
                id=rid,
                text=text,
                date=datetime(2150, 1, 1) + timedelta(i),
                date_known=True,
                modality="XR",
            )
        )
        pos = 0
        for w in picks:
            start = text.index(w, pos)
            pos = start + len(w)
            mid += 1
            dev = w in ("ET tube", "PICC line", "chest tube")
            p.mentions[f"m{mid}"] = Mention(
                f"m{mid}",
                rid,
                start,
                pos,
                w,
                type="device" if dev else "finding",
                concept=w,
                anatomy=["chest"],
                source="model:bench",
            )
    # ~5 mentions per chain: group by word, in runs.
    clusters: dict[tuple[str, int], list[str]] = {}
    for i, m in enumerate(p.mentions.values()):
        clusters.setdefault((m.text, i // 50), []).append(m.id)
    p.set_chains(clusters.values(), source="model:bench")
    return p


def timed(fn, repeat: int = 1) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mentions", type=int, default=3000)
    ap.add_argument("--edits", type=int, default=200)
    args = ap.parse_args()
    p = generate(args.mentions)
    assert p.check() == []
    print(f"patient: {len(p.reports)} reports, {len(p.mentions)} mentions, {len(p.chains)} chains")
    with tempfile.TemporaryDirectory() as tmp:
        store = ProjectStore.open(Path(tmp) / "bench.sqlite")
        save = timed(lambda: store.save_patient(p, "model:bench"), repeat=3)
        load = timed(store.load_patient, repeat=3)
        print(f"save whole patient: {save * 1000:8.1f} ms")
        print(f"load whole patient: {load * 1000:8.1f} ms")

        rng = random.Random(2)
        per_kind: dict[str, list[float]] = {}
        undo_times: list[float] = []
        who = "person:bench"
        for i in range(args.edits):
            chains = list(p.chains)
            c = p.chains[rng.choice(chains)]
            kind = i % 5
            cmd: Command
            if kind == 0:
                m = rng.choice(list(p.mentions))
                same = [x for x in chains if p.chains[x].type == p.mentions[m].type]
                cmd = MoveMention(m, rng.choice(same))
            elif kind == 1:
                same = [x for x in chains if p.chains[x].type == c.type and x != c.id]
                cmd = MergeChains([c.id, rng.choice(same)])
            elif kind == 2:
                if len(c.mentions) < 2:
                    continue
                cmd = SplitChain(c.id, mention_ids=c.mentions[-1:])
            elif kind == 3:
                cmd = MarkReviewed(c.id)
            else:
                cmd = SetMentionAttributes(rng.choice(c.mentions), laterality="left")
            t = time.perf_counter()
            store.apply(cmd, p, who)
            per_kind.setdefault(type(cmd).__name__, []).append(time.perf_counter() - t)
            if i % 4 == 0:
                t = time.perf_counter()
                store.record_undo(cmd, p, who)
                undo_times.append(time.perf_counter() - t)
        all_times = [x for v in per_kind.values() for x in v]
        print(
            f"edit (apply), {len(all_times)} edits: median "
            f"{statistics.median(all_times) * 1000:.2f} ms, max {max(all_times) * 1000:.2f} ms"
        )
        for name, v in sorted(per_kind.items()):
            print(f"  {name:22s} median {statistics.median(v) * 1000:6.2f} ms")
        print(
            f"undo (record_undo), {len(undo_times)}: median "
            f"{statistics.median(undo_times) * 1000:.2f} ms"
        )
        assert p.check() == []
        reloaded = store.load_patient()
        assert reloaded is not None and len(reloaded.mentions) == len(p.mentions)
        store.close()


if __name__ == "__main__":
    main()
