"""The Qt-free selection: its rules hold against the patient without any view."""

from __future__ import annotations

from radtrack_gui.core.edits import DeleteMention
from radtrack_gui.core.model import Patient
from radtrack_gui.session import Selection, Session


def test_picking_mentions_selects_their_chains(patient: Patient) -> None:
    s = Selection()
    current = s.select_mentions(patient, ["m3", "m2", "nope"], current="m2")
    assert current == "m2"
    assert s.mentions == ["m3", "m2"]  # the unknown id is dropped
    assert s.chains == ["c1", "c2"] and s.chain == "c2"
    assert s.select_mentions(None, ["m1"]) is None  # no patient: nothing picked


def test_the_same_chain_again_keeps_its_picked_mentions(patient: Patient) -> None:
    s = Selection()
    s.select_mentions(patient, ["m1", "m3"], current="m3")
    s.select_chain(patient, "c1")
    assert s.mentions == ["m1", "m3"]
    s.select_chain(patient, "c2")  # another chain: the picked mentions go
    assert s.mentions == [] and s.chains == ["c2"]


def test_selecting_chains_keeps_only_their_mentions(patient: Patient) -> None:
    s = Selection()
    s.select_mentions(patient, ["m1", "m2"])
    s.select_chains(patient, ["c2", "c9"], current="c9")
    assert s.chains == ["c2"] and s.chain == "c2"  # c9 is no chain of the patient
    assert s.mentions == ["m2"]


def test_toggle_and_prune(patient: Patient) -> None:
    s = Selection()
    s.select_mentions(patient, ["m1"])
    s.toggle_mention("m3")
    assert s.mentions == ["m1", "m3"]
    s.toggle_mention("m1")
    assert s.mentions == ["m3"]
    DeleteMention(["m3"]).do(patient)
    s.prune(patient)
    assert s.mentions == []
    s.prune(None)
    assert s.chains == [] and s.chain is None


def test_an_edit_in_the_session_prunes_its_selection(patient: Patient) -> None:
    from radtrack_gui.project import LoadedProject

    session = Session(who="person:test")
    loaded = LoadedProject(patient, None, "p1", False, "test", 0.0)  # type: ignore[arg-type]
    session.open(loaded)
    session.selection.select_mentions(patient, ["m2", "m4"])
    assert session.push(DeleteMention(["m4"])) is not None
    assert session.selection.mentions == ["m2"]
    session.undo()  # the mention is back, but no longer picked
    assert "m4" in patient.mentions and session.selection.mentions == ["m2"]
