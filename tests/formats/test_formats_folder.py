"""The patient-folder reader: every input form, order, offsets and bad input."""

import os
from datetime import datetime
from pathlib import Path

import pytest
from conftest import shared_path

from radtrack_gui.core.errors import Cancelled, InputError
from radtrack_gui.formats.folder import read_patient_folder, sort_reports
from radtrack_gui.formats.textreport import header_block

DATA = Path(__file__).resolve().parents[1] / "data"


def _write(folder: Path, name: str, content: str | bytes) -> Path:
    path = folder / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8", newline="")
    return path


def _problems(patient) -> dict[str, str]:
    return {p.file: p.reason for p in patient.problems}


def test_mixed_folder_reads_every_form_in_date_order():
    p = read_patient_folder(DATA / "mixed_patient")
    assert p.id == "P042"  # from the Patient header and the CSV's SUBJECT_ID
    assert [r.id for r in p.reports] == [
        "2150-03-08_chest.txt",
        "21500309.txt",
        "ct_head.txt",
        "501",
        "mimic_style.txt",
        "old_film.txt",
    ]
    by_id = {r.id: r for r in p.reports}
    head = by_id["ct_head.txt"]  # header
    assert (head.date, head.exam, head.modality, head.region) == (
        datetime(2150, 3, 10, 8, 15),
        "CT HEAD W/O CONTRAST",
        "CT",
        "head",
    )
    assert [s.name for s in head.sections] == ["FINDINGS", "IMPRESSION"]
    chest = by_id["2150-03-08_chest.txt"]  # file-name date, title from the first line
    assert chest.date == datetime(2150, 3, 8) and chest.modality == "XR"
    mimic = by_id["mimic_style.txt"]  # MIMIC first line + title line
    assert mimic.date == datetime(2150, 3, 12, 14, 40)
    assert (mimic.exam, mimic.modality, mimic.region) == ("CT C-SPINE W/O CONTRAST", "CT", "spine")
    assert "FINAL REPORT" in [s.name for s in mimic.sections]
    row = by_id["501"]  # CSV: Radiology row only, date from CHARTTIME
    assert row.date == datetime(2150, 3, 11, 6, 5) and row.modality == "US"
    assert row.text.startswith("[**2150-3-11**]") and '"sludge"' in row.text
    undated = by_id["old_film.txt"]
    assert not undated.date_known and "undated" in undated.flags
    assert p.problems == [] and not p.annotated


def test_header_keys_are_case_insensitive_and_modality_overrides(tmp_path):
    _write(
        tmp_path,
        "a.txt",
        "DATE: 2150-01-02\nexam: CHEST (PA & LAT)\nMODALITY: mri\npatient: X1\n\nFINDINGS: clear\n",
    )
    _write(tmp_path, "b.txt", "Description: CT HEAD\nDate: 2150-01-01T09:30:00\n\nNormal.\n")
    _write(tmp_path, "c.txt", "Date: 2150-01-03\n\nMR BRAIN W/O CONTRAST\n\nFINDINGS: Normal.\n")
    p = read_patient_folder(tmp_path)
    a, b = p.report("a.txt"), p.report("b.txt")
    assert a.modality == "MR" and a.region == "chest" and a.date == datetime(2150, 1, 2)
    assert b.exam == "CT HEAD" and b.date == datetime(2150, 1, 1, 9, 30)
    c = p.report("c.txt")  # a header without Exam: the title line after it
    assert (c.exam, c.modality, c.region) == ("MR BRAIN W/O CONTRAST", "MR", "head")
    assert [r.id for r in p.reports] == ["b.txt", "a.txt", "c.txt"]
    assert p.id == "X1"
    # A block of section lines is not a header.
    assert header_block("INDICATION: cough\nFINDINGS: clear\n\nx") == ({}, 0)


def test_folder_name_is_the_patient_without_a_header(tmp_path):
    folder = tmp_path / "patient-17"
    folder.mkdir()
    _write(folder, "r1.txt", "No acute findings.\n")
    assert read_patient_folder(folder).id == "patient-17"
    assert read_patient_folder(folder, patient_id="given").id == "given"


def test_sorting_ties_and_undated_go_by_natural_name(tmp_path):
    for name in ("r10.txt", "r2.txt", "r1.txt"):
        _write(tmp_path, name, "Date: 2150-02-01\n\nsame day\n")
    for name in ("u10.txt", "u9.txt"):
        _write(tmp_path, name, "no date\n")
    _write(tmp_path, "early.txt", "Date: 2150-01-31 23:59\n\nx\n")
    p = read_patient_folder(tmp_path)
    assert [r.id for r in p.reports] == [
        "early.txt",
        "r1.txt",
        "r2.txt",
        "r10.txt",
        "u9.txt",
        "u10.txt",
    ]
    # Stable: sorting again changes nothing.
    assert sort_reports(list(reversed(p.reports))) == p.reports


def test_offsets_index_the_text_exactly_crlf_and_bom(tmp_path):
    crlf = "Date: 2150-01-01\r\n\r\nFINDINGS:\r\nLeft effusion.\r\nIMPRESSION: effusion\r\n"
    _write(tmp_path, "crlf.txt", crlf.encode("utf-8"))
    _write(
        tmp_path,
        "bom.txt",
        b"\xef\xbb\xbfDate: 2150-01-02\n\nFINDINGS: \xc3\xa9panchement effusion\n",
    )
    _write(tmp_path, "utf16.txt", "Date: 2150-01-03\n\nFINDINGS: effusion\n".encode("utf-16"))
    p = read_patient_folder(tmp_path)
    assert p.report("utf16.txt").text.startswith("Date:")  # Windows "Unicode" text files
    r = p.report("crlf.txt")
    assert r.text == crlf  # line endings kept
    assert r.text[r.sections[0].start :].startswith("FINDINGS:")
    b = p.report("bom.txt")
    assert b.text.startswith("Date:") and "épanchement" in b.text
    assert b.date == datetime(2150, 1, 2)
    for rep in p.reports:
        start = rep.text.index("effusion")
        assert rep.section_at(start) in ("FINDINGS",)


def test_every_bad_input_is_named_and_skipped(tmp_path):
    _write(tmp_path, "good.txt", "Date: 2150-01-01\n\nLungs clear.\n")
    _write(tmp_path, "binary.txt", b"\x89PNG\r\n\x1a\n\x00\x00\x00")
    _write(tmp_path, "empty.txt", "")
    _write(tmp_path, "blank.txt", "  \n\n")
    _write(tmp_path, "huge.txt", b"x" * (5 * 1024 * 1024 + 1))
    _write(tmp_path, "latin1.txt", "Date: 2150-01-03\n\nEpanchement pleural \xe9".encode("latin-1"))
    _write(tmp_path, "baddate.txt", "Date: someday\n\nx\n")
    _write(tmp_path, "other.csv", "uid,findings,impression\n1,a,b\n")
    _write(tmp_path, "broken.json", "{not json")
    _write(tmp_path, "wrong.json", '{"schema": "other/2"}')
    _write(tmp_path, "scan.pdf", b"%PDF-1.4")
    _write(tmp_path, "README.md", "not a report, ignored silently")
    unreadable = _write(tmp_path, "locked.txt", "secret")
    unreadable.chmod(0)
    (tmp_path / "dangling.txt").symlink_to(tmp_path / "gone.txt")
    p = read_patient_folder(tmp_path)
    problems = _problems(p)
    assert "binary" in problems["binary.txt"]
    assert "empty" in problems["empty.txt"] and "empty" in problems["blank.txt"]
    assert "too large" in problems["huge.txt"]
    assert "missing columns SUBJECT_ID" in problems["other.csv"]
    assert "invalid JSON" in problems["broken.json"]
    assert "not a RadTrack JSON" in problems["wrong.json"]
    assert "corrupt PDF" in problems["scan.pdf"]  # a PDF cut after its header (issue #22)
    assert "README.md" not in problems
    assert "Date" in problems["baddate.txt"]
    assert "replaced" in problems["latin1.txt"]
    latin = p.report("latin1.txt")
    assert "decode-replaced" in latin.flags and "\ufffd" in latin.text
    assert [q.skipped for q in p.problems if q.file == "latin1.txt"] == [False]
    assert "unreadable" in problems["dangling.txt"]
    if os.geteuid() != 0:  # root reads anything
        assert "unreadable" in problems["locked.txt"]
    assert {r.id for r in p.reports} >= {"good.txt", "latin1.txt", "baddate.txt"}
    assert all(str(q).startswith(q.file) for q in p.problems)


def test_missing_or_empty_folder_is_one_line_input_error(tmp_path):
    with pytest.raises(InputError, match="no such folder"):
        read_patient_folder(tmp_path / "nope")
    with pytest.raises(InputError, match="no reports found"):
        read_patient_folder(tmp_path)
    _write(tmp_path, "x.bin.txt", b"\x00\x01")
    with pytest.raises(InputError) as exc:
        read_patient_folder(tmp_path)
    assert "\n" not in str(exc.value) and "x.bin.txt" in str(exc.value)


def test_single_file_paths_csv_and_json(tmp_path):
    csv_path = DATA / "mixed_patient" / "notes.csv"
    p = read_patient_folder(csv_path)
    assert [r.id for r in p.reports] == ["501"] and p.id == "P042"
    with pytest.raises(InputError, match="not a patient folder"):
        read_patient_folder(_write(tmp_path, "x.xyz", b"PK"))


def test_progress_and_cancel(tmp_path):
    for i in range(3):
        _write(tmp_path, f"r{i}.txt", "x\n")
    seen = []
    read_patient_folder(
        tmp_path, progress=lambda stage, done, total: seen.append((stage, done, total))
    )
    assert seen[0] == ("read", 0, 3) and seen[-1] == ("read", 3, 3)
    with pytest.raises(Cancelled):
        read_patient_folder(tmp_path, cancel=lambda: True)


def test_three_hundred_reports_read_whole_and_in_order(tmp_path):
    """Speed is measured by benchmarks/, not asserted here (a loaded machine is slow)."""
    body = (
        "FINDINGS: Left lower lobe opacity. Right IJ line tip in the SVC.\n"
        "IMPRESSION: Pneumonia, improving.\n"
    ) * 8
    for i in range(300):
        _write(
            tmp_path,
            f"r{i:03d}.txt",
            f"Date: 2150-01-01 {i // 60:02d}:{i % 60:02d}\nExam: CHEST (PORTABLE AP)\n\n{body}",
        )
    p = read_patient_folder(tmp_path)
    assert len(p.reports) == 300 and p.reports[-1].id == "r299.txt"
    assert [r.id for r in p.reports] == [f"r{i:03d}.txt" for i in range(300)]
    assert not p.problems


def test_iu_corpus_csv_is_skipped_with_its_missing_columns(tmp_path):
    iu = shared_path("corpora", "iu_openi_cxr", "indiana_reports.csv")
    (tmp_path / "indiana_reports.csv").symlink_to(iu)
    _write(tmp_path, "r.txt", "x\n")
    p = read_patient_folder(tmp_path)
    reason = _problems(p)["indiana_reports.csv"]
    assert "missing columns" in reason and "SUBJECT_ID" in reason
    assert [r.id for r in p.reports] == ["r.txt"]


def test_json_beside_other_reports_keeps_only_its_reports(tmp_path):
    from radtrack_gui.core.model import Mention, Patient, Report
    from radtrack_gui.formats.json_io import write_json

    p = Patient(id="J1", reports=[Report(id="j.txt", text="Left effusion.", exam="CT HEAD")])
    p.mentions["m1"] = Mention("m1", "j.txt", 5, 13, "effusion")
    p.set_chains([])
    write_json(p, tmp_path / "p.json")
    _write(tmp_path, "other.txt", "Date: 2150-01-01\n\nclear\n")
    got = read_patient_folder(tmp_path)
    assert [r.id for r in got.reports] == ["other.txt", "j.txt"]
    assert got.mentions == {} and got.id == "J1"
    assert any("only the JSON reports" in q.reason for q in got.problems)


def test_csv_rows_at_the_same_time_go_by_row_id_numerically(tmp_path):
    rows = "".join(
        f'{rid},5,2150-01-01,2150-01-01 10:00:00,Radiology,CT HEAD,"text {rid}"\n'
        for rid in (10, 9, 100)
    )
    _write(
        tmp_path,
        "n.csv",
        "ROW_ID,SUBJECT_ID,CHARTDATE,CHARTTIME,CATEGORY,DESCRIPTION,TEXT\n" + rows,
    )
    assert [r.id for r in read_patient_folder(tmp_path).reports] == ["9", "10", "100"]
