"""The fifteenth whole-body dev sample (mentions_wholebody_dev15.jsonl): frozen, fresh reports of
this labeller's share (round 10: crc32 % 4 == 3) drawn by the written rule, weighted toward CT,
MR and radiographs beyond the chest (no fresh NM/PET report of this share was left); every third
drawn report is the CHECK split dev15check, the rest dev15."""

from __future__ import annotations

import drawn_sample_cases as cases

from radtrack_gui.evaluation.wholebody_mentions import (
    DEV15,
    DEV15CHECK,
)

CASE = cases.DrawnSample(
    file="mentions_wholebody_dev15.jsonl",
    split=DEV15,
    sha256="943085721cf030489b50819e0481217477e6422c2eb13ba7e8374ebda9feb39c",
    script="select_wholebody_wb_mentions16",
    parts=4,
    share=3,
    drawn=45,
    spans=260,
)


def test_the_sample_is_the_frozen_written_draw_of_fresh_reports_of_this_share() -> None:
    cases.check_written(CASE, DEV15CHECK)


def test_it_loads_as_dev15_and_dev15check_with_enough_spans() -> None:
    sample = cases.load_with_check(CASE, DEV15CHECK)
    # at least 60 % of the reports are CT, MR, NM or radiographs outside the chest
    reports = sample.reports.values()
    beyond = [
        r for r in reports if r.modality in {"CT", "CTA", "MR", "NM", "XR"} and r.region != "chest"
    ]
    assert 5 * len(beyond) >= 3 * len(sample.reports)


def test_load_all_holds_dev15_and_its_check_beside_the_other_splits() -> None:
    cases.check_load_all_with_check(CASE, DEV15CHECK)


def test_round10_files_are_no_exclusion_of_any_earlier_draw() -> None:
    cases.check_no_exclusion_of_earlier_draws(CASE, 10)
