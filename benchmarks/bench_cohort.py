"""`radtrack cohort run` scaling: generated patients on 1..N workers, with the scheduler in
this process (a LocalCluster, as `cohort run` without --scheduler) and in a process of its own
(a `dask scheduler` and `dask worker` processes started for every worker count, reached with
--scheduler), against plain `radtrack process` over the same patients in one process.

Prints, per mode and worker count: reports/s (wall time without the cluster's start-up),
efficiency (reports/s over n x the 1-worker baseline's), this process's CPU per report over
the whole run and in the steady state (first commit to last; the main thread alone too), the
separate scheduler's CPU per report, the workers' CPU per report and their peak memory; the
CPUs this process may use (os.sched_getaffinity) and how many physical cores they are. Each
result is also printed as one `ROW {json}` line as soon as it is measured.

Targets (issue #23): efficiency >= 0.85 at 14 workers on a 16-core machine, client CPU per
report <= 0.05 ms. Wall times need idle cores; on a shared machine read the CPU times.

    python benchmarks/bench_cohort.py --patients 100 --workers 1,2          # a quick run
    python benchmarks/bench_cohort.py --patients 3640 --base-patients 260 --weak \
        --workers 1,2,4,8,14 --jobs 16                                        # 16 cores
    python benchmarks/bench_cohort.py --patients-dir /tmp/p --patients 3640 --jobs 16 \
        --generate-only                                                       # patients once

--base-patients N runs the plain loop and the 1-worker baseline on the first N patients
only; --weak gives n workers the first min(PATIENTS, n x N) patients, so every run lasts
about as long.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dask_processes import process_cpu, start_cluster, stop_cluster  # noqa: E402

from radtrack_gui.cohort.run import RunState, run_cohort  # noqa: E402
from radtrack_gui.evaluation.synth import synthesize  # noqa: E402
from radtrack_gui.formats.json_io import write_json  # noqa: E402
from radtrack_gui.pipeline import process_folder  # noqa: E402


def _generate_chunk(job: tuple[str, int, int, str]) -> None:
    """One chunk of ``make_patients``, in a process of its own."""
    base, n, seed, prefix = job
    gold = Path(base) / f"gold-{prefix}"
    synthesize(gold, n, seed)
    plain = Path(base) / "patients"
    for d in sorted(p for p in gold.iterdir() if p.is_dir()):
        (plain / f"{prefix}{d.name}").mkdir(parents=True)
        for f in d.glob("*.txt"):
            shutil.copy(f, plain / f"{prefix}{d.name}" / f.name)
    shutil.rmtree(gold)


def make_patients(base: Path, n: int, seed: int, jobs: int = 1, chunk: int = 0) -> Path:
    """``n`` generated patients as plain text folders (the models run, not the gold). With
    ``jobs`` > 1 they are generated in chunks of ``chunk`` patients (default: one chunk a
    job; seeds ``seed``, ``seed + 1``, ...; folder names prefixed ``c<k>-``) by that many
    processes at once."""
    chunk = chunk or max(50, -(-n // max(jobs, 1)))
    if jobs <= 1 or n <= chunk:
        _generate_chunk((str(base), n, seed, ""))
        return base / "patients"
    import multiprocessing

    parts = [(str(base), min(chunk, n - k), seed + i, f"c{i:03d}-")
             for i, k in enumerate(range(0, n, chunk))]  # fmt: skip
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        pool.map(_generate_chunk, parts)
    return base / "patients"


def subset(patients: Path, n: int, dest: Path) -> Path:
    """The first ``n`` patient folders of ``patients`` (in name order), linked into ``dest``
    (hard links: the same files, no copies); an existing ``dest`` is reused (it is only
    ever renamed into place whole)."""
    folders = sorted(p for p in patients.iterdir() if p.is_dir())
    if n >= len(folders):
        return patients
    if not dest.exists():
        part = dest.with_name(dest.name + ".part")
        shutil.rmtree(part, ignore_errors=True)
        for d in folders[:n]:
            shutil.copytree(d, part / d.name, copy_function=_link_or_copy)
        part.rename(dest)
    return dest


def _link_or_copy(src: str, dst: str) -> None:
    try:
        os.link(src, dst)
    except OSError:  # another file system
        shutil.copy2(src, dst)


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
    return state.reports / max(state.seconds - state.startup, 1e-9)


class Steady:
    """A progress callback: this process's CPU (all threads, and the main thread alone)
    from the first committed batch to the last, with the reports committed in between
    (no cluster start, no model building, no shutdown)."""

    def __init__(self) -> None:
        self.first: tuple[float, float, int, float] | None = None
        self.last: tuple[float, float, int, float] | None = None

    def __call__(self, state: RunState) -> None:
        now = (time.process_time(), time.thread_time(), state.reports, time.perf_counter())
        if self.first is None:
            self.first = now
        self.last = now

    def per_second(self) -> float:
        """ms of this process's CPU per wall second in the steady state (what housekeeping
        costs whatever the throughput: divide by reports/s for its share of a report)."""
        if self.first is None or self.last is None or self.last[3] <= self.first[3]:
            return float("nan")
        return 1000 * (self.last[0] - self.first[0]) / (self.last[3] - self.first[3])

    def per_report(self) -> tuple[float, float, int]:
        """ms of CPU per report, all threads and main thread, over how many reports."""
        if self.first is None or self.last is None or self.last[2] <= self.first[2]:
            return float("nan"), float("nan"), 0
        n = self.last[2] - self.first[2]
        return (
            1000 * (self.last[0] - self.first[0]) / n,
            1000 * (self.last[1] - self.first[1]) / n,
            n,
        )


def cohort(patients: Path, out: Path, **kw: object) -> RunState:
    """A run, with this process's CPU seconds in ``state.client_cpu`` and its steady-state
    CPU per report in ``state.steady`` (a ``Steady``)."""
    steady = Steady()
    c0 = time.process_time()
    state = run_cohort(patients, out, progress=steady, **kw)  # type: ignore[arg-type]
    state.client_cpu = time.process_time() - c0  # type: ignore[attr-defined]
    state.steady = steady  # type: ignore[attr-defined]
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
        f"{'':<34} CPU per report: workers {1000 * cpu / max(state.reports, 1):.2f} ms "
        f"({', '.join(f'{v:.1f}' for v in state.worker_cpu.values())} s), this process "
        f"{1000 * client / max(state.reports, 1):.2f} ms",
        flush=True,
    )
    return r


def topology() -> str:
    """The CPUs this process may run on, and how many physical cores they are."""
    cpus = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    cores: set[tuple[str, str]] = set()
    for c in cpus:
        top = Path(f"/sys/devices/system/cpu/cpu{c}/topology")
        with contextlib.suppress(OSError):
            cores.add(
                (
                    (top / "physical_package_id").read_text().strip(),
                    (top / "core_id").read_text().strip(),
                )
            )
    try:
        import psutil

        physical = psutil.cpu_count(logical=False)
    except Exception:
        physical = None
    return (
        f"os.cpu_count() {os.cpu_count()}; os.sched_getaffinity: {len(cpus)} CPUs "
        f"({_ranges(cpus)}); physical cores among them (sysfs core ids): "
        f"{len(cores) or '?'}; psutil physical cores on the machine: {physical}"
    )


def _ranges(cpus: list[int]) -> str:
    out: list[str] = []
    for c in cpus:
        if out and int(out[-1].split("-")[-1]) == c - 1:
            out[-1] = f"{out[-1].split('-')[0]}-{c}"
        else:
            out.append(str(c))
    return ",".join(out)


def run_separate(patients: Path, out: Path, tmp: Path, n: int) -> RunState:
    """A run on a ``dask scheduler`` and N ``dask worker`` processes started for it; the
    scheduler's CPU during the run in ``state.scheduler_cpu`` (seconds)."""
    address, procs = start_cluster(tmp, n)
    try:
        s0 = process_cpu(procs[0].pid)
        state = cohort(patients, out, scheduler=address)
        state.scheduler_cpu = process_cpu(procs[0].pid) - s0  # type: ignore[attr-defined]
        return state
    finally:
        stop_cluster(procs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--patients", type=int, default=1000)
    ap.add_argument(
        "--base-patients",
        type=int,
        default=0,
        help="the plain loop and the 1-worker baseline run on the first N patients only "
        "(default: all)",
    )
    ap.add_argument(
        "--weak",
        action="store_true",
        help="n workers run on the first min(PATIENTS, n x BASE) patients, so each run lasts "
        "about as long as the baseline (efficiency is still reports/s over n x the baseline's)",
    )
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--jobs", type=int, default=1, help="processes generating the patients")
    ap.add_argument(
        "--patients-dir",
        type=Path,
        help="generated patients to use (or, with --generate-only, where to write them)",
    )
    ap.add_argument("--generate-only", action="store_true", help="write --patients-dir, stop")
    ap.add_argument(
        "--calibrate",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="with --generate-only: time `radtrack process` on a few patients in this process "
        "and print `BASE=N`, the baseline patients one worker takes about SECONDS to process "
        "(at most PATIENTS / the most workers of --workers)",
    )
    ap.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="runs of each setting; the fastest is shown (for a busy machine)",
    )
    ap.add_argument("--no-plain", action="store_true", help="skip the plain-loop run")
    ap.add_argument(
        "--modes",
        default="local,separate",
        help="local: LocalCluster (its scheduler in this process); separate: a `dask "
        "scheduler` and `dask worker` processes started for every worker count",
    )
    ap.add_argument("--no-scheduler", action="store_true", help="same as --modes local")
    ap.add_argument(
        "--workers",
        default="1,2",
        help="worker counts, e.g. 1,2,4,8,14 (a table of reports/s, efficiency and CPU per "
        "report follows)",
    )
    args = ap.parse_args()
    # `timeout` stops a run with SIGTERM: unwind (the separate dask processes live in
    # sessions of their own and are stopped by ``run_separate``'s finally)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    counts = sorted({int(n) for n in args.workers.split(",") if n.strip()} | {1})
    modes = [m for m in args.modes.split(",") if m.strip()]
    if args.no_scheduler:
        modes = [m for m in modes if m != "separate"]
    with tempfile.TemporaryDirectory(prefix="bench-cohort-") as tmp_name:
        tmp = Path(tmp_name)
        if args.patients_dir and args.patients_dir.is_dir() and not args.generate_only:
            patients = args.patients_dir
        else:
            t0 = time.perf_counter()
            base_dir = args.patients_dir.parent if args.patients_dir else tmp
            made = make_patients(base_dir, args.patients, args.seed, args.jobs)
            if args.patients_dir and made != args.patients_dir:
                made.rename(args.patients_dir)
                made = args.patients_dir
            patients = made
            print(f"generated {args.patients} patients in {time.perf_counter() - t0:.1f} s",
                  flush=True)  # fmt: skip
            if args.generate_only:
                if args.calibrate:
                    calibrate(patients, args.calibrate, args.patients // max(counts), tmp)
                return
        every = sorted(p.name for p in patients.iterdir() if p.is_dir())
        total = len(every)
        base_n = min(args.base_patients or total, total)
        print(f"{total} generated patients ({patients}); baseline on {base_n}", flush=True)
        print(topology(), flush=True)

        # subsets beside --patients-dir, so the next invocation (the other mode) reuses them
        subsets = args.patients_dir.parent if args.patients_dir else tmp

        def patients_for(n: int) -> Path:
            k = base_n if n == 1 else (min(total, base_n * n) if args.weak else total)
            return subset(patients, k, subsets / f"subset-{patients.name}-{k}")

        if not args.no_plain:
            base_dir = patients_for(1)
            secs, plain_cpu, reports = min(
                plain_loop(base_dir, tmp / f"plain{i}") for i in range(args.repeat)
            )
            print(
                f"{'plain radtrack process, 1 process':<34} {base_n:5d} patients "
                f"{reports:6d} reports  {reports / secs:7.1f} reports/s\n{'':<34} CPU per "
                f"report {1000 * plain_cpu / reports:.2f} ms",
                flush=True,
            )
        results: dict[str, dict[int, RunState]] = {}
        for mode in modes:
            results[mode] = {}
            # the baseline first, then the most workers first: a run cut short by a time
            # limit loses the small counts, not the figure that matters
            for n in [1, *sorted(counts[1:], reverse=True)]:
                runs = []
                for i in range(args.repeat):
                    out = tmp / f"{mode}{n}-{i}"
                    if mode == "separate":
                        runs.append(run_separate(patients_for(n), out, tmp / f"dask{n}-{i}", n))
                    else:
                        runs.append(cohort(patients_for(n), out, workers=n))
                    shutil.rmtree(out, ignore_errors=True)
                st = results[mode][n] = max(runs, key=rate)
                what = "LocalCluster" if mode == "local" else "dask scheduler +"
                show(f"{mode}: {what} {n} worker{'s' * (n > 1)}", st)
                row(mode, n, st, results[mode].get(1))
        for mode in modes:
            table(mode, counts, results[mode])


def calibrate(patients: Path, seconds: float, most: int, tmp: Path, sample: int = 40) -> int:
    """Print ``BASE=N``: the patients one process gets through in about ``seconds`` (from
    the plain loop on the first ``sample`` patients, warm), at most ``most``."""
    secs, _cpu, reports = plain_loop(subset(patients, sample, tmp / "calibrate"), tmp / "cal")
    per = secs / min(sample, sum(1 for p in patients.iterdir() if p.is_dir()))
    base = max(1, min(most, round(seconds / per)))
    print(
        f"calibration: {sample} patients, {reports} reports in {secs:.2f} s "
        f"({reports / secs:.1f} reports/s, one process)\nBASE={base}",
        flush=True,
    )
    return base


def row(mode: str, n: int, st: RunState, one: RunState | None) -> None:
    """One line of the table, as soon as it is measured (a JSON object too, for scripts)."""
    import json

    per = max(st.reports, 1)
    steady, main_thread, between = st.steady.per_report()  # type: ignore[attr-defined]
    sched = getattr(st, "scheduler_cpu", None)
    eff = rate(st) / (n * rate(one)) if one is not None and st.reports else float("nan")
    print(
        "ROW "
        + json.dumps(
            {
                "mode": mode,
                "workers": n,
                "patients": st.done,
                "reports": st.reports,
                "seconds": round(st.seconds - st.startup, 2),
                "startup_s": round(st.startup, 2),
                "reports_per_s": round(rate(st), 1),
                "efficiency": round(eff, 3),
                "client_ms_per_report_whole_run": round(1000 * st.client_cpu / per, 4),  # type: ignore[attr-defined]
                "client_ms_per_report_steady": round(steady, 4),
                "client_main_thread_ms_per_report_steady": round(main_thread, 4),
                "client_cpu_ms_per_s_steady": round(st.steady.per_second(), 1),  # type: ignore[attr-defined]
                "steady_reports": between,
                "scheduler_ms_per_report": None if sched is None else round(1000 * sched / per, 4),
                "workers_ms_per_report": round(1000 * sum(st.worker_cpu.values()) / per, 3),
                "peak_mib_per_worker": round(max(st.peak_memory.values(), default=0) / 2**20),
            }
        ),
        flush=True,
    )


def table(mode: str, counts: list[int], states: dict[int, RunState]) -> None:
    print(
        f"\n{mode}: "
        + ("LocalCluster, its scheduler in this process" if mode == "local"
           else "`dask scheduler` + `dask worker` processes; this process is only the client")
    )  # fmt: skip
    print(f"{'workers':>7} {'reports':>7} {'s':>6} {'reports/s':>9} {'eff.':>5} "
          f"{'client ms/rep':>13} {'steady':>7} {'main':>6} {'sched.':>6} "
          f"{'workers ms/rep':>14} {'MiB/worker':>10}")  # fmt: skip
    one = states.get(1)
    for n in counts:
        st = states[n]
        per = max(st.reports, 1)
        steady, main_thread, _ = st.steady.per_report()  # type: ignore[attr-defined]
        sched = getattr(st, "scheduler_cpu", None)
        eff = rate(st) / (n * rate(one)) if one is not None else float("nan")
        print(
            f"{n:>7} {st.reports:>7} {st.seconds - st.startup:>6.1f} {rate(st):>9.1f} "
            f"{eff:>5.2f} {1000 * st.client_cpu / per:>13.3f} {steady:>7.3f} "  # type: ignore[attr-defined]
            f"{main_thread:>6.3f} {'' if sched is None else f'{1000 * sched / per:.3f}':>6} "
            f"{1000 * sum(st.worker_cpu.values()) / per:>14.2f} "
            f"{max(st.peak_memory.values(), default=0) / 2**20:>10.0f}",
            flush=True,
        )
    print(
        "efficiency = reports/s with n workers / (n x reports/s with 1 worker); client ms/rep: "
        "this process's CPU over the whole run (cluster start-up included), steady: from the "
        "first commit to the last (main: the commit loop's thread alone); sched.: the separate "
        "scheduler process; it needs n idle cores",
        flush=True,
    )


if __name__ == "__main__":
    main()
