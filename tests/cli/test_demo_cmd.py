"""``radtrack demo``: where the bundled demo patient is, in any installation."""

from __future__ import annotations

from pathlib import Path

from radtrack_gui.cli import main as cli


def test_demo_prints_the_bundled_patient_folder_and_its_gold(capsys) -> None:
    assert cli(["demo"]) == 0
    folder = Path(capsys.readouterr().out.strip())
    assert folder.is_dir() and len(list(folder.glob("*.txt"))) == 18
    assert cli(["demo", "--gold"]) == 0
    gold = Path(capsys.readouterr().out.strip())
    assert gold.name == "demo_patient_gold" and any(gold.glob("*.ann"))
    assert cli(["demo", "--questions"]) == 0
    assert Path(capsys.readouterr().out.strip()).is_file()


def test_a_demo_that_is_not_there_is_a_one_line_error(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("RADTRACK_RESOURCES", str(tmp_path))
    assert cli(["demo"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert "demo is not in this installation" in captured.err
