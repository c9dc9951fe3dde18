"""`radtrack cohort run` throughput: generated patients on a LocalCluster with 1 and with 2
workers, and on a `dask scheduler` + 2 `dask worker` processes reached with --scheduler,
against plain `radtrack process` (its own read -> extract -> link -> write JSON) over the
same patients in one process.

Prints reports/s (wall time without the cluster's start-up, and with it), the speed-up from
1 to 2 workers, the peak memory of each worker, and the cohort's overhead over the plain
loop. Targets (issue #12): >= 1.7x from 1 to 2 workers, < 1.5 GB per worker, overhead < 15 %.

Wall times need idle cores. On a shared machine they measure the neighbours too (and with
Linux autogroup scheduling, processes of one session share one session's CPU share), so the
script also prints CPU time: milliseconds of CPU per report for the plain loop and for the
cohort (its workers plus this process, which holds the LocalCluster's scheduler and writes
the Parquet files), the overhead in CPU, and the speed-up 2 workers would reach if each had
a core of its own (all CPU of the 1-worker run over the busiest worker's CPU with 2).

    python benchmarks/bench_cohort.py                 # 1,000 patients (about 10,000 reports)
    python benchmarks/bench_cohort.py --patients 100  # a quick run
    python benchmarks/bench_cohort.py --workers 1,2,4,8,14 --no-scheduler   # a scaling table
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from radtrack_gui.cohort.run import LOCAL_CONFIG, RunState, run_cohort  # noqa: E402
from radtrack_gui.evaluation.synth import synthesize  # noqa: E402
from radtrack_gui.formats.json_io import write_json  # noqa: E402
from radtrack_gui.pipeline import process_folder  # noqa: E402


def make_patients(base: Path, n: int, seed: int) -> Path:
    """``n`` generated patients as plain text folders (the models run, not the gold)."""
    gold = base / "gold"
    synthesize(gold, n, seed)
    plain = base / "patients"
    for d in sorted(p for p in gold.iterdir() if p.is_dir()):
        (plain / d.name).mkdir(parents=True)
        for f in d.glob("*.txt"):
            shutil.copy(f, plain / d.name / f.name)
    return plain


def plain_loop(patients: Path, out: Path) -> tuple[float, float, int]:
    """`radtrack process` for every patient, one process, warm (as a script would loop)."""
    folders = sorted(p for p in patients.iterdir() if p.is_dir())
    process_folder(folders[0])  # warm-up: vocabulary and regexes, as a worker's first task
    out.mkdir()
    reports = 0
    t0, c0 = time.perf_counter(), time.process_time()
    for folder in folders:
        patient = process_folder(folder)
        write_json(patient, out / f"{folder.name}.json")
        reports += len(patient.reports)
    return time.perf_counter() - t0, time.process_time() - c0, reports


def rate(state: RunState) -> float:
    """Reports per second once the cluster is up and its workers hold the models."""
    return state.reports / (state.seconds - state.startup)


def cohort(patients: Path, out: Path, **kw: object) -> RunState:
    """A run, with this process's CPU seconds in ``state.client_cpu``."""
    c0 = time.process_time()
    state = run_cohort(patients, out, **kw)  # type: ignore[arg-type]
    state.client_cpu = time.process_time() - c0  # type: ignore[attr-defined]
    return state


def show(label: str, state: RunState) -> float:
    r = rate(state)
    peak = max(state.peak_memory.values(), default=0) / 2**20
    mems = ", ".join(f"{v / 2**20:.0f}" for v in state.peak_memory.values())
    cpu = sum(state.worker_cpu.values())
    client = state.client_cpu  # type: ignore[attr-defined]
    print(
        f"{label:<34} {state.done:5d} patients {state.reports:6d} reports  "
        f"{r:7.1f} reports/s ({state.reports / state.seconds:6.1f} with "
        f"{state.startup:.1f} s start-up)  peak RSS per worker {mems} MiB (max {peak:.0f})\n"
        f"{'':<34} CPU per report: workers {1000 * cpu / state.reports:.2f} ms "
        f"({', '.join(f'{v:.1f}' for v in state.worker_cpu.values())} s), this process "
        f"{1000 * client / state.reports:.2f} ms"
    )
    return r


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_cluster(tmp: Path, workers: int) -> tuple[str, list[subprocess.Popen]]:
    address = f"tcp://127.0.0.1:{free_port()}"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}  # the same housekeeping as LocalCluster's:
    env.update(
        {
            "DASK_" + k.upper().replace(".", "__").replace("-", "_"): str(v)
            for k, v in LOCAL_CONFIG.items()
        }
    )
    procs = []

    def start(name: str, args: list[str], ready: str) -> None:
        log = tmp / f"{name}.log"
        with log.open("wb") as f:
            procs.append(
                subprocess.Popen(
                    [sys.executable, "-m", "dask", *args],
                    stdout=f,
                    stderr=f,
                    env=env,
                    start_new_session=True,
                )
            )
        while ready not in log.read_text(errors="replace"):
            if procs[-1].poll() is not None:
                raise SystemExit(f"{name} exited:\n{log.read_text()}")
            time.sleep(0.1)

    start(
        "scheduler",
        ["scheduler", "--host", "127.0.0.1", "--port", address.rsplit(":", 1)[1], "--no-dashboard"],
        "Scheduler at:",
    )
    for i in range(workers):
        start(
            f"w{i}",
            [
                "worker",
                address,
                "--nthreads",
                "1",
                "--no-dashboard",
                "--name",
                f"w{i}",
                "--host",
                "127.0.0.1",
            ],
            "Registered to:",
        )
    return address, procs


def stop_cluster(procs: list[subprocess.Popen]) -> None:
    for p in reversed(procs):
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGTERM)
    for p in procs:
        try:
            p.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--patients", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="runs of each setting; the fastest is shown (for a busy machine)",
    )
    ap.add_argument("--no-scheduler", action="store_true", help="skip the --scheduler run")
    ap.add_argument(
        "--workers",
        default="1,2",
        help="LocalCluster worker counts, e.g. 1,2,4,8,14 (a table of reports/s, efficiency "
        "and the client's CPU per report follows)",
    )
    args = ap.parse_args()
    counts = sorted({int(n) for n in args.workers.split(",") if n.strip()} | {1})
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        patients = make_patients(tmp, args.patients, args.seed)
        print(f"{args.patients} generated patients, {os.cpu_count()} cores")
        secs, plain_cpu, reports = min(
            plain_loop(patients, tmp / f"plain{i}") for i in range(args.repeat)
        )
        base = reports / secs
        print(
            f"{'plain radtrack process, 1 process':<34} {args.patients:5d} patients "
            f"{reports:6d} reports  {base:7.1f} reports/s\n{'':<34} CPU per report "
            f"{1000 * plain_cpu / reports:.2f} ms"
        )
        rates, best = {}, {}
        for n in counts:
            states = [
                cohort(patients, tmp / f"local{n}-{i}", workers=n) for i in range(args.repeat)
            ]
            best[n] = max(states, key=rate)
            rates[n] = show(f"cohort run, LocalCluster {n} worker{'s' * (n > 1)}", best[n])
        if not args.no_scheduler:
            address, procs = start_cluster(tmp, 2)
            try:
                states = [
                    cohort(patients, tmp / f"sched-{i}", scheduler=address)
                    for i in range(args.repeat)
                ]
                show("cohort run --scheduler (2 workers)", max(states, key=rate))
            finally:
                stop_cluster(procs)
        one = best[1]
        cpu_one = sum(one.worker_cpu.values()) + one.client_cpu  # type: ignore[attr-defined]
        if 2 in best:
            bound = sum(one.worker_cpu.values()) / max(best[2].worker_cpu.values())
            print(
                f"speed-up 1 -> 2 workers, wall: {rates[2] / rates[1]:.2f}x; with a core per "
                f"worker (CPU time): {bound:.2f}x (target >= 1.7x)"
            )
        print(
            f"overhead of 1 worker over the plain loop, wall: {100 * (base / rates[1] - 1):.1f}%"
            f"; CPU: {100 * (cpu_one / plain_cpu - 1):.1f}% (target < 15%)"
        )
        print(f"\n{'workers':>7} {'reports/s':>10} {'efficiency':>10} {'client ms/report':>17} "
              f"{'peak MiB/worker':>16}")  # fmt: skip
        for n in counts:
            st = best[n]
            client = 1000 * st.client_cpu / st.reports  # type: ignore[attr-defined]
            peak = max(st.peak_memory.values(), default=0) / 2**20
            eff = rates[n] / (n * rates[1])
            print(f"{n:>7} {rates[n]:>10.1f} {eff:>10.2f} {client:>17.3f} {peak:>16.0f}")
        print("efficiency = reports/s with n workers / (n x reports/s with 1); it needs n idle "
              f"cores (this machine has {os.cpu_count()})")  # fmt: skip


if __name__ == "__main__":
    main()
