"""The real-language pair challenge set: the stored pairs, the loader that reads the corpora
in place (and refuses drifted spans), and ``radtrack eval --challenge``."""

from __future__ import annotations

import csv
import hashlib
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from conftest import ROOT, shared_path

from radtrack_gui.core.errors import InputError
from radtrack_gui.evaluation.challenge import (
    build_cases,
    counts,
    load_pairs,
    pairs_file,
    run_linker,
    span_hash,
    split_of,
)
from radtrack_gui.nlp.registry import get_linker

# The whole-body pair set (PARROT v1.0 + DRAGON), frozen when its labels were committed, before
# any linker or extractor ran on those reports: its held-out half is scored as labelled then.
WHOLEBODY_PAIRS_SHA256 = "bef9e05d307c4e217db5a17fa714df93d05c717ed20fbf493512c8c06061fbd0"


def test_the_whole_body_pair_set_is_the_frozen_one() -> None:
    path = pairs_file("pairs_wholebody.tsv")
    assert hashlib.sha256(path.read_bytes()).hexdigest() == WHOLEBODY_PAIRS_SHA256


def test_stored_pairs_are_many_labelled_and_split_in_two_halves() -> None:
    pairs = load_pairs()
    assert len(pairs) >= 300
    assert len({p.id for p in pairs}) == len(pairs)
    halves = Counter(p.split for p in pairs)
    assert halves["dev"] >= 100 and halves["heldout"] >= 100
    assert {p.split for p in pairs} == {"dev", "heldout"}
    assert all(split_of(p.id) == p.split for p in pairs)  # deterministic, by id only
    labels = Counter(p.same for p in pairs)
    assert labels[True] >= 100 and labels[False] >= 100
    assert all(p.reason and p.category for p in pairs)


def _fake_shared(tmp_path: Path, findings: str) -> Path:
    folder = tmp_path / "shared" / "corpora" / "iu_openi_cxr"
    folder.mkdir(parents=True)
    with (folder / "indiana_reports.csv").open("w", encoding="utf-8", newline="") as f:
        w = csv.writer(f)
        w.writerow(
            [
                "uid",
                "MeSH",
                "Problems",
                "image",
                "indication",
                "comparison",
                "findings",
                "impression",
            ]
        )
        w.writerow(
            [
                "7",
                "",
                "",
                "Xray Chest PA and Lateral",
                "Cough.",
                "None.",
                findings,
                "Right pleural effusion.",
            ]
        )
    return tmp_path / "shared"


def _pairs_file(tmp_path: Path, findings: str) -> Path:
    s = findings.index("effusion")
    cols = [
        "id",
        "corpus",
        "row_a",
        "field_a",
        "start_a",
        "end_a",
        "sha_a",
        "row_b",
        "field_b",
        "start_b",
        "end_b",
        "sha_b",
        "label",
        "category",
        "reason",
    ]
    row = [
        "iu:7:f1:7:i1",
        "iu",
        "7",
        "findings",
        str(s),
        str(s + 8),
        span_hash("effusion"),
        "7",
        "impression",
        "14",
        "22",
        span_hash("effusion"),
        "same",
        "restate",
        "test",
    ]
    path = tmp_path / "pairs.tsv"
    path.write_text("# test\n" + "\t".join(cols) + "\n" + "\t".join(row) + "\n", encoding="utf-8")
    return path


def test_a_case_is_built_from_the_corpus_row_and_linked(tmp_path: Path) -> None:
    findings = "Small right pleural effusion."
    shared = _fake_shared(tmp_path, findings)
    cases, problems = build_cases(load_pairs(_pairs_file(tmp_path, findings)), shared)
    assert problems == [] and len(cases) == 1
    p = cases[0].patient
    assert p.check() == []
    a, b = p.mentions["a"], p.mentions["b"]
    assert a.text == b.text == "effusion"
    assert (a.section, b.section) == ("FINDINGS", "IMPRESSION")
    assert a.laterality == "right" and a.concept == "pleural effusion"  # extractor attributes
    out = run_linker(get_linker("knowledge"), cases)
    assert counts(out).tp == 1


def test_drifted_corpus_text_is_detected_not_scored(tmp_path: Path) -> None:
    pairs = _pairs_file(tmp_path, "Small right pleural effusion.")
    shared = _fake_shared(tmp_path, "Small left pleural effusions.")  # the text changed
    cases, problems = build_cases(load_pairs(pairs), shared)
    assert cases == []
    assert len(problems) == 1 and "no longer matches its hash" in problems[0]


def test_bad_pairs_file_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "pairs.tsv"
    path.write_text("id\tcorpus\nx\tiu\n", encoding="utf-8")
    with pytest.raises(InputError, match="line 2"):
        load_pairs(path)


def test_every_stored_pair_matches_the_real_corpora() -> None:
    shared = shared_path("corpora").parent
    shared_path("corpora", "parrot_v0_fr_sample", "Fr_sample.csv")
    pairs = load_pairs()
    cases, problems = build_cases(pairs, shared)
    assert problems == [] and len(cases) == len(pairs)
    hard = 0
    for case in cases:
        p = case.patient
        assert p.check() == []
        a, b = (p.mentions["a"].text.lower().rstrip("s"), p.mentions["b"].text.lower().rstrip("s"))
        # hard: the same word for different entities, or different words for one
        hard += (a == b) != case.pair.same
    assert hard * 2 >= len(cases)


def _eval(*args: str) -> subprocess.CompletedProcess[str]:
    """``radtrack eval ARGS`` in a fresh interpreter, from this checkout."""
    return subprocess.run(
        [sys.executable, "-m", "radtrack_gui", "eval", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def test_eval_cli_scores_the_dev_half(tmp_path: Path) -> None:
    shared_path("corpora", "iu_openi_cxr", "indiana_reports.csv")
    run = _eval("--challenge", "--challenge-split", "dev", "--linker", "exact")
    assert run.returncode == 0, run.stderr
    rows = [ln.split() for ln in run.stdout.splitlines() if ln.startswith("exact")]
    assert len(rows) == 1 and rows[0][1] == "dev"
    assert int(rows[0][2]) == sum(p.split == "dev" for p in load_pairs())
    assert 0.0 <= float(rows[0][3]) <= 1.0


def _fresh_and_matching(name: str, earlier: tuple[str, ...]) -> list:
    """The pairs of ``name``: at least 150, unique ids, no corpus row of the ``earlier``
    sets, every span found in the corpora with its hash."""
    shared = shared_path("corpora").parent
    pairs = load_pairs(pairs_file(name))
    assert len(pairs) >= 150 and len({p.id for p in pairs}) == len(pairs)
    old_rows = {
        (p.corpus, s.row) for n in earlier for p in load_pairs(pairs_file(n)) for s in (p.a, p.b)
    }
    assert not old_rows & {(p.corpus, s.row) for p in pairs for s in (p.a, p.b)}
    cases, problems = build_cases(pairs, shared)
    assert problems == [] and len(cases) == len(pairs)
    return pairs


def test_second_dev_set_uses_fresh_rows_and_matches_the_corpora() -> None:
    shared_path("corpora", "parrot_v0_fr_sample", "Fr_sample.csv")
    _fresh_and_matching("pairs_dev2.tsv", ("pairs.tsv",))


def test_third_dev_set_uses_rows_of_neither_earlier_set_and_matches_the_corpora() -> None:
    dev3 = _fresh_and_matching("pairs_dev3.tsv", ("pairs.tsv", "pairs_dev2.tsv"))
    hard = [p for p in dev3 if p.category != "restate"]
    assert 2 * len(hard) >= len(dev3)


def test_eval_cli_scores_a_pairs_file_pooled_and_by_category() -> None:
    shared_path("corpora", "iu_openi_cxr", "indiana_reports.csv")
    path = pairs_file("pairs_dev2.tsv")
    run = _eval("--challenge-file", str(path), "--linker", "exact", "--by-category")
    assert run.returncode == 0, run.stderr
    rows = [ln.split() for ln in run.stdout.splitlines() if ln.startswith("exact")]
    assert len(rows) == 1 and rows[0][1] == "all"
    assert int(rows[0][2]) == len(load_pairs(path))
    by_cat = Counter(p.category for p in load_pairs(path))
    lines = run.stdout.split("by category", 1)[1].splitlines()
    for cat, n in by_cat.items():
        row = next(ln.split() for ln in lines if ln.startswith(f"{cat} "))
        assert int(row[1]) == n and 0.0 <= float(row[2]) <= 1.0
