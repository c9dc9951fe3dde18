"""The tenth whole-body dev sample (mentions_wholebody_dev10.jsonl): frozen, fresh reports of
this labeller's share (round 8: crc32 % 4 == 2) drawn by the written rule, every modality and
region, weighted toward CT abdomen/pelvis and body CT; every third drawn report is the CHECK
split dev10check, the rest dev10."""

from __future__ import annotations

import json

import drawn_sample_cases as cases
import pytest

from radtrack_gui.core.errors import InputError
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
    rule, drawn = cases.seeded_draw(CASE)
    from radtrack_gui.evaluation.corpora import parrot_v1_reports

    order = rule.draw(parrot_v1_reports(cases.shared()), rule.used_keys(cases.RESOURCES))
    check = {str(k) for k in rule.check_keys(order)}
    assert len(check) == len(drawn) // 3
    sample = load_wholebody(CASE.path, cases.shared(), DEV10)
    by_split = {r.key: r.split for r in sample.reports.values()}
    assert {k for k, s in by_split.items() if s == DEV10CHECK} == check
    assert {k for k, s in by_split.items() if s == DEV10} == drawn - check


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


def _line(split: object) -> str:
    rows = [json.loads(x) for x in CASE.path.read_text(encoding="utf-8").splitlines()[1:3]]
    first = dict(rows[0])
    first["split"] = split
    return json.dumps(first)


@pytest.mark.parametrize("bad", ["heldout", "devX"])
def test_a_line_naming_an_unknown_or_heldout_split_is_an_error_naming_the_file(
    tmp_path: object, bad: str
) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "bad.jsonl"
    path.write_text(_line(bad) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"bad\.jsonl:1: split"):
        load_wholebody(path, cases.shared(), DEV10)


def test_one_report_in_two_splits_is_an_error(tmp_path: object) -> None:
    from pathlib import Path

    rows = [json.loads(x) for x in CASE.path.read_text(encoding="utf-8").splitlines()[1:3]]
    assert rows[0]["report"] == rows[1]["report"]
    rows[0]["split"], rows[1]["split"] = DEV10, DEV10CHECK
    path = Path(str(tmp_path)) / "two.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"two\.jsonl:2: report .* is in split dev10"):
        load_wholebody(path, cases.shared(), DEV10)
