"""The thirteenth whole-body dev sample (mentions_wholebody_dev13.jsonl): frozen, fresh reports of
this labeller's share (round 9: crc32 % 4 == 3) drawn by the written rule, weighted toward CT and
MR (no fresh NM/PET report of this share was left); every third drawn report is the CHECK split
dev13check, the rest dev13."""

from __future__ import annotations

import drawn_sample_cases as cases

from radtrack_gui.evaluation import parrot_draws
from radtrack_gui.evaluation.wholebody_mentions import (
    CHECK_SPLITS,
    DEV13,
    DEV13CHECK,
    DEV_SPLITS,
    load_all,
    load_wholebody,
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


def test_the_thirteenth_dev_sample_is_the_frozen_one() -> None:
    cases.check_frozen(CASE)


def test_it_loads_as_dev13_and_dev13check_with_enough_spans() -> None:
    sample = load_wholebody(CASE.path, cases.shared(), DEV13)
    tune = sample.only([DEV13])
    check = sample.only([DEV13CHECK])
    assert len(tune.spans) >= 250 and len(check.spans) >= 120
    assert len(sample.reports) >= 40
    # at least half of the reports are CT, MR or NM (PET/CT)
    reports = sample.reports.values()
    cross = [r for r in reports if r.modality in {"CT", "MR", "NM"}]
    assert 2 * len(cross) >= len(sample.reports)
    # the check split is scored beside the dev splits but its misses are never listed
    assert DEV13 in DEV_SPLITS and DEV13CHECK in CHECK_SPLITS and DEV13CHECK not in DEV_SPLITS


def test_every_report_is_fresh_and_of_this_labellers_share() -> None:
    cases.check_fresh_share(CASE)


def test_the_reports_are_the_written_seeded_draw_and_every_third_is_check() -> None:
    cases.check_every_third(CASE, DEV13CHECK)


def test_load_all_holds_dev13_and_its_check_beside_the_other_splits() -> None:
    both = load_all(cases.shared()).only([DEV13, DEV13CHECK])
    assert set(both.reports) == {f"parrot1:{k}" for k in cases.keys(CASE.path)}
    assert len(both.only([DEV13]).spans) == CASE.spans


def test_round9_files_are_no_exclusion_of_any_earlier_draw() -> None:
    # a round 9 file holds keys of the earlier shares: were it an exclusion of an earlier
    # draw, that draw's pools (and its seeded sample) would change
    assert CASE.file in parrot_draws.ROUND9_FILES
    mine = {int(k) for k in cases.keys(CASE.path)}
    assert not mine & parrot_draws.used_keys(cases.RESOURCES)
    assert not mine & parrot_draws.used_keys(cases.RESOURCES, through=7)
    assert not mine & parrot_draws.used_keys(cases.RESOURCES, through=8, skip={CASE.file})
