"""A chain's size over time (views/sizes.py, Qt-free), on hand-built patients and on the
oncology demo through the whole pipeline."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest
from size_cases import _patient

from radtrack_gui.core.model import Mention
from radtrack_gui.views.sizes import (
    date_labels,
    fitting_labels,
    lane_trace,
    mention_size,
    plot_points,
    size_series,
    sized_chains,
    value_axis,
)

ONCO = Path(__file__).resolve().parents[2] / "radtrack_gui" / "resources" / "samples"


def test_one_point_per_report_from_its_first_sized_mention():
    p = _patient(
        [
            (0, ["2.4 x 2.1 cm"], "present"),
            (0, ["3.0 cm"], "present"),  # the impression's restatement: not a second point
            (1, [], "present"),
            (1, ["1.8 x 1.5 cm"], "present"),
            (2, ["29 mm"], "present"),
        ]
    )
    s = size_series(p, "c1")
    assert [(pt.report, pt.mm, pt.text) for pt in s.points] == [
        ("r0.txt", 24.0, "2.4 x 2.1 cm"),
        ("r1.txt", 18.0, "1.8 x 1.5 cm"),
        ("r2.txt", 29.0, "29 mm"),
    ]
    assert s.is_trend and s.summary() == "24 → 18 → 29 mm (2151-01-10 to 2151-06-15)"
    assert s.change_pct(0) is None and s.change_pct(1) == pytest.approx(-25.0)
    assert s.nadir().mm == 18.0


def test_what_is_not_a_size():
    # negated ("no lesion larger than 1 cm"), a volume, a device, an undated report
    assert (
        mention_size(Mention("a", "r", 0, 1, "x", assertion="absent", measurements=["1 cm"]))
        is None
    )
    assert mention_size(Mention("a", "r", 0, 1, "x", measurements=["15 ml"])) is None
    assert mention_size(Mention("a", "r", 0, 1, "x", measurements=["15 ml", "2 cm"])) == (
        20.0,
        "2 cm",
    )
    q = Mention("a", "r", 0, 1, "x", measurements=["2 cm"], question=True)
    assert mention_size(q) is None
    dev = _patient(
        [(0, ["10 mm x 6 cm"], "present"), (1, ["10 mm"], "present")], chain_type="device"
    )
    assert size_series(dev, "c1").points == () and sized_chains(dev) == {}
    undated = _patient(
        [(0, ["2 cm"], "present"), (1, ["3 cm"], "present")],
        dates=[datetime(2151, 1, 1), None],
    )
    s = size_series(undated, "c1")
    assert [pt.mm for pt in s.points] == [20.0] and not s.is_trend
    assert sized_chains(undated) == {} and "c1" in sized_chains(undated, minimum=1)


def test_axis_and_plot_positions():
    p = _patient([(0, ["24 mm"], "present"), (1, ["18 mm"], "present"), (2, ["29 mm"], "present")])
    s = size_series(p, "c1")
    top, ticks = value_axis(s)
    assert top == 50.0 and ticks[0] == 0.0 and ticks[-1] == 50.0
    pts = plot_points(s)
    assert pts[0] == (0.0, pytest.approx(24 / 50)) and pts[-1][0] == 1.0
    assert 0 < pts[1][0] < 1 and pts[1][1] < pts[0][1] < pts[2][1]
    # a wider time window (the whole timeline) moves the points inward
    wide = plot_points(s, start=datetime(2150, 12, 1), end=datetime(2151, 12, 1))
    assert 0 < wide[0][0] < wide[-1][0] < 1
    assert value_axis(size_series(_patient([(0, ["1.6 cm"], "present")]), "c1"))[0] == 20.0


def test_oncology_demo_lesion_grows_and_shrinks():
    """Through the real pipeline: some lesion of the demo is measured on several exams and
    both shrinks and grows (the segment 8 lesion: 24, 25, 18, 29, 22 mm when fully linked)."""
    from radtrack_gui.pipeline import process_folder

    patient = process_folder(ONCO / "oncology_patient")
    changing = [
        s
        for s in sized_chains(patient, minimum=3).values()
        if any((s.change_pct(i) or 0) < 0 for i in range(len(s.points)))
        and any((s.change_pct(i) or 0) > 0 for i in range(len(s.points)))
    ]
    assert changing
    seg8 = [s for s in changing if s.points[0].mm == 24.0]
    assert seg8 and {pt.modality for pt in seg8[0].points} <= {"CT", "MR", "PET"}
    assert seg8[0].points[0].text == "2.4 x 2.1 cm"


def test_lane_trace_in_timeline_coordinates():
    p = _patient([(0, ["24 mm"], "present"), (1, ["18 mm"], "present"), (2, ["29 mm"], "present")])
    s = size_series(p, "c1")
    x_of = {"r0.txt": 100.0, "r1.txt": 200.0, "r2.txt": 400.0}
    pts = lane_trace(s, x_of, 5.0)
    assert [x for x, _ in pts] == [100.0, 200.0, 400.0]
    ys = [y for _, y in pts]
    assert all(4.65 <= y <= 5.35 for y in ys)  # inside the lane's row
    assert ys[2] < ys[0] < ys[1]  # rows grow downwards: the largest size is highest
    # its own range (18-29 mm), widened to 40 % of its largest size (11.6 mm), centred
    assert max(ys) - min(ys) == pytest.approx(0.7 * 11 / 11.6)
    assert (max(ys) + min(ys)) / 2 == pytest.approx(5.0)
    # a course that hardly changes stays nearly flat, a constant one is flat in the middle
    flat = _patient([(0, ["20 mm"], "present"), (1, ["21 mm"], "present")])
    ys = [y for _, y in lane_trace(size_series(flat, "c1"), x_of, 5.0)]
    assert abs(ys[0] - ys[1]) == pytest.approx(0.7 * 1 / (0.4 * 21))  # 1 mm of a 8.4 mm span
    same = _patient([(0, ["4 mm"], "present"), (1, ["4 mm"], "present")])
    assert [y for _, y in lane_trace(size_series(same, "c1"), x_of, 5.0)] == [5.0, 5.0]
    # a filtered-out mention or a report without a column leaves its point out
    assert [x for x, _ in lane_trace(s, x_of, 5.0, shown={"m0", "m2"})] == [100.0, 400.0]
    assert len(lane_trace(s, {"r0.txt": 1.0}, 5.0)) == 1


def test_date_labels_that_fit():
    p = _patient([(0, ["24 mm"], "present"), (1, ["18 mm"], "present"), (2, ["29 mm"], "present")])
    assert date_labels(size_series(p, "c1")) == ["2151-01-10", "03-20", "2151-06-15"]
    # roomy: all; crowded: the ends win; a middle one overlapping the last is dropped
    assert fitting_labels([0, 100, 200], [40, 20, 40]) == [0, 1, 2]
    assert fitting_labels([0, 10, 20, 200], [40, 20, 20, 40]) == [0, 3]
    assert fitting_labels([0, 100, 115], [40, 20, 40]) == [0, 2]
    assert fitting_labels([0, 10], [40, 40]) == [0]  # two that collide: the first only
    assert fitting_labels([], []) == [] and fitting_labels([5], [10]) == [0]
