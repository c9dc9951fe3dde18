"""The twelfth whole-body dev sample (mentions_wholebody_dev12.jsonl): frozen, fresh reports of
this labeller's share (round 9: crc32 % 4 == 2) drawn by the written rule, weighted toward
ultrasound, neck, pelvis and limbs; every third drawn report is the CHECK split dev12check, the
rest dev12."""

from __future__ import annotations

import drawn_sample_cases as cases

from radtrack_gui.evaluation.wholebody_mentions import (
    DEV12,
    DEV12CHECK,
)

CASE = cases.DrawnSample(
    file="mentions_wholebody_dev12.jsonl",
    split=DEV12,
    sha256="d8dcd930f3c5ab1a972ea857b9eeba92f536378cd53d3029244c14d7513fd78a",
    script="select_wholebody_wb_mentions13",
    parts=4,
    share=2,
    drawn=41,
    spans=421,
)
FOCUS = {"neck", "pelvis", "extremity"}  # with every ultrasound: the brief's regions


def test_the_sample_is_the_frozen_written_draw_of_fresh_reports_of_this_share() -> None:
    cases.check_written(CASE, DEV12CHECK)


def test_it_loads_as_dev12_and_dev12check_with_enough_spans() -> None:
    sample = cases.load_with_check(CASE, DEV12CHECK)
    # the pools of ultrasound and neck reports were nearly empty: by span, at least half are
    # ultrasound, neck, pelvis or limb exams (by report 19 of 41)
    regions = {doc: (r.modality == "US" or r.region in FOCUS) for doc, r in sample.reports.items()}
    focus = [s for s in sample.spans if regions[s.doc]]
    assert 2 * len(focus) >= len(sample.spans)


def test_load_all_holds_dev12_and_its_check_beside_the_other_splits() -> None:
    cases.check_load_all_with_check(CASE, DEV12CHECK)


def test_round9_files_are_no_exclusion_of_any_earlier_draw() -> None:
    cases.check_no_exclusion_of_earlier_draws(CASE, 9)
