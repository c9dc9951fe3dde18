"""The sixth whole-body dev sample (mentions_wholebody_dev6.jsonl): frozen, fresh reports of
this labeller's share (round 6: crc32 % 4 == 2) drawn by the written rule, all of it split
dev6, scored with the rest."""

from __future__ import annotations

import drawn_sample_cases as cases

from radtrack_gui.evaluation.wholebody_mentions import DEV6, DEV_SPLITS

CASE = cases.DrawnSample(
    file="mentions_wholebody_dev6.jsonl",
    split=DEV6,
    sha256="8549890a0133223cd96f38a1be151788389f367b6523adbc328a39cea299819b",
    script="select_wholebody_wb_mentions7",
    parts=4,
    share=2,
    drawn=36,
    spans=478,
)


def test_the_sixth_dev_sample_is_the_frozen_one() -> None:
    cases.check_frozen(CASE)


def test_it_loads_in_place_as_dev6_with_enough_spans_and_reports() -> None:
    sample = cases.load_in_place(CASE)
    assert {r.modality for r in sample.reports.values()} >= {"CT", "MR", "US", "XR"}
    assert DEV6 in DEV_SPLITS


def test_every_report_is_fresh_and_of_this_labellers_share() -> None:
    cases.check_fresh_share(CASE)


def test_the_reports_are_the_written_seeded_draw() -> None:
    cases.seeded_draw(CASE)


def test_load_all_holds_dev6_beside_the_other_splits() -> None:
    cases.check_load_all(CASE)
