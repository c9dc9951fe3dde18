"""File and folder names that are not UTF-8 (bytes on Linux): read, processed, stored,
exported and run as a cohort, shown with the odd bytes as \\xNN (issue #21 item 6)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from radtrack_gui.cli import main as cli
from radtrack_gui.util.names import shown

REPORT = "Date: 2150-03-0{n} 10:00\nExam: CHEST XRAY\n\nFINDINGS: Small left pleural effusion.\n"


def _patient(root: Path) -> Path:
    folder = Path(os.fsdecode(os.fsencode(root) + b"/p\xe9"))
    folder.mkdir()
    (folder / os.fsdecode(b"r\xe9port.txt")).write_text(REPORT.format(n=1))
    (folder / "002.txt").write_text(REPORT.format(n=2))
    return folder


def test_shown_escapes_only_undecodable_bytes():
    assert shown("plain é.txt") == "plain é.txt"
    assert shown(os.fsdecode(b"r\xe9port.txt")) == "r\\xe9port.txt"


def test_process_and_exports_of_an_undecodable_name(tmp_path, capsys):
    folder = _patient(tmp_path)
    out = tmp_path / "out.json"
    assert cli(["process", str(folder), "--json", str(out)]) == 0
    doc = json.loads(out.read_text(encoding="utf-8"))
    ids = {r["id"] for r in doc["reports"]}
    assert ids == {"r\\xe9port.txt", "002.txt"}
    for fmt in ("csv", "conll", "brat"):
        assert cli(["export", str(out), "--format", fmt, "--out", str(tmp_path / fmt)]) == 0


def test_project_store_keeps_the_folder_losslessly(tmp_path, monkeypatch):
    monkeypatch.setenv("RADTRACK_HOME", str(tmp_path / "home"))
    from radtrack_gui.project import open_project

    folder = _patient(tmp_path)
    first = open_project(folder)
    first.store.close()
    again = open_project(folder)
    try:
        assert again.patient.folder == str(folder)  # the raw name: it opens the folder again
        assert {r.id for r in again.patient.reports} == {"r\\xe9port.txt", "002.txt"}
    finally:
        again.store.close()


@pytest.mark.slow
def test_cohort_with_an_undecodable_patient_folder(tmp_path):
    pytest.importorskip("pyarrow")
    root = tmp_path / "cohort_in"
    root.mkdir()
    _patient(root)
    out = tmp_path / "cohort_out"
    assert cli(["cohort", "run", str(root), "--out", str(out), "--workers", "1"]) == 0
    assert (out / "patients.parquet").is_file()
    import pyarrow.parquet as pq

    rows = pq.read_table(out / "patients.parquet").to_pylist()
    assert [(r["patient"], r["status"]) for r in rows] == [("p\\xe9", "done")]
