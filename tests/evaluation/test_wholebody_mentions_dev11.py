"""The eleventh whole-body dev sample (mentions_wholebody_dev11.jsonl): frozen, fresh reports of
this labeller's share (round 8: crc32 % 4 == 3) drawn by the written rule, weighted toward
ultrasound and neck CT/MR; every third drawn report is the CHECK split dev11check, the rest
dev11."""

from __future__ import annotations

import drawn_sample_cases as cases

from radtrack_gui.evaluation import parrot_draws
from radtrack_gui.evaluation.wholebody_mentions import (
    CHECK_SPLITS,
    DEV11,
    DEV11CHECK,
    DEV_SPLITS,
    load_all,
    load_wholebody,
)

CASE = cases.DrawnSample(
    file="mentions_wholebody_dev11.jsonl",
    split=DEV11,
    sha256="98f3cd35b7c84eeee15a1bcb86dde7b84753dfc237fa3abe47ac273252e0cd56",
    script="select_wholebody_wb_mentions12",
    parts=4,
    share=3,
    drawn=45,
    spans=304,
)


def test_the_eleventh_dev_sample_is_the_frozen_one() -> None:
    cases.check_frozen(CASE)


def test_it_loads_as_dev11_and_dev11check_with_enough_spans() -> None:
    sample = load_wholebody(CASE.path, cases.shared(), DEV11)
    tune = sample.only([DEV11])
    check = sample.only([DEV11CHECK])
    assert len(tune.spans) >= 250 and len(check.spans) >= 120
    assert len(sample.reports) >= 40
    # at least half of the reports are ultrasound or a neck / neck-vessel CT or MR
    reports = sample.reports.values()
    us_or_neck = [r for r in reports if r.modality == "US" or r.region in {"neck", "vascular"}]
    assert 2 * len(us_or_neck) >= len(sample.reports)
    # the check split is scored beside the dev splits but its misses are never listed
    assert DEV11 in DEV_SPLITS and DEV11CHECK in CHECK_SPLITS and DEV11CHECK not in DEV_SPLITS


def test_every_report_is_fresh_and_of_this_labellers_share() -> None:
    cases.check_fresh_share(CASE)


def test_the_reports_are_the_written_seeded_draw_and_every_third_is_check() -> None:
    cases.check_every_third(CASE, DEV11CHECK)


def test_load_all_holds_dev11_and_its_check_beside_the_other_splits() -> None:
    both = load_all(cases.shared()).only([DEV11, DEV11CHECK])
    assert set(both.reports) == {f"parrot1:{k}" for k in cases.keys(CASE.path)}
    assert len(both.only([DEV11]).spans) == CASE.spans


def test_round8_files_are_no_exclusion_of_any_earlier_draw() -> None:
    # a round 8 file holds keys of the earlier shares: were it an exclusion of an earlier
    # draw, that draw's pools (and its seeded sample) would change
    assert CASE.file in parrot_draws.ROUND8_FILES
    mine = {int(k) for k in cases.keys(CASE.path)}
    assert not mine & parrot_draws.used_keys(cases.RESOURCES)
    assert not mine & parrot_draws.used_keys(cases.RESOURCES, through=7)
