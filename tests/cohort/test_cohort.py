"""Cohort pieces without a cluster: CSV streaming, partitions and resuming, bad arguments,
DuckDB queries (named ones on hand-written courses), the summary page, the project loader,
and that start-up imports none of the cohort's heavy libraries."""

from __future__ import annotations

import base64
import json
import subprocess
import sys
from pathlib import Path

import pytest
from cohort_helpers import add_bad_patient, build_cohort, synth_plain, write_mimic_csv

from radtrack_gui import cli
from radtrack_gui.cohort import output, query, sources
from radtrack_gui.cohort.loader import adopt, load_patient, patients
from radtrack_gui.core.errors import InputError

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = synth_plain(tmp_path_factory.mktemp("cohort-unit"), 6, seed=11)
    add_bad_patient(folder)
    return folder


@pytest.fixture(scope="module")
def built(plain: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_cohort(plain, tmp_path_factory.mktemp("built") / "cohort")


# -- sources -------------------------------------------------------------------------------
def test_csv_is_split_by_subject_with_bounded_buffers(plain: Path, tmp_path: Path):
    from radtrack_gui.formats.folder import read_patient_folder

    big = tmp_path / "notes.csv"
    write_mimic_csv(plain, big, {"patient_001": "7", "patient_002": "8", "patient_003": "9"})
    small = sources.split_csv(big, tmp_path / "small", max_buffered=64)  # flushes every row
    whole = sources.split_csv(big, tmp_path / "whole")
    assert (small.patients, small.reports) == (whole.patients, whole.reports)
    assert small.patients == 3 and small.reports > 3
    a_items = sorted(small, key=lambda i: i.key)
    b_items = sorted(whole, key=lambda i: i.key)
    assert [i.key for i in a_items] == ["7", "8", "9"]
    for a, b in zip(a_items, b_items, strict=True):
        assert a.data == b.data and a.size == len(a.data or ())
        assert oct(Path(a.rows or "").stat().st_mode & 0o777) == "0o600"
        got = sources.load_patient(a)
        want = read_patient_folder(big, a.key)  # what `radtrack process --patient` reads
        assert [r.id for r in got.reports] == [r.id for r in want.reports]
        assert [r.text for r in got.reports] == [r.text for r in want.reports]
        assert got.id == want.id == a.key
    skipped = sources.split_csv(big, tmp_path / "skip", skip={"8"})
    assert sorted(i.key for i in skipped) == ["7", "9"] and skipped.patients == 2


def test_spill_groups_each_patients_rows_whatever_the_order(tmp_path: Path):
    from radtrack_gui.cohort.spill import Spill, bucket_count, bucket_records

    rows = [(f"p{(i * 7) % 13}", i) for i in range(200)]  # 13 patients, interleaved
    groups = {}
    for buckets in (1, 5):
        spill = Spill(tmp_path / f"s{buckets}", buckets, max_buffered=100)
        for key, i in rows:
            spill.add(key, [i, {"n": str(i)}])
        assert len(list((tmp_path / f"s{buckets}").iterdir())) <= buckets
        got = [(k, p, recs) for k, p, recs in spill.groups()]
        assert len(got) == len({k for k, _ in rows}) == len(spill.keys) == 13
        # a bucket is read whole before the next: its patients come together
        order = [p for _, p, _ in got]
        assert order == sorted(order)
        groups[buckets] = {k: recs for k, _, recs in got}
        for key, path, recs in got:
            assert recs == [[i, {"n": str(i)}] for k, i in rows if k == key]  # file order
            assert bucket_records(path, key) == recs  # a bucket holds other patients too
    assert groups[1] == groups[5]
    assert (bucket_count(0), bucket_count(10**6), bucket_count(10**9)) == (1, 1, 120)
    assert bucket_count(10**13) == 1024


def test_batches_group_small_patients():
    items = [sources.PatientItem(str(i), "x", size=s) for i, s in enumerate([5, 5, 30, 1, 1])]
    groups = sources.batches(items, reports=10, patients=50)
    assert [[i.key for i in g] for g in groups] == [["0", "1"], ["2"], ["3", "4"]]
    assert len(sources.batches(items, reports=1000, patients=2)) == 3


def test_plan_gives_every_worker_many_batches_largest_first():
    from radtrack_gui.cohort.run import plan

    items = [sources.PatientItem(str(i), "x", size=1 + i % 7) for i in range(200)]
    groups = plan(items, threads=2)  # 800 reports: about 40 reports a batch, not 200
    assert len(groups) >= 19
    sizes = [sum(i.size for i in g) for g in groups]
    assert sizes == sorted(sizes, reverse=True)
    assert sorted(i.key for g in groups for i in g) == sorted(i.key for i in items)
    assert max(len(g) for g in plan(items, threads=1, patients=5)) == 5  # patients cap


# -- output: partitions, crash leftovers, resuming -----------------------------------------
def test_partition_without_manifest_is_removed_and_redone(plain: Path, tmp_path: Path):
    from radtrack_gui.cohort.tasks import process_batch

    cohort = output.CohortDir(tmp_path / "c")
    cohort.prepare(plain, "rules", "knowledge")
    items = sources.folder_patients(plain)
    first = process_batch(items[:2], "rules", "knowledge")
    cohort.write_part("part-a-00000", first["tables"], first["records"])
    # A crash after the data files of the next partition, before its manifest:
    second = process_batch(items[2:3], "rules", "knowledge")
    import pyarrow.parquet as pq

    for name in output.DATASETS:
        pq.write_table(second["tables"][name], cohort.path / name / "part-b-00000.parquet")
    (cohort.path / "reports" / ".part-c.parquet.x.tmp").write_bytes(b"half")
    cohort.cleanup()
    assert cohort.done() == {items[0].key, items[1].key}
    for name in output.DATASETS:
        assert [p.name for p in (cohort.path / name).iterdir()] == ["part-a-00000.parquet"]
    records = cohort.write_patients()
    assert set(records) == {items[0].key, items[1].key}


def test_prepare_refuses_a_foreign_folder_or_other_models(plain: Path, tmp_path: Path):
    other = tmp_path / "other"
    other.mkdir()
    (other / "mine.txt").write_text("not a cohort")
    with pytest.raises(InputError, match="not empty and not a cohort"):
        output.CohortDir(other).prepare(plain, "rules", "knowledge")
    c = output.CohortDir(tmp_path / "c")
    c.prepare(plain, "rules", "knowledge")
    with pytest.raises(InputError, match="linker 'knowledge', not 'exact'"):
        c.prepare(plain, "rules", "exact")


@pytest.mark.parametrize(
    "argv, reason",
    [
        (["run", "{missing}", "--out", "{out}"], "no such folder or file"),
        (["run", "{plain}", "--out", "{out}", "--workers", "0"], "--workers must be at least 1"),
        (["run", "{plain}", "--out", "{out}", "--linker", "nope"], "unknown linker 'nope'"),
        (["run", "{one}", "--out", "{out}"], "no patient folders in it"),
        (["query", "{out}", "SELECT 1"], "not a cohort folder"),
    ],
)
def test_bad_arguments_exit_2(argv, reason, plain: Path, tmp_path: Path, capsys):
    one = tmp_path / "one"
    one.mkdir()
    (one / "r.txt").write_text("Findings: small effusion.\n")
    names = {"missing": tmp_path / "nope", "out": tmp_path / "out", "plain": plain, "one": one}
    assert cli.main(["cohort", *(a.format(**names) for a in argv)]) == 2
    err = capsys.readouterr().err
    assert reason in err and err.count("\n") == 1


# -- the loader (what the GUI opens) -------------------------------------------------------
def test_loader_builds_the_patient_and_adopts_it_into_its_project_store(built: Path, plain):
    from radtrack_gui.project import open_project

    rows = {r["patient"]: r for r in patients(built)}
    assert rows["zz_bad"]["status"] == "failed" and rows["patient_001"]["status"] == "done"
    p = load_patient(built, "patient_002")
    assert len(p.reports) == rows["patient_002"]["reports"]
    assert len(p.mentions) == rows["patient_002"]["mentions"]
    assert len(p.chains) == rows["patient_002"]["chains"]
    path, pid = adopt(built, "patient_002")
    assert path == str((plain / "patient_002").resolve()) and pid is None
    loaded = open_project(path, pid)  # the stored (cohort) chains, no model run
    try:
        assert loaded.from_store
        assert sorted(loaded.patient.chains) == sorted(p.chains)
        assert loaded.extractor == "rules" and loaded.linker == "knowledge"
    finally:
        loaded.store.close()
    with pytest.raises(InputError, match="no reports found"):
        load_patient(built, "zz_bad")


def test_a_csv_subject_opens_as_that_subjects_project(plain: Path, tmp_path: Path):
    from radtrack_gui.cohort.tasks import process_batch
    from radtrack_gui.project import open_project

    big = tmp_path / "notes.csv"
    write_mimic_csv(plain, big, {"patient_001": "41", "patient_002": "42"})
    cohort = output.CohortDir(tmp_path / "c")
    cohort.prepare(big, "rules", "exact")
    items = [i.loaded() for i in sources.split_csv(big, cohort.work)]
    res = process_batch(items, "rules", "exact")
    cohort.write_part("part-csv-00000", res["tables"], res["records"])
    path, pid = adopt(cohort.path, "42")
    assert (path, pid) == (str(big.resolve()), "42")
    loaded = open_project(path, pid)  # the store keyed by CSV + subject holds the cohort's
    try:
        assert loaded.from_store and loaded.patient.id == "42" and loaded.linker == "exact"
        assert sorted(loaded.patient.chains) == sorted(load_patient(cohort.path, "42").chains)
    finally:
        loaded.store.close()


# -- queries and summary ------------------------------------------------------------------
def _course(folder: Path) -> None:
    """A chest tube removed after two days; an effusion that resolves and comes back."""
    notes = [
        (
            "2150-01-01 08:00",
            "FINDINGS: A left chest tube is in place. Small left pleural effusion.",
        ),
        (
            "2150-01-03 08:00",
            "FINDINGS: The left chest tube has been removed. The left "
            "pleural effusion has resolved.",
        ),
        ("2150-02-01 08:00", "FINDINGS: New left pleural effusion. New right pneumothorax."),
    ]
    folder.mkdir(parents=True)
    for i, (date, text) in enumerate(notes, 1):
        (folder / f"r{i}.txt").write_text(f"Date: {date}\nExam: CHEST PORTABLE\n\n{text}\n")


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("course")
    _course(base / "patients" / "p1")
    return build_cohort(base / "patients", base / "cohort")


def test_named_queries_find_the_written_course(course: Path, capsys):
    removed = query.run_query(course, *query.named_query("devices-removed-within", "3"))
    assert removed.column("patient").to_pylist() == ["p1"]
    assert "chest tube" in removed.column("label")[0].as_py()
    assert removed.column("days").to_pylist() == [2.0]
    assert query.run_query(course, *query.named_query("devices-removed-within", "1")).num_rows == 0
    back = query.run_query(course, *query.named_query("recurrent", "effusion")).to_pylist()
    assert [(r["patient"], str(r["recurred_on"])) for r in back] == [("p1", "2150-02-01 08:00:00")]
    assert query.run_query(course, *query.named_query("recurrent", "fracture")).num_rows == 0
    new = query.run_query(course, *query.named_query("new-on-last-exam")).to_pylist()
    assert any("pneumothorax" in r["label"] for r in new)
    assert not any("chest tube" in r["label"] for r in new)
    assert cli.main(["cohort", "query", str(course), "--named", "recurrent", "effusion"]) == 0
    assert "p1" in capsys.readouterr().out
    with pytest.raises(InputError, match="takes 1 argument"):
        query.named_query("recurrent")
    with pytest.raises(InputError, match="must be a number"):
        query.named_query("devices-removed-within", "soon")


def test_sql_to_screen_csv_and_parquet(built: Path, tmp_path: Path, capsys):
    import pyarrow.parquet as pq

    sql = "SELECT patient, count(*) AS chains FROM chains GROUP BY patient ORDER BY patient"
    assert cli.main(["cohort", "query", str(built), sql]) == 0
    printed = capsys.readouterr().out
    assert printed.splitlines()[0].split() == ["patient", "chains"] and "(6 rows)" in printed
    counts = {r["patient"]: r["chains"] for r in patients(built) if r["status"] == "done"}
    assert cli.main(["cohort", "query", str(built), sql, "--out", str(tmp_path / "q.csv")]) == 0
    lines = (tmp_path / "q.csv").read_text().splitlines()
    assert lines[0] == '"patient","chains"' and len(lines) == 7
    assert (
        cli.main(
            [
                "cohort",
                "query",
                str(built),
                "SELECT * FROM mentions",
                "--out",
                str(tmp_path / "m.parquet"),
            ]
        )
        == 0
    )
    assert pq.read_table(tmp_path / "m.parquet").num_rows == sum(
        r["mentions"] for r in patients(built) if r["status"] == "done"
    )
    assert sum(counts.values()) == pq.read_table(built / "chains").num_rows
    assert cli.main(["cohort", "query", str(built), "SELECT nope FROM reports"]) == 2
    assert "query failed" in capsys.readouterr().err


def test_summary_page_has_counts_and_figures(built: Path, tmp_path: Path):
    out = tmp_path / "summary.html"
    assert cli.main(["cohort", "summary", str(built), "--out", str(out)]) == 0
    page = out.read_text()
    assert oct(out.stat().st_mode & 0o777) == "0o600"
    images = page.split('src="data:image/png;base64,')[1:]
    assert len(images) == 7
    for img in images:
        assert base64.b64decode(img.split('"')[0])[:8] == b"\x89PNG\r\n\x1a\n"
    n = sum(r["chains"] for r in patients(built) if r["status"] == "done")
    assert f"<td>{n} (" in page and "7 (6 done, 1 failed)" in page
    for caption in (
        "Chains per patient",
        "Chain length",
        "Reports covered per chain",
        "Days between consecutive mentions",
        "Modality combinations",
        "Top findings",
        "Top devices",
    ):
        assert caption in page


# -- start-up stays light ------------------------------------------------------------------
def test_cli_and_gui_start_up_import_no_cohort_libraries():
    code = (
        "import sys\n"
        "import radtrack_gui.cli as c; c.build_parser()\n"
        "import radtrack_gui.gui.app, radtrack_gui.gui.main_window\n"
        "import radtrack_gui.gui.cohort_dialog\n"
        "print(sorted(m for m in ('dask', 'distributed', 'pyarrow', 'duckdb', "
        "'matplotlib') if m in sys.modules))"
    )
    got = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"},
        timeout=120,
    )
    assert got.returncode == 0, got.stderr
    assert json.loads(got.stdout.strip().replace("'", '"')) == []
