"""``open_project(defer_save=True)``: the models' result is returned before it is stored
(the GUI paints it first), and nothing reaches the store before it: an edit, a close or
the caller's ``finish_save`` stores it, once (issue #20 item 12)."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from radtrack_gui import project
from radtrack_gui.core.edits import RenameChain
from radtrack_gui.session.session import Session
from radtrack_gui.store.db import ProjectStore, store_path_for_folder

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "radtrack_gui" / "resources" / "samples" / "demo_patient"


def stored_copy(folder: Path):
    """What another reader of the store file sees now (a read-only connection)."""
    with ProjectStore.open(store_path_for_folder(str(folder)), read_only=True) as store:
        return store.load_patient(), [e["command"] for e in store.edit_log()]


def chains(patient) -> dict[str, tuple[str, list[str]]]:
    return {cid: (c.label, list(c.mentions)) for cid, c in patient.chains.items()}


def test_default_open_stores_at_once() -> None:
    """The counter-example (the CLI's way): stored before open_project returns."""
    loaded = project.open_project(DEMO)
    try:
        assert not loaded.saving
        patient, log = stored_copy(DEMO)
        assert patient is not None and chains(patient) == chains(loaded.patient)
        assert log == ["Open and analyse"]
    finally:
        loaded.store.close()


def test_an_edit_stores_the_deferred_run_first() -> None:
    loaded = project.open_project(DEMO, defer_save=True)
    assert loaded.saving and not loaded.from_store and not loaded.read_only
    assert stored_copy(DEMO) == (None, [])  # nothing written yet
    session = Session()
    session.open(loaded)
    cid = next(c.id for c in loaded.patient.chains.values() if len(c.mentions) > 1)
    assert session.push(RenameChain(cid, "named before the save")) is not None
    assert not loaded.saving
    patient, log = stored_copy(DEMO)
    assert len(log) == 2 and log[0] == "Open and analyse"  # the run, then the edit
    assert patient is not None and chains(patient) == chains(loaded.patient)
    assert patient.chains[cid].label == "named before the save"
    session.close()


def test_closing_stores_the_deferred_run_and_reopening_reads_it() -> None:
    loaded = project.open_project(DEMO, defer_save=True)
    first = chains(loaded.patient)
    session = Session()
    session.open(loaded)
    session.close()  # nothing was edited: the close stores the run
    again = project.open_project(DEMO, defer_save=True)
    try:
        assert again.from_store and not again.saving
        assert chains(again.patient) == first
    finally:
        again.store.close()


def test_finish_save_runs_once_and_a_second_caller_waits() -> None:
    loaded = project.open_project(DEMO, defer_save=True)
    calls: list[str] = []
    inner = loaded.pending_save
    assert inner is not None
    entered, release = threading.Event(), threading.Event()

    def slow_save() -> None:
        calls.append(threading.current_thread().name)
        entered.set()
        release.wait(10)
        inner()

    loaded.pending_save = slow_save
    worker = threading.Thread(target=loaded.finish_save, name="saver")
    worker.start()
    assert entered.wait(10)
    done: list[bool] = []
    waiter = threading.Thread(target=lambda: done.append(loaded.finish_save()))
    waiter.start()
    waiter.join(0.2)
    assert waiter.is_alive() and not done  # waits for the save in progress
    release.set()
    worker.join(10)
    waiter.join(10)
    assert done == [True] and calls == ["saver"]
    assert stored_copy(DEMO)[1] == ["Open and analyse"]
    loaded.store.close()


def test_a_failed_deferred_save_makes_the_project_read_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from radtrack_gui.store import rows

    def disk_full(*_args: object) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    loaded = project.open_project(DEMO, defer_save=True)
    monkeypatch.setattr(rows, "write_all", disk_full)  # the disk, not our code, fails
    assert loaded.finish_save() is False
    assert not loaded.saving and loaded.read_only
    assert "could not be stored" in (loaded.read_only_reason or "")
    assert "full" in (loaded.read_only_reason or "")
    session = Session()
    session.open(loaded)
    refused: list[str] = []
    session.failed.connect(refused.append)
    cid = next(iter(loaded.patient.chains))
    assert session.push(RenameChain(cid, "x")) is None
    assert refused and "read-only" in refused[0]
    session.close()
