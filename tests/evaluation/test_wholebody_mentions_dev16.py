"""The sixteenth whole-body dev sample (mentions_wholebody_dev16.jsonl): frozen, fresh reports of
this labeller's share (round 11: crc32 % 4 == 2) drawn by the written rule, weighted toward neck,
pelvis and limbs (no fresh ultrasound report of this share was left); every third drawn report is
the CHECK split dev16check, the rest dev16."""

from __future__ import annotations

import drawn_sample_cases as cases

from radtrack_gui.evaluation.wholebody_mentions import (
    CHECK_SPLITS,
    DEV16,
    DEV16CHECK,
    DEV_SPLITS,
    load_wholebody,
)

CASE = cases.DrawnSample(
    file="mentions_wholebody_dev16.jsonl",
    split=DEV16,
    sha256="b362fd704c5a62ec51414c60e8efbd367ff6ed93074a8f50e799369ce3b3709d",
    script="select_wholebody_wb_recall3",
    parts=4,
    share=2,
    drawn=30,
    spans=271,
)


def test_the_sample_is_the_frozen_written_draw_of_fresh_reports_of_this_share() -> None:
    cases.check_written(CASE, DEV16CHECK)


def test_it_loads_as_dev16_and_dev16check_with_enough_spans() -> None:
    # a smaller draw than round 10's (30 reports): its own thresholds, not load_with_check's
    sample = load_wholebody(CASE.path, cases.shared(), CASE.split)
    assert len(sample.reports) == CASE.drawn
    assert len(sample.only([DEV16]).spans) >= 250
    assert len(sample.only([DEV16CHECK]).spans) >= 120
    assert DEV16 in DEV_SPLITS and DEV16CHECK in CHECK_SPLITS and DEV16CHECK not in DEV_SPLITS
    # the brief's regions beyond the chest and head (spine, pelvis, limbs) hold over a third of
    # the reports by the labeller's reading (the keyword strata misfire)
    beyond = [
        r
        for r in sample.reports.values()
        if r.modality == "US" or r.region in {"extremity", "spine", "pelvis", "abdomen/pelvis"}
    ]
    assert 3 * len(beyond) >= len(sample.reports)


def test_load_all_holds_dev16_and_its_check_beside_the_other_splits() -> None:
    cases.check_load_all_with_check(CASE, DEV16CHECK)


def test_round11_files_are_no_exclusion_of_any_earlier_draw() -> None:
    cases.check_no_exclusion_of_earlier_draws(CASE, 11)
