"""benchmarks/link_fingerprint.py: the chains' hash is stable and sees any regrouping."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import link_fingerprint

from radtrack_gui.core.model import Patient, Report


def _patient() -> Patient:
    texts = [
        "Small left pleural effusion. Right IJ line in place. Mild cardiomegaly.",
        "Left pleural effusion has increased. Right IJ line unchanged. No pneumothorax.",
        "Resolved left pleural effusion. The right IJ line has been removed.",
    ]
    from datetime import datetime, timedelta

    reports = [
        Report(id=f"r{i}", text=t, date=datetime(2150, 1, 1) + timedelta(days=7 * i))
        for i, t in enumerate(texts)
    ]
    return link_fingerprint.extracted(Patient(id="p", reports=reports))


def test_a_small_patient_is_fingerprinted_stably() -> None:
    groups = {"small": {"p": _patient()}}
    first = link_fingerprint.fingerprint(groups)
    again = link_fingerprint.fingerprint({"small": {"p": _patient()}})
    assert first["chains"]["small"] > 0  # type: ignore[index]
    assert first["total"] == again["total"]
    assert first["groups"] == again["groups"]


def test_the_hash_ignores_order_but_sees_regrouping() -> None:
    chains = [["m1", "m3"], ["m2"], ["m4"]]
    h = link_fingerprint.chains_hash(chains)
    assert link_fingerprint.chains_hash([["m4"], ["m2"], ["m3", "m1"]]) == h
    assert link_fingerprint.chains_hash([["m1"], ["m3"], ["m2"], ["m4"]]) != h  # split
    assert link_fingerprint.chains_hash([["m1", "m3", "m2"], ["m4"]]) != h  # joined
    assert link_fingerprint.chains_hash([["m1", "m2"], ["m3"], ["m4"]]) != h  # moved


def test_parrot_slices_are_consecutive() -> None:
    assert link_fingerprint.parse_parrot("300,100") == [(0, 300), (300, 100)]
    assert link_fingerprint.parse_parrot("5") == [(0, 5)]
