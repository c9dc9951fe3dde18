"""Year boundaries are visible on the date axis at every zoom, in date and report-order
mode (issue #20 item 7: a five-year patient showed "16 Oct, 3 Jan, 15 Mar" and no year)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from lanes_fixtures import make_patient

from radtrack_gui.gui.qt import QApplication

pytestmark = pytest.mark.gui


def _drawn(tl, lo: float, hi: float) -> list[tuple[list[float], list[str]]]:
    tl.plot.setXRange(lo, hi, padding=0)
    QApplication.processEvents()
    axis = tl.time_axis
    lo, hi = axis.range
    levels = axis.tickValues(lo, hi, axis.width() or 900)
    out = []
    for s, v in levels:
        labels = axis.tickStrings(list(v), 1.0, s)
        # pyqtgraph leaves out a label that runs past the axis' ends: not seen.
        drawn = [(x, t) for x, t in zip(v, labels, strict=True) if axis._fits(x, t)]
        if drawn:
            out.append(([x for x, _ in drawn], [t for _, t in drawn]))
    return out


def _years_missing(ticks: list[tuple[list[float], list[str]]], year_of) -> set[int]:
    """Years that ticks of a level fall in but no label of that level names (each level
    may be the one whose text is drawn)."""
    missing: set[int] = set()
    for values, labels in ticks:
        years = {year_of(v) for v in values}
        named = {int(w) for t in labels for w in t.split() if w.isdigit() and len(w) == 4}
        missing |= years - named
    return missing


@pytest.mark.parametrize("mode", ["date", "order"])
def test_every_year_is_named_at_every_zoom(make_timeline, mode) -> None:
    p = make_patient(12, 600, undated=0)  # a report every ~3 days: five years
    dated = [r.date for r in p.reports if r.date]
    assert dated[-1].year - dated[0].year >= 4
    tl = make_timeline(1000, 600, overview=False)
    tl.set_patient(p)
    tl.set_x_mode(mode)
    QApplication.processEvents()
    if mode == "date":

        def year_of(v: float) -> int:
            return datetime.fromtimestamp(v, UTC).year

        def x_of(d: datetime) -> float:
            return d.replace(tzinfo=UTC).timestamp()
    else:
        xs = sorted(tl.time_axis.order_labels)
        when = dict(zip(xs, dated, strict=False))

        def year_of(v: float) -> int:
            return when[v].year

        def x_of(d: datetime) -> float:
            return next(x for x in xs if when[x] >= d)

    boundary = datetime(dated[0].year + 2, 1, 1)
    for days in (1900, 400, 90, 21):  # everything, a year, a quarter, three weeks
        half = days * 86400 / 2
        if mode == "date":
            lo, hi = x_of(boundary) - half, x_of(boundary) + half
        else:
            a = boundary.timestamp() - half
            b = boundary.timestamp() + half
            inside = [x for x in xs if a <= when[x].replace(tzinfo=UTC).timestamp() <= b]
            lo, hi = inside[0] - 0.5, inside[-1] + 0.5
        ticks = _drawn(tl, lo, hi)
        assert ticks, (mode, days)
        assert _years_missing(ticks, year_of) == set(), (mode, days, ticks)
