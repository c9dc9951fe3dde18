"""The Qt-free gathering of training data shared by `radtrack train` and the GUI."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from radtrack_gui.core.errors import InputError
from radtrack_gui.nlp.linkers.pairwise import PairwiseLinker
from radtrack_gui.store.db import ProjectStore
from radtrack_gui.training import collect, linked_pairs, read_folder, train_linker

ROOT = Path(__file__).resolve().parents[2]
DEMO_GOLD = ROOT / "radtrack_gui" / "resources" / "samples" / "demo_patient_gold"


def test_collect_gold_and_project(tmp_path: Path) -> None:
    gold = collect([DEMO_GOLD])
    assert len(gold) == 1 and linked_pairs(gold) > 10
    # A folder opened in the app: its project store (the corrections) wins over the brat.
    patient = copy.deepcopy(gold[0])
    patient.set_chains([[m] for m in patient.mentions])  # "corrected": every link undone
    with ProjectStore.for_folder(DEMO_GOLD) as store:
        store.save_patient(patient, "person:tester")
    from_store = read_folder(DEMO_GOLD)
    assert [p.id for p in from_store] == [patient.id]
    assert len(from_store[0].mentions) == len(patient.mentions) and linked_pairs(from_store) == 0
    assert linked_pairs(collect([], [DEMO_GOLD])) == 0
    with pytest.raises(InputError, match="no project saved"):
        collect([], [tmp_path])
    with pytest.raises(InputError, match="nothing to train on"):
        collect()
    with pytest.raises(InputError, match="not a brat folder"):
        collect([tmp_path / "missing"])


def test_train_linker_saves_and_refuses_too_little(tmp_path: Path) -> None:
    patients = collect([DEMO_GOLD])
    out = tmp_path / "pairwise.json"
    result = train_linker(patients, out)
    assert result.path == out and out.is_file()
    assert PairwiseLinker(out).trained and result.patients == 1 and result.held_out == 0
    assert "threshold" in result.summary
    lone = copy.deepcopy(patients[0])
    lone.set_chains([[m] for m in lone.mentions])  # every mention alone: nothing linked
    with pytest.raises(InputError, match="no chain links two mentions"):
        train_linker([lone], tmp_path / "no.json")
    assert not (tmp_path / "no.json").exists()


def test_the_reader_trainer_finds_its_base_model_as_every_trainer_does(tmp_path: Path) -> None:
    """One home for "the encoder a trainer starts from" (embedding.find_base_model): a
    folder without model files is named before any training library is loaded."""
    from radtrack_gui.nlp.linkers.embedding import find_base_model
    from radtrack_gui.training.reader import train_reader

    with pytest.raises(InputError) as shared:
        find_base_model(tmp_path, "the reader")
    with pytest.raises(InputError) as reader:
        train_reader([], base_model=tmp_path)
    assert str(reader.value) == str(shared.value)
    assert f"no model files in {tmp_path} (config.json missing)" in str(reader.value)
