"""The tenth whole-body pair files (wb-sites2, round 8): ``pairs_wholebody_dev10.tsv`` (tune) and
``pairs_wholebody_dev10_check.tsv`` (check, never tuned on). Frozen bytes, fresh reports of this
labeller's share (crc32 % 4 == 0), exactly the written seeded draw with every third drawn report
in the check file, every span found in the corpora, most pairs of sites and levels of the pelvis,
spine, MSK, neck and vessels."""

from __future__ import annotations

import drawn_pair_cases as drawn

from radtrack_gui.evaluation import parrot_draws

TUNE = "pairs_wholebody_dev10.tsv"
CHECK = "pairs_wholebody_dev10_check.tsv"
CASE = drawn.DrawnPairs(
    TUNE,
    CHECK,
    (
        "bd4fbd104270f7aa9d98922ab86b07d0c376daf7b1f23d824ef7d0eb5940e5f6",
        "f463a58d6d2c5ec59e1bcb791f7671d48ee4514b2bc51fff2b775bcdd218f3a9",
    ),
    "select_wholebody_wb_sites2",
    share=0,
    reports=(21, 10),
    round_files=parrot_draws.ROUND8_FILES,
)
SITE_CATEGORIES = {"other-site", "other-side", "other-level", "restate"}
FOCUS = {"pelvis", "spine", "msk", "neck", "vascular"}


def test_the_files_are_the_frozen_written_draw_of_fresh_reports_of_this_share() -> None:
    rule = drawn.check_written(CASE)
    # the round-7 files count as used: a round-7 report is never drawn again
    assert parrot_draws.used_keys(drawn.RESOURCES, through=6) < rule.used_keys(drawn.RESOURCES)


def test_every_span_matches_the_corpora_and_most_pairs_are_sites_of_the_focus_regions() -> None:
    for pairs in drawn.checked_pairs(CASE):
        assert 10 * sum(p.region in FOCUS for p in pairs) >= 6 * len(pairs)
        sites = [p for p in pairs if p.category in SITE_CATEGORIES]
        assert 2 * len(sites) >= len(pairs)
        assert {p.same for p in sites} == {True, False}
