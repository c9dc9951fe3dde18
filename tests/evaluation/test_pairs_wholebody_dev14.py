"""The fourteenth whole-body pair files (wb-restate, round 10): ``pairs_wholebody_dev14.tsv`` (tune) and
``pairs_wholebody_dev14_check.tsv`` (check, never tuned on). Frozen bytes, fresh reports of this
labeller's share (crc32 % 4 == 0), exactly the written seeded draw with every third drawn report
in the check file, every span found in the corpora, restatements and negatives restated of both
labels in each file, at least 40 % CT/MR/US/NM/MG pairs."""

from __future__ import annotations

import drawn_pair_cases as drawn

from radtrack_gui.evaluation import parrot_draws

TUNE = "pairs_wholebody_dev14.tsv"
CHECK = "pairs_wholebody_dev14_check.tsv"
CASE = drawn.DrawnPairs(
    TUNE,
    CHECK,
    (
        "acc82197d32248284bca0d3a004522c05304bb617a69a32d433277fa18e3aac6",
        "1351bac25fcfba4ef5f63e62e9733a7092a027e56b74d01f1f90f68a05d1d4e2",
    ),
    "select_wholebody_wb_restate",
    share=0,
    reports=(20, 10),
    round_files=parrot_draws.ROUND10_FILES,
)
CROSS_SECTIONAL = frozenset({"CT", "MR", "US", "NM", "MG"})


def test_the_files_are_the_frozen_written_draw_of_fresh_reports_of_this_share() -> None:
    drawn.check_written(CASE)


def test_every_span_matches_the_corpora_and_restatements_carry_both_labels() -> None:
    for pairs in drawn.checked_pairs(CASE, least=(120, 55)):
        for category in ("restate", "negative-restate"):
            assert {p.same for p in pairs if p.category == category} == {True, False}, category
        assert 10 * sum(p.modality in CROSS_SECTIONAL for p in pairs) >= 4 * len(pairs)
