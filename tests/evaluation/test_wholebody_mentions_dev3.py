"""The third whole-body dev sample (mentions_wholebody_dev3.jsonl): frozen, fresh reports of
this labeller's share drawn by the written rule, all of it split dev3, scored with the rest."""

from __future__ import annotations

import drawn_sample_cases as cases

from radtrack_gui.evaluation.wholebody_mentions import DEV3

CASE = cases.DrawnSample(
    file="mentions_wholebody_dev3.jsonl",
    split=DEV3,
    sha256="083ed264c669674ec65cae0a6485b8770fe80ada87f52e8a8df8986f4c96176b",
    script="select_wholebody_dev3",
    parts=3,
    share=2,
    drawn=42,
    spans=368,
    # one drawn report (an upper GI contrast study) states no finding: no span, no line
    unlabelled=frozenset({"1174"}),
)


def test_the_third_dev_sample_is_the_frozen_one() -> None:
    cases.check_frozen(CASE)


def test_it_loads_in_place_as_dev3_with_enough_spans_and_reports() -> None:
    sample = cases.load_in_place(CASE)
    assert {r.modality for r in sample.reports.values()} >= {"CT", "MR", "US", "XR", "MG"}


def test_every_report_is_fresh_and_of_this_labellers_share() -> None:
    cases.check_fresh_share(CASE)


def test_the_reports_are_the_written_seeded_draw() -> None:
    cases.seeded_draw(CASE)


def test_load_all_holds_dev3_beside_the_other_splits() -> None:
    cases.check_load_all(CASE)
