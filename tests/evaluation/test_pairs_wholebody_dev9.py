"""The ninth whole-body pair files (wb-signs5, round 7): ``pairs_wholebody_dev9.tsv`` (tune) and
``pairs_wholebody_dev9_check.tsv`` (check, never tuned on). Frozen bytes, fresh reports of this
labeller's share (crc32 % 4 == 1), exactly the written seeded draw with every third drawn report
in the check file, every span found in the corpora, half of each file sign-diagnosis or synonym."""

from __future__ import annotations

import drawn_pair_cases as drawn
from conftest import shared_path

from radtrack_gui.evaluation import parrot_draws
from radtrack_gui.evaluation.challenge import build_cases, load_pairs, pairs_file

TUNE = "pairs_wholebody_dev9.tsv"
CHECK = "pairs_wholebody_dev9_check.tsv"
CASE = drawn.DrawnPairs(
    TUNE,
    CHECK,
    (
        "48c2625cb1a5fca19a431322e14099613d58c109b784106757d45486efb0d1f9",
        "3553931a5957b61ab9f03e4af8768c4d1634cc9ca31b314d477b9305aeaf8075",
    ),
    "select_wholebody_wb_signs5",
    share=1,
    reports=(20, 10),
    round_files=parrot_draws.ROUND7_FILES,
)


def test_both_files_are_the_frozen_ones() -> None:
    drawn.check_frozen(CASE)


def test_the_reports_are_the_written_draw_split_every_third_into_check() -> None:
    drawn.check_draw(CASE)


def test_every_report_is_fresh_and_of_this_labellers_share() -> None:
    drawn.check_share(CASE)


def test_every_span_matches_the_corpora_and_half_is_sign_or_synonym() -> None:
    shared = shared_path("corpora").parent
    for name, least in ((TUNE, 130), (CHECK, 60)):
        pairs = load_pairs(pairs_file(name))
        assert len(pairs) >= least and len({p.id for p in pairs}) == len(pairs)
        cases, problems = build_cases(pairs, shared)
        assert problems == [] and len(cases) == len(pairs)
        kinds = [p for p in pairs if p.category in {"sign-diagnosis", "synonym"}]
        assert 2 * len(kinds) >= len(pairs)
        assert {p.same for p in kinds} == {True, False}
