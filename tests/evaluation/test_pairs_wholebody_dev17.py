"""The seventeenth whole-body pair files (wb-signs8, round 11): ``pairs_wholebody_dev17.tsv`` (tune)
and ``pairs_wholebody_dev17_check.tsv`` (check, never tuned on). Frozen bytes, fresh reports of this
labeller's share (crc32 % 4 == 1), exactly the written seeded draw with every third drawn report
in the check file, every span found in the corpora, signs with their diagnoses and synonyms of both
labels beside counter-examples."""

from __future__ import annotations

import drawn_pair_cases as drawn

from radtrack_gui.evaluation import parrot_draws

TUNE = "pairs_wholebody_dev17.tsv"
CHECK = "pairs_wholebody_dev17_check.tsv"
CASE = drawn.DrawnPairs(
    TUNE,
    CHECK,
    (
        "286bbce1c70b962601d8d572b2140be120d5b1044d64f772b4a4b20c02eaca8f",
        "7cd88e822deaca133c1c8fe386d58f6c3ac7f683ebd8a13ca8b98cc81a13889c",
    ),
    "select_wholebody_wb_signs8",
    share=1,
    reports=(22, 11),
    round_files=parrot_draws.ROUND11_FILES,
)


def test_the_files_are_the_frozen_written_draw_of_fresh_reports_of_this_share() -> None:
    drawn.check_written(CASE)


def test_every_span_matches_the_corpora_and_signs_and_synonyms_are_labelled_both_ways() -> None:
    for pairs in drawn.checked_pairs(CASE, least=(120, 60)):
        signs = [p for p in pairs if p.category in {"sign-diagnosis", "synonym"}]
        assert 4 * len(signs) >= len(pairs)
        # a sign and its diagnosis (same) beside a sign with another diagnosis or place (different)
        assert any(p.same for p in signs) and any(p.category == "synonym" for p in signs)
        assert any(not p.same and p.category in {"other-finding", "other-site"} for p in pairs)
