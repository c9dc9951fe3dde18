"""Hostile question input to `radtrack ask` (issue #21 item 11): a lone surrogate in the
question is answered, not a traceback; a blank line in --questions is skipped with a note,
the other questions answered; a FIFO given as the questions file is refused by name."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from radtrack_gui.cli import main as cli

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "radtrack_gui" / "resources" / "samples" / "demo_patient"


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("RADTRACK_HOME", str(tmp_path / "home"))


def test_a_lone_surrogate_in_the_question_is_answered(capsys):
    assert cli(["ask", str(DEMO), "is the chest tube out\udcff?"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Yes")


def test_a_blank_line_is_skipped_with_a_note(tmp_path, capsys):
    questions = tmp_path / "q.jsonl"
    questions.write_text(
        '{"question": "is the chest tube out?"}\n\n{"question": "is the picc \\udc80 out?"}\n'
    )
    assert cli(["ask", str(DEMO), "--questions", str(questions)]) == 0
    captured = capsys.readouterr()
    answers = [json.loads(line) for line in captured.out.splitlines()]
    assert len(answers) == 2 and all(a["answerable"] for a in answers)
    assert f"{questions}:2: blank line skipped" in captured.err


def test_a_fifo_as_questions_file_is_refused_by_name(tmp_path, capsys):
    fifo = tmp_path / "q.jsonl"
    os.mkfifo(fifo)
    assert cli(["ask", str(DEMO), "--questions", str(fifo)]) == 2
    assert "FIFO" in capsys.readouterr().err


def test_a_question_nothing_is_about_says_so_in_one_line(capsys):
    """No sentence near the question: no "possibly relevant sentences:" over an empty list."""
    assert cli(["ask", str(DEMO), "who is the patient's surgeon?"]) == 0
    out = capsys.readouterr().out.strip()
    assert out == (
        "Not answered from these reports; no sentence in these reports is about this question."
    )
