"""The whole-body mention sample (PARROT v1.0 + DRAGON, labelled blind): frozen file, loader
checks, the report handed to the extractor, and the per-modality/region scoring."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from conftest import ROOT, shared_path

from radtrack_gui.core.errors import InputError
from radtrack_gui.evaluation.challenge import split_of
from radtrack_gui.evaluation.mentions import Span
from radtrack_gui.evaluation.wholebody_mentions import (
    FIELDS,
    Labelled,
    Sample,
    SampleReport,
    exam_report,
    extract_sample,
    group_rows,
    load_wholebody,
    missed_heads,
)

SAMPLE = ROOT / "radtrack_gui" / "resources" / "silver" / "mentions_wholebody.jsonl"
# Frozen when the labels were committed (before any extractor was run on these reports):
# the held-out half is scored as labelled then, never edited to suit a result.
SAMPLE_SHA256 = "59c539cc0b0d3c8e804510b32963d62cb16371fc263b564f64f94a80ce4b4968"
NON_CHEST_MODALITIES = {"CT", "MR", "US", "NM", "MG"}


def _shared() -> Path:
    return shared_path("corpora", "parrot_v1_en", "PARROT_v1_0_translations.txt").parents[2]


def _lines() -> list[dict[str, object]]:
    return [json.loads(x) for x in SAMPLE.read_text(encoding="utf-8").splitlines() if x.strip()]


def test_the_labelled_file_is_the_frozen_one() -> None:
    assert hashlib.sha256(SAMPLE.read_bytes()).hexdigest() == SAMPLE_SHA256


def test_the_file_holds_offsets_and_digests_only() -> None:
    header, *spans = _lines()
    assert set(header) == {"format", "about"}
    for d in spans:
        assert tuple(d) == FIELDS
        assert len(str(d["sha1"])) == 10


def test_sample_loads_against_the_corpora_in_place() -> None:
    sample = load_wholebody(SAMPLE, _shared())
    reps = sample.reports.values()
    assert len(sample.spans) >= 400
    assert sum(r.corpus == "parrot1" for r in reps) >= 44
    assert 2 <= sum(r.corpus == "dragon" for r in reps) <= 4
    non_chest = [r for r in reps if r.modality in NON_CHEST_MODALITIES and r.region != "chest"]
    assert len(non_chest) >= 0.4 * len(sample.reports)
    assert {s.type for s in sample.spans} == {"finding", "device"}
    assert {s.assertion for s in sample.spans} == {"present", "absent", "possible"}
    halves = [sum(r.split == h for r in reps) for h in ("dev", "heldout")]
    assert min(halves) >= 0.4 * len(sample.reports)


@pytest.mark.parametrize("corpus", ["parrot1", "dragon"])
def test_a_span_of_either_corpus_loads_alone_and_a_shifted_one_is_refused(
    corpus: str, tmp_path: Path
) -> None:
    d = next(x for x in _lines()[1:] if x["corpus"] == corpus)
    one = tmp_path / "one.jsonl"
    one.write_text(json.dumps(d) + "\n", encoding="utf-8")
    sample = load_wholebody(one, _shared())
    (span,) = sample.spans
    assert span.doc == f"{corpus}:{d['report']}" and (span.start, span.end) == (
        d["start"],
        d["end"],
    )
    moved = dict(d, start=int(str(d["start"])) + 1, end=int(str(d["end"])) + 1)
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"format": "x"}) + "\n" + json.dumps(moved) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"bad.jsonl:2: span .* does not match"):
        load_wholebody(bad, _shared())


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"sha1": "0000000000"}, r"bad.jsonl:1: span"),
        ({"report": "999999"}, r"bad.jsonl:1: parrot1: no report 999999"),
        ({"corpus": "mimic"}, r"bad.jsonl:1: unknown corpus"),
        ({"type": "anatomy"}, r"bad.jsonl:1: type 'anatomy'"),
        ({"assertion": "negated"}, r"bad.jsonl:1: assertion 'negated'"),
        ({"start": "x"}, r"bad.jsonl:1: offsets are not integers"),
    ],
)
def test_a_wrong_line_is_an_error_naming_it(
    change: dict[str, str], message: str, tmp_path: Path
) -> None:
    d = next(x for x in _lines()[1:] if x["corpus"] == "parrot1")
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(dict(d, **change)) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=message):
        load_wholebody(bad, _shared())


def test_one_report_has_one_modality_and_region(tmp_path: Path) -> None:
    first, second = (x for x in _lines()[1:3])
    assert first["report"] == second["report"]
    bad = tmp_path / "bad.jsonl"
    rows = [first, dict(second, modality="XR")]
    bad.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    with pytest.raises(InputError, match=r"bad.jsonl:2: report parrot1:\S+ is MG"):
        load_wholebody(bad, _shared())
    missing = tmp_path / "missing.jsonl"
    missing.write_text(json.dumps({k: first[k] for k in FIELDS[:-1]}) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"missing.jsonl:1: .*missing sha1"):
        load_wholebody(missing, _shared())


# -- the report the extractor is given -------------------------------------------------------
TEXT = "Findings: Small left pleural effusion. No pneumothorax.\nImpression: effusion."


def test_the_extractor_sees_date_and_exam_lines_and_offsets_come_back() -> None:
    from radtrack_gui.nlp.extractors.rules import RuleExtractor

    rep = SampleReport("t", "r1", "CT", "chest", TEXT)
    report, shift = exam_report(rep)
    assert report.text[shift:] == TEXT
    assert report.date is not None and report.date.year == 2024
    assert report.modality == "CT" and report.region == "chest"
    sample = Sample({rep.doc: rep}, [])
    found = extract_sample(sample, RuleExtractor().extract)
    texts = {TEXT[s.start : s.end] for s in found}
    assert "pneumothorax" in texts and any("effusion" in t for t in texts)
    assert all(s.doc == "t:r1" and 0 <= s.start < s.end <= len(TEXT) for s in found)


def test_mentions_found_in_the_header_are_dropped() -> None:
    class Found:
        def __init__(self, start: int, end: int) -> None:
            self.start, self.end, self.type = start, end, "finding"

    rep = SampleReport("t", "r1", "CT", "chest", TEXT)
    _, shift = exam_report(rep)
    sample = Sample({rep.doc: rep}, [])
    spans = extract_sample(sample, lambda r: [Found(0, 4), Found(shift + 1, shift + 6)])
    assert spans == [Span("t:r1", ((1, 6),), "finding")]


# -- scoring per modality and region on a tiny hand-made sample -------------------------------
def _docs_in(split: str, n: int) -> list[str]:
    out = [f"t:{i}" for i in range(200) if split_of(f"t:{i}") == split]
    return out[:n]


def test_scores_per_modality_and_region_count_each_report_in_its_own_rows() -> None:
    ct, mr, us = _docs_in("dev", 3)
    (held,) = _docs_in("heldout", 1)
    reports = {
        d: SampleReport("t", d[2:], mod, reg, "x" * 100)
        for d, mod, reg in ((ct, "CT", "abdomen"), (mr, "MR", "head"), (us, "US", "abdomen"))
    }
    reports[held] = SampleReport("t", held[2:], "CT", "abdomen", "x" * 100)
    key = [
        Span(ct, ((0, 10),), "finding"),
        Span(ct, ((20, 30),), "device"),
        Span(mr, ((0, 10),), "finding"),
        Span(mr, ((40, 50),), "finding"),
        Span(us, ((0, 5),), "finding"),
        Span(held, ((0, 10),), "finding"),
    ]
    resp = [
        Span(ct, ((0, 10),), "finding"),  # exact
        Span(ct, ((25, 35),), "device"),  # partial only
        Span(mr, ((60, 70),), "finding"),  # false positive; both MR spans missed
        Span(us, ((0, 5),), "finding"),  # exact
        Span(held, ((0, 10),), "finding"),  # exact, but in the other half
    ]
    rows = {(r.split, r.by, r.group): r for r in group_rows(reports, key, resp)}
    ct_row = rows[("dev", "modality", "CT")]
    assert (ct_row.reports, ct_row.key, ct_row.response) == (1, 2, 2)
    assert ct_row.exact == (0.5, 0.5, 0.5) and ct_row.partial == (1.0, 1.0, 1.0)
    mr_row = rows[("dev", "modality", "MR")]
    assert mr_row.partial == (0.0, 0.0, 0.0)
    abdomen = rows[("dev", "region", "abdomen")]  # the CT and the US report
    assert (abdomen.reports, abdomen.key) == (2, 3)
    assert abdomen.exact[1] == pytest.approx(2 / 3) and abdomen.partial[1] == 1.0
    dev_all = rows[("dev", "all", "all")]
    assert dev_all.key == 5 and dev_all.partial[1] == pytest.approx(3 / 5)
    assert rows[("dev", "type", "device")].key == 1
    assert rows[("heldout", "all", "all")].exact == (1.0, 1.0, 1.0)
    assert ("heldout", "modality", "MR") not in rows


def test_missed_heads_count_one_half_only_and_skip_found_spans() -> None:
    dev, held = _docs_in("dev", 1)[0], _docs_in("heldout", 1)[0]
    text = "bone spur. No effusion. Normal. bone spur."
    reports = {d: SampleReport("t", d[2:], "XR", "foot", text) for d in (dev, held)}
    spans = [
        Labelled(dev, 0, 9, "finding", "present"),  # "bone spur", found below
        Labelled(dev, 14, 22, "finding", "absent"),  # "effusion", missed
        Labelled(dev, 24, 30, "finding", "present"),  # "Normal", missed
        Labelled(dev, 32, 41, "device", "present"),  # second "bone spur", missed
        Labelled(held, 14, 22, "finding", "absent"),  # held-out: never listed
    ]
    sample = Sample(reports, spans)
    rows = missed_heads(sample, [Span(dev, ((5, 8),), "finding")], "dev")
    assert rows == [
        ("finding", "effusion", 1, "XR"),
        ("normal statement", "normal", 1, "XR"),
        ("device", "spur", 1, "XR"),
    ]
    with pytest.raises(InputError, match="unknown split"):
        missed_heads(sample, [], "test")


# -- the command line ----------------------------------------------------------------------
def test_radtrack_eval_prints_the_sample_per_half_modality_and_region(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from radtrack_gui.cli import main

    shared = _shared()
    rc = main(["eval", "--mentions-sample", "wholebody", "--shared", str(shared)])
    out = capsys.readouterr().out
    assert rc == 0
    assert "extractor rules: whole-body mention sample" in out
    for split in ("dev", "heldout"):
        row = next(x for x in out.splitlines() if x.startswith(f"{split:8} all "))
        key = int(row.split()[3])
        assert 200 <= key <= 320  # each half holds about half of the 517 spans
    dev2 = next(x for x in out.splitlines() if x.startswith("dev2     all "))
    assert int(dev2.split()[3]) >= 150  # the second dev sample is scored too
    assert any(x.split()[1:3] == ["mod", "MR"] for x in out.splitlines())
    assert any(x.split()[1:3] == ["reg", "spine"] for x in out.splitlines())
    assert "assertion agreement" in out


def test_radtrack_eval_without_corpora_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from radtrack_gui.cli import main

    rc = main(["eval", "--mentions-sample", "wholebody", "--shared", str(tmp_path)])
    assert rc == 2
    assert "no corpora/ folder for the mention sample" in capsys.readouterr().err


def test_assertion_agreement_compares_the_most_overlapping_found_span() -> None:
    from radtrack_gui.evaluation.wholebody_mentions import assertion_agreement

    (dev,) = _docs_in("dev", 1)
    rep = SampleReport("t", dev[2:], "CT", "chest", "x" * 60)
    spans = [
        Labelled(dev, 0, 10, "finding", "absent"),
        Labelled(dev, 20, 30, "finding", "present"),
        Labelled(dev, 40, 50, "finding", "present"),  # nothing found here: not compared
    ]
    small, big, other = (
        Span(dev, ((8, 12),), "finding"),
        Span(dev, ((2, 9),), "finding"),
        Span(dev, ((20, 30),), "finding"),
    )
    said = {small: "present", big: "absent", other: "absent"}
    sample = Sample({dev: rep}, spans)
    assert assertion_agreement(sample, [small, big, other], said, "dev") == (1, 2)
    assert assertion_agreement(sample, [small, other], said, "dev") == (0, 2)
    assert assertion_agreement(sample, [small, big, other], said, "heldout") == (0, 0)


def test_the_parrot_reports_are_the_written_seeded_draw() -> None:
    import importlib.util

    from radtrack_gui.evaluation.corpora import parrot_v1_reports

    spec = importlib.util.spec_from_file_location(
        "select_wholebody_sample", ROOT / "scripts" / "select_wholebody_sample.py"
    )
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    drawn = {str(k) for _, _, keys in script.draw(parrot_v1_reports(_shared())) for k in keys}
    labelled = {str(d["report"]) for d in _lines()[1:] if d["corpus"] == "parrot1"}
    assert drawn == labelled and len(drawn) == 44
