"""Cohorts from a FHIR Bulk NDJSON file and an HL7 v2 batch file (issue #22, FORMATS §6):
split by patient while streaming; each patient is the one `radtrack process FILE --patient
ID` reads (same report ids, texts and chains)."""

from __future__ import annotations

import json
from pathlib import Path

import format_fixtures as ff
import pytest
from cohort_helpers import assert_same_as_process, process_json

from radtrack_gui.cohort.records import split_records
from radtrack_gui.cohort.sources import PatientItem


def _ndjson(path: Path) -> Path:
    lines = []
    for i, pid in enumerate(["A", "B", "A", "C", "B"]):
        when = f"2150-03-0{i + 1}T10:00:00Z"
        lines.append(json.dumps(ff.fhir_report(pid=pid, rid=f"r{i}", when=when)))
    lines.insert(2, json.dumps({"resourceType": "Patient", "id": "A"}))  # not a report
    path.write_text("\n".join(lines) + "\n")
    return path


def _hl7_batch(path: Path) -> Path:
    msgs = [ff.oru(pid=p, control=str(i), when=f"2150030{i + 1}1000") for i, p in enumerate("ABAB")]
    path.write_text("FHS|^~\\&|RIS\rBHS|^~\\&|RIS\r" + "".join(msgs) + "BTS|4\rFTS|1\r")
    return path


@pytest.mark.parametrize(("make", "fmt"), [(_ndjson, "fhir"), (_hl7_batch, "hl7")])
def test_record_file_split_by_patient_is_what_process_reads(tmp_path, make, fmt):
    from radtrack_gui.cohort.output import CohortDir
    from radtrack_gui.cohort.tasks import process_batch

    src = make(tmp_path / ("bulk.ndjson" if fmt == "fhir" else "batch.hl7"))
    split = split_records(src, fmt, tmp_path / "work", skip=set(), max_buffered=10)
    items = sorted(split, key=lambda i: i.key)
    keys = [i.key for i in items]
    assert keys == (["A", "B", "C"] if fmt == "fhir" else ["A", "B"])
    assert all(i.units is not None for i in items)  # a worker needs no access to the split
    # an item without its rows reads them from its bucket, and only its own
    bare = [PatientItem(i.key, i.source, rows=i.rows, fmt=fmt, total=i.total) for i in items]
    assert [b.loaded().units for b in bare] == [i.units for i in items]
    cohort = CohortDir(tmp_path / "out")
    cohort.prepare(src, "rules", "knowledge")
    res = process_batch(items, "rules", "knowledge")
    cohort.write_part("part-test-00000", res["tables"], res["records"])
    cohort.write_patients()
    for key in keys:
        expected = process_json(src, tmp_path, key)
        assert_same_as_process(cohort.path, key, expected)
    ids = [r["id"] for r in process_json(src, tmp_path, "A")["reports"]]
    assert ids == ([f"{src.name}#1", f"{src.name}#3"])  # numbered in the whole file


def test_split_skips_done_patients_and_streams(tmp_path):
    src = _ndjson(tmp_path / "bulk.ndjson")
    split = split_records(src, "fhir", tmp_path / "work", skip={"A"}, max_buffered=1)
    assert sorted(i.key for i in split) == ["B", "C"] and split.patients == 2
    (b,) = [i for i in split if i.key == "B"]
    assert [u[0] for u in b.units or ()] == [2, 5]  # report numbers in the file
    assert oct(Path(b.rows or "").stat().st_mode & 0o777) == "0o600"


@pytest.mark.slow
def test_cohort_run_cli_on_an_ndjson_file(tmp_path):
    import pyarrow.parquet as pq

    from radtrack_gui.cli import main

    src = _ndjson(tmp_path / "bulk.ndjson")
    assert main(["cohort", "run", str(src), "--out", str(tmp_path / "out"), "--workers", "1"]) == 0
    rows = pq.read_table(tmp_path / "out" / "patients.parquet").to_pylist()
    assert sorted((r["patient"], r["status"], r["reports"]) for r in rows) == [
        ("A", "done", 2),
        ("B", "done", 2),
        ("C", "done", 1),
    ]


def test_cohort_run_refuses_other_files(tmp_path, capsys):
    from radtrack_gui.cli import main

    pdf = tmp_path / "x.pdf"
    pdf.write_bytes(ff.pdf_bytes([["x"]]))
    assert main(["cohort", "run", str(pdf), "--out", str(tmp_path / "out")]) == 2
    assert "FHIR Bulk NDJSON or an HL7 v2 batch file" in capsys.readouterr().err
