"""The twelfth whole-body pair files (wb-regions, round 9): ``pairs_wholebody_dev12.tsv`` (tune)
and ``pairs_wholebody_dev12_check.tsv`` (check, never tuned on). Frozen bytes, fresh reports of
this labeller's share (crc32 % 4 == 0), exactly the written seeded draw with every third drawn
report in the check file, every span found in the corpora, most pairs of the pelvis, spine, MSK,
neck and vessels, with the categories of issue #18 (sites, levels, restatements, signs)."""

from __future__ import annotations

import drawn_pair_cases as drawn

from radtrack_gui.evaluation import parrot_draws

TUNE = "pairs_wholebody_dev12.tsv"
CHECK = "pairs_wholebody_dev12_check.tsv"
CASE = drawn.DrawnPairs(
    TUNE,
    CHECK,
    (
        "d76d594b450d1009b2b2d536970fecbe0363664f20950ed49bb82d65cbb110e4",
        "b6e62c04e440872cf3b5ca7ac8216ac5cba0e1e2c24894fed91aa69d75768400",
    ),
    "select_wholebody_wb_regions3",
    share=0,
    reports=(19, 9),
    round_files=parrot_draws.ROUND9_FILES,
)
FOCUS = {"pelvis", "spine", "msk", "neck", "vascular"}
KINDS = {
    "restate",
    "negative-restate",
    "sign-diagnosis",
    "other-site",
    "other-level",
    "other-finding",
}


def test_the_files_are_the_frozen_written_draw_of_fresh_reports_of_this_share() -> None:
    rule = drawn.check_written(CASE)
    # the round-8 files count as used: a round-8 report is never drawn again
    assert parrot_draws.used_keys(drawn.RESOURCES, through=7) < rule.used_keys(drawn.RESOURCES)


def test_every_span_matches_the_corpora_and_most_pairs_are_of_the_focus_regions() -> None:
    both: set[str] = set()
    for pairs in drawn.checked_pairs(CASE):
        assert 10 * sum(p.region in FOCUS for p in pairs) >= 6 * len(pairs)
        cats = {p.category for p in pairs}
        assert cats >= KINDS, KINDS - cats
        assert 5 * sum(p.same for p in pairs) >= len(pairs)  # a fifth or more are joins
        both |= cats
    assert {"synonym", "other-side", "device-episode", "reason-for-exam"} <= both
