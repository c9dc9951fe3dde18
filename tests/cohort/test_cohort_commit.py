"""Workers write their partitions, the client commits them (issue #23 item 1): a batch's
Parquet files are written by the worker that produced them; the client checks them and
writes the manifest (the one step that commits); missing or broken files are never
committed."""

from __future__ import annotations

from pathlib import Path

import pytest
from cohort_helpers import synth_plain

from radtrack_gui.cohort import output, query, sources
from radtrack_gui.cohort.tasks import process_batch

pytest.importorskip("pyarrow")
pytest.importorskip("duckdb")


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return synth_plain(tmp_path_factory.mktemp("commit"), 2, seed=13)


def _cohort(plain: Path, out: Path) -> output.CohortDir:
    cohort = output.CohortDir(out)
    cohort.prepare(plain, "rules", "knowledge")
    return cohort


def test_worker_writes_client_commits(plain, tmp_path):
    cohort = _cohort(plain, tmp_path / "c")
    items = sources.folder_patients(plain)
    res = process_batch(items, "rules", "knowledge", str(cohort.path), "part-w-00000")
    assert res["tables"] is None and res["written"] is True  # nothing big travels back
    assert not cohort.records()  # written, not yet committed: no manifest, no rows
    assert query.run_query(cohort.path, "SELECT count(*) AS n FROM reports").to_pylist() == [
        {"n": 0}
    ]
    assert cohort.commit("part-w-00000", res["records"]) is None
    assert cohort.done() == {i.key for i in items}
    n = query.run_query(cohort.path, "SELECT count(*) AS n FROM reports").to_pylist()[0]["n"]
    assert n == sum(r["reports"] for r in res["records"])


@pytest.mark.parametrize("damage", ["missing", "broken"])
def test_lost_or_broken_files_are_not_committed(plain, tmp_path, damage):
    cohort = _cohort(plain, tmp_path / "c")
    items = sources.folder_patients(plain)
    res = process_batch(items, "rules", "knowledge", str(cohort.path), "part-w-00001")
    f = cohort.path / "mentions" / "part-w-00001.parquet"
    if damage == "missing":
        f.unlink()
    else:
        f.write_bytes(b"PAR1 cut short")
    problem = cohort.commit("part-w-00001", res["records"])
    assert problem and "mentions/part-w-00001.parquet" in problem
    assert not (cohort.parts / "part-w-00001.json").exists()
    cohort.discard("part-w-00001")
    assert not list((cohort.path / "reports").glob("part-w-00001*"))


def test_a_worker_that_cannot_reach_the_folder_sends_its_tables(plain, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    items = sources.folder_patients(plain)
    res = process_batch(items, "rules", "knowledge", str(blocker / "cohort"), "part-x-00000")
    assert res["written"] is False and res["tables"] is not None
    cohort = _cohort(plain, tmp_path / "c")
    cohort.write_part("part-x-00000", res["tables"], res["records"])  # the client writes them
    assert cohort.done() == {i.key for i in items}
