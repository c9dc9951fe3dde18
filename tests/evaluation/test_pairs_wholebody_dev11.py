"""The eleventh whole-body pair files (wb-signs6, round 8): ``pairs_wholebody_dev11.tsv`` (tune) and
``pairs_wholebody_dev11_check.tsv`` (check, never tuned on). Frozen bytes, fresh reports of this
labeller's share (crc32 % 4 == 1), exactly the written seeded draw with every third drawn report
in the check file, every span found in the corpora, a third of each file sign-diagnosis or synonym."""

from __future__ import annotations

import drawn_pair_cases as drawn

from radtrack_gui.evaluation import parrot_draws

TUNE = "pairs_wholebody_dev11.tsv"
CHECK = "pairs_wholebody_dev11_check.tsv"
CASE = drawn.DrawnPairs(
    TUNE,
    CHECK,
    (
        "ed0257a5a5a31d01c0f69e2e816c8d11274400749bb01e70fe7524d9e26cb479",
        "a2bebf4475eee576402837056a05bd7c7698697bd714778ad79225f3989ceebb",
    ),
    "select_wholebody_wb_signs6",
    share=1,
    reports=(20, 10),
    round_files=parrot_draws.ROUND8_FILES,
)


def test_the_files_are_the_frozen_written_draw_of_fresh_reports_of_this_share() -> None:
    drawn.check_written(CASE)


def test_every_span_matches_the_corpora_and_half_is_sign_or_synonym() -> None:
    for pairs in drawn.checked_pairs(CASE):
        kinds = [p for p in pairs if p.category in {"sign-diagnosis", "synonym"}]
        assert 3 * len(kinds) >= len(pairs)
        assert {p.same for p in kinds} == {True, False}
