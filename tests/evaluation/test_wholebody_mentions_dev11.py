"""The eleventh whole-body dev sample (mentions_wholebody_dev11.jsonl): frozen, fresh reports of
this labeller's share (round 8: crc32 % 4 == 3) drawn by the written rule, weighted toward
ultrasound and neck CT/MR; every third drawn report is the CHECK split dev11check, the rest
dev11."""

from __future__ import annotations

import drawn_sample_cases as cases

from radtrack_gui.evaluation.wholebody_mentions import (
    DEV11,
    DEV11CHECK,
)

CASE = cases.DrawnSample(
    file="mentions_wholebody_dev11.jsonl",
    split=DEV11,
    sha256="98f3cd35b7c84eeee15a1bcb86dde7b84753dfc237fa3abe47ac273252e0cd56",
    script="select_wholebody_wb_mentions12",
    parts=4,
    share=3,
    drawn=45,
    spans=304,
)


def test_the_sample_is_the_frozen_written_draw_of_fresh_reports_of_this_share() -> None:
    cases.check_written(CASE, DEV11CHECK)


def test_it_loads_as_dev11_and_dev11check_with_enough_spans() -> None:
    sample = cases.load_with_check(CASE, DEV11CHECK)
    # at least half of the reports are ultrasound or a neck / neck-vessel CT or MR
    reports = sample.reports.values()
    us_or_neck = [r for r in reports if r.modality == "US" or r.region in {"neck", "vascular"}]
    assert 2 * len(us_or_neck) >= len(sample.reports)


def test_load_all_holds_dev11_and_its_check_beside_the_other_splits() -> None:
    cases.check_load_all_with_check(CASE, DEV11CHECK)


def test_round8_files_are_no_exclusion_of_any_earlier_draw() -> None:
    cases.check_no_exclusion_of_earlier_draws(CASE, 8)
