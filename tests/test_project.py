"""Opening a project without Qt: fresh model runs, the stored copy, re-runs, gold, CSV."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from radtrack_gui import project
from radtrack_gui.core.edits import RenameChain
from radtrack_gui.core.errors import Cancelled, InputError
from radtrack_gui.formats import sources
from radtrack_gui.formats.folder import read_patient_folder
from radtrack_gui.formats.json_io import write_json
from radtrack_gui.formats.mimic_csv import SeveralPatients
from radtrack_gui.nlp.registry import RunSpec
from radtrack_gui.store.db import ProjectStore, person_who, store_path_for_folder

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "radtrack_gui" / "resources" / "samples" / "demo_patient"
DEMO_GOLD = ROOT / "radtrack_gui" / "resources" / "samples" / "demo_patient_gold"
COLUMNS = ["ROW_ID", "SUBJECT_ID", "CHARTDATE", "CHARTTIME", "CATEGORY", "DESCRIPTION", "TEXT"]


def open_closed(
    path: Path | str, patient_id: str | None = None, **kw: object
) -> project.LoadedProject:
    """open_project, with the store closed again (its data stays on disk)."""
    loaded = project.open_project(path, patient_id, **kw)  # type: ignore[arg-type]
    loaded.store.close()
    return loaded


def stored(key: Path | str):
    with ProjectStore.for_folder(key) as store:
        return store.load_patient()


def write_csv(path: Path, subjects: list[str]) -> Path:
    with path.open("w", newline="", encoding="utf-8") as f:
        out = csv.writer(f)
        out.writerow(COLUMNS)
        for row, subject in enumerate(subjects, 1):
            out.writerow(
                [
                    row,
                    subject,
                    f"2150-01-0{row}",
                    f"2150-01-0{row} 08:00:00",
                    "Radiology",
                    "CHEST (PORTABLE AP)",
                    "FINDINGS: Small left pleural effusion.\nIMPRESSION: Effusion.",
                ]
            )
    return path


def test_demo_fresh_then_from_store_keeps_an_edit() -> None:
    stages: list[str] = []
    fresh = project.open_project(DEMO, progress=lambda s, d, t: stages.append(s))
    try:
        p = fresh.patient
        assert not fresh.from_store and not p.annotated and p.mentions and p.chains
        assert (fresh.extractor, fresh.linker) == ("rules", "knowledge")
        assert fresh.models == "rules + knowledge"
        assert fresh.path == str(DEMO) and fresh.problems == p.problems
        assert fresh.store_path == store_path_for_folder(DEMO) and fresh.store_path.exists()
        assert {"read", "extract", "link", "save"} <= set(stages)
        cid = next(c.id for c in p.chains.values() if len(c.mentions) > 1)
        fresh.store.apply(RenameChain(cid, "named by hand"), p, person_who("tester"))
    finally:
        fresh.store.close()

    again = open_closed(DEMO)
    assert again.from_store and again.models == "rules + knowledge"
    assert again.extractor == "rules" and again.linker == "knowledge"
    assert sorted(again.patient.chains) == sorted(p.chains)
    assert len(again.patient.mentions) == len(p.mentions)
    assert again.patient.chains[cid].label == "named by hand"


def test_rerun_replaces_the_stored_chains() -> None:
    first = project.open_project(DEMO)
    p = first.patient
    cid = next(c.id for c in p.chains.values() if len(c.mentions) > 1)
    automatic = p.chains[cid].label
    first.store.apply(RenameChain(cid, "renamed by hand"), p, person_who("tester"))
    first.store.close()
    assert stored(DEMO).chains[cid].label == "renamed by hand"

    rerun = open_closed(DEMO, rerun=True)
    assert not rerun.from_store and rerun.models == "rules + knowledge"
    assert rerun.patient.chains[cid].label == automatic
    assert stored(DEMO).chains[cid].label == automatic
    with ProjectStore.for_folder(DEMO) as store:  # the edit log keeps the correction
        commands = [e["command"] for e in store.edit_log()]
    assert any(c.startswith("Rename chain") for c in commands)
    assert commands.count("Open and analyse") == 2


def test_gold_folder_opens_as_gold_and_comes_back_from_store() -> None:
    gold = open_closed(DEMO_GOLD)
    assert gold.patient.annotated and not gold.from_store
    assert gold.models == project.GOLD_LABEL and gold.extractor is None
    again = open_closed(DEMO_GOLD)
    assert again.from_store and again.models == project.GOLD_LABEL
    assert sorted(again.patient.chains) == sorted(gold.patient.chains)


def test_find_gold(tmp_path: Path) -> None:
    beside = sources.find_gold(DEMO)  # demo_patient_gold lies beside demo_patient
    assert beside is not None and beside.annotated and beside.chains
    assert Path(beside.folder).name == DEMO_GOLD.name
    itself = sources.find_gold(DEMO_GOLD)  # its own .ann files
    assert itself is not None and sorted(itself.chains) == sorted(beside.chains)
    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / "r1.txt").write_text("FINDINGS: Clear lungs.\n", encoding="utf-8")
    assert sources.find_gold(plain) is None


def test_model_run_ignores_the_gold() -> None:
    run = project.model_run(DEMO_GOLD, RunSpec("rules", "knowledge"))
    assert not run.annotated and run.mentions
    assert all(m.source.startswith("model:") for m in run.mentions.values())
    assert stored(DEMO_GOLD) is None  # nothing stored


def test_json_keeps_its_chains_until_a_rerun(tmp_path: Path) -> None:
    original = read_patient_folder(DEMO_GOLD)
    original.annotated = False  # a RadTrack export of a reviewed project
    path = tmp_path / "patient.json"
    write_json(original, path)
    opened = open_closed(path)
    assert not opened.from_store and opened.models == "from JSON"
    assert sorted(opened.patient.chains) == sorted(original.chains)
    assert len(opened.patient.mentions) == len(original.mentions)
    assert open_closed(path).from_store
    rerun = open_closed(path, rerun=True)
    assert not rerun.from_store
    assert all(m.source.startswith("model:") for m in rerun.patient.mentions.values())


def test_csv_patients(tmp_path: Path) -> None:
    two = write_csv(tmp_path / "two.csv", ["7", "7", "8"])
    with pytest.raises(SeveralPatients) as err:
        project.open_project(two)
    assert str(err.value) == "two.csv holds 2 patients (7, 8); choose one with --patient ID"
    assert err.value.patients == ["7", "8"]
    assert not store_path_for_folder(two).exists()  # nothing opened or stored
    with pytest.raises(SeveralPatients):
        sources.csv_patient(two)

    seven = open_closed(two, "7")
    assert seven.patient.id == "7" and len(seven.patient.reports) == 2
    assert seven.patient.mentions and not seven.from_store
    assert stored(f"{two}#7") is not None and stored(two) is None
    # A CSV of one patient: the same project whether or not the patient is named.
    one = write_csv(tmp_path / "one.csv", ["9"])
    assert sources.csv_patient(one) == "9"
    assert not open_closed(one).from_store
    assert open_closed(one, "9").from_store


def test_bad_sources(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file or folder"):
        project.open_project(tmp_path / "nope")
    other = tmp_path / "notes.xyz"
    other.write_bytes(b"PK\x03\x04")
    with pytest.raises(InputError, match="not a patient folder, RadTrack JSON, CSV"):
        project.open_project(other)
    assert sources.can_open(tmp_path) and not sources.can_open(other)
    assert sources.can_open(tmp_path / "x.JSON") and sources.can_open(tmp_path / "x.csv")


def test_cancel_leaves_nothing(tmp_path: Path) -> None:
    with pytest.raises(Cancelled):
        project.open_project(DEMO_GOLD, cancel=lambda: True)
    assert stored(DEMO_GOLD) is None


def test_no_qt_needed(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    code = (
        "import sys; from radtrack_gui import project; "
        f"p = project.open_project({str(DEMO_GOLD)!r}); p.store.close(); "
        "print(p.patient.annotated, any(m.startswith('PySide6') for m in sys.modules))"
    )
    env = {**os.environ, "RADTRACK_HOME": str(tmp_path)}
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        timeout=120,
    ).stdout.split()
    assert out == ["True", "False"]
