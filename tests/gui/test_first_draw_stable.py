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
