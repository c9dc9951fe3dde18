"""The tenth whole-body dev sample (mentions_wholebody_dev10.jsonl): frozen, fresh reports of
this labeller's share (round 8: crc32 % 4 == 2) drawn by the written rule, every modality and
region, weighted toward CT abdomen/pelvis and body CT; every third drawn report is the CHECK
split dev10check, the rest dev10."""

from __future__ import annotations

import drawn_sample_cases as cases

from radtrack_gui.evaluation.wholebody_mentions import (
    DEV10,
    DEV10CHECK,
)

CASE = cases.DrawnSample(
    file="mentions_wholebody_dev10.jsonl",
    split=DEV10,
    sha256="b9e36bbe83b335298b717618b910a5a9e2954d19a5d092c5f8d3f0b6bbbb1168",
    script="select_wholebody_wb_mentions11",
    parts=4,
    share=2,
    drawn=41,
    spans=307,
)


def test_the_sample_is_the_frozen_written_draw_of_fresh_reports_of_this_share() -> None:
    cases.check_written(CASE, DEV10CHECK)


def test_it_loads_as_dev10_and_dev10check_with_enough_spans() -> None:
    sample = cases.load_with_check(CASE, DEV10CHECK)
    assert {r.modality for r in sample.reports.values()} >= {"CT", "MR", "XR", "MG", "US"}


def test_load_all_holds_dev10_and_its_check_beside_the_other_splits() -> None:
    cases.check_load_all_with_check(CASE, DEV10CHECK)


def test_round8_files_are_no_exclusion_of_any_earlier_draw() -> None:
    cases.check_no_exclusion_of_earlier_draws(CASE, 8)
