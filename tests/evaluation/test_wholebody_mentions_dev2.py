"""The second whole-body dev sample (mentions_wholebody_dev2.jsonl): frozen, drawn by the
written rule, disjoint from the first sample and the pair set, all of it split dev2, and
scored beside the first sample."""

from __future__ import annotations

import hashlib
import importlib.util
import json
from pathlib import Path

import pytest
from conftest import ROOT, shared_path

from radtrack_gui.core.errors import InputError
from radtrack_gui.evaluation.challenge import split_of
from radtrack_gui.evaluation.wholebody_mentions import (
    DEV2,
    DEV3,
    DEV4,
    Labelled,
    Sample,
    SampleReport,
    load_all,
    load_wholebody,
    missed_heads,
)

SILVER = ROOT / "radtrack_gui" / "resources" / "silver"
DEV2_FILE = SILVER / "mentions_wholebody_dev2.jsonl"
# Frozen when the labels were committed alone (before any extractor was run on these reports).
DEV2_SHA256 = "7818f102fefb946537d2b18ae5de6940500a060e831489b650059a020338665b"


def _shared() -> Path:
    return shared_path("corpora", "parrot_v1_en", "PARROT_v1_0_translations.txt").parents[2]


def _keys(path: Path) -> set[str]:
    rows = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]
    return {str(d["report"]) for d in rows if d.get("corpus") == "parrot1"}


def test_the_second_dev_sample_is_the_frozen_one() -> None:
    assert hashlib.sha256(DEV2_FILE.read_bytes()).hexdigest() == DEV2_SHA256


def test_it_loads_in_place_and_every_report_is_dev2_whatever_its_hash() -> None:
    sample = load_wholebody(DEV2_FILE, _shared(), DEV2)
    assert len(sample.spans) >= 150 and len(sample.reports) >= 20
    assert {r.split for r in sample.reports.values()} == {DEV2}
    # the hash rule alone would have put some of them in the held-out half
    assert any(split_of(d) == "heldout" for d in sample.reports)
    assert {r.modality for r in sample.reports.values()} >= {"CT", "MR", "US", "XA"}


def test_no_report_is_in_the_first_sample_or_the_pair_set() -> None:
    dev2 = _keys(DEV2_FILE)
    assert not dev2 & _keys(SILVER / "mentions_wholebody.jsonl")
    pairs = ROOT / "radtrack_gui" / "resources" / "challenge" / "pairs_wholebody.tsv"
    used = set()
    for line in pairs.read_text(encoding="utf-8").splitlines():
        f = line.split("\t")
        if not line.startswith("#") and len(f) > 7 and f[1] == "parrot1":
            used |= {f[2], f[7]}
    assert used and not dev2 & used


def test_the_reports_are_the_written_seeded_second_draw() -> None:
    from radtrack_gui.evaluation.corpora import parrot_v1_reports

    spec = importlib.util.spec_from_file_location(
        "select_wholebody_sample", ROOT / "scripts" / "select_wholebody_sample.py"
    )
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    reports = parrot_v1_reports(_shared())
    drawn = {str(k) for _, _, keys in script.draw_dev2(reports) for k in keys}
    assert drawn == _keys(DEV2_FILE) and len(drawn) == 26
    first = {str(k) for _, _, keys in script.draw(reports) for k in keys}
    assert first == _keys(SILVER / "mentions_wholebody.jsonl")  # the first draw is unchanged


def test_load_all_joins_the_files_with_their_splits() -> None:
    sample = load_all(_shared())
    assert sample.splits[:3] == ("dev", DEV2, DEV3) and sample.splits[-1] == "heldout"
    assert DEV4 in sample.splits
    dev2 = sample.only([DEV2])
    assert set(dev2.reports) == {f"parrot1:{k}" for k in _keys(DEV2_FILE)}
    assert all(s.doc in dev2.reports for s in dev2.spans) and len(dev2.spans) >= 150


def _tiny(split: str = "") -> Sample:
    rep = SampleReport("t", "1", "US", "neck", "No lymph nodes. Normal thyroid.", split)
    return Sample({rep.doc: rep}, [Labelled(rep.doc, 3, 14, "finding", "absent")])


def test_a_report_in_both_files_is_an_error_naming_the_file() -> None:
    with pytest.raises(InputError, match=r"dev2.jsonl: report t:1 is already"):
        _tiny().merged(_tiny(DEV2), "dev2.jsonl")


def test_only_keeps_the_reports_and_spans_of_the_splits_given() -> None:
    sample = _tiny(DEV2)
    assert sample.only([DEV2]).spans == sample.spans
    assert sample.only(["dev", "heldout"]).spans == []
    assert sample.only(["dev", "heldout"]).reports == {}


def test_missed_heads_lists_dev2_and_refuses_an_unknown_split() -> None:
    sample = _tiny(DEV2)
    assert missed_heads(sample, [], DEV2) == [("finding", "nodes", 1, "US")]
    assert missed_heads(sample, [], "dev") == []
    with pytest.raises(InputError, match="unknown split"):
        missed_heads(sample, [], "dev99")
