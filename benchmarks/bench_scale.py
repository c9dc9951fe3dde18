"""Scale: linking time and peak memory as a patient grows, and three large inputs.

Each measurement runs in a fresh child process, so its peak resident memory (``ru_maxrss``)
is its own. Printed: wall and CPU seconds (CPU is steadier on a shared machine), peak MB.

1. linking (``knowledge`` and ``exact``) a generated patient of 100 / 300 / 1,000 / 2,000
   reports (12 mentions each, ``bench_link.make_patient``) and the fitted exponent of time
   against mentions (least squares on log-log);
2. one report holding a 10,000-mention chain ("Small left pleural effusion." repeated),
   the whole pipeline (rules extractor + knowledge linker);
3. a 1,000-report patient folder read from disk, the whole pipeline;
4. a folder of 10,000 tiny text reports, the whole pipeline.

Run: ``python benchmarks/bench_scale.py [--quick]`` (``--quick``: the two smallest sizes).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
SIZES = (100, 300, 1000, 2000)
PER_REPORT = 12


def _child(kind: str, arg: str) -> None:
    """Run one measurement in this (child) process and print a JSON line."""
    import resource
    import time

    sys.path.insert(0, str(HERE))
    from radtrack_gui import pipeline
    from radtrack_gui.nlp.registry import get_linker
    from radtrack_gui.nlp.vocabulary import vocabulary

    vocabulary()
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    w0, c0 = time.perf_counter(), time.process_time()
    if kind == "link":
        from bench_link import make_patient

        name, n = arg.split(":")
        patient = make_patient(int(n), PER_REPORT)
        w0, c0 = time.perf_counter(), time.process_time()
        linking = get_linker(name).link(patient)
        units, largest = len(patient.mentions), max(len(c) for c in linking.clusters)
    elif kind == "chain":
        from radtrack_gui.core.model import Patient, Report

        text = "FINDINGS: " + " ".join(["Small left pleural effusion."] * int(arg)) + "\n"
        patient = Patient(id="chain", reports=[Report("big.txt", text)])
        pipeline.analyse(patient)
        units = len(patient.mentions)
        largest = max(len(c.mentions) for c in patient.chains.values())
    else:  # a folder on disk
        patient = pipeline.process_folder(arg)
        units = len(patient.reports)
        largest = max((len(c.mentions) for c in patient.chains.values()), default=0)
    wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(
        json.dumps(
            {
                "wall": wall,
                "cpu": cpu,
                "peak_mb": peak / 1024,
                "base_mb": base / 1024,
                "units": units,
                "largest": largest,
            }
        )
    )


def measure(kind: str, arg: str) -> dict:
    env = dict(os.environ, PYTHONPATH=str(HERE.parent))
    out = subprocess.run(
        [sys.executable, __file__, "--child", kind, arg],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def exponent(points: list[tuple[float, float]]) -> float:
    xs = [math.log(x) for x, _ in points]
    ys = [math.log(max(y, 1e-6)) for _, y in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum(
        (x - mx) ** 2 for x in xs
    )


def write_folder(folder: Path, n_reports: int, tiny: bool) -> None:
    sys.path.insert(0, str(HERE))
    from bench_link import make_patient

    folder.mkdir(parents=True, exist_ok=True)
    if tiny:
        for i in range(n_reports):
            (folder / f"r{i:05d}.txt").write_text(
                f"Date: 2150-01-{1 + i % 28:02d}\n\nNo pneumothorax.\n", encoding="utf-8"
            )
        return
    for r in make_patient(n_reports, PER_REPORT).reports:
        assert r.date is not None
        (folder / r.id).write_text(
            f"Date: {r.date:%Y-%m-%d %H:%M}\nExam: CHEST PA\n\nFINDINGS: {r.text}\n",
            encoding="utf-8",
        )


def row(label: str, r: dict, unit: str) -> str:
    return (
        f"{label:34s} {r['units']:>7,d} {unit:9s} wall {r['wall']:7.2f} s  "
        f"cpu {r['cpu']:7.2f} s  peak {r['peak_mb']:7.0f} MB  (largest chain "
        f"{r['largest']:,d})"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        _child(*args.child)
        return
    sizes = SIZES[:2] if args.quick else SIZES
    print(f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    for name in ("knowledge", "exact"):
        points = []
        for n in sizes:
            r = measure("link", f"{name}:{n}")
            print(row(f"link {name}, {n:,d} reports", r, "mentions"))
            points.append((r["units"], r["cpu"]))
        print(f"  fitted exponent (cpu ~ mentions^k): k = {exponent(points):.2f}")
    chain = 1000 if args.quick else 10_000
    print(row(f"one report, {chain:,d}-mention chain", measure("chain", str(chain)), "mentions"))
    with tempfile.TemporaryDirectory() as tmp:
        n = 100 if args.quick else 1000
        write_folder(Path(tmp, "patient"), n, tiny=False)
        print(
            row(
                f"{n:,d}-report folder (pipeline)",
                measure("folder", str(Path(tmp, "patient"))),
                "reports",
            )
        )
        n = 500 if args.quick else 10_000
        write_folder(Path(tmp, "tiny"), n, tiny=True)
        print(
            row(
                f"{n:,d} tiny files (pipeline)",
                measure("folder", str(Path(tmp, "tiny"))),
                "reports",
            )
        )


if __name__ == "__main__":
    main()
