"""Damaged or hostile cohort outputs (issue #21 items 3, 4, 7): views read exactly the
partitions sound manifests commit; malformed manifests and broken Parquet files are set aside
and their patients done again; folder names are data, not globs; DuckDB touches no file."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from cohort_helpers import synth_plain

from radtrack_gui import cli
from radtrack_gui.cohort import output, query, sources
from radtrack_gui.core.errors import InputError

pytest.importorskip("duckdb")
pytest.importorskip("pyarrow")


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return synth_plain(tmp_path_factory.mktemp("dmg"), 3, seed=11)


def _two_parts(plain: Path, out: Path) -> tuple[output.CohortDir, list[str]]:
    """A cohort of two partitions written as a run writes them (without Dask)."""
    from radtrack_gui.cohort.tasks import process_batch

    cohort = output.CohortDir(out)
    cohort.prepare(plain, "rules", "knowledge")
    items = sources.folder_patients(plain)
    for n, group in enumerate((items[:2], items[2:])):
        res = process_batch(group, "rules", "knowledge")
        cohort.write_part(f"part-t-{n:05d}", res["tables"], res["records"])
    cohort.write_patients()
    return cohort, [i.key for i in items]


def _per_patient(folder: Path) -> dict[str, int]:
    table = query.run_query(folder, "SELECT patient, count(*) AS n FROM reports GROUP BY 1")
    return {r["patient"]: r["n"] for r in table.to_pylist()}


def _run(plain: Path, out: Path) -> int:
    return cli.main(["cohort", "run", str(plain), "--out", str(out), "--workers", "1"])


def test_an_unreadable_manifest_never_leaves_duplicates(plain, tmp_path):
    cohort, keys = _two_parts(plain, tmp_path / "c")
    before = _per_patient(cohort.path)
    (cohort.parts / "part-t-00000.json").write_text("{not json")
    assert set(_per_patient(cohort.path)) == {keys[2]}  # its partition is not read
    assert _run(plain, cohort.path) == 0
    assert _per_patient(cohort.path) == before  # redone once each, no duplicate rows
    assert (cohort.private / "quarantine" / "part-t-00000").is_dir()


@pytest.mark.parametrize("bad", ["null", "{}", "[{}]", '[{"patient": 3}]'])
def test_malformed_manifests_do_not_break_later_runs(plain, tmp_path, bad):
    cohort, keys = _two_parts(plain, tmp_path / "c")
    (cohort.parts / "part-t-00001.json").write_text(bad)
    assert cohort.records().keys() == set(keys[:2])
    assert _run(plain, cohort.path) == 0
    assert set(cohort.done()) == set(keys)


def test_a_damaged_partition_is_named_by_query_and_summary_and_redone(plain, tmp_path, capsys):
    cohort, _ = _two_parts(plain, tmp_path / "c")
    before = _per_patient(cohort.path)
    (cohort.path / "mentions" / "part-t-00001.parquet").write_bytes(b"PAR1 broken")
    assert cli.main(["cohort", "query", str(cohort.path), "SELECT count(*) FROM mentions"]) == 0
    assert "part-t-00001 left out" in capsys.readouterr().err
    assert cli.main(["cohort", "summary", str(cohort.path), "--out", str(tmp_path / "s")]) == 0
    assert _run(plain, cohort.path) == 0
    assert _per_patient(cohort.path) == before
    assert not cohort.damaged()


@pytest.mark.parametrize("name", ["c[1]", "c*", "c?"])
def test_folder_names_are_paths_not_patterns(plain, tmp_path, name):
    other, _ = _two_parts(plain, tmp_path / "c1")  # what 'c[1]' or 'c*' would match as a glob
    cohort, _ = _two_parts(plain, tmp_path / name)
    for f in (cohort.path / "reports").iterdir():  # a stray file the manifests do not name
        shutil.copy(f, cohort.path / "reports" / "stray.parquet")
        break
    # Same input, same rows: a glob would also have read the stray file or the other cohort.
    assert _per_patient(cohort.path) == _per_patient(other.path)


@pytest.mark.parametrize(
    "sql",
    [
        "COPY reports TO '{tmp}/leak.csv'",
        "SELECT * FROM read_csv('/etc/hostname')",
        "INSTALL httpfs",
        "SELECT * FROM 'https://example.invalid/x.parquet'",
        "SET enable_external_access = true",
        "ATTACH '{tmp}/x.db'",
    ],
)
def test_free_sql_touches_no_file_and_fetches_nothing(plain, tmp_path, sql):
    cohort, _ = _two_parts(plain, tmp_path / "c")
    with pytest.raises(InputError, match="query failed"):
        query.run_query(cohort.path, sql.format(tmp=tmp_path))
    assert not (tmp_path / "leak.csv").exists() and not (tmp_path / "x.db").exists()
    assert json.loads((cohort.path / "cohort.json").read_text())["schema"]
