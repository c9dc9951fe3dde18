"""The tenth whole-body dev sample (mentions_wholebody_dev10.jsonl): frozen, fresh reports of
this labeller's share (round 8: crc32 % 4 == 2) drawn by the written rule, every modality and
region, weighted toward CT abdomen/pelvis and body CT; every third drawn report is the CHECK
split dev10check, the rest dev10."""

from __future__ import annotations

import drawn_sample_cases as cases

from radtrack_gui.evaluation import parrot_draws
from radtrack_gui.evaluation.wholebody_mentions import (
    CHECK_SPLITS,
    DEV10,
    DEV10CHECK,
    DEV_SPLITS,
    load_all,
    load_wholebody,
)

CASE = cases.DrawnSample(
    file="mentions_wholebody_dev10.jsonl",
    split=DEV10,
    sha256="b9e36bbe83b335298b717618b910a5a9e2954d19a5d092c5f8d3f0b6bbbb1168",
    script="select_wholebody_wb_mentions11",
    parts=4,
    share=2,
    drawn=41,
    spans=307,
)


def test_the_tenth_dev_sample_is_the_frozen_one() -> None:
    cases.check_frozen(CASE)


def test_it_loads_as_dev10_and_dev10check_with_enough_spans() -> None:
    sample = load_wholebody(CASE.path, cases.shared(), DEV10)
    tune = sample.only([DEV10])
    check = sample.only([DEV10CHECK])
    assert len(tune.spans) >= 250 and len(check.spans) >= 120
    assert len(sample.reports) >= 40
    assert {r.modality for r in sample.reports.values()} >= {"CT", "MR", "XR", "MG", "US"}
    # the check split is scored beside the dev splits but its misses are never listed
    assert DEV10 in DEV_SPLITS and DEV10CHECK in CHECK_SPLITS and DEV10CHECK not in DEV_SPLITS


def test_every_report_is_fresh_and_of_this_labellers_share() -> None:
    cases.check_fresh_share(CASE)


def test_the_reports_are_the_written_seeded_draw_and_every_third_is_check() -> None:
    cases.check_every_third(CASE, DEV10CHECK)


def test_load_all_holds_dev10_and_its_check_beside_the_other_splits() -> None:
    both = load_all(cases.shared()).only([DEV10, DEV10CHECK])
    assert set(both.reports) == {f"parrot1:{k}" for k in cases.keys(CASE.path)}
    assert len(both.only([DEV10]).spans) == CASE.spans


def test_round8_files_are_no_exclusion_of_any_earlier_draw() -> None:
    # a round 8 file holds keys of the earlier shares: were it an exclusion of an earlier
    # draw, that draw's pools (and its seeded sample) would change
    assert CASE.file in parrot_draws.ROUND8_FILES
    assert not {int(k) for k in cases.keys(CASE.path)} & parrot_draws.used_keys(
        cases.RESOURCES, through=7
    )
    mine = {int(k) for k in cases.keys(CASE.path)}
    assert not mine & parrot_draws.used_keys(cases.RESOURCES)
