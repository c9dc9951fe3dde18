"""Round 7 (scale5, issue #23 items 1-2): batches sized so every worker gets many; batches
that finish together committed in ONE manifest (one atomic write); a batch whose files are
gone at commit is redone; a kill between a manifest's write and its rename leaves the cohort
as it was."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from cohort_helpers import synth_plain

from radtrack_gui.cohort import output, query, sources
from radtrack_gui.cohort.run import (
    BATCHES_PER_THREAD,
    MIN_BATCH_REPORTS,
    RETRY_OFFSET,
    batch_size,
    plan,
    run_cohort,
)
from radtrack_gui.cohort.tasks import process_batch

pytest.importorskip("pyarrow")
pytest.importorskip("duckdb")

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return synth_plain(tmp_path_factory.mktemp("group"), 4, seed=17)


# -- batch sizes ---------------------------------------------------------------------------
@pytest.mark.parametrize(("reports", "threads"), [(3_000, 1), (4_662, 14), (33_000, 14)])
def test_every_worker_gets_many_batches(reports: int, threads: int) -> None:
    items = [sources.PatientItem(f"p{i}", "x", size=9 + i % 3) for i in range(reports // 10)]
    total = sum(i.size for i in items)
    groups = plan(items, threads)
    assert len(groups) >= 8 * threads  # the last wave is a small share of the run
    sizes = [sum(i.size for i in g) for g in groups]
    assert max(sizes) <= 200 + 11  # at most ~200 reports (a batch closes past its size)
    assert min(sizes[: len(sizes) // 2]) >= min(MIN_BATCH_REPORTS, total)  # the floor
    assert sorted(i.key for g in groups for i in g) == sorted(i.key for i in items)


def test_batch_size_floor_and_cap() -> None:
    # 14 workers on 500 reports: 4 reports a batch would make 125 tiny tasks and commits
    assert batch_size(500, 14) == MIN_BATCH_REPORTS
    assert batch_size(4_662, 14) == -(-4_662 // (BATCHES_PER_THREAD * 14))  # 28: ~11 each
    assert batch_size(2_400, 1) == 200  # one worker: the cap, 12 batches
    assert batch_size(500, 14, most=10) == 10  # an explicit --batch-reports below the floor
    assert batch_size(0, 4) == MIN_BATCH_REPORTS


# -- grouped commits -----------------------------------------------------------------------
def _written_parts(plain: Path, out: Path, n: int, sizes: dict | None = None) -> tuple:
    """``n`` partitions written by the worker's function (files only, nothing committed);
    the sizes it reports go into ``sizes``."""
    cohort = output.CohortDir(out)
    cohort.prepare(plain, "rules", "knowledge")
    items = sources.folder_patients(plain)
    got = []
    for k in range(n):
        part = f"part-g-{k:05d}"
        res = process_batch(items[k::n], "rules", "knowledge", str(cohort.path), part)
        assert res["written"]
        got.append((part, res["records"]))
        if sizes is not None:
            sizes[part] = res["sizes"]
    return cohort, got


@pytest.mark.parametrize("damage", ["none", "missing", "truncated", "same size", "other size"])
def test_the_quick_check_of_files_a_worker_wrote(plain, tmp_path, damage):
    sizes: dict = {}
    cohort, parts = _written_parts(plain, tmp_path / "c", 2, sizes)
    for name in output.DATASETS:  # the sizes the worker reported are the files' sizes
        assert (
            sizes["part-g-00001"][name]
            == (cohort.path / name / "part-g-00001.parquet").stat().st_size
        )
    f = cohort.path / "mentions" / "part-g-00001.parquet"
    size = f.stat().st_size
    if damage == "missing":
        f.unlink()
    elif damage == "truncated":
        f.write_bytes(f.read_bytes()[: size // 2])
    elif damage == "same size":
        f.write_bytes(b"x" * size)
    elif damage == "other size":  # another sound Parquet file in its place
        import pyarrow as pa
        import pyarrow.parquet as pq

        pq.write_table(pa.table({"a": [1]}), f)
    problems = cohort.commit_many(parts, sizes)
    if damage == "none":
        assert problems == {}
        assert cohort.done() == {i.key for i in sources.folder_patients(plain)}
    else:
        assert list(problems) == ["part-g-00001"], problems
        assert "mentions/part-g-00001.parquet" in problems["part-g-00001"]
        assert cohort.done() == {r["patient"] for r in parts[0][1]}


def _reports(folder: Path) -> int:
    return int(query.run_query(folder, "SELECT count(*) AS n FROM reports").to_pylist()[0]["n"])


def test_batches_finished_together_are_one_manifest(plain, tmp_path):
    cohort, parts = _written_parts(plain, tmp_path / "c", 3)
    assert cohort.commit_many(parts) == {}
    assert [m.name for m in cohort.parts.glob("*.json")] == ["part-g-00000.json"]  # one write
    assert cohort.done() == {i.key for i in sources.folder_patients(plain)}
    assert [f.stem for f in cohort.committed()["mentions"]] == [p for p, _ in parts]
    assert _reports(cohort.path) == sum(r["reports"] for _, rs in parts for r in rs)
    cohort.cleanup()  # files named by a group manifest are kept, not taken for leftovers
    for name in output.DATASETS:
        assert sorted(f.stem for f in (cohort.path / name).iterdir()) == [p for p, _ in parts]
    assert not cohort.damaged()
    # One broken file: the whole manifest is set aside, its patients done again.
    (cohort.path / "chains" / "part-g-00001.parquet").write_bytes(b"PAR1 cut short")
    assert set(cohort.damaged()) == {"part-g-00000"}
    notes = cohort.quarantine(cohort.damaged())
    assert "part-g-00001" in notes[0] and "part-g-00002" in notes[0]
    assert cohort.done() == set()
    assert not any(any((cohort.path / n).iterdir()) for n in output.DATASETS)


def test_a_lost_batch_in_a_group_is_left_out_the_others_commit(plain, tmp_path):
    cohort, parts = _written_parts(plain, tmp_path / "c", 3)
    (cohort.path / "reports" / "part-g-00000.parquet").unlink()
    problems = cohort.commit_many(parts)
    assert list(problems) == ["part-g-00000"] and "missing" in problems["part-g-00000"]
    rows = json.loads((cohort.parts / "part-g-00001.json").read_text())  # named after the first
    assert {r["part"] for r in rows} == {"part-g-00001", "part-g-00002"}
    lost = {r["patient"] for r in parts[0][1]}
    assert cohort.done() == {i.key for i in sources.folder_patients(plain)} - lost


def test_a_manifest_cannot_name_a_path(plain, tmp_path):
    cohort, parts = _written_parts(plain, tmp_path / "c", 1)
    assert cohort.commit_many(parts) == {}
    m = cohort.parts / "part-g-00000.json"
    rows = json.loads(m.read_text())
    rows[0]["part"] = "../../elsewhere"
    m.write_text(json.dumps(rows))
    assert output.read_manifest(m) is None  # malformed: set aside, never read as a path
    assert "part-g-00000" in cohort.damaged()


KILL_AT_RENAME = """
import os, sys, json
from radtrack_gui.cohort import output
real = os.replace
def replace(src, dst, *a, **k):
    if str(dst).endswith(".json") and "/.cohort/parts/" in str(dst):
        os._exit(9)  # killed after the manifest's temporary file is written, before its rename
    return real(src, dst, *a, **k)
os.replace = replace
cohort = output.CohortDir(sys.argv[1])
cohort.commit_many(json.loads(sys.argv[2]))
"""


def test_killed_between_write_and_rename_leaves_the_previous_manifests(plain, tmp_path):
    cohort, parts = _written_parts(plain, tmp_path / "c", 3)
    assert cohort.commit_many(parts[:1]) == {}
    before = (cohort.parts / "part-g-00000.json").read_bytes()
    done_before = cohort.done()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    got = subprocess.run(
        [sys.executable, "-c", KILL_AT_RENAME, str(cohort.path), json.dumps(parts[1:])],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert got.returncode == 9, got.stderr
    assert [m.name for m in cohort.parts.glob("*.json")] == ["part-g-00000.json"]
    assert any(cohort.parts.glob(".part-g-00001.json.*.tmp"))  # written, never renamed
    assert (cohort.parts / "part-g-00000.json").read_bytes() == before
    assert cohort.done() == done_before  # none of the group is committed
    cohort.cleanup()  # the next run: the temporary manifest and the group's files go
    assert not any(cohort.parts.glob(".*"))
    for name in output.DATASETS:
        assert [f.stem for f in (cohort.path / name).iterdir()] == ["part-g-00000"]


# -- a redo during a run, on a real LocalCluster -------------------------------------------
@pytest.mark.slow
def test_files_gone_at_commit_are_redone_in_the_same_run(plain, tmp_path, monkeypatch):
    real = output.CohortDir.commit_many
    lost: list[str] = []

    def losing(self, batches, sizes=None):  # the first batch's files vanish before the check
        if not lost:
            lost.append(batches[0][0])
            (self.path / "mentions" / f"{batches[0][0]}.parquet").unlink()
        return real(self, batches, sizes)

    monkeypatch.setattr(output.CohortDir, "commit_many", losing)
    state = run_cohort(plain, tmp_path / "c", workers=1, extractor="rules", linker="knowledge")
    assert state.done == 4 and state.failed == 0
    cohort = output.CohortDir(tmp_path / "c")
    parts = {r["part"] for r in cohort.records().values()}
    redone = [p for p in parts if int(p.rsplit("-", 1)[1]) >= RETRY_OFFSET]
    assert lost and redone  # submitted once more, under a partition name of its own
    assert lost[0] not in parts
    assert not (cohort.path / "reports" / f"{lost[0]}.parquet").exists()  # discarded
    per = query.run_query(cohort.path, "SELECT patient, count(*) AS n FROM reports GROUP BY 1")
    assert {r["patient"] for r in per.to_pylist()} == cohort.done()  # all once
    import dask

    # the run leaves dask's config as it found it: another run in this process can start
    assert dask.config.get("distributed.comm.require-encryption", "gone") != "gone"
