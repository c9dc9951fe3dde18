"""The fifteenth whole-body pair files (wb-signs, round 10): ``pairs_wholebody_dev15.tsv`` (tune) and
``pairs_wholebody_dev15_check.tsv`` (check, never tuned on). Frozen bytes, fresh reports of this
labeller's share (crc32 % 4 == 1), exactly the written seeded draw with every third drawn report
in the check file, every span found in the corpora, signs and their diagnoses of both labels."""

from __future__ import annotations

import drawn_pair_cases as drawn

from radtrack_gui.evaluation import parrot_draws

TUNE = "pairs_wholebody_dev15.tsv"
CHECK = "pairs_wholebody_dev15_check.tsv"
CASE = drawn.DrawnPairs(
    TUNE,
    CHECK,
    (
        "294b854a8d4ad5709e7d92f94f621dd93db82f2920814f68fa5e5c6c5c41204d",
        "6a093d7ad9a50d44c19d7c0ec9a356d7df2eecd0104898f48a83cf1497f8698c",
    ),
    "select_wholebody_wb_signs7",
    share=1,
    reports=(24, 11),
    round_files=parrot_draws.ROUND10_FILES,
)


def test_the_files_are_the_frozen_written_draw_of_fresh_reports_of_this_share() -> None:
    drawn.check_written(CASE)


def test_every_span_matches_the_corpora_and_signs_with_diagnoses_are_labelled_both_ways() -> None:
    for pairs in drawn.checked_pairs(CASE, least=(120, 55)):
        signs = [p for p in pairs if p.category == "sign-diagnosis"]
        assert 5 * len(signs) >= len(pairs)
        # a sign and its diagnosis (same) beside another diagnosis or organ (different)
        assert any(p.same for p in signs)
        assert any(not p.same and p.category in {"other-finding", "other-site"} for p in pairs)
