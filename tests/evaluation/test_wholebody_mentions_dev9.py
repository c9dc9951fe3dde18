"""The ninth whole-body dev sample (mentions_wholebody_dev9.jsonl): frozen, fresh reports of
this labeller's share (round 7: crc32 % 4 == 3) drawn by the written rule, weighted toward CT
abdomen/pelvis, MR, bone X-ray and mammography; every third drawn report is the CHECK split
dev9check, the rest dev9."""

from __future__ import annotations

import json

import drawn_sample_cases as cases
import pytest

from radtrack_gui.core.errors import InputError
from radtrack_gui.evaluation.wholebody_mentions import (
    DEV9,
    DEV9CHECK,
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


def test_the_sample_is_the_frozen_written_draw_of_fresh_reports_of_this_share() -> None:
    cases.check_written(CASE, DEV9CHECK)


def test_it_loads_as_dev9_and_dev9check_with_enough_spans() -> None:
    sample = cases.load_with_check(CASE, DEV9CHECK)
    assert {r.modality for r in sample.reports.values()} >= {"CT", "MR", "XR", "MG"}


def test_load_all_holds_dev9_and_its_check_beside_the_other_splits() -> None:
    cases.check_load_all_with_check(CASE, DEV9CHECK)


def test_round7_files_are_no_exclusion_of_any_draw() -> None:
    cases.check_no_exclusion_of_earlier_draws(CASE, 7)


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
