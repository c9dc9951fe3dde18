"""Same-named chains: which are asked about, in which words (views/same_name.py)."""

from __future__ import annotations

from datetime import datetime

from radtrack_gui.core.model import Mention, Patient, Report
from radtrack_gui.views.same_name import same_named


def _patient(rows: list[tuple[str, str, str, str]]) -> Patient:
    """rows: (mention id, report number, type, assertion); one chain per mention."""
    p = Patient(id="s")
    for n in sorted({r[1] for r in rows}):
        p.reports.append(
            Report(id=f"r{n}", text="A thing is here.", date=datetime(2150, 1, int(n)),
                   date_known=True, modality="CT")
        )  # fmt: skip
    for mid, n, kind, assertion in rows:
        p.mentions[mid] = Mention(mid, f"r{n}", 2, 7, "thing", type=kind, assertion=assertion)
    p.set_chains([[mid] for mid, *_ in rows])
    return p


def test_same_named_chains_are_grouped_in_order_of_first_appearance():
    p = _patient(
        [
            ("late", "3", "finding", "present"),
            ("early", "1", "finding", "present"),
            ("dev1", "1", "device", "present"),
            ("dev2", "2", "device", "present"),
            ("neg", "2", "finding", "absent"),  # a pertinent negative: not asked about
            ("other", "2", "finding", "present"),
        ]
    )
    chain = {mid: p.mentions[mid].chain or "" for mid in p.mentions}
    for mid in ("late", "early", "neg"):
        p.chains[chain[mid]].label = "Pleural effusion" if mid == "late" else "pleural effusion"
    for mid in ("dev1", "dev2"):
        p.chains[chain[mid]].label = "chest tube"
    p.chains[chain["other"]].label = "left pleural effusion"
    groups = same_named(p)
    assert [g.label for g in groups] == ["pleural effusion", "chest tube"]
    effusion, tube = groups
    assert effusion.chains == (chain["early"], chain["late"])  # the negative is left out
    assert effusion.question().startswith("Two chains named “pleural effusion” — the same finding?")
    assert tube.question().startswith("Two chains named “chest tube” — the same device?")
    # Not numbered: the summary's row shows the chain's lane name (place or date).
    assert effusion.note(chain["late"]).startswith("one of 2 chains named “pleural effusion”")
    # Only among the chains asked about; a decided (reviewed) group says so.
    assert same_named(p, [chain["early"], chain["other"]]) == []
    for cid in tube.chains:
        p.chains[cid].reviewed = True
    assert same_named(p)[1].reviewed
    assert same_named(p)[1].question() == "Two chains named “chest tube”, reviewed: kept apart."
