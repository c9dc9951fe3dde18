"""Only regular files are read: a report that is (or links to) a FIFO or a device is named and
skipped, never waited on or read without end; the size limit holds while reading."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from radtrack_gui.cli import main as cli
from radtrack_gui.formats.conll import is_conll, read_conll
from radtrack_gui.formats.folder import read_patient_folder
from radtrack_gui.util.regular import NotRegular, open_regular, read_regular

REPORT = "Date: 2150-03-01 10:00\nExam: CHEST XRAY\n\nFINDINGS: Small left pleural effusion.\n"


def _folder_with(tmp_path: Path, name: str, target: str | Path) -> Path:
    folder = tmp_path / "patient"
    folder.mkdir()
    (folder / "001.txt").write_text(REPORT)
    (folder / name).symlink_to(target)
    return folder


def test_a_link_to_a_fifo_is_skipped_with_its_reason(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    patient = read_patient_folder(_folder_with(tmp_path, "002.txt", fifo))
    assert [r.id for r in patient.reports] == ["001.txt"]
    reasons = {p.file: p.reason for p in patient.problems}
    assert "FIFO" in reasons["002.txt"]


def test_a_link_to_dev_zero_is_skipped_not_read(tmp_path):
    patient = read_patient_folder(_folder_with(tmp_path, "002.txt", "/dev/zero"))
    assert [r.id for r in patient.reports] == ["001.txt"]
    assert "device" in {p.file: p.reason for p in patient.problems}["002.txt"]


def test_process_on_a_folder_with_a_fifo_finishes(tmp_path, capsys):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    folder = _folder_with(tmp_path, "002.txt", fifo)
    assert cli(["process", str(folder), "--json", str(tmp_path / "out.json")]) == 0
    assert (tmp_path / "out.json").is_file()


def test_the_limit_holds_while_reading(tmp_path):
    with pytest.raises(NotRegular, match="device"):
        read_regular("/dev/zero", 1024)
    f = tmp_path / "big.txt"
    f.write_bytes(b"x" * 2048)
    with pytest.raises(NotRegular, match="too large"):
        read_regular(f, 1024)
    assert read_regular(f, 4096) == b"x" * 2048


def test_streaming_and_conll_readers_refuse_special_files(tmp_path):
    fifo = tmp_path / "pipe.conll"
    os.mkfifo(fifo)
    with pytest.raises(NotRegular):
        open_regular(fifo)
    assert is_conll(fifo) is False
    with pytest.raises(Exception, match="FIFO"):
        read_conll(fifo)


@pytest.mark.parametrize("odd", ["İ", "İİ", "ß", "K"])
def test_case_mapping_that_changes_length_keeps_offsets(tmp_path, odd):
    """Lower-casing "İ" gives two characters: a sentence lower-cased as a whole shifted every
    later token (issue #21 item 5: 'gastric tube inİ H' crashed process)."""
    from radtrack_gui.pipeline import process_folder

    folder = tmp_path / "p"
    folder.mkdir()
    text = f"Date: 2150-03-01\nExam: CHEST XRAY\n\nFINDINGS: gastric tube in{odd} H and small effusion.\n"
    (folder / "001.txt").write_text(text)
    patient = process_folder(folder)
    body = patient.reports[0].text
    found = {body[m.start : m.end] for m in patient.mentions.values()}
    assert {"gastric tube", "effusion"} <= found
    assert all(m.text == body[m.start : m.end] for m in patient.mentions.values())
