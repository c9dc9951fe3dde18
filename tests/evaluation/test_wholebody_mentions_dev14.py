"""The fourteenth whole-body dev sample (mentions_wholebody_dev14.jsonl): frozen, fresh reports of
this labeller's share (round 10: crc32 % 4 == 2) drawn by the written rule, weighted toward neck,
spine, pelvis and limbs (no fresh ultrasound report of this share was left); every third drawn
report is the CHECK split dev14check, the rest dev14."""

from __future__ import annotations

import drawn_sample_cases as cases

from radtrack_gui.evaluation.wholebody_mentions import (
    DEV14,
    DEV14CHECK,
)

CASE = cases.DrawnSample(
    file="mentions_wholebody_dev14.jsonl",
    split=DEV14,
    sha256="df4db9fcccece401c1af4814da8ac271e6bbb52aaa8b4e27bada869ab02c46cb",
    script="select_wholebody_wb_recall",
    parts=4,
    share=2,
    drawn=42,
    spans=403,
)


def test_the_sample_is_the_frozen_written_draw_of_fresh_reports_of_this_share() -> None:
    cases.check_written(CASE, DEV14CHECK)


def test_it_loads_as_dev14_and_dev14check_with_enough_spans() -> None:
    sample = cases.load_with_check(CASE, DEV14CHECK)
    # the brief's regions beyond the chest and head (ultrasound, limbs, spine, pelvis, neck)
    # hold over a third of the reports by the labeller's reading (the keyword strata misfire)
    reports = sample.reports.values()
    beyond = [
        r
        for r in reports
        if r.modality == "US" or r.region in {"extremity", "spine", "pelvis", "neck"}
    ]
    assert 3 * len(beyond) >= len(sample.reports)


def test_load_all_holds_dev14_and_its_check_beside_the_other_splits() -> None:
    cases.check_load_all_with_check(CASE, DEV14CHECK)


def test_round10_files_are_no_exclusion_of_any_earlier_draw() -> None:
    cases.check_no_exclusion_of_earlier_draws(CASE, 10)
