"""The eighth whole-body pair files (round 7, wb-policy): a tune file and a check file, frozen
when their labels were committed alone, drawn by scripts/select_wholebody_wb_policy.py from fresh
reports of this labeller's share (crc32 % 4 == 0), every third drawn report in the check file."""

from __future__ import annotations

import drawn_pair_cases as drawn
import drawn_sample_cases as cases
from conftest import ROOT

from radtrack_gui.evaluation import parrot_draws
from radtrack_gui.evaluation.challenge import Corpora, load_pairs, pairs_file, span_hash

TUNE = "pairs_wholebody_dev8.tsv"
CHECK = "pairs_wholebody_dev8_check.tsv"
CASE = drawn.DrawnPairs(
    TUNE,
    CHECK,
    (
        "36b489d160b6c459506fa69a725a40d8fad4a65849388e75e8e7b865072a7518",
        "445a6be0db160a084b8b9404bef956bcb43660b3b344f0a67234e5da6f3f00e3",
    ),
    "select_wholebody_wb_policy",
    share=0,
    reports=(18, 9),
    round_files=parrot_draws.ROUND7_FILES,
)
RESOURCES = ROOT / "radtrack_gui" / "resources"


def _keys(name: str) -> set[int]:
    return {int(r) for p in load_pairs(pairs_file(name)) for r in (p.a.row, p.b.row)}


def test_the_files_are_the_frozen_written_draw_of_fresh_reports_of_this_share() -> None:
    drawn.check_written(CASE)


def test_enough_pairs_mostly_same_report_and_both_labels() -> None:
    tune, check = load_pairs(pairs_file(TUNE)), load_pairs(pairs_file(CHECK))
    assert len(tune) >= 130 and len(check) >= 60
    for pairs in (tune, check):
        assert sum(p.a.row == p.b.row for p in pairs) >= len(pairs) / 2
        assert {p.same for p in pairs} == {True, False}
        assert len({p.id for p in pairs}) == len(pairs)


def test_every_span_matches_the_report_text_in_place() -> None:
    corpora = Corpora(cases.shared())
    for name in (TUNE, CHECK):
        for p in load_pairs(pairs_file(name)):
            for s in (p.a, p.b):
                text = corpora.row(p.corpus, s.row)[s.field]
                assert span_hash(text[s.start : s.end]) == s.sha, (name, p.id)


def test_earlier_draws_read_the_round7_files_as_no_exclusion() -> None:
    # a round-7 file in an earlier labeller's share would otherwise change that draw's pools
    assert {TUNE, CHECK} <= parrot_draws.ROUND7_FILES
    assert not parrot_draws.used_keys(RESOURCES) & (_keys(TUNE) | _keys(CHECK))
