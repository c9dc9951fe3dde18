"""A NOTEEVENTS-style CSV (and a FHIR Bulk NDJSON file) streamed through `radtrack cohort run`
(issue #23 item 3), on a real LocalCluster: a run killed with SIGKILL part-way and resumed gives the rows of an
uninterrupted run, every patient committed once, none lost. The generator, the runner and
the checks are benchmarks/bench_mimic_csv.py's (which measures the same at 500,000 rows);
no memory or time is asserted here."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from cohort_helpers import assert_same_as_process, process_json

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import bench_mimic_csv as bench

pytestmark = pytest.mark.slow


def test_generated_csv_is_noteevents_shaped_and_not_sorted_by_subject(tmp_path: Path) -> None:
    import csv

    path = tmp_path / "notes.csv"
    made = bench.make_csv(path, 400, 0.3, seed=3)
    with path.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    assert list(rows[0]) == bench.COLUMNS
    assert len(rows) == made["rows"] == 400
    radiology = [r for r in rows if r["CATEGORY"] == "Radiology"]
    assert len(radiology) == made["radiology"] and 0 < len(radiology) < 400
    assert len({r["ROW_ID"] for r in rows}) == 400
    subjects = [r["SUBJECT_ID"] for r in radiology]
    assert subjects != sorted(subjects)  # interleaved, as MIMIC is
    first = subjects[0]
    spots = [i for i, s in enumerate(subjects) if s == first]
    assert spots[-1] - spots[0] > len(set(subjects))  # one subject's rows spread out
    others = [r for r in rows if r["CATEGORY"] != "Radiology"]
    assert all(r["TEXT"].startswith("SYNTHETIC") for r in others)


@pytest.mark.parametrize(("fmt", "rows"), [("csv", 2_000), ("fhir", 300)])
def test_killed_run_resumes_to_the_uninterrupted_output(tmp_path: Path, fmt: str, rows: int):
    got = bench.resume_check(tmp_path, rows, kill_after=4, seed=11, fmt=fmt)
    made = got["made"]
    assert got["whole_rc"] == 0 and got["resume_rc"] == 0, got["resume_log"]
    assert got["killed"], "the run ended before the kill: nothing was interrupted"
    at_kill = got["at_kill"][0]
    assert 0 < at_kill < made["subjects"]  # killed part-way, with batches committed
    assert f"{at_kill} already done before" in got["resume_log"]  # those were not redone
    assert got["whole"] == got["resumed"]
    assert got["resumed"]["mentions"] and got["resumed"]["chains"]
    assert len(got["resumed"]["reports"]) == made["radiology"]
    assert got["twice"] == []
    done, failed, reports = got["done"]
    assert (done, failed, reports) == (made["subjects"], 0, made["radiology"])
    # and a patient is what `radtrack process FILE --patient ID` gives
    key = json.loads(got["resumed"]["patients"][0])["patient"]
    assert_same_as_process(tmp_path / "cut", key, process_json(got["source"], tmp_path, key))


def test_dask_keeps_no_batch_after_it_is_sent(tmp_path: Path) -> None:
    """Dask logs the recent messages of every batched stream with their payloads (1,000 by
    default): the rows of every batch sent to a worker stayed in the client's LocalCluster
    scheduler, so the client grew ~1 MB a batch. During a run the logs stay short."""
    from distributed import default_client

    from radtrack_gui.cohort.run import LOG_CONFIG, run_cohort

    src = tmp_path / "notes.csv"
    made = bench.make_csv(src, 300, 0.5, seed=4)
    longest: list[int] = []

    def watch(state: object) -> None:
        client = default_client()
        logs = [client.scheduler_comm.recent_message_log]
        logs += [s.recent_message_log for s in client.cluster.scheduler.stream_comms.values()]
        longest.append(max(len(log) for log in logs))

    state = run_cohort(
        src, tmp_path / "out", workers=1, batch_reports=1, batch_patients=1, progress=watch
    )
    assert state.done == made["subjects"] > 12  # more batches than the logs may hold
    assert len(longest) == made["subjects"]  # one call per batch
    assert max(longest) <= LOG_CONFIG["distributed.admin.low-level-log-length"] == 10
