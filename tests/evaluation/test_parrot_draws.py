"""The shared steps of the PARROT draw scripts, on hand-made resource folders."""

from __future__ import annotations

import json
import random
import zlib
from pathlib import Path

from radtrack_gui.evaluation import parrot_draws

STRATA = (("head", r"\bbrain\b"), ("nm", r"\bPET\b"))


def _resources(root: Path) -> Path:
    (root / "challenge").mkdir(parents=True)
    (root / "silver").mkdir()
    (root / "challenge" / "pairs_a.tsv").write_text(
        "# a comment\ncorpus\trow_a\trow_b\nparrot1\t3\t4\niu\t5\t6\nparrot1\t7\tx\n",
        encoding="utf-8",
    )
    rows = [{"corpus": "parrot1", "report": "8"}, {"corpus": "dragon", "report": "9"}]
    (root / "silver" / "mentions_b.jsonl").write_text(
        "\n".join(json.dumps(r) for r in rows) + "\n\n", encoding="utf-8"
    )
    return root


def test_used_keys_read_parrot_rows_of_both_folders_but_the_skipped_files(tmp_path: Path) -> None:
    resources = _resources(tmp_path)
    assert parrot_draws.used_keys(resources) == {3, 4, 7, 8}
    assert parrot_draws.used_keys(resources, skip={"pairs_a.tsv"}) == {8}
    assert parrot_draws.used_keys(resources, skip={"mentions_b.jsonl"}) == {3, 4, 7}


def test_in_share_is_the_crc32_remainder() -> None:
    for key in range(50):
        share = zlib.crc32(str(key).encode()) % 4
        assert parrot_draws.in_share(key, 4, share)
        assert not parrot_draws.in_share(key, 4, (share + 1) % 4)


def test_first_stratum_reads_the_opening_but_for_whole_text_strata() -> None:
    text = "Chest. " + "x" * 40 + " brain and PET"
    assert parrot_draws.first_stratum(text, STRATA) == "head"
    assert parrot_draws.first_stratum(text, STRATA, opening=20) is None
    assert parrot_draws.first_stratum(text, STRATA, opening=20, whole={"nm"}) == "nm"
    assert parrot_draws.first_stratum("a BRAIN scan", STRATA, opening=20) == "head"


def test_pools_keep_corpus_order_and_leave_out_unkept_and_unmatched() -> None:
    reports = ("brain", "PET", "brain", "chest", "brain")
    found = parrot_draws.pools(
        reports,
        ["head", "nm"],
        lambda i, _text: i != 2,
        lambda text: parrot_draws.first_stratum(text, STRATA),
    )
    assert found == {"head": [0, 4], "nm": [1]}


def test_seeded_sample_is_one_generator_over_the_strata_in_order() -> None:
    found = {"a": list(range(10)), "b": list(range(20, 40)), "c": [50, 51]}
    drawn = parrot_draws.seeded_sample(found, ["a", "b", "c"], {"a": 3, "b": 5, "c": 4}, seed=7)
    rng = random.Random(7)
    first = sorted(rng.sample(found["a"], 3))
    second = sorted(rng.sample(found["b"], 5))
    # a pool smaller than its share is drawn whole
    assert drawn == [("a", 10, first), ("b", 20, second), ("c", 2, [50, 51])]
    # counter-example: a fresh generator for "b" draws other keys
    assert second != sorted(random.Random(7).sample(found["b"], 5))
    assert parrot_draws.seeded_sample(found, ["a"], 3, seed=8) != [("a", 10, first)]
