"""The twelfth whole-body dev sample (mentions_wholebody_dev12.jsonl): frozen, fresh reports of
this labeller's share (round 9: crc32 % 4 == 2) drawn by the written rule, weighted toward
ultrasound, neck, pelvis and limbs; every third drawn report is the CHECK split dev12check, the
rest dev12."""

from __future__ import annotations

import drawn_sample_cases as cases

from radtrack_gui.evaluation import parrot_draws
from radtrack_gui.evaluation.wholebody_mentions import (
    CHECK_SPLITS,
    DEV12,
    DEV12CHECK,
    DEV_SPLITS,
    load_all,
    load_wholebody,
)

CASE = cases.DrawnSample(
    file="mentions_wholebody_dev12.jsonl",
    split=DEV12,
    sha256="d8dcd930f3c5ab1a972ea857b9eeba92f536378cd53d3029244c14d7513fd78a",
    script="select_wholebody_wb_mentions13",
    parts=4,
    share=2,
    drawn=41,
    spans=421,
)
FOCUS = {"neck", "pelvis", "extremity"}  # with every ultrasound: the brief's regions


def test_the_twelfth_dev_sample_is_the_frozen_one() -> None:
    cases.check_frozen(CASE)


def test_it_loads_as_dev12_and_dev12check_with_enough_spans() -> None:
    sample = load_wholebody(CASE.path, cases.shared(), DEV12)
    tune = sample.only([DEV12])
    check = sample.only([DEV12CHECK])
    assert len(tune.spans) >= 250 and len(check.spans) >= 120
    assert len(sample.reports) >= 40
    # the pools of ultrasound and neck reports were nearly empty: by span, at least half are
    # ultrasound, neck, pelvis or limb exams (by report 19 of 41)
    regions = {doc: (r.modality == "US" or r.region in FOCUS) for doc, r in sample.reports.items()}
    focus = [s for s in sample.spans if regions[s.doc]]
    assert 2 * len(focus) >= len(sample.spans)
    # the check split is scored beside the dev splits but its misses are never listed
    assert DEV12 in DEV_SPLITS and DEV12CHECK in CHECK_SPLITS and DEV12CHECK not in DEV_SPLITS


def test_every_report_is_fresh_and_of_this_labellers_share() -> None:
    cases.check_fresh_share(CASE)


def test_the_reports_are_the_written_seeded_draw_and_every_third_is_check() -> None:
    cases.check_every_third(CASE, DEV12CHECK)


def test_load_all_holds_dev12_and_its_check_beside_the_other_splits() -> None:
    both = load_all(cases.shared()).only([DEV12, DEV12CHECK])
    assert set(both.reports) == {f"parrot1:{k}" for k in cases.keys(CASE.path)}
    assert len(both.only([DEV12]).spans) == CASE.spans


def test_round9_files_are_no_exclusion_of_any_earlier_draw() -> None:
    # a round 9 file holds keys of the earlier shares: were it an exclusion of an earlier
    # draw, that draw's pools (and its seeded sample) would change
    assert CASE.file in parrot_draws.ROUND9_FILES
    mine = {int(k) for k in cases.keys(CASE.path)}
    assert not mine & parrot_draws.used_keys(cases.RESOURCES)
    assert not mine & parrot_draws.used_keys(cases.RESOURCES, through=7)
    assert not mine & parrot_draws.used_keys(cases.RESOURCES, through=8)
