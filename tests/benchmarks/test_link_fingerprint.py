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


def test_the_reasons_are_fingerprinted_stably_and_beside_the_chains() -> None:
    first = link_fingerprint.fingerprint({"small": {"p": _patient()}})
    again = link_fingerprint.fingerprint({"small": {"p": _patient()}})
    assert first["why"] == again["why"] and first["why_total"] == again["why_total"]
    assert first["why"]["small"]["p"] != first["groups"]["small"]["p"]  # type: ignore[index]


def test_the_reason_hash_ignores_order_but_sees_a_changed_or_moved_reason() -> None:
    why = {"m2": "same place (0.91)", "m3": "restated in the impression (0.80)"}
    h = link_fingerprint.why_hash(why)
    assert link_fingerprint.why_hash(dict(reversed(list(why.items())))) == h
    assert link_fingerprint.why_hash({**why, "m2": "same concept (0.91)"}) != h  # reworded
    assert link_fingerprint.why_hash({**why, "m2": "same place (0.90)"}) != h  # other score
    moved = {"m2": why["m3"], "m3": why["m2"]}  # the same reasons given to other links
    assert link_fingerprint.why_hash(moved) != h


def test_compare_fails_on_changed_reasons_unless_chains_only(tmp_path, capsys, monkeypatch):  # type: ignore[no-untyped-def]
    """--compare: same chains but one reason changed -> exit 1 ("reasons DIFFERENT");
    --chains-only -> exit 0; a baseline without reasons is compared on chains only."""
    fp = link_fingerprint.fingerprint({"small": {"p": _patient()}})
    monkeypatch.setattr(link_fingerprint, "patients", lambda *a, **k: {"small": {"p": _patient()}})
    import json

    base = tmp_path / "base.json"
    base.write_text(json.dumps(fp))
    assert link_fingerprint.main(["--compare", str(base)]) == 0
    changed = json.loads(json.dumps(fp))
    changed["why"]["small"]["p"] = "0" * 64
    base.write_text(json.dumps(changed))
    assert link_fingerprint.main(["--compare", str(base)]) == 1
    assert "reasons DIFFERENT" in capsys.readouterr().out
    assert link_fingerprint.main(["--compare", str(base), "--chains-only"]) == 0
    for key in ("why", "why_totals", "why_total"):
        del changed[key]
    base.write_text(json.dumps(changed))
    assert link_fingerprint.main(["--compare", str(base)]) == 0
    assert "reasons not compared" in capsys.readouterr().out


def test_a_level_conflict_names_the_same_pair_under_every_hash_seed() -> None:
    """A reason must not depend on set order (the why fingerprint compares processes): the
    levels of two mentions are read sorted. Before, this pair's reason named any of the
    three parts, one per PYTHONHASHSEED."""
    import os
    import subprocess

    code = (
        "from radtrack_gui.nlp.linkers.levels import level_conflict\n"
        "print(level_conflict(frozenset({'part:anterior cruciate ligament'}),"
        " frozenset({'part:anterior horn', 'part:lateral meniscus', 'part:posterior horn'})))"
    )
    root = Path(__file__).resolve().parents[2]
    seen = {
        subprocess.run(
            [sys.executable, "-c", code],
            env={**os.environ, "PYTHONHASHSEED": str(seed), "PYTHONPATH": str(root)},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in range(1, 5)
    }
    assert seen == {"('anterior cruciate ligament', 'anterior horn')\n"}
