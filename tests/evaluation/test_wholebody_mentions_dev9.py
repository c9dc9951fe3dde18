"""The ninth whole-body dev sample (mentions_wholebody_dev9.jsonl): frozen, fresh reports of
this labeller's share (round 7: crc32 % 4 == 3) drawn by the written rule, weighted toward CT
abdomen/pelvis, MR, bone X-ray and mammography; every third drawn report is the CHECK split
dev9check, the rest dev9."""

from __future__ import annotations

import json

import drawn_sample_cases as cases
import pytest

from radtrack_gui.core.errors import InputError
from radtrack_gui.evaluation import parrot_draws
from radtrack_gui.evaluation.wholebody_mentions import (
    CHECK_SPLITS,
    DEV9,
    DEV9CHECK,
    DEV_SPLITS,
    load_all,
    load_wholebody,
)

CASE = cases.DrawnSample(
    file="mentions_wholebody_dev9.jsonl",
    split=DEV9,
    sha256="624694a0de5ced598e32d5220354846d563df23d16141554e45faf0bffaee961",
    script="select_wholebody_wb_mentions10",
    parts=4,
    share=3,
    drawn=44,
    spans=329,
)


def test_the_ninth_dev_sample_is_the_frozen_one() -> None:
    cases.check_frozen(CASE)


def test_it_loads_as_dev9_and_dev9check_with_enough_spans() -> None:
    sample = load_wholebody(CASE.path, cases.shared(), DEV9)
    tune = sample.only([DEV9])
    check = sample.only([DEV9CHECK])
    assert len(tune.spans) >= 250 and len(check.spans) >= 120
    assert len(sample.reports) >= 40
    assert {r.modality for r in sample.reports.values()} >= {"CT", "MR", "XR", "MG"}
    # the check split is scored beside the dev splits but its misses are never listed
    assert DEV9 in DEV_SPLITS and DEV9CHECK in CHECK_SPLITS and DEV9CHECK not in DEV_SPLITS


def test_every_report_is_fresh_and_of_this_labellers_share() -> None:
    cases.check_fresh_share(CASE)


def test_the_reports_are_the_written_seeded_draw_and_every_third_is_check() -> None:
    cases.check_every_third(CASE, DEV9CHECK)


def test_load_all_holds_dev9_and_its_check_beside_the_other_splits() -> None:
    both = load_all(cases.shared()).only([DEV9, DEV9CHECK])
    assert set(both.reports) == {f"parrot1:{k}" for k in cases.keys(CASE.path)}
    assert len(both.only([DEV9]).spans) == CASE.spans


def test_round7_files_are_no_exclusion_of_any_draw() -> None:
    # a round 7 file holds keys of the round 5/6 shares: were it an exclusion of an earlier
    # draw, that draw's pools (and its seeded sample) would change
    assert CASE.file in parrot_draws.ROUND7_FILES
    mine = {int(k) for k in cases.keys(CASE.path)}
    assert not mine & parrot_draws.used_keys(cases.RESOURCES)


def _line(split: object) -> str:
    rows = [json.loads(x) for x in CASE.path.read_text(encoding="utf-8").splitlines()[1:3]]
    first = dict(rows[0])
    first["split"] = split
    return json.dumps(first)


# The loader's refusals, checked once for every sample with a check split (its lines as input).
@pytest.mark.parametrize("bad", ["heldout", "devX"])
def test_a_line_naming_an_unknown_or_heldout_split_is_an_error_naming_the_file(
    tmp_path: object, bad: str
) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "bad.jsonl"
    path.write_text(_line(bad) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"bad\.jsonl:1: split"):
        load_wholebody(path, cases.shared(), DEV9)


def test_one_report_in_two_splits_is_an_error(tmp_path: object) -> None:
    from pathlib import Path

    rows = [json.loads(x) for x in CASE.path.read_text(encoding="utf-8").splitlines()[1:3]]
    assert rows[0]["report"] == rows[1]["report"]
    rows[0]["split"], rows[1]["split"] = DEV9, DEV9CHECK
    path = Path(str(tmp_path)) / "two.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"two\.jsonl:2: report .* is in split dev9"):
        load_wholebody(path, cases.shared(), DEV9)
