"""The synthetic benchmark: determinism, exact offsets, and the GUIDELINE's properties."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from radtrack_gui.cli import main
from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Patient
from radtrack_gui.evaluation import synth
from radtrack_gui.evaluation.synth import templates as T


@pytest.fixture(scope="module")
def corpus() -> list[Patient]:
    return synth.generate(30, 11)


def _files(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
    }


def test_same_seed_same_bytes_other_seed_differs(tmp_path: Path) -> None:
    synth.synthesize(tmp_path / "a", 6, 5)
    synth.synthesize(tmp_path / "b", 6, 5)
    synth.synthesize(tmp_path / "c", 6, 6)
    a, b, c = (_files(tmp_path / n) for n in "abc")
    assert len(a) > 12 and a == b
    assert a != c
    # nothing but the three corpora: the temporary folders were renamed away
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a", "b", "c"]


def test_brat_offsets_and_header(tmp_path: Path) -> None:
    out = tmp_path / "corpus"
    synth.synthesize(out, 4, 21)
    anns = sorted(out.rglob("*.ann"))
    assert anns
    with_mentions = 0
    chain_line = re.compile(r"A\d+\tChain T\d+ c\d+")
    for ann in anns:
        text = ann.with_suffix(".txt").read_text(encoding="utf-8")
        lines = text.split("\n")
        assert re.fullmatch(r"Date: \d{4}-\d\d-\d\d \d\d:\d\d", lines[0])
        assert lines[1].startswith("Exam: ") and lines[2] == ""
        tids = set()
        for line in ann.read_text(encoding="utf-8").splitlines():
            if line.startswith("T"):
                tid, middle, span_text = line.split("\t")
                label, start, end = middle.split(" ")
                assert label in ("Finding", "Device")
                assert text[int(start) : int(end)] == span_text
                tids.add(tid)
            else:
                assert chain_line.fullmatch(line), line
                assert line.split(" ")[1] in tids
        with_mentions += bool(tids)
    assert with_mentions >= 0.9 * len(anns)


def test_reads_back_as_gold(tmp_path: Path) -> None:
    from radtrack_gui.formats.folder import read_patient_folder

    out = tmp_path / "corpus"
    synth.synthesize(out, 2, 3)
    want = synth.generate_patient(3, 1)
    got = read_patient_folder(out / "patient_001")
    assert got.annotated
    assert [r.text for r in got.reports] == [r.text for r in want.reports]
    assert [r.date for r in got.reports] == [r.date for r in want.reports]
    assert [r.modality for r in got.reports] == [r.modality for r in want.reports]
    assert len(got.mentions) == len(want.mentions)

    def partition(p: Patient) -> set[frozenset]:
        return {
            frozenset((p.mentions[m].report, p.mentions[m].start) for m in c.mentions)
            for c in p.chains.values()
        }

    assert partition(got) == partition(want)


def test_exam_titles_give_their_modality_and_region() -> None:
    from radtrack_gui.nlp.metadata import modality_of, region_of

    for exam in T.EXAMS:
        for title in exam.titles:
            assert modality_of(title) == exam.modality, title
            assert region_of(title) == exam.region, title


def test_patient_invariants(corpus: list[Patient]) -> None:
    for p in corpus:
        assert p.check() == []
        assert 1 <= len(p.reports) <= synth.MAX_REPORTS
        dates = [r.date for r in p.reports]
        assert dates == sorted(dates)


def test_corpus_shape_like_the_real_one() -> None:
    stats = synth.corpus_stats(synth.generate(60, 2))
    assert 7.5 <= stats["reports_per_patient"]["mean"] <= 13
    assert 0.35 <= stats["singleton_share"] <= 0.6
    mix = list(stats["exam_mix"])
    assert mix[0] == "XR chest"
    assert set(mix[1:3]) & {"CT head", "CT abdomen"}
    assert 170 <= stats["tokens_per_report"]["mean"] <= 330
    assert stats["tokens_per_report"]["max"] > 1.5 * stats["tokens_per_report"]["median"]
    assert stats["coreference_gaps_days"]["within_14_days"] > 0.5
    assert stats["coreference_gaps_days"]["max"] > 365
    assert stats["cross_modality_share"] > 0.05
    assert 1.2 <= stats["mention_tokens_mean"] <= 2.0


def test_singletons_about_half_on_30_patients(corpus: list[Patient]) -> None:
    stats = synth.corpus_stats(corpus)
    assert 0.35 <= stats["singleton_share"] <= 0.6


def _ordered(p: Patient, chain_id: str) -> list:
    return p.chain_mentions(chain_id)


def test_removed_device_put_back_is_a_new_chain(corpus: list[Patient]) -> None:
    reinserted = 0
    for p in corpus:
        order = p.report_index()
        for c in p.chains.values():
            ms = _ordered(p, c.id)
            removal = [i for i, m in enumerate(ms) if m.change == "removed"]
            if not removal:
                continue
            last_report = order[ms[removal[0]].report]
            # a removal ends the chain: nothing after the removal's report
            assert all(order[m.report] <= last_report for m in ms)
            first = ms[0]
            later = [
                c2
                for c2 in p.chains.values()
                if c2.id != c.id
                and (m2 := _ordered(p, c2.id)[0]).concept == first.concept
                and m2.laterality == first.laterality
                and m2.anatomy == first.anatomy
                and order[m2.report] > last_report
            ]
            reinserted += bool(later)
    assert reinserted >= 2


def test_recurrence_is_a_new_chain(corpus: list[Patient]) -> None:
    recurred = 0
    for p in corpus:
        order = p.report_index()
        for c in p.chains.values():
            ms = _ordered(p, c.id)
            if ms[-1].change != "resolved" or ms[0].type != "finding":
                continue
            end = order[ms[-1].report]
            recurred += any(
                (m2 := _ordered(p, c2.id)[0]).concept == ms[0].concept
                and m2.anatomy == ms[0].anatomy
                and m2.laterality == ms[0].laterality
                and order[m2.report] > end
                for c2 in p.chains.values()
                if c2.id != c.id
            )
    assert recurred >= 1


def test_left_right_bilateral_never_share_a_chain(corpus: list[Patient]) -> None:
    both_sides_same_word = 0
    for p in corpus:
        for c in p.chains.values():
            sides = {p.mentions[m].laterality for m in c.mentions}
            assert len(sides) == 1, (p.id, c.id, sides)
        by_text: dict[str, set[str | None]] = {}
        for m in p.mentions.values():
            by_text.setdefault(m.text.lower(), set()).add(m.laterality)
        both_sides_same_word += sum({"left", "right"} <= s for s in by_text.values())
    assert both_sides_same_word >= 5


def test_the_hard_cases_are_there(corpus: list[Patient]) -> None:
    same_word_other_chain = paraphrased = cross_modality = within_report = 0
    negated_in_chain = hedged = 0
    for p in corpus:
        chains_of_text: dict[str, set[str]] = {}
        for m in p.mentions.values():
            chains_of_text.setdefault(m.text.lower(), set()).add(m.chain or "")
        same_word_other_chain += sum(len(s) > 1 for s in chains_of_text.values())
        for c in p.chains.values():
            ms = [p.mentions[m] for m in c.mentions]
            paraphrased += len({m.text.lower() for m in ms}) > 1
            cross_modality += len({p.report(m.report).modality for m in ms}) > 1
            within_report += len({m.report for m in ms}) < len(ms)
            negated_in_chain += len(ms) > 1 and any(m.assertion == "absent" for m in ms)
            hedged += any(m.assertion == "possible" for m in ms)
    assert same_word_other_chain > 50
    assert paraphrased > 50
    assert cross_modality > 10
    assert within_report > 50  # findings repeated in the impression
    assert negated_in_chain > 10 and hedged > 10


def test_sections_and_impression_repeats(corpus: list[Patient]) -> None:
    repeats = 0
    for p in corpus:
        for r in p.reports:
            names = [s.name for s in r.sections]
            assert "FINDINGS" in names and "IMPRESSION" in names
            assert "COMPARISON" in names
            for s in r.sections:
                assert r.text[s.start : s.end].startswith(s.name)
            ms = p.mentions_of(r.id)
            found = {m.chain for m in ms if m.section == "FINDINGS"}
            repeats += any(m.chain in found for m in ms if m.section == "IMPRESSION")
    assert repeats > 30


def test_no_overwrite_without_asking(tmp_path: Path) -> None:
    out = tmp_path / "c"
    synth.synthesize(out, 2, 1)
    before = _files(out)
    with pytest.raises(InputError, match="not empty"):
        synth.synthesize(out, 3, 2)
    assert _files(out) == before
    synth.synthesize(out, 3, 2, overwrite=True)
    assert json.loads((out / "STATS.json").read_text())["patients"] == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c"]


def test_cli_prints_and_writes_stats(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    out = tmp_path / "bench"
    assert main(["synth", str(out), "--patients", "3", "--seed", "4"]) == 0
    printed = capsys.readouterr().out
    stats = json.loads((out / "STATS.json").read_text())
    assert stats["patients"] == 3 and stats["seed"] == 4
    for word in (
        "patients",
        "reports",
        "mentions",
        "chains",
        "singletons",
        "modality mix",
        "tokens per report",
    ):
        assert word in printed
    assert f"{stats['reports']}" in printed
    assert Counter(p.name.startswith("patient_") for p in out.iterdir())[True] == 3
    assert main(["synth", str(out), "--patients", "0"]) == 2
