"""A small patient of four chest reports with two chains (an effusion and an ET tube), for
the edit commands' tests and the tests of what stores and exports make of edits."""

from __future__ import annotations

from dataclasses import asdict
from datetime import datetime

from radtrack_gui.core.model import Mention, Patient, Report, Section

TEXTS = {
    "r1.txt": "FINDINGS: Small left pleural effusion. ET tube in place.",
    "r2.txt": "FINDINGS: Left effusion increased. ET tube unchanged. No pneumothorax.",
    "r3.txt": "FINDINGS: Effusion stable. The tube has been removed.",
    "r4.txt": "IMPRESSION: Left pleural effusion resolved.",
}


def _at(rid: str, word: str, nth: int = 0) -> tuple[int, int]:
    text = TEXTS[rid]
    start = -1
    for _ in range(nth + 1):
        start = text.index(word, start + 1)
    return start, start + len(word)


def make_patient() -> Patient:
    reports = [
        Report(
            id=rid,
            text=t,
            date=datetime(2150, 3, 4 + 3 * i),
            date_known=True,
            modality="XR",
            sections=[Section("FINDINGS", 0, len(t))],
        )
        for i, (rid, t) in enumerate(TEXTS.items())
    ]
    p = Patient(id="p1", reports=reports)
    specs = [  # id, report, word, type, extra
        ("m1", "r1.txt", "pleural effusion", "finding", {"laterality": "left"}),
        ("m2", "r1.txt", "ET tube", "device", {}),
        ("m3", "r2.txt", "effusion", "finding", {"change": "increased"}),
        ("m4", "r2.txt", "ET tube", "device", {"change": "stable"}),
        ("m5", "r2.txt", "pneumothorax", "finding", {"assertion": "absent"}),
        ("m6", "r3.txt", "Effusion", "finding", {"change": "stable"}),
        ("m7", "r3.txt", "tube", "device", {"change": "removed"}),
        ("m8", "r4.txt", "pleural effusion", "finding", {"change": "resolved"}),
    ]
    for mid, rid, word, type_, extra in specs:
        s, e = _at(rid, word)
        p.mentions[mid] = Mention(
            mid,
            rid,
            s,
            e,
            TEXTS[rid][s:e],
            type=type_,
            concept="pleural effusion" if "ffusion" in word else None,
            anatomy=["pleura"] if "ffusion" in word else [],
            fragments=[],
            **extra,
        )
    p.set_chains(
        [["m1", "m3", "m6", "m8"], ["m2", "m4", "m7"]],
        source="model:test",
        why={"m3": "same concept (0.9)"},
    )
    return p


def state(p: Patient) -> tuple:
    """Everything, including dict and list order."""
    return (
        [(k, asdict(c)) for k, c in p.chains.items()],
        [(k, asdict(m)) for k, m in p.mentions.items()],
    )
