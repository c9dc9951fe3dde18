"""The ninth whole-body pair files (wb-signs5, round 7): ``pairs_wholebody_dev9.tsv`` (tune) and
``pairs_wholebody_dev9_check.tsv`` (check, never tuned on). Frozen bytes, fresh reports of this
labeller's share (crc32 % 4 == 1), exactly the written seeded draw with every third drawn report
in the check file, every span found in the corpora, half of each file sign-diagnosis or synonym."""

from __future__ import annotations

import drawn_pair_cases as drawn

from radtrack_gui.evaluation import parrot_draws

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


def test_the_files_are_the_frozen_written_draw_of_fresh_reports_of_this_share() -> None:
    drawn.check_written(CASE)


def test_every_span_matches_the_corpora_and_half_is_sign_or_synonym() -> None:
    for pairs in drawn.checked_pairs(CASE, (130, 60)):
        kinds = [p for p in pairs if p.category in {"sign-diagnosis", "synonym"}]
        assert 2 * len(kinds) >= len(pairs)
        assert {p.same for p in kinds} == {True, False}
