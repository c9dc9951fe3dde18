"""The shared steps of the PARROT draw scripts, on hand-made resource folders."""

from __future__ import annotations

import dataclasses
import json
import random
import re
import zlib
from pathlib import Path

import pytest

from radtrack_gui.evaluation import parrot_draws
from radtrack_gui.util.paths import resources_dir

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


def _share(key: int) -> int:
    return zlib.crc32(str(key).encode()) % 4


REPORTS = tuple(
    ("brain " if i % 2 else "PET ") + "x" * (20 + i) + (" level" if i % 3 else "")
    for i in range(40)
)


def test_a_draw_is_the_shared_steps_with_its_constants(tmp_path: Path) -> None:
    used = parrot_draws.used_keys(_resources(tmp_path))
    rule = parrot_draws.Draw(seed=5, share=_share(1), counts=2, strata=STRATA)
    fits = [i for i in range(40) if i not in used and _share(i) == rule.share]
    found = parrot_draws.pools(
        REPORTS,
        ["head", "nm"],
        lambda i, _text: i in fits,
        lambda text: parrot_draws.first_stratum(text, STRATA),
    )
    assert rule.draw(REPORTS, used) == parrot_draws.seeded_sample(found, ["head", "nm"], 2, 5)
    assert rule.used_keys(tmp_path) == used


def test_a_draws_own_files_lengths_patterns_and_keep_narrow_its_pools(tmp_path: Path) -> None:
    resources = _resources(tmp_path)
    rule = parrot_draws.Draw(seed=5, share=_share(4), counts=1, strata=STRATA)
    assert 4 not in rule.pools(REPORTS, rule.used_keys(resources))["nm"]
    own = parrot_draws.Draw(seed=5, share=_share(4), counts=1, own=frozenset({"pairs_a.tsv"}))
    assert own.used_keys(resources) == {8}
    everything = set(range(40))
    assert rule.fits(set())(4, REPORTS[4])
    for narrower in (
        parrot_draws.Draw(seed=5, share=_share(4), counts=1, min_chars=len(REPORTS[4]) + 1),
        parrot_draws.Draw(seed=5, share=_share(4), counts=1, max_chars=len(REPORTS[4]) - 1),
        parrot_draws.Draw(seed=5, share=_share(4), counts=1, needs=(re.compile("brain"),)),
        parrot_draws.Draw(seed=5, share=_share(4), counts=1, keep=lambda key, _t: key != 4),
        parrot_draws.Draw(seed=5, share=(_share(4) + 1) % 4, counts=1),
    ):
        assert not narrower.fits(set())(4, REPORTS[4])
    assert not rule.fits(everything)(4, REPORTS[4])


def test_an_own_stratum_rule_and_an_extra_pass_are_the_scripts_part() -> None:
    def second(reports: tuple[str, ...], used: frozenset[int], first: parrot_draws.Drawn):
        assert parrot_draws.taken(first) == {k for _, _, keys in first for k in keys}
        return [("rest", 0, sorted(parrot_draws.taken(first)))]

    rule = parrot_draws.Draw(
        seed=3, share=0, counts=1, parts=1, names=("even",), stratum=lambda t: "even"
    )
    drawn = rule.draw(REPORTS, frozenset())
    assert [name for name, _, _ in drawn] == ["even"] and drawn[0][1] == 40
    both = dataclasses.replace(rule, extra=second).draw(REPORTS, frozenset())
    assert both == [*drawn, ("rest", 0, drawn[0][2])]


def test_every_third_drawn_report_in_draw_order_is_the_check_part() -> None:
    drawn: parrot_draws.Drawn = [("a", 9, [5, 7, 9, 11]), ("b", 4, [1, 2, 3])]
    rule = parrot_draws.Draw(seed=1, share=0, counts=1)
    assert rule.check_keys(drawn) == [9, 2]
    assert rule.split(drawn) == ([5, 7, 11, 1, 3], [9, 2])


def test_main_prints_the_table_and_the_split_where_the_draw_has_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(parrot_draws, "_reports", lambda argv: REPORTS)
    rule = parrot_draws.Draw(seed=2, share=0, counts=3, parts=1, strata=STRATA, width=5)
    assert rule.main([]) == 0
    table = capsys.readouterr().out.splitlines()
    assert [line[:11] for line in table] == ["head  pool ", "nm    pool "]
    assert dataclasses.replace(rule, splits=True).main([]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:2] == table
    tune, check = rule.split(rule.draw(REPORTS, rule.used_keys(resources_dir())))
    assert out[2:] == ["tune   " + " ".join(map(str, tune)), "check  " + " ".join(map(str, check))]


def test_a_gated_stratum_counts_only_where_its_gate_matches() -> None:
    text = "Chest. " + "x" * 40 + " brain and PET"
    kw = {"opening": 20, "whole": {"head", "nm"}, "gated": {"head"}}
    assert parrot_draws.first_stratum(text, STRATA, gate=r"\bbrain\b", **kw) == "head"
    # counter-example: the gate shut, the gated stratum is passed over for the next
    assert parrot_draws.first_stratum(text, STRATA, gate="ultrasound", **kw) == "nm"
    assert parrot_draws.has("PET", text) and not parrot_draws.has("ultrasound", text)


def test_a_stratum_of_its_own_length_bound() -> None:
    long_pet = "PET " + "x" * 60
    rule = parrot_draws.Draw(seed=1, share=0, counts=1, parts=1, strata=STRATA, max_chars=30)
    assert not rule.fits(set())(0, long_pet)
    longer = dataclasses.replace(rule, stratum_max_chars={"nm": 80})
    assert longer.fits(set())(0, long_pet) and longer.limit("brain " + "x" * 60) == 30
    assert not longer.fits(set())(0, "PET " + "x" * 90)
