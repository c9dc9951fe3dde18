"""The peers of benchmarks/bench_extract.py are built over the rules' own concept terms."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import peers

from radtrack_gui.nlp.vocabulary import vocabulary

TEXT = "No pleural effusion. Endotracheal tube in place."


def test_concept_terms_are_the_vocabulary_terms_with_their_type() -> None:
    v = vocabulary()
    terms = peers.concept_terms()
    assert set(terms) == set(v.concept_terms)
    assert set(terms.values()) == {"FINDING", "DEVICE"}
    assert terms["pleural effusion"] == "FINDING"
    assert terms["endotracheal tube"] == "DEVICE"


@pytest.mark.parametrize("peer", peers.PEERS)
def test_peer_finds_the_terms(peer: str) -> None:
    if importlib.util.find_spec(peer) is None:
        pytest.skip(f"{peer} is not installed (a benchmark peer, no project dependency)")
    run = peers.SETUP[peer]()
    assert run(TEXT) == 2
