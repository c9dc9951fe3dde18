"""A first open draws the timeline once the first reports in time order are linked and
updates it as each further slice lands (issue #20 item 12, ``nlp/progressive.py``): the
first paint comes before linking ends, edits wait until every report is linked, and the
patient in the end (and in the store) is the one-shot run's.

The demo patient (18 reports) is linked in slices of 2, 4, then the rest
(``FIRST_SLICE`` is set to 2 here; 32 in the app)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from .conftest import stored

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
from open_fingerprint import patient_hash  # noqa: E402


@pytest.fixture(autouse=True)
def small_slices(monkeypatch: pytest.MonkeyPatch) -> None:
    from radtrack_gui.nlp import progressive

    monkeypatch.setattr(progressive, "FIRST_SLICE", 2)


class Paints:
    """Every paint of the timeline's plot: (still linking?, reports shown)."""

    def __init__(self, window: Any) -> None:
        from radtrack_gui.gui.qt import QEvent, QObject

        self.seen: list[tuple[bool, int]] = []
        outer = self

        class Filter(QObject):
            def eventFilter(self, obj: Any, event: Any) -> bool:
                if event.type() == QEvent.Type.Paint:
                    p = window.patient
                    outer.seen.append((window.patients.linking(), len(p.reports) if p else 0))
                return False

        self.filter = Filter()
        window.timeline.view.viewport().installEventFilter(self.filter)


def test_the_timeline_is_painted_before_linking_ends(window, open_and_wait, demo):
    from radtrack_gui import pipeline

    paints = Paints(window)
    slices: list[tuple[int, int, str, int, bool]] = []
    window.sliceDrawn.connect(
        lambda done, total: slices.append(
            (
                done,
                total,
                window.status.saved.text(),
                len(window.patient.reports),
                window.edit_actions.actions["rename"].isEnabled(),
            )
        )
    )
    open_and_wait(window, demo)
    assert [(d, t) for d, t, *_ in slices] == [(2, 18), (6, 18)]
    assert all(text == f"Linking… {d} of {t} reports" for d, t, text, _, _ in slices)
    assert [n for *_, n, _ in slices] == [2, 6]  # the reports linked so far are shown
    assert not any(enabled for *_, enabled in slices)  # no edits while linking
    assert paints.seen, "the timeline was never painted"
    assert paints.seen[0] == (True, 2), paints.seen[:3]  # first painted with 2 reports linked
    assert paints.seen[-1] == (False, 18)
    # the whole patient is the one-shot run's, and so is the stored copy
    one_shot = pipeline.process_source(demo)
    assert patient_hash(window.patient) == patient_hash(one_shot)
    copy = stored(demo)
    assert copy is not None
    assert {c: x.mentions for c, x in copy.chains.items()} == {
        c: x.mentions for c, x in one_shot.chains.items()
    }
    assert not window.loaded.read_only and window.loaded.linking is None
    assert "(read-only)" not in window.windowTitle()


def test_edits_wait_until_every_report_is_linked(window, open_and_wait, demo):
    from radtrack_gui.core.edits import RenameChain

    tried: list[Any] = []
    reasons: list[str] = []
    window.session.failed.connect(reasons.append)

    def edit_now(done: int, total: int) -> None:
        if not tried:
            cid = next(iter(window.patient.chains))
            tried.append((cid, window.session.push(RenameChain(cid, "renamed while linking"))))
            window.selection.on_chain_selected(cid)  # picked while linking: it stays picked

    window.sliceDrawn.connect(edit_now)
    open_and_wait(window, demo)
    cid, result = tried[0]
    assert window.selection.selected_chain_ids() == [cid]  # still picked, in the list
    picked = window.selection.selected_mention_ids()
    assert picked and all(window.patient.mentions[m].chain == cid for m in picked)
    assert result is None  # refused, saying why
    assert any("still linking: 2 of 18 reports" in r for r in reasons), reasons
    assert window.patient.chains[cid].label != "renamed while linking"
    copy = stored(demo)
    assert copy is not None and copy.chains[cid].label != "renamed while linking"
    # once linked, the same edit is made and stored
    assert window.session.push(RenameChain(cid, "renamed once linked")) is not None
    copy = stored(demo)
    assert copy is not None and copy.chains[cid].label == "renamed once linked"


@pytest.mark.parametrize("how", ["cancel", "close"])
def test_giving_up_while_linking_leaves_nothing(window, qtbot, demo, how):
    slices: list[int] = []

    def give_up(done: int, total: int) -> None:
        slices.append(done)
        if len(slices) == 1:
            if how == "cancel":
                window.cancel_load()
            else:
                window.close_patient()

    window.sliceDrawn.connect(give_up)
    with qtbot.waitSignal(window.loadCancelled, timeout=60000):
        assert window.open_path(str(demo)) is not None
    qtbot.waitUntil(lambda: not window.patients.busy(), timeout=30000)
    assert slices == [2]  # no slice is shown after it
    assert window.patient is None and window.session.loaded is None
    assert window.central.currentWidget() is window.welcome
    assert stored(demo) is None


def test_a_view_moved_while_linking_stays_where_the_user_put_it(window, open_and_wait, demo):
    """A zoom made after the first slice is drawn survives the next slices and the whole
    patient; without one, each draw fits the reports linked by then (the counter-example)."""
    kept: list[tuple[float, float]] = []

    def zoom_once(done: int, total: int) -> None:
        vb = window.timeline.vb
        if not kept:  # the user zooms into the first slice's period
            (x0, x1), _ = vb.viewRange()
            vb.setXRange(x0 + (x1 - x0) * 0.25, x0 + (x1 - x0) * 0.5, padding=0)
        kept.append(tuple(vb.viewRange()[0]))

    window.sliceDrawn.connect(zoom_once)
    open_and_wait(window, demo)
    window.sliceDrawn.disconnect(zoom_once)
    zoomed = kept[0]
    assert len(kept) == 2 and kept[1] == pytest.approx(zoomed)  # the second slice kept it
    assert tuple(window.timeline.vb.viewRange()[0]) == pytest.approx(zoomed)  # and the end


def test_without_a_zoom_each_slice_fits_its_reports(window, open_and_wait, demo):
    widths: list[float] = []

    def width(done: int, total: int) -> None:
        (x0, x1), _ = window.timeline.vb.viewRange()
        widths.append(x1 - x0)

    window.sliceDrawn.connect(width)
    open_and_wait(window, demo)
    window.sliceDrawn.disconnect(width)
    (x0, x1), _ = window.timeline.vb.viewRange()
    assert len(widths) == 2 and widths[0] < widths[1] < x1 - x0  # the view grows with them
