"""The eighth whole-body dev sample (mentions_wholebody_dev8.jsonl): frozen, fresh reports of
this labeller's share (round 7: crc32 % 4 == 2) drawn by the written rule, weighted toward
ultrasound, neck and vascular exams; every third drawn report is the check split dev8check
(scored, never tuned on), the rest split dev8."""

from __future__ import annotations

import drawn_sample_cases as cases

from radtrack_gui.evaluation import parrot_draws
from radtrack_gui.evaluation.wholebody_mentions import (
    CHECK_SPLITS,
    DEV8,
    DEV8CHECK,
    DEV_SPLITS,
    load_all,
    load_wholebody,
)

CASE = cases.DrawnSample(
    file="mentions_wholebody_dev8.jsonl",
    split=DEV8,
    sha256="fb2f375ed1489eb77674a63f043513b865681b99e2e9e09703c5271c2d507559",
    script="select_wholebody_wb_mentions9",
    parts=4,
    share=2,
    drawn=41,
    spans=308,
)
CHECK_SPANS = 136


def test_the_eighth_dev_sample_is_the_frozen_one() -> None:
    cases.check_frozen(CASE)


def test_it_loads_in_place_as_dev8_and_dev8check() -> None:
    sample = load_wholebody(CASE.path, cases.shared())
    splits = {r.split for r in sample.reports.values()}
    assert splits == {DEV8, DEV8CHECK}
    assert len(sample.reports) >= 40
    assert sum(r.modality == "US" for r in sample.reports.values()) >= 20
    tune = sample.only([DEV8])
    check = sample.only([DEV8CHECK])
    assert len(tune.spans) >= 250 and len(check.spans) >= 120
    # the check split is scored beside the dev splits but is not one a tuning run reads
    assert DEV8 in DEV_SPLITS and DEV8CHECK not in DEV_SPLITS and DEV8CHECK in CHECK_SPLITS


def test_every_report_is_fresh_and_of_this_labellers_share() -> None:
    cases.check_fresh_share(CASE)


def test_the_reports_are_the_written_seeded_draw_and_every_third_is_check() -> None:
    cases.check_every_third(CASE, DEV8CHECK)


def test_load_all_holds_dev8_and_its_check_beside_the_other_splits() -> None:
    sample = load_all(cases.shared())
    both = sample.only([DEV8, DEV8CHECK])
    assert set(both.reports) == {f"parrot1:{k}" for k in cases.keys(CASE.path)}
    assert len(sample.only([DEV8]).spans) == CASE.spans
    assert len(sample.only([DEV8CHECK]).spans) == CHECK_SPANS


def test_round7_files_are_no_exclusion_of_any_draw() -> None:
    # the round 7 shares are disjoint and earlier draws must repeat: used_keys skips them
    assert CASE.file in parrot_draws.ROUND7_FILES
    keys = cases.keys(CASE.path)
    used = parrot_draws.used_keys(cases.RESOURCES)
    assert not {int(k) for k in keys} & used
