"""A small patient for the session tests: two reports, an effusion chain (three mentions)
and a tube chain (one mention), ids m1..m4, chains c1 (effusion) and c2 (tube)."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Mention, Patient, Report

TEXTS = {
    "r1.txt": "FINDINGS: Small left pleural effusion. ET tube in place.",
    "r2.txt": "FINDINGS: Effusion increased. Effusion on the left.",
}


def mention(mid: str, rid: str, word: str, type_: str = "finding", nth: int = 0) -> Mention:
    text = TEXTS[rid]
    start = -1
    for _ in range(nth + 1):
        start = text.index(word, start + 1)
    return Mention(mid, rid, start, start + len(word), word, type=type_)


def make_patient() -> Patient:
    p = Patient(id="p1", reports=[Report(id=r, text=t) for r, t in TEXTS.items()])
    for m in (
        mention("m1", "r1.txt", "pleural effusion"),
        mention("m2", "r1.txt", "ET tube", "device"),
        mention("m3", "r2.txt", "Effusion"),
        mention("m4", "r2.txt", "Effusion", nth=1),
    ):
        p.mentions[m.id] = m
    p.set_chains([["m1", "m3", "m4"], ["m2"]], source="model:test")
    assert p.chains["c1"].mentions == ["m1", "m3", "m4"]
    return p


@pytest.fixture
def patient() -> Patient:
    return make_patient()
