"""The thirteenth whole-body dev sample (mentions_wholebody_dev13.jsonl): frozen, fresh reports of
this labeller's share (round 9: crc32 % 4 == 3) drawn by the written rule, weighted toward CT and
MR (no fresh NM/PET report of this share was left); every third drawn report is the CHECK split
dev13check, the rest dev13."""

from __future__ import annotations

import drawn_sample_cases as cases

from radtrack_gui.evaluation.wholebody_mentions import (
    DEV13,
    DEV13CHECK,
)

CASE = cases.DrawnSample(
    file="mentions_wholebody_dev13.jsonl",
    split=DEV13,
    sha256="f451a100a60d5829cc9087b9c2d4341cfa7614fe97db06fbe41daa9c2c66ca90",
    script="select_wholebody_wb_mentions14",
    parts=4,
    share=3,
    drawn=45,
    spans=287,
)


def test_the_sample_is_the_frozen_written_draw_of_fresh_reports_of_this_share() -> None:
    cases.check_written(CASE, DEV13CHECK)


def test_it_loads_as_dev13_and_dev13check_with_enough_spans() -> None:
    sample = cases.load_with_check(CASE, DEV13CHECK)
    # at least half of the reports are CT, MR or NM (PET/CT)
    reports = sample.reports.values()
    cross = [r for r in reports if r.modality in {"CT", "MR", "NM"}]
    assert 2 * len(cross) >= len(sample.reports)


def test_load_all_holds_dev13_and_its_check_beside_the_other_splits() -> None:
    cases.check_load_all_with_check(CASE, DEV13CHECK)


def test_round9_files_are_no_exclusion_of_any_earlier_draw() -> None:
    cases.check_no_exclusion_of_earlier_draws(CASE, 9)
