"""MIMIC NOTEEVENTS-style CSV: Radiology rows, patient choice, offsets into TEXT."""

import shutil
from datetime import datetime
from pathlib import Path

import pytest

from radtrack_gui.core.errors import InputError
from radtrack_gui.formats.folder import read_patient_folder
from radtrack_gui.formats.mimic_csv import patients_in, read_mimic_csv

TWO = Path(__file__).resolve().parents[1] / "data" / "mimic" / "noteevents_two_patients.csv"


def test_several_patients_need_a_choice_naming_them():
    with pytest.raises(InputError) as exc:
        read_patient_folder(TWO)
    msg = str(exc.value)
    assert "2 patients" in msg and "7" in msg and "8" in msg and "--patient" in msg
    assert "\n" not in msg
    assert patients_in(TWO) == ["7", "8"]


def test_patient_selection_keeps_radiology_rows_sorted_by_time():
    p = read_patient_folder(TWO, patient_id="7")
    assert p.id == "7"
    assert [r.id for r in p.reports] == ["14", "11"]  # 2150-03-02 before 2150-03-04
    r11 = p.report("11")
    assert r11.date == datetime(2150, 3, 4, 10, 22) and r11.exam == "CHEST (PORTABLE AP)"
    assert r11.modality == "XR" and r11.region == "chest" and r11.patient == "7"
    assert [s.name for s in r11.sections] == ["FINAL REPORT", "FINDINGS", "IMPRESSION"]
    start = r11.text.index("Left lower lobe opacity")
    assert r11.section_at(start) == "FINDINGS"
    # Category match is case-insensitive; CHARTDATE is used when CHARTTIME is empty.
    p8 = read_patient_folder(TWO, patient_id="8")
    assert [r.id for r in p8.reports] == ["13", "15"]
    assert p8.report("15").date == datetime(2150, 4, 2) and p8.report("15").modality == "CT"


def test_unknown_patient_is_an_input_error():
    with pytest.raises(InputError, match="no Radiology reports for patient 99"):
        read_mimic_csv(TWO, "99")


def test_duplicate_row_ids_and_bad_rows_are_problems(tmp_path):
    text = (
        "ROW_ID,SUBJECT_ID,CHARTDATE,CHARTTIME,CATEGORY,DESCRIPTION,TEXT\r\n"
        '1,5,2150-01-01,,Radiology,CHEST (PA & LAT),"Lungs clear.\r\nNo effusion."\r\n'
        '1,5,2150-01-02,,Radiology,CT HEAD,"again"\r\n'
        '2,5,2150-01-03,,Radiology,CT HEAD,""\r\n'
    )
    path = tmp_path / "n.csv"
    path.write_bytes(text.encode())
    p = read_patient_folder(tmp_path)
    assert [r.id for r in p.reports] == ["1"]
    assert p.report("1").text == "Lungs clear.\r\nNo effusion."  # CRLF inside the cell kept
    reasons = " | ".join(str(q) for q in p.problems)
    assert "duplicate ROW_ID 1" in reasons and "empty TEXT" in reasons


def test_csv_beside_text_reports_and_duplicate_ids_across_files(tmp_path):
    shutil.copy(TWO, tmp_path / "a.csv")
    shutil.copy(TWO, tmp_path / "b.csv")
    p = read_patient_folder(tmp_path, patient_id="8")
    assert [r.id for r in p.reports] == ["13", "15"]
    assert sum("duplicate report id" in q.reason for q in p.problems) == 2


def test_all_patients_for_bulk_extraction_and_unpacking():
    got = read_mimic_csv(TWO, all_patients=True)
    assert got.patient == ""
    reports, problems = got  # the (reports, problems) form the extract command uses
    assert [r.id for r in reports] == ["11", "13", "14", "15"] and problems == []
    assert {r.id: r.patient for r in reports} == {"11": "7", "13": "8", "14": "7", "15": "8"}


def test_not_a_mimic_csv_is_an_input_error_naming_the_file(tmp_path):
    path = tmp_path / "other.csv"
    path.write_text("uid,findings\n1,clear\n")
    with pytest.raises(InputError) as exc:
        read_mimic_csv(path)
    assert str(exc.value).startswith("other.csv: not a MIMIC NOTEEVENTS CSV: missing columns")
    with pytest.raises(InputError, match=r"other\.csv: not a MIMIC"):
        read_patient_folder(path)


def test_real_iu_reports_read_as_one_csv_patient(tmp_path):
    """Robustness on 3,851 human-written reports (read in place, rebuilt in tmp only)."""
    import csv

    from conftest import shared_path

    src = shared_path("corpora", "iu_openi_cxr", "indiana_reports.csv")
    out = tmp_path / "iu_as_mimic.csv"
    with (
        src.open(encoding="utf-8", newline="") as f,
        out.open("w", encoding="utf-8", newline="") as g,
    ):
        w = csv.writer(g)
        w.writerow(
            ["ROW_ID", "SUBJECT_ID", "CHARTDATE", "CHARTTIME", "CATEGORY", "DESCRIPTION", "TEXT"]
        )
        for row in csv.DictReader(f):
            text = "\n".join(
                f"{k.upper()}: {row[k]}"
                for k in ("indication", "comparison", "findings", "impression")
                if row[k]
            )
            w.writerow([row["uid"], "1", "2150-01-01", "", "Radiology", row["image"], text])
    p = read_patient_folder(out)
    assert len(p.reports) > 3800  # the rest have no text at all, and say so
    assert p.problems and all("empty TEXT" in q.reason for q in p.problems)
    chest_xr = sum(r.modality == "XR" and r.region == "chest" for r in p.reports)
    assert chest_xr / len(p.reports) > 0.97
    with_impression = [r for r in p.reports if "IMPRESSION: " in r.text]
    assert all(r.section_at(r.text.index("IMPRESSION: ")) == "IMPRESSION" for r in with_impression)
    assert all(s.end <= len(r.text) for r in p.reports for s in r.sections)
