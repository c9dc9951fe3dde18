"""The cohort client's CPU per report, and what it spends it on (issue #23 item 2).

Runs ``run_cohort`` in this process over generated patients (``bench_cohort.make_patients``)
on a LocalCluster (``--workers N``; its scheduler lives in this process, as with ``cohort
run`` without ``--scheduler``) or, with ``--external``, on a ``dask scheduler`` and ``dask
worker`` processes started apart (so this process is only the client). Prints:

- this process's CPU per report over the whole run (start-up included) and in the steady
  state (from the first committed batch to the last, which leaves out starting the cluster
  and building the models);
- the steady state's CPU per thread (the main thread runs the commit loop; Dask's event
  loop thread runs the client's comms and, in a LocalCluster, the scheduler);
- this process's CPU while the cluster is up and idle (the cost per second, not per report:
  on a slow machine it is a larger share of each report);
- with ``--profile``, the functions that took the most CPU in the steady state: every
  thread with ``yappi`` when it can be imported, else the main thread with cProfile.

    python benchmarks/cohort_client_cpu.py --patients 300 --workers 2
    python benchmarks/cohort_client_cpu.py --patients 300 --workers 2 --external --profile
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_cohort import make_patients  # noqa: E402
from dask_processes import start_cluster, stop_cluster  # noqa: E402

from radtrack_gui.cohort.run import RunState, run_cohort  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")


def thread_cpu() -> dict[str, float]:
    """CPU seconds of each thread of this process, by thread name."""
    names = {t.native_id: t.name for t in threading.enumerate()}
    out: dict[str, float] = {}
    for tid in os.listdir("/proc/self/task"):
        try:
            with open(f"/proc/self/task/{tid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        name = names.get(int(tid), f"native-{tid}")
        out[name] = out.get(name, 0.0) + (int(fields[11]) + int(fields[12])) / TICK
    return out


class Watch:
    """The progress callback: the steady state runs from its first call to its last."""

    def __init__(self, profile: str) -> None:
        self.profile = profile
        self.first: tuple[float, int, dict[str, float]] | None = None
        self.last: tuple[float, int, dict[str, float]] | None = None
        self.batches = 0
        self.profiler: Any = None

    def __call__(self, state: RunState) -> None:
        self.batches += 1
        now = (time.process_time(), state.reports, thread_cpu())
        if self.first is None:
            self.first = now
            self._start_profile()
        else:
            self.last = now
            if state.done + state.failed == state.total:
                self._stop_profile()

    def _start_profile(self) -> None:
        if self.profile == "yappi":
            import yappi

            yappi.set_clock_type("cpu")
            yappi.start()
        elif self.profile == "cprofile":
            import cProfile

            self.profiler = cProfile.Profile(time.thread_time)  # this thread's CPU
            self.profiler.enable()

    def _stop_profile(self) -> None:
        if self.profile == "yappi":
            import yappi

            yappi.stop()
        elif self.profiler is not None:
            self.profiler.disable()

    def report(self, top: int) -> None:
        if self.profile == "yappi":
            import yappi

            stats = yappi.get_func_stats()
            stats.sort("ttot")
            print("\nby total CPU (yappi, every thread, steady state):")
            stats.print_all(
                columns={0: ("name", 90), 1: ("ncall", 8), 3: ("ttot", 8), 4: ("tsub", 8)},
                out=_Top(top),
            )
            stats.sort("tsub")
            print("\nby own CPU (yappi):")
            stats.print_all(
                columns={0: ("name", 90), 1: ("ncall", 8), 3: ("ttot", 8), 4: ("tsub", 8)},
                out=_Top(top),
            )
            for t in yappi.get_thread_stats():
                print(f"thread {t.name} ({t.id}): {t.ttot:.2f} s")
        elif self.profiler is not None:
            import pstats

            print("\nmain thread (cProfile, steady state):")
            pstats.Stats(self.profiler).sort_stats("cumulative").print_stats(top)


class _Top:
    """A stream that keeps the first ``n`` lines of a table."""

    def __init__(self, n: int) -> None:
        self.n = n + 3
        self.lines = 0

    def write(self, text: str) -> None:
        for line in text.splitlines(keepends=True):
            if self.lines < self.n:
                sys.stdout.write(line)
            self.lines += line.endswith("\n")


def idle_cost(seconds: float, workers: int) -> float:
    """This process's CPU per second with a LocalCluster of ``workers`` up and idle."""
    import dask
    from distributed import Client, LocalCluster

    from radtrack_gui.cohort.run import LOCAL_CONFIG

    with dask.config.set(LOCAL_CONFIG):
        cluster = LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        )
        client = Client(cluster)
        time.sleep(2)
        c0 = time.process_time()
        time.sleep(seconds)
        used = time.process_time() - c0
        client.close()
        cluster.close()
    return used / seconds


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--patients", type=int, default=300)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--external", action="store_true", help="a dask scheduler process apart")
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--idle", type=float, default=10.0, help="seconds of idle cluster to time")
    ap.add_argument("--top", type=int, default=25)
    args = ap.parse_args()
    profile = ""
    if args.profile:
        try:
            import yappi  # noqa: F401

            profile = "yappi"
        except ImportError:
            profile = "cprofile"
    with tempfile.TemporaryDirectory(prefix="cohort-client-") as tmp_name:
        tmp = Path(tmp_name)
        patients = make_patients(tmp, args.patients, args.seed)
        procs: list[Any] = []
        scheduler = None
        if args.external:
            scheduler, procs = start_cluster(tmp, args.workers)
        watch = Watch(profile)
        c0, w0 = time.process_time(), time.perf_counter()
        try:
            state = run_cohort(
                patients, tmp / "out", scheduler=scheduler, workers=args.workers, progress=watch
            )
        finally:
            if procs:
                stop_cluster(procs)
        cpu, wall = time.process_time() - c0, time.perf_counter() - w0
        where = (
            "external scheduler" if args.external else "LocalCluster (scheduler in this process)"
        )
        print(
            f"{state.done} patients, {state.reports} reports, {args.workers} workers, {where}: "
            f"{wall:.1f} s wall ({state.startup:.1f} s start-up), {watch.batches} batches, "
            f"{state.reports / max(wall - state.startup, 1e-9):.1f} reports/s after start-up"
        )
        print(f"client CPU, whole run: {cpu:.2f} s = {1000 * cpu / state.reports:.3f} ms/report")
        if watch.first and watch.last and watch.last[1] > watch.first[1]:
            (c1, r1, t1), (c2, r2, t2) = watch.first, watch.last
            n = r2 - r1
            print(
                f"client CPU, steady state ({n} reports after the first batch): {c2 - c1:.2f} s "
                f"= {1000 * (c2 - c1) / n:.3f} ms/report; per thread:"
            )
            for name in sorted(t2, key=lambda k: t1.get(k, 0.0) - t2[k]):
                used = t2[name] - t1.get(name, 0.0)
                if used > 0:
                    print(f"  {name:<40} {used:6.2f} s  {1000 * used / n:.3f} ms/report")
        watch.report(args.top)
    if args.idle and not args.external:
        per_s = idle_cost(args.idle, args.workers)
        print(
            f"\nclient CPU with the LocalCluster up and idle: {1000 * per_s:.1f} ms per second "
            f"(over {args.idle:.0f} s)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
