"""The whole-body pair set: pairs in PARROT v1.0 / DRAGON texts (read in place), the optional
modality/region columns, the report handed to the pipeline, and the per-modality/region
scoring of ``radtrack eval``."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

from conftest import ROOT, shared_path

from radtrack_gui.evaluation.challenge import (
    ALL,
    TEXT_CORPORA,
    ChallengeResult,
    build_cases,
    counts,
    load_pairs,
    pairs_file,
    run_linker,
    span_hash,
)
from radtrack_gui.evaluation.challenge_groups import format_groups, group_counts, has_groups
from radtrack_gui.evaluation.corpora import corpus_text
from radtrack_gui.nlp.registry import get_linker

COLS = [
    *("id", "corpus"),
    *("row_a", "field_a", "start_a", "end_a", "sha_a"),
    *("row_b", "field_b", "start_b", "end_b", "sha_b"),
    *("label", "category", "reason", "modality", "region"),
]
PARROT = [
    "Findings:\\nSmall right pleural effusion.\\n\\nImpression: Right pleural effusion.",
    "CT abdomen. A simple cyst in the liver. A second cyst in the liver.",
    "MR brain. Periventricular edema. Frontal gliosis. The lesion and the lesion again.",
]
DRAGON = "Task900_test"
DRAGON_TEXT = "Report:\nA 12 mm nodule in the right lower lobe.\nImpression:\nStable nodule.\n"


def _fake_shared(tmp_path: Path, parrot: list[str] = PARROT) -> Path:
    shared = tmp_path / "shared"
    folder = shared / "corpora" / "parrot_v1_en"
    folder.mkdir(parents=True)
    (folder / "PARROT_v1_0_translations.txt").write_text("\n".join(parrot) + "\n", "utf-8")
    dragon = shared / "corpora" / "dragon_samples" / "english"
    dragon.mkdir(parents=True)
    (dragon / f"{DRAGON}.md").write_text(f"# Task\n\nSample:\n```\n{DRAGON_TEXT}```\n", "utf-8")
    return shared


def _row(
    shared: Path,
    corpus: str,
    key_a: str,
    a: tuple[str, int],
    key_b: str,
    b: tuple[str, int],
    label: str,
    modality: str,
    region: str,
) -> list[str]:
    """A pairs-file row for the n-th occurrence of each span text, offsets found here."""
    spans = []
    for key, (word, nth) in ((key_a, a), (key_b, b)):
        text, start = corpus_text(shared, corpus, key), -1
        for _ in range(nth):
            start = text.index(word, start + 1)
        spans.append((key, "text", str(start), str(start + len(word)), span_hash(word)))
    cid = f"{corpus}:{key_a}:t{spans[0][2]}:{key_b}:t{spans[1][2]}"
    return [cid, corpus, *spans[0], *spans[1], label, "test", "hand-made", modality, region]


def _write(path: Path, rows: list[list[str]], cols: tuple[str, ...] | list[str] = COLS) -> Path:
    lines = ["# hand-made pairs", "\t".join(cols), *("\t".join(r) for r in rows)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _tiny(tmp_path: Path, shared: Path) -> Path:
    """Four pairs: CT 1 of 2 right for exact matching, MR 2 of 2 (hand-checked)."""
    rows = [
        _row(shared, "parrot1", "1", ("cyst", 1), "1", ("cyst", 2), "different", "CT", "abdomen"),
        _row(shared, "dragon", DRAGON, ("nodule", 1), DRAGON, ("nodule", 2), "same", "CT", "chest"),
        _row(shared, "parrot1", "2", ("edema", 1), "2", ("gliosis", 1), "different", "MR", "head"),
        _row(shared, "parrot1", "2", ("lesion", 1), "2", ("lesion", 2), "same", "MR", "head"),
    ]
    return _write(tmp_path / "tiny.tsv", rows)


def test_text_corpus_rows_become_reports_with_a_date_and_exam_header(tmp_path: Path) -> None:
    shared = _fake_shared(tmp_path)
    rows = [
        _row(shared, "parrot1", "0", ("effusion", 1), "0", ("effusion", 2), "same", "XR", "chest"),
        _row(shared, "dragon", DRAGON, ("nodule", 1), DRAGON, ("nodule", 2), "same", "CT", "chest"),
        _row(shared, "parrot1", "1", ("cyst", 1), "2", ("edema", 1), "different", "CT", "abdomen"),
    ]
    pairs = load_pairs(_write(tmp_path / "p.tsv", rows))
    assert [(p.modality, p.region) for p in pairs][:2] == [("XR", "chest"), ("CT", "chest")]
    cases, problems = build_cases(pairs, shared)
    assert problems == [] and len(cases) == 3
    for case, word in zip(cases, ("effusion", "nodule", "cyst"), strict=True):
        first = case.patient.reports[0]
        assert first.text.startswith("Date: 2150-01-01 09:00\n")
        assert f"\nExam: {case.pair.modality} {case.pair.region.upper()}\n\n" in first.text
        a = case.patient.mentions["a"]
        assert a.text == word == first.text[a.start : a.end]
        shift = first.text.index("\n\n") + 2  # header, then the corpus text unchanged
        assert first.text[shift:] == corpus_text(shared, case.pair.corpus, case.pair.a.row)
        assert a.start == shift + case.pair.a.start
    effusion = cases[0].patient.mentions["a"]
    assert effusion.laterality == "right" and effusion.concept == "pleural effusion"
    two = cases[2].patient  # two rows: two exams a week apart, one mention each
    assert [f"{r.date:%Y-%m-%d}" for r in two.reports] == ["2150-01-01", "2150-01-08"]
    assert two.mentions["b"].text == "edema" and two.mentions["b"].report == two.reports[1].id


def test_a_span_that_no_longer_matches_or_a_missing_report_is_refused(tmp_path: Path) -> None:
    shared = _fake_shared(tmp_path)
    tiny = _tiny(tmp_path, shared)
    changed = [PARROT[0], PARROT[1].replace("simple cyst", "simple lump"), PARROT[2]]
    cases, problems = build_cases(load_pairs(tiny), _fake_shared(tmp_path / "x", changed))
    assert len(cases) == 3 and len(problems) == 1
    assert problems[0].startswith("parrot1:1:") and "no longer matches its hash" in problems[0]
    rows = [ln.split("\t") for ln in tiny.read_text("utf-8").splitlines()[2:]]
    rows[0][2] = rows[0][7] = "99"  # a report the corpus does not have
    cases, problems = build_cases(load_pairs(_write(tmp_path / "bad.tsv", rows)), shared)
    assert len(cases) == 3 and problems == [f"{rows[0][0]}: parrot1: no report 99"]


def test_files_without_the_modality_and_region_columns_still_load() -> None:
    pairs = load_pairs(pairs_file())
    assert len(pairs) >= 300 and {(p.modality, p.region) for p in pairs} == {("", "")}


def test_found_means_an_extracted_mention_overlaps_the_span(tmp_path: Path) -> None:
    shared = _fake_shared(tmp_path)
    rows = [
        _row(
            shared,
            "parrot1",
            "0",
            ("effusion", 1),
            "0",
            ("Findings", 1),
            "different",
            "XR",
            "chest",
        )
    ]
    (case,), problems = build_cases(load_pairs(_write(tmp_path / "f.tsv", rows)), shared)
    assert problems == [] and case.found == (True, False) and not case.both_found


def test_accuracy_per_modality_and_region_on_a_hand_made_file(tmp_path: Path) -> None:
    shared = _fake_shared(tmp_path)
    cases, problems = build_cases(load_pairs(_tiny(tmp_path, shared)), shared)
    assert problems == []
    outcomes = run_linker(get_linker("exact"), cases)
    # exact matching: cyst/cyst linked (wrong), nodule/nodule linked (right),
    # edema/gliosis apart (right), lesion/lesion linked (right)
    assert [o.predicted for o in outcomes] == [True, True, False, True]
    by_mod = {g.group: g for g in group_counts(outcomes, "modality", ALL)}
    assert sorted(by_mod) == ["CT", "MR"]
    assert (by_mod["CT"].all.total, by_mod["CT"].all.accuracy) == (2, 0.5)
    assert (by_mod["MR"].all.total, by_mod["MR"].all.accuracy) == (2, 1.0)
    by_region = {g.group: g.all.accuracy for g in group_counts(outcomes, "region", ALL)}
    assert by_region == {"abdomen": 0.0, "chest": 1.0, "head": 1.0}
    for g in by_mod.values():  # the found column counts exactly the both-found pairs
        assert g.found.total == sum(
            o.case.both_found for o in outcomes if o.case.pair.modality == g.group
        )
    result = ChallengeResult("exact", {ALL: counts(outcomes)}, outcomes)
    assert has_groups([result])
    table = format_groups([result], "modality").splitlines()
    ct = next(ln.split() for ln in table if ln.startswith("CT "))
    assert ct[:3] == ["CT", ALL, "2"] and ct[4].startswith("0.500/")


def test_eval_cli_prints_pairs_per_modality_and_region(tmp_path: Path) -> None:
    shared = _fake_shared(tmp_path)
    tiny = _tiny(tmp_path, shared)
    run = subprocess.run(
        [
            *(sys.executable, "-m", "radtrack_gui", "eval", "--challenge-file", str(tiny)),
            *("--shared", str(shared), "--linker", "exact", "--linker", "knowledge"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert run.returncode == 0, run.stderr
    out = run.stdout
    exact = next(ln.split() for ln in out.splitlines() if ln.startswith("exact "))
    assert exact[:4] == ["exact", "all", "4", "0.750"]
    mods = out.split("by modality", 1)[1].split("by region", 1)[0].splitlines()
    ct = next(ln.split() for ln in mods if ln.startswith("CT "))
    assert ct[:3] == ["CT", "all", "2"] and ct[4].startswith("0.500/") and len(ct) == 6
    regions = out.split("by region", 1)[1].splitlines()
    assert {ln.split()[0] for ln in regions[2:] if ln.strip()} == {"abdomen", "chest", "head"}


def test_the_whole_body_set_matches_the_corpora_and_covers_the_body() -> None:
    shared = shared_path("corpora", "parrot_v1_en", "PARROT_v1_0_translations.txt").parents[2]
    shared_path("corpora", "dragon_samples", "english")
    pairs = load_pairs(pairs_file("pairs_wholebody.tsv"))
    assert len(pairs) >= 420 and len({p.id for p in pairs}) == len(pairs)
    for p in pairs:
        assert p.corpus in TEXT_CORPORA and p.modality and p.region
        for s in (p.a, p.b):
            text = corpus_text(shared, p.corpus, s.row)
            assert span_hash(text[s.start : s.end]) == s.sha, p.id
    exams: dict[tuple[str, str], set[tuple[str, str]]] = {}
    for p in pairs:
        for row in {p.a.row, p.b.row}:
            exams.setdefault((p.corpus, row), set()).add((p.modality, p.region))
    assert all(len(v) == 1 for v in exams.values())  # one modality and region per report
    beyond = sum(
        p.modality in {"CT", "MR", "US", "NM", "PET", "MG"} and p.region != "chest" for p in pairs
    )
    assert beyond >= 0.4 * len(pairs)
    same = sum(p.same for p in pairs)
    assert 0.4 * len(pairs) <= same <= 0.6 * len(pairs)
    cats = Counter(p.category for p in pairs)
    for cat in (
        "other-site",
        "other-side",
        "other-level",
        "restate",
        "negative-restate",
        "sign-diagnosis",
        "synonym",
        "lesion-tracking",
        "device-episode",
        "word-sense",
        "reason-for-exam",
    ):
        assert cats[cat] >= 10, cat
    assert Counter(p.split for p in pairs)["dev"] >= 200
