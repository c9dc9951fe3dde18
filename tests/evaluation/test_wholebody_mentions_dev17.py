"""The seventeenth whole-body dev sample (mentions_wholebody_dev17.jsonl): frozen, fresh reports of
this labeller's share (round 11: crc32 % 4 == 3) drawn by the written rule over every modality
(no fresh NM/PET report of this share was left); every third drawn report is the CHECK split
dev17check, the rest dev17. A smaller draw than the round-10 samples (26 reports), so its own
span and report counts are checked here rather than the shared minimums."""

from __future__ import annotations

import drawn_sample_cases as cases

from radtrack_gui.evaluation.wholebody_mentions import (
    CHECK_SPLITS,
    DEV17,
    DEV17CHECK,
    DEV_SPLITS,
    load_wholebody,
)

CASE = cases.DrawnSample(
    file="mentions_wholebody_dev17.jsonl",
    split=DEV17,
    sha256="aa9d18eea494afddcb9a801eb961a063b5d5faf158dc5561825dc7d9e7a78249",
    script="select_wholebody_wb_mentions17",
    parts=4,
    share=3,
    drawn=26,
    spans=144,
)


def test_the_sample_is_the_frozen_written_draw_of_fresh_reports_of_this_share() -> None:
    cases.check_written(CASE, DEV17CHECK)


def test_it_loads_as_dev17_and_dev17check_over_several_modalities() -> None:
    sample = load_wholebody(CASE.path, cases.shared(), CASE.split)
    assert len(sample.only([DEV17]).spans) >= 140
    assert len(sample.only([DEV17CHECK]).spans) >= 70
    assert len(sample.reports) == CASE.drawn
    assert DEV17 in DEV_SPLITS and DEV17CHECK in CHECK_SPLITS and DEV17CHECK not in DEV_SPLITS
    # the brief's modalities by the labeller's reading: CT(A), MR, US, MG and radiographs
    modalities = {r.modality for r in sample.reports.values()}
    assert {"CT", "MR", "US", "MG", "XR"} <= modalities
    beyond_chest = [
        r for r in sample.reports.values() if r.modality == "XR" and r.region != "chest"
    ]
    assert len(beyond_chest) >= 3


def test_load_all_holds_dev17_and_its_check_beside_the_other_splits() -> None:
    cases.check_load_all_with_check(CASE, DEV17CHECK)


def test_round11_files_are_no_exclusion_of_any_earlier_draw() -> None:
    cases.check_no_exclusion_of_earlier_draws(CASE, 11)
