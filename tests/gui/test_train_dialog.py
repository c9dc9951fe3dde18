"""Tools ▸ Train linker / extractor on corrections: real window, real store, real worker."""

from __future__ import annotations

from pathlib import Path

import pytest

from radtrack_gui.nlp.linkers.pairwise import PairwiseLinker
from radtrack_gui.settings import load as load_settings
from radtrack_gui.store.db import ProjectStore
from radtrack_gui.training import read_source

pytestmark = pytest.mark.gui


def _open_demo(qtbot, window) -> None:
    pytest.importorskip("radtrack_gui.nlp.extractors.rules")
    with qtbot.waitSignal(window.patientDrawn, timeout=120000):
        window.menus["demo"].trigger()  # Help > Open demo patient: rules + knowledge


def test_train_linker_from_corrected_demo(qtbot, window, _private_home) -> None:
    from radtrack_gui.core.edits import MergeChains

    _open_demo(qtbot, window)
    p = window.patient
    singles = [c.id for c in p.chains.values() if len(c.mentions) == 1][:2]
    assert len(singles) == 2
    window.session.push(MergeChains(singles))  # one correction, written to the store
    assert window.menus["train_linker"].isEnabled()
    window.menus["train_linker"].trigger()
    dlg = window.train_dialog
    assert dlg is not None and dlg.isVisible() and dlg.use_current.isChecked()
    assert str(len(window.patient.chains)) in dlg.use_current.text()
    with qtbot.waitSignal(dlg.trained, timeout=60000) as done:
        dlg.train_button.click()
        assert not dlg.train_button.isEnabled() and dlg.cancel_button.isEnabled()
    result = done.args[0]
    saved = Path(_private_home) / "data" / "models" / "pairwise"  # a model folder
    assert result.path == saved and (saved / "pairwise.json").is_file()
    assert PairwiseLinker(saved).trained
    assert result.patients == 1 and result.mentions == len(window.patient.mentions)
    assert str(saved) in dlg.message.text() and "threshold" in dlg.message.text()
    assert dlg.use_button.isVisibleTo(dlg) and dlg.close_button.isEnabled()
    chains_before = sorted(window.patient.chains)
    with qtbot.waitSignal(dlg.modelChosen):
        dlg.use_button.click()
    assert window.prefs.typed.linker == "pairwise" and load_settings().linker == "pairwise"
    assert sorted(window.patient.chains) == chains_before  # nothing re-ran over the edits
    dlg.close()


def test_too_little_data_is_a_message(qtbot, window, tmp_path, demo_gold, _private_home) -> None:
    from radtrack_gui.gui.dialogs.train import TrainDialog

    window.menus["train_linker"].trigger()  # no patient open: only added folders
    dlg = window.train_dialog
    assert isinstance(dlg, TrainDialog) and not dlg.use_current.isEnabled()
    assert not dlg.train_button.isEnabled()
    dlg.add_folder(tmp_path)  # neither a project nor a brat folder
    assert dlg.train_button.isEnabled()
    with qtbot.waitSignal(dlg.trainingFailed, timeout=30000) as failed:
        dlg.train_button.click()
    assert str(tmp_path) in failed.args[0] and "Traceback" not in dlg.message.text()
    assert dlg.message.text().startswith("Not trained:")
    # A corrected project whose chains link nothing: too little data, said plainly.
    patient = read_source(demo_gold)[0]
    patient.set_chains([[m] for m in patient.mentions])
    with ProjectStore.for_folder(tmp_path) as store:
        store.save_patient(patient, "person:tester")
    with qtbot.waitSignal(dlg.trainingFailed, timeout=30000) as failed:
        dlg.train_button.click()
    assert "no chain links two mentions" in failed.args[0]
    assert "no chain links two mentions" in dlg.message.text()
    assert not (Path(_private_home) / "data" / "models" / "pairwise").exists()
    dlg.folders.item(0).setSelected(True)
    dlg.remove_button.click()
    assert dlg.folder_paths() == [] and not dlg.train_button.isEnabled()
    dlg.close()


def test_cancel_neural_training_writes_nothing(qtbot, window, demo_gold, _private_home) -> None:
    window.menus["train_extractor"].trigger()
    dlg = window.train_dialog
    dlg.add_folder(demo_gold)
    with qtbot.waitSignal(dlg.trainingCancelled, timeout=120000):
        dlg.train_button.click()
        dlg.cancel_button.click()  # at once
    assert "cancelled" in dlg.message.text() and dlg.result is None
    assert not dlg.use_button.isVisibleTo(dlg) and dlg.train_button.isEnabled()
    models = Path(_private_home) / "data" / "models"
    assert not models.exists() or not any(models.iterdir())
    dlg.close()


def test_train_linker_offers_the_pair_model(qtbot, window, demo_gold, _private_home) -> None:
    """Tools ▸ Train linker trains the transformer pair model too (real MiniLM, one pass)."""
    pytest.importorskip("torch")
    _open_demo(qtbot, window)
    window.menus["train_linker"].trigger()
    dlg = window.train_dialog
    assert dlg is not None and not dlg.epochs.isEnabled()  # pairwise: nothing to choose
    dlg.model.setCurrentIndex(dlg.model.findData("pairmodel"))
    assert dlg.linker_model() == "pairmodel" and dlg.epochs.isEnabled()
    assert dlg.epochs.value() == 4
    dlg.epochs.setValue(1)
    dlg.use_current.setChecked(False)
    dlg.add_folder(demo_gold)
    with qtbot.waitSignal(dlg.trained, timeout=600000) as done:
        dlg.train_button.click()
    saved = Path(done.args[0].path)
    assert (saved / "model.safetensors").is_file() and (saved / "radtrack_card.json").is_file()
    assert "pairmodel linker" in dlg.message.text() or str(saved) in dlg.message.text()
    with qtbot.waitSignal(dlg.modelChosen):
        dlg.use_button.click()
    assert load_settings().linker == "pairmodel"
    dlg.close()
