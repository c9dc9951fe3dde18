"""The extractive reader: a tiny BERT trained here on generated SQuAD examples (no downloads),
saved as safetensors + card, loaded through the real loading code, answering and abstaining;
`radtrack train --reader` and `radtrack ask --reader reader` end to end."""

from __future__ import annotations

import json

import pytest

from radtrack_gui.cli import main
from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Patient, Report
from radtrack_gui.qa.extractive import ExtractiveReader
from radtrack_gui.qa.registry import get_reader

pytest.importorskip("torch")
pytest.importorskip("transformers")

from tests.qa_tiny import squad_file, tiny_base


@pytest.fixture(scope="module", autouse=True)
def _one_thread():
    import torch

    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    from radtrack_gui.qa.squad import read_squad
    from radtrack_gui.training.reader import train_reader

    root = tmp_path_factory.mktemp("reader")
    base = tiny_base(root / "base")
    data = squad_file(root / "train.json", 400, seed=1)
    result = train_reader(
        read_squad(data),
        root / "model",
        base,
        epochs=6,
        learning_rate=1e-3,
        max_length=64,
        stride=16,
        held_out=0.1,
    )
    return result


def test_missing_reader_is_a_clear_error(_private_home):
    with pytest.raises(InputError, match="radtrack train --reader"):
        get_reader("reader")


def test_trained_reader_is_saved_whole(trained):
    files = {p.name for p in trained.path.iterdir()}
    assert {"config.json", "model.safetensors", "radtrack_card.json"} <= files
    assert all((p.stat().st_mode & 0o777) == 0o600 for p in trained.path.iterdir())
    card = json.loads((trained.path / "radtrack_card.json").read_text())
    assert card["format"] == "radtrack-qa-reader/1" and "null_threshold" in card
    assert card["held_out"]["f1"] > 0.6  # it learned the task, far above chance


def test_reader_answers_and_abstains(trained):
    reader = ExtractiveReader(path=trained.path)
    text = "the lungs are clear. the picc line terminates in the lower svc. heart size is normal."
    patient = Patient(id="p", reports=[Report("r1.txt", text)])
    a = reader.answer(patient, "where is the tip of the picc line?")
    assert a.answerable and a.reader == "reader"
    assert "svc" in a.answer
    ev = a.evidence[0]
    assert text[ev.start : ev.end] == ev.text and ev.highlight is not None
    assert "svc" in text[ev.highlight[0] : ev.highlight[1]]
    none = reader.answer(patient, "where is the tip of the chest tube?")
    assert none.answerable is False and none.answer is None


def test_train_and_ask_from_the_command_line(tmp_path, capsys, trained, monkeypatch):
    base = tiny_base(tmp_path / "base")
    data = squad_file(tmp_path / "d.json", 60, seed=2)
    out = tmp_path / "cli-model"
    assert (
        main(
            [
                "train",
                "--reader",
                str(data),
                "--out",
                str(out),
                "--base-model",
                str(base),
                "--epochs",
                "1",
            ]
        )
        == 0
    )
    assert (out / "model.safetensors").is_file()
    assert "reader trained on" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text('{"nope": 1}')
    assert main(["train", "--reader", str(bad), "--out", str(out)]) == 2
    assert "not SQuAD format" in capsys.readouterr().err
    folder = tmp_path / "patient"
    folder.mkdir()
    (folder / "r1.txt").write_text(
        "Date: 2150-01-01\nExam: CHEST\n\nthe picc line "
        "terminates in the lower svc. the lungs are clear.\n"
    )
    models = tmp_path / "models"
    models.mkdir()
    (models / "qa-reader").symlink_to(trained.path, target_is_directory=True)
    monkeypatch.setenv("RADTRACK_MODELS", str(models))
    assert (
        main(
            [
                "ask",
                str(folder),
                "where is the tip of the picc line?",
                "--reader",
                "reader",
                "--json",
            ]
        )
        == 0
    )
    got = json.loads(capsys.readouterr().out)
    assert got["reader"] == "reader" and got["answerable"] and "svc" in got["answer"]


def test_chains_reader_falls_back_to_the_installed_reader(trained, tmp_path, monkeypatch):
    from radtrack_gui.qa.chains_reader import ChainsReader

    models = tmp_path / "models"
    models.mkdir()
    (models / "qa-reader").symlink_to(trained.path, target_is_directory=True)
    monkeypatch.setenv("RADTRACK_MODELS", str(models))
    text = "the lungs are clear. the picc line terminates in the lower svc."
    patient = Patient(id="p", reports=[Report("r1.txt", text)])
    reader = ChainsReader()
    a = reader.answer(patient, "what about the svc?")  # names no concept: not parsed
    assert a.reader == "reader"
    assert reader.answer(patient, "what about the svc?").reader == "reader"
    assert reader._extractive is not None  # looked up once, kept
