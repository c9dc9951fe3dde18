"""The hand-labelled mention sample: offsets and digests only, text read in place."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import ROOT, shared_path

from radtrack_gui.core.errors import InputError
from radtrack_gui.evaluation.silver_mentions import load_sample

SAMPLE = ROOT / "radtrack_gui" / "resources" / "silver" / "mentions_sample.jsonl"


def test_sample_holds_no_corpus_text() -> None:
    for line in SAMPLE.read_text(encoding="utf-8").splitlines():
        d = json.loads(line)
        assert set(d) == {"corpus", "report", "start", "end", "type", "sha1"}


def test_sample_loads_against_the_corpora_in_place() -> None:
    root = shared_path("corpora").parent
    texts, labelled = load_sample(SAMPLE, root)
    assert len(texts) >= 30 and len(labelled) >= 300
    assert {x.corpus for x in labelled} == {"iu", "parrot"}
    assert {x.type for x in labelled} == {"finding", "device"}


def test_a_span_that_does_not_match_is_an_error(tmp_path: Path) -> None:
    root = shared_path("corpora").parent
    first = json.loads(SAMPLE.read_text(encoding="utf-8").splitlines()[0])
    first["end"] += 1
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(first) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"bad.jsonl:1: span"):
        load_sample(bad, root)
