"""What round 11's second pass fixed of what driving the app by hand left (docs/desktop.md,
"Round 11: driven by hand", "then fixed"), each checked on a real (offscreen) window."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.gui


def _chain_ending_absent(p) -> tuple[str, object]:
    """A chain with present mentions and, in its last report only, absent ones ("removed")."""
    for c in p.chains.values():
        ms = p.chain_mentions(c.id)
        last = ms[-1].report
        tail = [m for m in ms if m.report == last]
        if len(tail) < len(ms) and all(m.assertion == "absent" for m in tail):
            if any(m.assertion != "absent" for m in ms):
                return c.id, ms[-1]
    raise AssertionError("no chain that ends in a removal")


def test_a_split_off_removal_stays_on_the_timeline(window, open_and_wait, demo, qtbot):
    """Splitting a device's chain at the report that says it was removed made a chain of
    absent mentions only: the timeline hid it as a pertinent negative while the chain list
    selected it. A chain the user made stays a lane."""
    open_and_wait(window, demo)
    p = window.patient
    assert not window.timeline.filters.negatives  # negatives start hidden
    chain, last = _chain_ending_absent(p)
    window.selection.on_mention_selected(last.id)
    action = window.edit_actions["split_at_report"]
    assert action.isEnabled()
    action.trigger()
    new = p.mentions[last.id].chain
    assert new != chain
    qtbot.waitUntil(lambda: window.timeline.layout_ is not None)
    lay = window.timeline.layout_
    assert new not in lay.hidden_negatives
    assert new in {ln.chain for ln in lay.lanes}
    assert window.selection.current_chain_id() == new
