"""``radtrack score`` (FORMATS §5) on CoNLL files, brat folders and RadTrack JSON, and the
mention detection scores it reports."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import shared_path

from radtrack_gui.cli import main
from radtrack_gui.core.model import DEVICE, Mention, Patient, Report
from radtrack_gui.evaluation.mentions import (
    Span,
    match_exact,
    match_partial,
    mention_scores,
    patient_clusters,
    score_patient_mentions,
)
from radtrack_gui.formats.brat import write_brat
from radtrack_gui.formats.json_io import write_json

R1 = "Small left pleural effusion.\nNo pneumothorax."
R2 = "Effusion is unchanged. PICC in place."


def _patient(
    pid: str,
    chains: list[list[str]],
    drop: tuple[str, ...] = (),
    shift: dict[str, tuple[int, int]] | None = None,
) -> Patient:
    p = Patient(id=pid, reports=[Report(id="r1.txt", text=R1), Report(id="r2.txt", text=R2)])
    spans = {
        "m1": ("r1.txt", 6, 27, "finding"),
        "m2": ("r1.txt", 32, 44, "finding"),
        "m3": ("r2.txt", 0, 8, "finding"),
        "m4": ("r2.txt", 23, 27, DEVICE),
    }
    for mid, (rid, a, b, t) in spans.items():
        if mid in drop:
            continue
        a, b = (shift or {}).get(mid, (a, b))
        text = (R1 if rid == "r1.txt" else R2)[a:b]
        p.mentions[mid] = Mention(mid, rid, a, b, text, type=t)
    p.set_chains([[m for m in c if m in p.mentions] for c in chains])
    return p


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    rc = main(["score", *argv])
    out, err = capsys.readouterr()
    return rc, out, err


# -- mention detection -----------------------------------------------------------------------
def test_exact_and_partial_matching_is_one_to_one() -> None:
    key = [Span("r", ((0, 10),), "finding"), Span("r", ((12, 20),), "finding")]
    resp = [
        Span("r", ((0, 10),), "finding"),
        Span("r", ((0, 5),), "finding"),
        Span("r", ((15, 30),), DEVICE),
    ]
    assert match_exact(key, resp) == [(0, 0)]
    # Partial: key 0 can take resp 0 or 1 (one of them), key 1 takes resp 2.
    pairs = sorted(match_partial(key, resp))
    assert pairs == [(0, 0), (1, 2)]
    s = mention_scores(key, resp)
    assert (s.exact.matched, s.exact.key, s.exact.response) == (1, 2, 3)
    assert (s.partial.recall, s.partial.precision) == pytest.approx((1.0, 2 / 3))
    # Per type both sides are restricted first: the device span matches nothing.
    fe, fp = s.per_type["finding"]
    assert (fe.matched, fp.matched, fp.key, fp.response) == (1, 1, 2, 2)
    assert s.per_type[DEVICE][1].matched == 0


def test_partial_matching_maximises_pairs_then_overlap() -> None:
    # Greedy by overlap would give key 0 -> resp 0 (overlap 8) and leave key 1 unmatched.
    key = [Span("r", ((0, 10),)), Span("r", ((8, 12),))]
    resp = [Span("r", ((2, 10),)), Span("r", ((0, 1),))]
    assert sorted(match_partial(key, resp)) == [(0, 1), (1, 0)]
    # Different documents never overlap; discontinuous pieces count piece by piece.
    assert match_partial([Span("a", ((0, 5),))], [Span("b", ((0, 5),))]) == []
    assert match_partial([Span("a", ((0, 2), (8, 9)))], [Span("a", ((3, 7),))]) == []


def test_patient_mentions_and_clusters() -> None:
    key = _patient("p", [["m1", "m3"]])
    resp = _patient("p", [["m1", "m2"]], drop=("m4",), shift={"m3": (0, 4)})
    s = score_patient_mentions(key, resp)
    assert (s.exact.matched, s.partial.matched) == (2, 3)
    assert patient_clusters(key, DEVICE) == [[("r2.txt", 23, 27)]]
    assert sorted(map(len, patient_clusters(key))) == [1, 1, 2]


# -- the command ---------------------------------------------------------------------------
def test_conll_reference_case_through_cli(capsys: pytest.CaptureFixture[str]) -> None:
    key = shared_path("coref-reference-cases", "DataFiles", "TC-A.key")
    resp = shared_path("coref-reference-cases", "DataFiles", "TC-A-4.response")
    rc, out, _ = _run(capsys, "--key", str(key), "--response", str(resp), "--json")
    assert rc == 0
    d = json.loads(out)
    assert set(d) >= {"muc", "bcub", "ceafm", "ceafe", "blanc", "lea", "conll_f1", "mentions"}
    assert d["muc"] == pytest.approx({"recall": 1 / 3, "precision": 1 / 3, "f1": 1 / 3})
    assert d["bcub"]["precision"] == pytest.approx(17 / 42)
    assert d["conll_f1"] == pytest.approx(0.476741, abs=1e-5)
    assert set(d["mentions"]) >= {"exact", "partial"}
    # 6 key mentions, 7 response mentions, 4 exact (a, bc, c, d1d2 vs d1) ...
    assert d["mentions"]["exact"]["recall"] == pytest.approx(4 / 6)
    assert d["mentions"]["exact"]["precision"] == pytest.approx(4 / 7)
    for name in ("muc", "bcub", "ceafm", "ceafe", "blanc", "lea"):
        assert all(0.0 <= v <= 1.0 for v in d[name].values())


def test_brat_folders_per_patient_and_pooled(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_brat(_patient("p1", [["m1", "m3"]]), tmp_path / "key" / "p1")
    write_brat(_patient("p2", [["m1", "m3"]]), tmp_path / "key" / "p2")
    write_brat(_patient("p1", [["m1", "m3"]]), tmp_path / "resp" / "p1")
    write_brat(_patient("p2", [["m1", "m2", "m3"]]), tmp_path / "resp" / "p2")
    rc, out, _ = _run(
        capsys,
        "--key",
        str(tmp_path / "key"),
        "--response",
        str(tmp_path / "resp"),
        "--json",
        "--per-patient",
    )
    assert rc == 0
    d = json.loads(out)
    assert d["documents"] == 2
    assert d["patients"]["p1"]["conll_f1"] == pytest.approx(1.0)
    # p2: key links 1, response links 2, correct 1; pooled MUC = (1+1)/(1+1), (1+1)/(1+2).
    assert d["patients"]["p2"]["muc"]["precision"] == pytest.approx(0.5)
    assert d["muc"]["recall"] == pytest.approx(1.0)
    assert d["muc"]["precision"] == pytest.approx(2 / 3)
    assert d["mentions"]["exact"]["f1"] == pytest.approx(1.0)
    assert d["per_type"]["device"]["bcub"]["f1"] == pytest.approx(1.0)
    assert d["mentions"]["per_type"]["finding"]["exact"]["recall"] == pytest.approx(1.0)
    # The readable table.
    rc, out, _ = _run(
        capsys,
        "--key",
        str(tmp_path / "key"),
        "--response",
        str(tmp_path / "resp"),
        "--per-patient",
    )
    assert rc == 0
    assert "CoNLL F1" in out and "mentions partial" in out
    assert any(line.startswith("p2 ") for line in out.splitlines())


def test_json_response_against_brat_key(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_brat(_patient("p1", [["m1", "m3"]]), tmp_path / "key")
    write_json(_patient("p1", [["m1", "m2"]], drop=("m4",)), tmp_path / "resp.json")
    rc, out, err = _run(
        capsys, "--key", str(tmp_path / "key"), "--response", str(tmp_path / "resp.json"), "--json"
    )
    assert rc == 0, err
    d = json.loads(out)
    assert d["mentions"]["exact"]["recall"] == pytest.approx(3 / 4)
    assert d["mentions"]["exact"]["precision"] == pytest.approx(1.0)
    assert d["muc"]["f1"] == 0.0
    assert "patients" not in d


def test_bad_input_exits_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rc, out, err = _run(
        capsys,
        "--key",
        str(tmp_path / "missing.conll"),
        "--response",
        str(tmp_path / "missing.conll"),
    )
    assert rc == 2 and out == ""
    assert "no such file" in err and err.count("\n") == 1
    bad = tmp_path / "bad.conll"
    bad.write_text("#begin document (d);\nx (1\ny 2)\n#end document\n", encoding="utf-8")
    rc, _, err = _run(capsys, "--key", str(bad), "--response", str(bad))
    assert rc == 2
    assert f"{bad}:3:" in err and err.count("\n") == 1
    # CoNLL against patients cannot be scored.
    write_brat(_patient("p1", []), tmp_path / "brat")
    good = tmp_path / "good.conll"
    good.write_text("#begin document (d);\nx (1)\n#end document\n", encoding="utf-8")
    rc, _, err = _run(capsys, "--key", str(good), "--response", str(tmp_path / "brat"))
    assert rc == 2 and "both" in err
    rc, _, err = _run(
        capsys,
        "--key",
        str(tmp_path / "brat"),
        "--response",
        str(tmp_path / "brat"),
        "--format",
        "json",
    )
    assert rc == 2 and "no JSON files" in err
