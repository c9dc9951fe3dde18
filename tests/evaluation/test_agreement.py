"""Inter-annotator agreement: pairwise link IAA, span agreement, chain agreement, and the
``radtrack agree`` command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from radtrack_gui.cli import main
from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import DEVICE, Mention, Patient, Report
from radtrack_gui.evaluation.agreement import (
    agreement,
    agreement_table,
    read_pair,
)
from radtrack_gui.formats.brat import write_brat
from radtrack_gui.formats.collection import read_annotated_patients

TEXTS = {
    "r1.txt": "Small left pleural effusion.\nNo pneumothorax.",
    "r2.txt": "Effusion is unchanged. PICC in place.",
    "r3.txt": "PICC tip in the SVC. Effusion resolved.",
}
SPANS = {
    "m1": ("r1.txt", 6, 27, "finding"),
    "m2": ("r1.txt", 32, 44, "finding"),
    "m3": ("r2.txt", 0, 8, "finding"),
    "m4": ("r2.txt", 23, 27, DEVICE),
    "m5": ("r3.txt", 0, 4, DEVICE),
    "m6": ("r3.txt", 21, 29, "finding"),
    "m7": ("r3.txt", 30, 38, "finding"),
}


def _patient(
    chains: list[list[str]],
    mentions: tuple[str, ...] = ("m1", "m2", "m3", "m4", "m5", "m6"),
    spans: dict[str, tuple[int, int]] | None = None,
    pid: str = "p1",
) -> Patient:
    p = Patient(id=pid, reports=[Report(id=r, text=t) for r, t in TEXTS.items()])
    for mid in mentions:
        rid, a, b, kind = SPANS[mid]
        a, b = (spans or {}).get(mid, (a, b))
        p.mentions[mid] = Mention(mid, rid, a, b, TEXTS[rid][a:b], type=kind)
    p.set_chains(chains)
    p.annotated = True
    return p


A_CHAINS = [["m1", "m3", "m6"], ["m4", "m5"]]


def test_identical_annotations_agree_fully() -> None:
    res = agreement({"p1": _patient(A_CHAINS)}, {"p1": _patient(A_CHAINS)})
    for name in ("finding", "device", "overall"):
        c = res.categories[name]
        assert c.links.iaa == pytest.approx(1.0)
        assert c.exact.f1 == pytest.approx(1.0) and c.partial.f1 == pytest.approx(1.0)
    assert res.categories["overall"].chains.conll_f1 == pytest.approx(1.0)


def test_link_iaa_by_hand_per_category_and_micro_overall() -> None:
    # A links m1-m3, m1-m6, m3-m6 and m4-m5; B links m1-m3 and m4-m5.
    b = _patient([["m1", "m3"], ["m4", "m5"]])
    res = agreement({"p1": _patient(A_CHAINS)}, {"p1": b})
    f, d, o = (res.categories[k].links for k in ("finding", "device", "overall"))
    assert (f.both, f.only_a, f.only_b) == (1, 2, 0)
    assert f.iaa == pytest.approx(2 / (2 + 2))
    assert (d.both, d.non_matches, d.iaa) == (1, 0, 1.0)
    assert (o.both, o.non_matches) == (2, 2)  # summed over the categories
    assert o.iaa == pytest.approx(4 / 6)
    # Chains with A as key: finding MUC recall 1/2, precision 1/1.
    muc = res.categories["finding"].chains["muc"]
    assert (muc.recall, muc.precision) == pytest.approx((0.5, 1.0))
    table = agreement_table(res)
    assert "finding" in table and "overall" in table and "66.67" in table


def test_links_to_unmatched_mentions_are_reported_not_counted() -> None:
    b = _patient(
        [["m1", "m3", "m6", "m7"], ["m4", "m5"]],
        mentions=("m1", "m2", "m3", "m4", "m5", "m6", "m7"),
    )
    res = agreement({"p1": _patient(A_CHAINS)}, {"p1": b})
    f = res.categories["finding"].links
    assert (f.both, f.non_matches, f.unmatched_a, f.unmatched_b) == (3, 0, 0, 3)
    assert res.categories["finding"].exact.precision == pytest.approx(4 / 5)


def test_partial_match_pairs_shifted_spans() -> None:
    b = _patient(A_CHAINS, spans={"m1": (11, 27)})  # "pleural effusion"
    exact = agreement({"p1": _patient(A_CHAINS)}, {"p1": b}, match="exact")
    fe = exact.categories["finding"].links
    assert (fe.both, fe.unmatched_a, fe.unmatched_b) == (1, 2, 2)
    partial = agreement({"p1": _patient(A_CHAINS)}, {"p1": b}, match="partial")
    fp = partial.categories["finding"].links
    assert (fp.both, fp.non_matches, fp.unmatched_a) == (3, 0, 0)
    assert partial.categories["finding"].chains.conll_f1 == pytest.approx(1.0)
    assert partial.categories["finding"].exact.f1 == pytest.approx(3 / 4)
    assert partial.categories["finding"].partial.f1 == pytest.approx(1.0)
    with pytest.raises(ValueError):
        agreement({"p1": _patient(A_CHAINS)}, {"p1": b}, match="fuzzy")


def test_reports_must_match() -> None:
    a = _patient(A_CHAINS)
    b = _patient(A_CHAINS)
    b.reports[1].text = b.reports[1].text.replace("unchanged", "smaller")
    with pytest.raises(InputError, match=r"report r2\.txt of patient p1 has different text"):
        agreement({"p1": a}, {"p1": b})
    b = _patient(A_CHAINS)
    b.reports.pop()
    with pytest.raises(InputError, match=r"report r3\.txt of patient p1 is only in A"):
        agreement({"p1": a}, {"p1": b})
    with pytest.raises(InputError, match="patient p2 is only in B"):
        agreement({"p1": a}, {"p1": a, "p2": _patient(A_CHAINS, pid="p2")})


def test_agree_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_brat(_patient(A_CHAINS), tmp_path / "A" / "p1")
    write_brat(_patient([["m1", "m3"], ["m4", "m5"]]), tmp_path / "B" / "p1")
    assert set(read_annotated_patients(tmp_path / "A")) == {"p1"}
    rc = main(["agree", str(tmp_path / "A"), str(tmp_path / "B"), "--json"])
    out, _ = capsys.readouterr()
    assert rc == 0
    d = json.loads(out)
    assert d["categories"]["overall"]["links"]["iaa"] == pytest.approx(4 / 6)
    assert d["categories"]["device"]["mentions"]["exact"]["f1"] == pytest.approx(1.0)
    rc = main(["agree", str(tmp_path / "A" / "p1"), str(tmp_path / "B" / "p1")])
    out, _ = capsys.readouterr()
    assert rc == 0 and "IAA" in out
    # A folder without annotations, and differing report text: exit 2, one line.
    (tmp_path / "plain").mkdir()
    (tmp_path / "plain" / "r1.txt").write_text("text", encoding="utf-8")
    rc = main(["agree", str(tmp_path / "A"), str(tmp_path / "plain")])
    _, err = capsys.readouterr()
    assert rc == 2 and "no brat .ann files" in err and err.count("\n") == 1
    changed = _patient(A_CHAINS)
    changed.reports[0].text = changed.reports[0].text.upper()
    write_brat(changed, tmp_path / "C" / "p1")
    rc = main(["agree", str(tmp_path / "A"), str(tmp_path / "C")])
    _, err = capsys.readouterr()
    assert rc == 2 and "r1.txt" in err


def test_one_patient_each_pairs_whatever_the_names(tmp_path: Path) -> None:
    write_brat(_patient(A_CHAINS), tmp_path / "A" / "p1")
    write_brat(_patient(A_CHAINS, pid="p9"), tmp_path / "B" / "other")
    assert set(read_annotated_patients(tmp_path / "B" / "other")) != {"p1"}
    a, b = read_pair(tmp_path / "A" / "p1", tmp_path / "B" / "other")
    assert set(a) == set(b) == {"p1"}
    assert agreement(a, b).categories["overall"].links.iaa == pytest.approx(1.0)
