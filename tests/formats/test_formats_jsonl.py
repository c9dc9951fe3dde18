"""JSON Lines input (formats.jsonl) and the question files that use it."""

from __future__ import annotations

from pathlib import Path

import pytest

from radtrack_gui.cli.ask_cmd import read_questions
from radtrack_gui.core.errors import InputError
from radtrack_gui.formats.jsonl import read_jsonl
from radtrack_gui.qa.evaluate import read_patient_questions


def test_values_with_line_numbers_blank_lines_skipped(tmp_path: Path) -> None:
    f = tmp_path / "q.jsonl"
    f.write_text('{"question": "Is there an effusion?"}\n\n  \n[1, 2]\n', encoding="utf-8")
    assert read_jsonl(f) == [(1, {"question": "Is there an effusion?"}), (4, [1, 2])]


def test_errors_name_the_file_and_line(tmp_path: Path) -> None:
    f = tmp_path / "q.jsonl"
    f.write_text('{"question": "ok"}\n\n{"question": \n', encoding="utf-8")
    with pytest.raises(InputError, match=r"q\.jsonl:3: not JSON"):
        read_jsonl(f)
    with pytest.raises(InputError, match="cannot read"):
        read_jsonl(tmp_path / "missing.jsonl")
    f.write_bytes(b"\xff\xfe{}\n")
    with pytest.raises(InputError, match="cannot read"):
        read_jsonl(f)


def test_question_files_check_their_fields(tmp_path: Path) -> None:
    f = tmp_path / "q.jsonl"
    f.write_text('{"question": "Is there an effusion?"}\n{"q": 1}\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"q\.jsonl:2: expected"):
        read_questions(f)
    with pytest.raises(InputError, match=r"q\.jsonl:1: needs"):
        read_patient_questions(f)
    f.write_text('{"patient": "p1", "question": "Any tube?"}\n', encoding="utf-8")
    (item,) = read_patient_questions(f)
    assert item["answerable"] is False and item["folder"] == str((tmp_path / "p1").resolve())
