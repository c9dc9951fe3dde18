"""`radtrack cohort run` on real Dask clusters: a `dask scheduler` and two `dask worker`
processes on 127.0.0.1 started here, each in a working folder of its own (torn down after),
and the default LocalCluster. The workers write their partitions' Parquet files themselves;
the client commits them.

The Parquet rows must equal `radtrack process` patient by patient; a worker killed in the
middle of a run loses no patient; a folder of broken files is `failed` with its reason."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from cohort_helpers import (
    add_bad_patient,
    assert_same_as_process,
    process_json,
    synth_plain,
    write_mimic_csv,
)

ROOT = Path(__file__).resolve().parents[2]
N_PATIENTS = 20

pytestmark = pytest.mark.slow


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.pop("PYTHONWARNINGS", None)
    return env


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_for(log: Path, text: str, proc: subprocess.Popen, timeout: float = 60) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if log.exists() and text in log.read_text(errors="replace"):
            return
        if proc.poll() is not None:
            raise AssertionError(f"{proc.args} exited: {log.read_text(errors='replace')}")
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {text!r} in {log}")


class Cluster:
    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.address = f"tcp://127.0.0.1:{_free_port()}"
        self.procs: list[subprocess.Popen] = []
        self.workers: dict[str, subprocess.Popen] = {}

    def _start(self, name: str, args: list[str], ready: str) -> subprocess.Popen:
        log = self.tmp / f"{name}.log"
        cwd = self.tmp / name  # every process in a working folder of its own
        cwd.mkdir(exist_ok=True)
        with log.open("wb") as f:
            proc = subprocess.Popen(
                [sys.executable, "-m", "dask", *args],
                stdout=f,
                stderr=f,
                env=_env(),
                cwd=cwd,
                start_new_session=True,
            )
        self.procs.append(proc)
        _wait_for(log, ready, proc)
        return proc

    def start(self) -> None:
        port = self.address.rsplit(":", 1)[1]
        self._start(
            "scheduler",
            ["scheduler", "--host", "127.0.0.1", "--port", port, "--no-dashboard"],
            "Scheduler at:",
        )
        for name in ("w1", "w2"):
            self.workers[name] = self._start(
                name,
                [
                    "worker",
                    self.address,
                    "--nthreads",
                    "1",
                    "--no-nanny",
                    "--no-dashboard",
                    "--name",
                    name,
                    "--host",
                    "127.0.0.1",
                ],
                "Registered to:",
            )

    def stop(self) -> None:
        for proc in reversed(self.procs):
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
        for proc in self.procs:
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, dict]]:
    """20 generated patients plus one broken folder, and `radtrack process` of each."""
    tmp = tmp_path_factory.mktemp("cohort-corpus")
    patients = synth_plain(tmp, N_PATIENTS)
    expected = {d.name: process_json(d, tmp) for d in sorted(patients.iterdir())}
    add_bad_patient(patients)
    return patients, expected


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    c = Cluster(tmp_path_factory.mktemp("dask"))
    try:
        c.start()
        yield c
    finally:
        c.stop()


def cohort(*args: str, wait: bool = True) -> subprocess.Popen | subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "radtrack_gui", "cohort", *args]
    if not wait:
        # SIGINT as on a terminal even when the test runner was started with it ignored
        # (a background job): an ignored signal would stay ignored across exec.
        return subprocess.Popen(
            cmd,
            env=_env(),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
    return subprocess.run(cmd, env=_env(), capture_output=True, text=True, timeout=240)


def patients_table(out: Path) -> dict[str, dict]:
    import pyarrow.parquet as pq

    rows = pq.read_table(out / "patients.parquet").to_pylist()
    return {r["patient"]: r for r in rows}


def check_complete(out: Path, expected: dict[str, dict]) -> None:
    table = patients_table(out)
    assert sorted(k for k, r in table.items() if r["status"] == "done") == sorted(expected)
    for key, doc in expected.items():
        assert table[key]["reports"] == len(doc["reports"])
        assert table[key]["mentions"] == len(doc["mentions"])
        assert table[key]["chains"] == len(doc["chains"])
        assert_same_as_process(out, key, doc)
    bad = table["zz_bad"]
    assert bad["status"] == "failed"
    assert "no reports found" in bad["reason"]
    assert "empty.txt: empty file" in bad["reason"] or "scan.txt: binary" in bad["reason"]
    assert bad["reports"] is None


def test_cluster_run_equals_process_and_resumes(corpus, cluster: Cluster, tmp_path: Path):
    patients, expected = corpus
    out = tmp_path / "cohort"
    got = cohort(
        "run",
        str(patients),
        "--out",
        str(out),
        "--scheduler",
        cluster.address,
        "--batch-patients",
        "3",
    )
    assert got.returncode == 0, got.stderr
    assert "20 patients done, 1 failed" in got.stderr
    assert "failed: zz_bad:" in got.stderr
    # 7 batches over 2 workers: the models were built once per worker, not per batch.
    loads = int(got.stderr.split("models loaded ")[1].split()[0])
    assert 1 <= loads <= 2
    check_complete(out, expected)
    # Private files and folders.
    for p in [out, *out.rglob("*")]:
        assert (p.stat().st_mode & 0o777) == (0o700 if p.is_dir() else 0o600), p
    # Running again skips what is done (only the failed patient is tried again).
    again = cohort("run", str(patients), "--out", str(out), "--scheduler", cluster.address)
    assert again.returncode == 0, again.stderr
    assert "0 patients done, 1 failed, 20 already done before" in again.stderr
    check_complete(out, expected)


def test_worker_killed_mid_run_loses_no_patient(corpus, cluster: Cluster, tmp_path: Path):
    patients, expected = corpus
    out = tmp_path / "cohort"
    run = cohort(
        "run",
        str(patients),
        "--out",
        str(out),
        "--scheduler",
        cluster.address,
        "--batch-patients",
        "1",
        wait=False,
    )
    assert isinstance(run, subprocess.Popen)
    parts = out / ".cohort" / "parts"
    end = time.monotonic() + 120
    while not (parts.is_dir() and any(parts.glob("*.json"))):
        assert run.poll() is None, run.communicate()
        assert time.monotonic() < end, "no partition written"
        time.sleep(0.02)
    victim = cluster.workers["w1"]
    done_at_kill = len(list(parts.glob("*.json")))
    still_running = run.poll() is None
    os.killpg(victim.pid, signal.SIGKILL)
    victim.wait()
    assert still_running and done_at_kill < N_PATIENTS + 1  # it really was mid-run
    _stdout, stderr = run.communicate(timeout=240)
    assert run.returncode == 0, stderr
    # The surviving worker took over; a batch lost with the worker is `failed` with that
    # reason and the rerun completes it. Either way no patient is lost or doubled.
    rerun = cohort("run", str(patients), "--out", str(out), "--scheduler", cluster.address)
    assert rerun.returncode == 0, rerun.stderr
    check_complete(out, expected)


def test_local_cluster_default_with_a_streamed_csv(corpus, tmp_path: Path):
    patients, _expected = corpus
    subjects = {f"patient_{i:03d}": str(100 + i) for i in range(1, 7)}
    big = tmp_path / "NOTEEVENTS.csv"
    write_mimic_csv(patients, big, subjects)
    out = tmp_path / "cohort"
    got = cohort("run", str(big), "--out", str(out), "--workers", "1")
    assert got.returncode == 0, got.stderr
    assert "6 patients done, 0 failed" in got.stderr
    table = patients_table(out)
    assert sorted(table) == sorted(subjects.values())
    for subject in subjects.values():
        assert_same_as_process(out, subject, process_json(big, tmp_path, subject))
        assert table[subject]["source"] == str(big.resolve())
    assert not (out / ".cohort" / "work").exists()  # the per-subject split is removed
    again = cohort("run", str(big), "--out", str(out), "--workers", "1")
    assert again.returncode == 0 and "6 already done before" in again.stderr


def test_ctrl_c_stops_cleanly_and_keeps_what_is_done(corpus, cluster: Cluster, tmp_path: Path):
    """Ctrl+C on a terminal (SIGINT to the whole process group: the run and its local
    workers) stops the run without a traceback; finished batches are kept."""
    patients, expected = corpus
    out = tmp_path / "cohort"
    run = cohort(
        "run",
        str(patients),
        "--out",
        str(out),
        "--workers",
        "2",
        "--batch-patients",
        "1",
        wait=False,
    )
    assert isinstance(run, subprocess.Popen)
    parts = out / ".cohort" / "parts"
    end = time.monotonic() + 120
    while not (parts.is_dir() and any(parts.glob("*.json"))):
        assert run.poll() is None, run.communicate()
        assert time.monotonic() < end
        time.sleep(0.02)
    os.killpg(run.pid, signal.SIGINT)
    _stdout, stderr = run.communicate(timeout=120)
    assert run.returncode == 130, stderr
    assert "interrupted" in stderr and "Traceback" not in stderr, stderr
    kept = patients_table(out)
    assert 0 < len(kept) < N_PATIENTS + 1
    assert all(r["status"] in ("done", "failed") for r in kept.values())
    rerun = cohort("run", str(patients), "--out", str(out), "--scheduler", cluster.address)
    assert rerun.returncode == 0, rerun.stderr
    assert (
        f"{len([r for r in kept.values() if r['status'] == 'done'])} already done" in rerun.stderr
    )
    check_complete(out, expected)
    assert json.loads((out / "cohort.json").read_text())["linker"] == "knowledge"
