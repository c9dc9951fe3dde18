"""An edit's text names a chain as the user sees it (round 4 at the screen: a mention
dropped onto the lane "right pneumonia · 3 Mar 2150" gave "Undo Move 1 mention to
“right pneumonia”", the label two lanes share). Real window, the demo patient drawn."""

from __future__ import annotations

from pathlib import Path

import pytest

from radtrack_gui.views.labels import COUNT_SUFFIX

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "radtrack_gui" / "resources" / "samples" / "demo_patient"


def _drawn_names(window) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """Chain id -> the lane name on the timeline's axis (without its count)."""
    tl = window.timeline
    rows = tl.layout_.row_kind
    return {
        key: COUNT_SUFFIX.sub("", tl.lane_axis.labels[i])
        for i, (kind, key) in enumerate(rows)
        if kind == "lane"
    }


def _twins(window) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    """Two drawn chains of one label whose lanes are named apart."""
    p = window.patient
    drawn = _drawn_names(window)
    by_label: dict[str, list[str]] = {}
    for cid in drawn:
        by_label.setdefault(p.chains[cid].label, []).append(cid)
    same = next(cs for cs in by_label.values() if len(cs) > 1)
    return same[0], same[1]


def test_a_move_names_the_lane_it_went_to(qtbot, window, open_and_wait) -> None:
    open_and_wait(window, DEMO)
    p = window.patient
    target, twin = _twins(window)
    drawn = _drawn_names(window)
    assert drawn[target] != p.chains[target].label  # the label alone is not what is seen
    m = next(
        m
        for m in p.mentions.values()
        if m.type == p.chains[target].type and m.chain not in (target, twin)
    )
    window.timeline.mentionsDropped.emit([m.id], target)
    assert p.mentions[m.id].chain == target
    text = window.session.history.undo_text()
    assert text == f"Move 1 mention to “{drawn[target]}”", text
    assert drawn[target] in window.menus["undo"].text()
    window.menus["undo"].trigger()
    assert p.mentions[m.id].chain == m.chain
    assert window.session.history.redo_text() == text


def test_asking_about_mentions_of_two_chains_names_their_lanes(
    qtbot, window, open_and_wait
) -> None:
    open_and_wait(window, DEMO)
    p = window.patient
    a, b = _twins(window)
    drawn = _drawn_names(window)
    picked = [p.chains[a].mentions[0], p.chains[b].mentions[0]]
    window.session.selection.mentions = picked
    assert window.edit_actions.delete_mentions() is None  # no one to ask: not done
    said = window.statusBar().currentMessage()
    assert f"“{drawn[a]}”" in said and f"“{drawn[b]}”" in said, said
    assert all(m in p.mentions for m in picked)


def test_the_report_names_a_mention_s_chain_as_its_lane(qtbot, window, open_and_wait) -> None:
    """A picked mention's line under the report ("In this chain because: joined …"), its
    tooltip and the walk bar ("… · 2 of 2") name the chain as the timeline does; a spinal level in the why line stays
    as written (it read "level “intraparenchymal hemorrhage”-6": c5 taken for a chain)."""
    open_and_wait(window, DEMO)
    p = window.patient
    a, b = _twins(window)
    drawn = _drawn_names(window)
    view = window.report_view
    for cid in (a, b):
        mid = next(m for m in p.chains[cid].mentions if "joined" in p.chains[cid].why.get(m, ""))
        window.selection.on_mention_selected(mid)
        assert view.mention_id == mid
        assert f"joined “{drawn[cid]}”" in view.details.text(), view.details.text()
        assert f"<b>{drawn[cid]}</b>" in view.chain_label.text()  # the walk bar below
        tips = [
            s.format.toolTip()
            for s in view.text.extraSelections()
            if s.cursor.selectedText() == p.mentions[mid].text
        ]
        assert any(t.endswith(f"chain: {drawn[cid]}") for t in tips), tips
    level = next((m, w) for c in p.chains.values() for m, w in c.why.items() if "level c5" in w)
    window.selection.on_mention_selected(level[0])
    shown = view.details.text()
    assert "level c5" in shown and "”-6" not in shown, shown


def test_the_toolbar_stays_put_when_an_undo_text_is_long(qtbot, window, open_and_wait) -> None:
    """Round 5 at 1280x800: the toolbar's Undo button took the whole undo text ("Undo Move
    1 mention to “right pneumonia · 3 Mar 2150”"), so Merge, Split, Export and Ask moved
    with every edit, and a longer text pushed buttons into the overflow menu. The button
    says "Undo"; its tooltip and the Edit menu say what."""
    from radtrack_gui.gui.qt import QToolBar

    window.resize(1280, 800)
    open_and_wait(window, DEMO)
    p = window.patient
    a, b = _twins(window)
    bar = window.findChild(QToolBar, "mainToolbar")
    undo = window.menus["undo"]
    before = {
        act.objectName(): bar.widgetForAction(act).geometry()
        for act in bar.actions()
        if bar.widgetForAction(act) is not None and act.objectName() != "action_undo"
    }
    window.edit_actions.keep_apart([a, b])
    text = window.session.history.undo_text()
    assert p.chains[a].label in text
    qtbot.wait(50)
    button = bar.widgetForAction(undo)
    assert button.text() == "Undo", button.text()
    assert text in button.toolTip() and text in undo.text()
    after = {
        act.objectName(): bar.widgetForAction(act).geometry()
        for act in bar.actions()
        if bar.widgetForAction(act) is not None and act.objectName() != "action_undo"
    }
    assert after == before  # nothing moved
    assert all(
        bar.widgetForAction(act).isVisible()
        for act in bar.actions()
        if bar.widgetForAction(act) is not None and not act.isSeparator()
    )
