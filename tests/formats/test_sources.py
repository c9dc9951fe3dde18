"""formats.sources: the one place that decides what a path holds and reads it."""

from __future__ import annotations

from pathlib import Path

import pytest

from radtrack_gui.core.errors import InputError
from radtrack_gui.formats import sources
from radtrack_gui.formats.json_io import write_json
from radtrack_gui.formats.mimic_csv import SeveralPatients
from radtrack_gui.formats.writers import FORMATS, write_patient

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
CSV = DATA / "mimic" / "noteevents_two_patients.csv"
BRAT = DATA / "brat_patient"
DEMO = ROOT / "radtrack_gui" / "resources" / "samples" / "demo_patient"


def test_kind_of_and_missing_paths(tmp_path: Path) -> None:
    assert sources.kind_of(BRAT) == "folder"
    assert sources.kind_of(CSV) == "csv"
    assert sources.kind_of(tmp_path / "p.JSON") == "json"
    with pytest.raises(InputError, match="not a patient folder"):
        sources.kind_of(BRAT / "day1.txt")
    with pytest.raises(InputError, match="no such file or folder"):
        sources.source_path(tmp_path / "missing")
    assert sources.can_open(CSV) and not sources.can_open(BRAT / "day1.ann")


def test_csv_patients_one_or_several() -> None:
    assert sources.csv_patients(CSV) == ["7", "8"]
    with pytest.raises(SeveralPatients) as err:
        sources.csv_patient(CSV)
    assert err.value.patients == ["7", "8"] and "--patient" in str(err.value)
    with pytest.raises(SeveralPatients):
        sources.read_patient(CSV)
    p = sources.read_patient(CSV, "7")
    assert p.id == "7" and p.reports and not p.mentions


def test_read_patient_of_each_kind(tmp_path: Path) -> None:
    gold = sources.read_patient(BRAT)
    assert gold.annotated and gold.chains
    write_json(gold, tmp_path / "g.json")
    again = sources.read_patient(tmp_path / "g.json")
    assert again.chains.keys() == gold.chains.keys()  # a JSON keeps its chains
    assert [p.id for p in sources.read_annotated(tmp_path / "g.json")] == [again.id]
    assert len(sources.read_annotated(BRAT)) == 1
    with pytest.raises(InputError, match="not a brat folder"):
        sources.read_annotated(CSV)


def test_read_reports_of_a_collection() -> None:
    reports, total, problems = sources.read_reports(CSV)  # every patient of the CSV
    assert total == len(list(reports)) == 4 and problems == []
    reports, total, _ = sources.read_reports(CSV, text_columns=["TEXT"], id_column="ROW_ID")
    assert total is None and len(list(reports)) == 5  # every row, not only Radiology
    reports, total, _ = sources.read_reports(CSV, "8")
    assert total == len(list(reports)) >= 1


def test_annotation_format_and_gold(tmp_path: Path) -> None:
    assert sources.annotation_format(BRAT) == "brat"
    assert sources.annotation_format(DATA) == "brat"  # a folder of patient folders
    write_json(sources.read_patient(BRAT), tmp_path / "g.json")
    assert sources.annotation_format(tmp_path) == "json"
    with pytest.raises(InputError, match="cannot tell the format"):
        sources.annotation_format(CSV)
    assert sources.find_gold(DEMO) is not None  # the sibling demo_patient_gold
    assert sources.find_gold(DATA / "mixed_patient") is None


def test_write_patient_in_every_format(tmp_path: Path) -> None:
    patient = sources.read_patient(BRAT)
    for fmt in FORMATS:
        out = tmp_path / (fmt if fmt == "brat" else f"p.{fmt}")
        write_patient(patient, fmt, out)
        assert out.exists(), fmt
    with pytest.raises(InputError, match="unknown format"):
        write_patient(patient, "xml", tmp_path / "p.xml")
