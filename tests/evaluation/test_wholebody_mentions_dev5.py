"""The fifth whole-body dev sample (mentions_wholebody_dev5.jsonl): frozen, fresh reports of
this labeller's share (round 5: crc32 % 4 == 3) drawn by the written rule, all of it split
dev5, scored with the rest."""

from __future__ import annotations

import drawn_sample_cases as cases

from radtrack_gui.evaluation.wholebody_mentions import DEV5, DEV_SPLITS

CASE = cases.DrawnSample(
    file="mentions_wholebody_dev5.jsonl",
    split=DEV5,
    sha256="c8b9fec6ce72bb7b96a025104d25e87fb85452a22506aa324e093ab54ca81284",
    script="select_wholebody_wb_mentions6",
    parts=4,
    share=3,
    drawn=39,
    spans=368,
)


def test_the_fifth_dev_sample_is_the_frozen_one() -> None:
    cases.check_frozen(CASE)


def test_it_loads_in_place_as_dev5_with_enough_spans_and_reports() -> None:
    sample = cases.load_in_place(CASE)
    assert {r.modality for r in sample.reports.values()} >= {"CT", "MR", "US", "XR", "MG"}
    assert DEV5 in DEV_SPLITS


def test_every_report_is_fresh_and_of_this_labellers_share() -> None:
    cases.check_fresh_share(CASE)


def test_the_reports_are_the_written_seeded_draw() -> None:
    cases.seeded_draw(CASE)


def test_load_all_holds_dev5_beside_the_other_splits() -> None:
    cases.check_load_all(CASE)
