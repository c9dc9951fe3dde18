"""Corrections in the main window (split, merge, move, add, delete, undo) kept by the real store."""

from __future__ import annotations

from pathlib import Path

import pytest

from radtrack_gui.core.model import DEVICE, FINDING
from radtrack_gui.store.db import ProjectStore

from .conftest import later_mention, stored

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "radtrack_gui" / "resources" / "samples" / "demo_patient"
DEMO_GOLD = ROOT / "radtrack_gui" / "resources" / "samples" / "demo_patient_gold"


def test_split_merge_move_undo_redo(qtbot, window, open_and_wait) -> None:
    open_and_wait(window, DEMO_GOLD)
    p = window.patient
    m = later_mention(window)
    chain_id = m.chain
    n_chains = len(p.chains)
    lanes = window.timeline.lane_count()
    window.selection.on_mention_selected(m.id)  # the viewer now shows the chain's last report

    # Split at the shown report.
    window.edit_actions["split_at_report"].trigger()
    assert len(p.chains) == n_chains + 1
    assert p.mentions[m.id].chain != chain_id
    assert len(stored(DEMO_GOLD).chains) == n_chains + 1
    cl = window.chain_list
    assert cl.group_count(FINDING) + cl.group_count(DEVICE) == n_chains + 1
    assert window.timeline.lane_count() == lanes + 1
    assert window.menus["undo"].text().replace("&", "") == "Undo Split chain"
    assert p.check() == []

    # Undo, redo (through the Edit menu actions).
    window.menus["undo"].trigger()
    assert len(p.chains) == n_chains and p.mentions[m.id].chain == chain_id
    assert len(stored(DEMO_GOLD).chains) == n_chains
    assert cl.group_count(FINDING) + cl.group_count(DEVICE) == n_chains
    assert window.timeline.lane_count() == lanes
    window.menus["redo"].trigger()
    assert len(p.chains) == n_chains + 1
    assert len(stored(DEMO_GOLD).chains) == n_chains + 1
    new_chain = p.mentions[m.id].chain

    # Merge the two parts again: select both in the chain list.
    cl.select_chain(chain_id)
    cl.select_chain(new_chain, add=True)
    assert set(window.selection.selected_chain_ids()) == {chain_id, new_chain}
    window.update_actions()
    assert window.edit_actions["merge"].isEnabled()
    window.edit_actions["merge"].trigger()
    assert len(p.chains) == n_chains
    assert p.mentions[m.id].chain in (chain_id, new_chain)
    assert window.menus["undo"].text().replace("&", "") == "Undo Merge 2 chains"
    on_disk = stored(DEMO_GOLD)
    assert len(on_disk.chains) == n_chains
    assert on_disk.mentions[m.id].chain == p.mentions[m.id].chain

    # Move one mention to another chain of the same type.
    target = next(
        c.id for c in p.chains.values() if c.type == m.type and c.id != p.mentions[m.id].chain
    )
    window.edit_actions.move_mentions([m.id], target)
    assert p.mentions[m.id].chain == target
    assert stored(DEMO_GOLD).mentions[m.id].chain == target
    assert m.id in [x.id for x in p.chain_mentions(target)]
    window.menus["undo"].trigger()
    assert p.mentions[m.id].chain != target
    assert stored(DEMO_GOLD).mentions[m.id].chain != target

    # The edit log says who did it.
    with ProjectStore.for_folder(DEMO_GOLD, read_only=True) as store:
        log = store.edit_log()
    people = [e for e in log if e["who"].startswith("person:")]
    assert [e["command"] for e in people][:2] == ["Split chain", "Undo Split chain"]


def test_undo_redo_keyboard(qtbot, window, open_and_wait) -> None:
    open_and_wait(window, DEMO_GOLD)
    p = window.patient
    chain = next(iter(p.chains.values()))
    window.selection.on_chain_selected(chain.id)
    window.edit_actions["reviewed"].trigger()
    assert p.chains[chain.id].reviewed
    from radtrack_gui.gui.qt import Qt

    window.activateWindow()
    window.chain_list.tree.setFocus()
    qtbot.keyClick(window.chain_list.tree, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert not p.chains[chain.id].reviewed
    qtbot.keyClick(
        window.chain_list.tree,
        Qt.Key.Key_Z,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert p.chains[chain.id].reviewed
    assert stored(DEMO_GOLD).chains[chain.id].reviewed


def test_add_delete_mention_from_selection(qtbot, window, open_and_wait) -> None:
    open_and_wait(window, DEMO_GOLD)
    p = window.patient
    view = window.report_view
    report = p.reports[0]
    taken = {(m.start, m.end) for m in p.mentions_of(report.id)}
    word = "contrast" if "contrast" in report.text else report.text.split()[-1]
    start = report.text.index(word)
    assert (start, start + len(word)) not in taken
    view.select_span(
        start - 1 if start and report.text[start - 1] == " " else start, start + len(word)
    )
    assert view.selected_span() == (report.id, start, start + len(word))
    n = len(p.mentions)
    window.update_actions()
    window.edit_actions["add_finding"].trigger()
    assert len(p.mentions) == n + 1
    new = next(
        m
        for m in p.mentions.values()
        if (m.report, m.start) == (report.id, start) and m.text == word
    )
    assert stored(DEMO_GOLD).mentions[new.id].source == "person"
    assert new.id in [m.id for m in view._mentions]
    # The new mention is the selection: delete it again.
    assert window.selection.selected_mention_ids() == [new.id]
    window.edit_actions["delete_mention"].trigger()
    assert new.id not in p.mentions and len(p.mentions) == n
    assert new.id not in stored(DEMO_GOLD).mentions


def test_assertion_and_refused_edit(qtbot, window, open_and_wait) -> None:
    open_and_wait(window, DEMO_GOLD)
    p = window.patient
    m = next(m for m in p.mentions.values() if m.assertion == "present")
    window.selection.on_mention_selected(m.id)
    window.edit_actions["absent"].trigger()
    assert p.mentions[m.id].assertion == "absent"
    assert stored(DEMO_GOLD).mentions[m.id].assertion == "absent"
    # Merging a finding chain with a device chain is refused: nothing changes.
    f = next(c.id for c in p.chains.values() if c.type == FINDING)
    d = next((c.id for c in p.chains.values() if c.type == DEVICE), None)
    if d is None:
        pytest.skip("no device chain in the demo")
    depth = window.undo_stack.stack.count()
    with qtbot.waitSignal(window.undo_stack.editFailed, timeout=20000) as failed:
        window.edit_actions.move_mentions([p.chains[d].mentions[0]], f)
    assert "type" in failed.args[0]
    assert window.undo_stack.stack.count() == depth
    assert p.check() == []


def test_corrections_survive_reopen(qtbot, window, open_and_wait) -> None:
    open_and_wait(window, DEMO_GOLD)
    p = window.patient
    chain = next(c for c in p.chains.values() if len(c.mentions) > 1)
    from radtrack_gui.core.edits import RenameChain

    window.session.push(RenameChain(chain.id, "my own name"))
    assert window.chain_list._items[chain.id].text(0) == "my own name"
    window.close_patient()
    assert window.patient is None
    open_and_wait(window, DEMO_GOLD)
    assert window.loaded.from_store
    assert window.patient.chains[chain.id].label == "my own name"


def test_drop_on_lane_moves_mentions(qtbot, window, open_and_wait) -> None:
    open_and_wait(window, DEMO_GOLD)
    p = window.patient
    m = next(m for m in p.mentions.values() if len(p.chains[m.chain].mentions) > 1)
    target = next(c.id for c in p.chains.values() if c.type == m.type and c.id != m.chain)
    window.timeline.mentionsDropped.emit([m.id], target)
    assert p.mentions[m.id].chain == target
    assert stored(DEMO_GOLD).mentions[m.id].chain == target
    window.timeline.mentionsDropped.emit([m.id], "")  # onto no lane: a chain of its own
    assert p.chains[p.mentions[m.id].chain].mentions == [m.id]


def test_adjust_span_to_selection(qtbot, window, open_and_wait) -> None:
    open_and_wait(window, DEMO_GOLD)
    p = window.patient
    m = next(m for m in p.mentions.values() if " " in m.text and not m.fragments)
    window.selection.on_mention_selected(m.id)
    original = (m.start, m.end, m.text)
    last_word = m.text.split()[-1]
    start = m.end - len(last_word)
    window.report_view.select_span(start, m.end)
    window.update_actions()
    assert window.edit_actions["adjust_span"].isEnabled()
    window.edit_actions["adjust_span"].trigger()
    assert (p.mentions[m.id].start, p.mentions[m.id].text) == (start, last_word)
    assert stored(DEMO_GOLD).mentions[m.id].text == last_word
    window.session.undo()
    after = p.mentions[m.id]
    assert (after.start, after.end, after.text) == original
    assert stored(DEMO_GOLD).mentions[m.id].text == original[2]


def test_rerun_models_replaces_corrections(qtbot, window, open_and_wait) -> None:
    pytest.importorskip("radtrack_gui.nlp.extractors.rules")
    from radtrack_gui.core.edits import RenameChain

    open_and_wait(window, DEMO, timeout=120000)
    p = window.patient
    cid = next(c.id for c in p.chains.values() if len(c.mentions) > 1)
    automatic = p.chains[cid].label
    window.session.push(RenameChain(cid, "renamed by hand"))
    with qtbot.waitSignal(window.patientDrawn, timeout=120000):
        window.patients.rerun_models()
    # the new run replaces the stored one after its first paint
    qtbot.waitUntil(lambda: not window.patients.storing(), timeout=120000)
    assert not window.loaded.from_store
    assert window.patient.chains[cid].label == automatic
    with ProjectStore.for_folder(DEMO, read_only=True) as store:
        assert any(e["command"].startswith("Rename chain") for e in store.edit_log())
        assert store.load_patient().chains[cid].label == automatic


def test_switch_type_of_one_mention_is_one_undo_step(qtbot, window, open_and_wait) -> None:
    open_and_wait(window, DEMO_GOLD)
    p = window.patient
    m = next(
        m for m in p.mentions.values() if m.type == FINDING and len(p.chains[m.chain].mentions) > 2
    )
    old_chain, n_chains = m.chain, len(p.chains)
    window.selection.on_mention_selected(m.id)
    window.edit_actions["toggle_type"].trigger()
    assert p.mentions[m.id].type == DEVICE
    assert p.mentions[m.id].chain != old_chain
    assert p.chains[p.mentions[m.id].chain].type == DEVICE
    assert p.check() == []
    assert stored(DEMO_GOLD).mentions[m.id].type == DEVICE
    window.session.undo()  # the macro (move + retype) goes back in one step
    assert p.mentions[m.id].type == FINDING and p.mentions[m.id].chain == old_chain
    assert len(p.chains) == n_chains
    assert stored(DEMO_GOLD).mentions[m.id].chain == old_chain
