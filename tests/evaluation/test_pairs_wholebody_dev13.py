"""The thirteenth whole-body pair files (wb-devices, round 9): ``pairs_wholebody_dev13.tsv`` (tune) and
``pairs_wholebody_dev13_check.tsv`` (check, never tuned on). Frozen bytes, fresh reports of this
labeller's share (crc32 % 4 == 1), exactly the written seeded draw with every third drawn report
in the check file, every span found in the corpora, device episodes of both labels and negatives
restated in each file."""

from __future__ import annotations

import drawn_pair_cases as drawn

from radtrack_gui.evaluation import parrot_draws

TUNE = "pairs_wholebody_dev13.tsv"
CHECK = "pairs_wholebody_dev13_check.tsv"
CASE = drawn.DrawnPairs(
    TUNE,
    CHECK,
    (
        "9afff4dcc9ee06f9942a414f23bcc6cc680c62aaa9158db91ccb21e0f29f1d35",
        "2b0ff066f92329b2d2fab7ae0d562c597280b2f0e40d0e32d47f959e7cba9741",
    ),
    "select_wholebody_wb_devices",
    share=1,
    reports=(33, 16),
    round_files=parrot_draws.ROUND9_FILES,
)


def test_the_files_are_the_frozen_written_draw_of_fresh_reports_of_this_share() -> None:
    drawn.check_written(CASE)


def test_every_span_matches_the_corpora_and_a_fifth_is_a_device_episode() -> None:
    for pairs in drawn.checked_pairs(CASE):
        devices = [p for p in pairs if p.category == "device-episode"]
        assert 5 * len(devices) >= len(pairs)
        assert {p.same for p in devices} == {True, False}
        assert any(p.category == "negative-restate" for p in pairs)
