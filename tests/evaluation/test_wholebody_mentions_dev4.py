"""The fourth whole-body dev sample (mentions_wholebody_dev4.jsonl): frozen, fresh reports of
this labeller's share drawn by the written rule, all of it split dev4, scored with the rest."""

from __future__ import annotations

import drawn_sample_cases as cases

from radtrack_gui.evaluation.wholebody_mentions import DEV4

CASE = cases.DrawnSample(
    file="mentions_wholebody_dev4.jsonl",
    split=DEV4,
    sha256="7d5f9921f3482ac842182df8023ed6bd24ba907aa734e475ea9d7da5324f15c1",
    script="select_wholebody_wb_mentions5",
    parts=4,
    share=2,
    drawn=37,
    spans=374,
)


def test_the_fourth_dev_sample_is_the_frozen_one() -> None:
    cases.check_frozen(CASE)


def test_it_loads_in_place_as_dev4_with_enough_spans_and_reports() -> None:
    sample = cases.load_in_place(CASE)
    modalities = [r.modality for r in sample.reports.values()]
    assert {"CT", "MR", "US", "XR"} <= set(modalities)
    # stratified toward ultrasound: about half of the reports
    assert 2 * modalities.count("US") >= len(modalities)


def test_every_report_is_fresh_and_of_this_labellers_share() -> None:
    cases.check_fresh_share(CASE)


def test_the_reports_are_the_written_seeded_draw() -> None:
    rule, drawn = cases.seeded_draw(CASE)
    # the report read for dev3 (no span, so no file names it) is not drawn again: the draw's
    # own condition leaves it out (and no other report)
    assert "1174" not in drawn and rule.keep is not None
    assert not rule.keep(1174, "") and rule.keep(1175, "")


def test_load_all_holds_dev4_beside_the_other_splits() -> None:
    cases.check_load_all(CASE)
