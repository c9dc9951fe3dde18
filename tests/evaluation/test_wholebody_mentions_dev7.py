"""The seventh whole-body dev sample (mentions_wholebody_dev7.jsonl): frozen, fresh reports of
this labeller's share (round 6: crc32 % 4 == 3) drawn by the written rule, weighted toward CT,
MR, mammography and bone X-ray, all of it split dev7, scored with the rest."""

from __future__ import annotations

import drawn_sample_cases as cases

from radtrack_gui.evaluation import parrot_draws
from radtrack_gui.evaluation.wholebody_mentions import DEV7, DEV_SPLITS

CASE = cases.DrawnSample(
    file="mentions_wholebody_dev7.jsonl",
    split=DEV7,
    sha256="32a46371a5f494c1c2a76131ac3a2d3f8771a9beee2a55e13e24419046e55067",
    script="select_wholebody_wb_mentions8",
    parts=4,
    share=3,
    drawn=39,
    spans=399,
)


def test_the_seventh_dev_sample_is_the_frozen_one() -> None:
    cases.check_frozen(CASE)


def test_it_loads_in_place_as_dev7_with_enough_spans_and_reports() -> None:
    sample = cases.load_in_place(CASE)
    assert {r.modality for r in sample.reports.values()} >= {"CT", "MR", "XR", "MG"}
    assert DEV7 in DEV_SPLITS


def test_every_report_is_fresh_and_of_this_labellers_share() -> None:
    cases.check_fresh_share(CASE)


def test_the_reports_are_the_written_seeded_draw() -> None:
    cases.seeded_draw(CASE)


def test_load_all_holds_dev7_beside_the_other_splits() -> None:
    cases.check_load_all(CASE)


def test_earlier_draws_read_the_round6_files_as_no_exclusion() -> None:
    # a round 6 file holds keys of the round 5 shares: were it an exclusion of an earlier draw,
    # that draw's pools (and its seeded sample) would change
    assert CASE.file in parrot_draws.ROUND6_FILES
