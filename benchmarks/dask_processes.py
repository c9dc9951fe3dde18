"""A separate dask cluster for benchmarks: a ``dask scheduler`` process and ``dask worker``
processes (one per worker, ``--nthreads 1``), started with LocalCluster's housekeeping
settings and stopped as whole process groups, and the CPU time such a process has used.
``bench_cohort.py`` (its "separate" mode) and ``cohort_client_cpu.py`` use it.

``BENCH_COHORT_PIDS``: a file that gets the id of every process started, one a line (for
``scaling_run.sh``, which stops whatever a cut-short run leaves).
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from radtrack_gui.cohort.run import LOCAL_CONFIG  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def dask_env() -> dict[str, str]:
    """This environment plus LocalCluster's housekeeping settings (``LOCAL_CONFIG``) as
    ``DASK_*`` variables, so separate ``dask`` processes run as quietly as local ones."""
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    env.update(
        {
            "DASK_" + k.upper().replace(".", "__").replace("-", "_"): str(v)
            for k, v in LOCAL_CONFIG.items()
        }
    )
    return env


PIDS_FILE = os.environ.get("BENCH_COHORT_PIDS")  # the dask processes started, for a caller


def start_cluster(tmp: Path, workers: int) -> tuple[str, list[subprocess.Popen]]:
    """A ``dask scheduler`` process and ``dask worker --nworkers N --nthreads 1`` (one
    process per worker, under one nanny process each), each in a working folder of its own;
    returns once all N workers have joined. The processes run in sessions of their own: stop
    them with ``stop_cluster``."""
    address = f"tcp://127.0.0.1:{free_port()}"
    env = dask_env()
    procs: list[subprocess.Popen] = []

    def start(name: str, args: list[str], ready: str) -> None:
        log = tmp / f"{name}.log"
        cwd = tmp / f"cwd-{name}"
        cwd.mkdir(parents=True, exist_ok=True)
        with log.open("wb") as f:
            procs.append(
                subprocess.Popen(
                    [sys.executable, "-m", "dask", *args],
                    stdout=f,
                    stderr=f,
                    env=env,
                    cwd=cwd,
                    start_new_session=True,
                )
            )
        if PIDS_FILE:
            with open(PIDS_FILE, "a") as f:
                f.write(f"{procs[-1].pid}\n")
        end = time.monotonic() + 120
        while ready not in log.read_text(errors="replace"):
            if procs[-1].poll() is not None or time.monotonic() > end:
                stop_cluster(procs)
                raise SystemExit(f"{name} did not start:\n{log.read_text()}")
            time.sleep(0.1)

    try:
        start(
            "scheduler",
            ["scheduler", "--host", "127.0.0.1", "--port", address.rsplit(":", 1)[1],
             "--no-dashboard"],
            "Scheduler at:",
        )  # fmt: skip
        start(
            "workers",
            ["worker", address, "--nworkers", str(workers), "--nthreads", "1",
             "--no-dashboard", "--host", "127.0.0.1", "--name", "w"],
            "Registered to:",
        )  # fmt: skip
        from distributed import Client

        with Client(address, timeout="60s") as client:
            client.wait_for_workers(workers, timeout=120)
    except BaseException:
        stop_cluster(procs)
        raise
    return address, procs


def stop_cluster(procs: list[subprocess.Popen]) -> None:
    for p in reversed(procs):
        if p.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(p.pid, signal.SIGTERM)
    for p in procs:
        try:
            p.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()


def process_cpu(pid: int) -> float:
    """CPU seconds (user + system) of one process and its children, from /proc."""
    try:
        import psutil

        proc = psutil.Process(pid)
        total = sum(proc.cpu_times()[:2])
        for child in proc.children(recursive=True):
            with contextlib.suppress(psutil.Error):
                total += sum(child.cpu_times()[:2])
        return float(total)
    except Exception:
        return float("nan")
