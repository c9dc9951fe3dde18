"""The sixteenth whole-body pair files (wb-restate2, round 11): ``pairs_wholebody_dev16.tsv`` (tune)
and ``pairs_wholebody_dev16_check.tsv`` (check, never tuned on). Frozen bytes, fresh reports of this
labeller's share (crc32 % 4 == 0), exactly the written seeded draw with every third drawn report
in the check file, every span found in the corpora, restatements and negatives restated of both
labels in each file, at least 40 % CT/MR/US/NM/MG pairs."""

from __future__ import annotations

import drawn_pair_cases as drawn

from radtrack_gui.evaluation import parrot_draws

TUNE = "pairs_wholebody_dev16.tsv"
CHECK = "pairs_wholebody_dev16_check.tsv"
CASE = drawn.DrawnPairs(
    TUNE,
    CHECK,
    (
        "b7fc1944d4f8af4614da5bab671c4ba6c7201b329d69c75db0730f6da71f2eb7",
        "ca47a5f94e3619fbe1901c08fda81804612fb9845c4b03b7560a2fc8272b47ef",
    ),
    "select_wholebody_wb_restate2",
    share=0,
    reports=(21, 10),
    round_files=parrot_draws.ROUND11_FILES,
)
CROSS_SECTIONAL = frozenset({"CT", "MR", "US", "NM", "MG"})


def test_the_files_are_the_frozen_written_draw_of_fresh_reports_of_this_share() -> None:
    drawn.check_written(CASE)


def test_every_span_matches_the_corpora_and_restatements_carry_both_labels() -> None:
    for pairs in drawn.checked_pairs(CASE, least=(120, 55)):
        for category in ("restate", "negative-restate"):
            assert {p.same for p in pairs if p.category == category} == {True, False}, category
        assert 10 * sum(p.modality in CROSS_SECTIONAL for p in pairs) >= 4 * len(pairs)
