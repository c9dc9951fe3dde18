"""The first drawn timeline is the one that stays: the legend and the "more lanes" hint take
their room before the first paint, so the overview does not fold the lanes again a moment
later (issue #20 item 12: the lanes changed under the eye and the draw was done twice)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.gui


def test_lanes_at_the_first_draw_stay(window, open_and_wait, demo, qtbot, monkeypatch) -> None:
    from radtrack_gui.gui.timeline.draw import LanePainter

    tl = window.timeline
    tl.set_overview(True)  # the folding that follows the room (the fixture turns it off)
    draws: list[int] = []
    real = LanePainter.draw

    def counted(self: LanePainter, keep_range: bool = False) -> None:
        real(self, keep_range)
        draws.append(self._fit_rows)

    monkeypatch.setattr(LanePainter, "draw", counted)
    open_and_wait(window, demo)
    at_first_draw = (tl.lane_labels(), len(draws), tl.painter._fit_rows)
    assert tl.painter.rows_that_fit() == tl.painter._fit_rows  # folded for the room there is
    qtbot.wait(600)  # the deferred refit (120 ms) would have run by now
    assert (tl.lane_labels(), len(draws), tl.painter._fit_rows) == at_first_draw

    # counter-example: a real resize still folds again for the new room
    window.resize(1400, 600)
    qtbot.waitUntil(lambda: len(draws) > at_first_draw[1], timeout=20000)
    assert tl.painter._fit_rows < at_first_draw[2]


def test_the_timeline_is_painted_before_the_side_panels_fill(
    window, open_and_wait, demo, monkeypatch
) -> None:
    """The chain list (thousands of rows on a long patient) and the report view fill after
    the timeline has been drawn and painted, not before it."""
    from radtrack_gui.gui.chain_list import ChainList
    from radtrack_gui.gui.qt import QEvent, QObject

    class Paints(QObject):
        count = 0

        def eventFilter(self, obj, event) -> bool:
            if event.type() == QEvent.Type.Paint:
                self.count += 1
            return False

    paints = Paints()
    window.timeline.view.viewport().installEventFilter(paints)
    seen: list[tuple[bool, int]] = []
    real = ChainList.set_patient

    def spy(self, patient, **kw) -> None:
        if patient is not None:
            seen.append((window.timeline.patient is patient, paints.count))
        real(self, patient, **kw)

    monkeypatch.setattr(ChainList, "set_patient", spy)
    open_and_wait(window, demo)
    assert len(seen) == 1
    drawn_first, painted = seen[0]
    assert drawn_first and painted >= 1
    assert window.chain_list._items  # and the list is filled all the same
    window.timeline.view.viewport().removeEventFilter(paints)
