"""The Qt-free edit history: do, undo, redo, macros and refusals, with and without a store."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from radtrack_gui.core.edits import Changes, MarkReviewed, MergeChains, MoveMentions, RenameChain
from radtrack_gui.core.model import Patient
from radtrack_gui.session import EditHistory
from radtrack_gui.store.errors import StoreError


def recorder(history: EditHistory) -> dict[str, list[Any]]:
    seen: dict[str, list[Any]] = {"changed": [], "failed": [], "moved": []}
    history.changed.connect(seen["changed"].append)
    history.failed.connect(seen["failed"].append)
    history.moved.connect(lambda: seen["moved"].append(history.index))
    return seen


def test_push_undo_redo_and_the_change_records(patient: Patient) -> None:
    h = EditHistory(patient, who="person:test")
    seen = recorder(h)
    assert not h.can_undo() and not h.can_redo()
    done = h.push(RenameChain("c1", "left effusion"))
    assert isinstance(done, Changes) and "c1" in done.chains_changed
    assert patient.chains["c1"].label == "left effusion"
    assert h.undo_text() == RenameChain("c1", "left effusion").text
    undone = h.undo()
    assert undone is not None and "c1" in undone.chains_changed
    assert patient.chains["c1"].label != "left effusion"
    assert h.can_redo() and not h.can_undo()
    assert h.redo() is not None
    assert patient.chains["c1"].label == "left effusion"
    assert len(seen["changed"]) == 3  # do, undo, redo: each announced once
    assert seen["moved"] == [1, 0, 1]
    assert h.undo() is not None and h.undo() is None  # nothing more to undo


def test_a_new_edit_drops_what_could_be_redone(patient: Patient) -> None:
    h = EditHistory(patient, who="person:test")
    h.push(RenameChain("c1", "one"))
    h.push(RenameChain("c1", "two"))
    h.undo()
    assert h.can_redo()
    h.push(MarkReviewed(["c2"], True))
    assert not h.can_redo()
    assert [s.text for s in h.steps] == [
        RenameChain("c1", "one").text,
        MarkReviewed(["c2"], True).text,
    ]
    h.undo()
    h.undo()
    assert patient.chains["c1"].label != "one" and not patient.chains["c2"].reviewed


def test_refused_edit_never_enters_the_history(patient: Patient) -> None:
    h = EditHistory(patient, who="person:test")
    seen = recorder(h)
    before = {c: list(ch.mentions) for c, ch in patient.chains.items()}
    assert h.push(MergeChains(["c1", "c2"])) is None  # a finding and a device: refused
    assert h.count == 0 and not h.can_undo()
    assert len(seen["failed"]) == 1 and seen["changed"] == []
    assert {c: list(ch.mentions) for c, ch in patient.chains.items()} == before


def test_macro_is_one_step_undone_together(patient: Patient) -> None:
    h = EditHistory(patient, who="person:test")
    h.begin_macro("two edits")
    h.push(MoveMentions(["m4"], None))
    h.push(RenameChain("c2", "tube"))
    assert not h.can_undo()  # nothing to undo while the macro is open
    h.end_macro()
    assert h.count == 1 and h.undo_text() == "two edits"
    h.undo()
    assert patient.mentions["m4"].chain == "c1" and patient.chains["c2"].label != "tube"
    h.redo()
    assert patient.mentions["m4"].chain not in ("c1", "c2") and patient.chains["c2"].label == "tube"


def test_empty_macro_leaves_no_step(patient: Patient) -> None:
    h = EditHistory(patient, who="person:test")
    h.begin_macro("nothing")
    h.end_macro()
    assert h.count == 0


def test_limit_drops_the_oldest(patient: Patient) -> None:
    h = EditHistory(patient, who="person:test", limit=3)
    for i in range(5):
        h.push(RenameChain("c1", f"name {i}"))
    assert h.count == 3 and h.index == 3
    while h.undo() is not None:
        pass
    assert patient.chains["c1"].label == "name 1"  # the first two can no longer be undone


class FailingStore:
    """A store whose disk fails on demand (the store's contract: memory restored, then
    ``StoreError``); the one boundary stood in for here."""

    def __init__(self) -> None:
        self.fail_undo = False
        self.fail_redo = False

    def apply(self, command: Any, patient: Patient, who: str, *, action: str = "do") -> Changes:
        if action == "redo" and self.fail_redo:
            raise StoreError("disk full")
        return command.do(patient)

    def record_undo(self, command: Any, patient: Patient, who: str) -> Changes:
        if self.fail_undo:
            raise StoreError("disk full")
        return command.undo(patient)


def test_refused_undo_keeps_the_edit_done_and_drops_it(patient: Patient) -> None:
    store = FailingStore()
    h = EditHistory(patient, store, who="person:test")
    seen = recorder(h)
    h.push(RenameChain("c1", "kept"))
    store.fail_undo = True
    assert h.undo() is None
    assert patient.chains["c1"].label == "kept"
    assert h.count == 0 and not h.can_redo()
    assert seen["failed"] == ["disk full"]


def test_refused_redo_leaves_it_undone_and_gone(patient: Patient) -> None:
    store = FailingStore()
    h = EditHistory(patient, store, who="person:test")
    h.push(RenameChain("c1", "gone"))
    h.undo()
    store.fail_redo = True
    assert h.redo() is None
    assert patient.chains["c1"].label != "gone"
    assert h.count == 0 and not h.can_redo()


def test_refused_macro_undo_puts_back_the_commands_already_undone(patient: Patient) -> None:
    class FailSecondUndo(FailingStore):
        def __init__(self) -> None:
            super().__init__()
            self.undos = 0

        def record_undo(self, command: Any, patient: Patient, who: str) -> Changes:
            self.undos += 1
            if self.undos == 2:
                raise StoreError("disk full")
            return command.undo(patient)

    h = EditHistory(patient, FailSecondUndo(), who="person:test")
    h.begin_macro("both")
    h.push(RenameChain("c1", "first"))
    h.push(RenameChain("c2", "second"))
    h.end_macro()
    assert h.undo() is None
    # All or nothing: the second rename was undone, then put back when the first failed.
    assert patient.chains["c1"].label == "first" and patient.chains["c2"].label == "second"


def test_with_the_project_store_every_step_is_logged_with_provenance(tmp_path: Path) -> None:
    from radtrack_gui.session import Session
    from radtrack_gui.store.db import ProjectStore

    from .conftest import TEXTS

    folder = tmp_path / "patient"
    folder.mkdir()
    for rid, text in TEXTS.items():
        (folder / rid).write_text(text, encoding="utf-8")
    session = Session.open_path(folder, who="person:tester")
    assert session.patient is not None
    cid = next(iter(session.patient.chains))
    session.push(RenameChain(cid, "named by hand"))
    session.undo()
    session.redo()
    session.close()
    with ProjectStore.for_folder(str(folder)) as store:
        log = store.edit_log()
        again = store.load_patient()
    mine = [(e["who"], e["command"].split(" ")[0]) for e in log if e["who"] == "person:tester"]
    assert mine == [
        ("person:tester", "Rename"),
        ("person:tester", "Undo"),
        ("person:tester", "Redo"),
    ]
    assert again is not None and again.chains[cid].label == "named by hand"
