"""benchmarks/open_fingerprint.py: the hash covers mentions, chains (label, members, why)
and report groups; the same patient read twice hashes the same."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

from radtrack_gui.formats.folder import read_patient_folder

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import open_fingerprint

DEMO_GOLD = Path(__file__).resolve().parents[2] / "radtrack_gui/resources/samples/demo_patient_gold"


def test_every_part_counts() -> None:
    a, b = read_patient_folder(DEMO_GOLD), read_patient_folder(DEMO_GOLD)
    h = open_fingerprint.patient_hash(a)
    assert h == open_fingerprint.patient_hash(b) and len(h) == 16
    cid, chain = next((c, x) for c, x in b.chains.items() if len(x.mentions) > 1)
    changes = {
        "label": lambda p: p.chains.__setitem__(cid, replace(chain, label="other")),
        "why": lambda p: p.chains.__setitem__(cid, replace(chain, why={"m1": "x"})),
        "members": lambda p: p.chains.__setitem__(cid, replace(chain, mentions=chain.mentions[:1])),
        "mention": lambda p: setattr(next(iter(p.mentions.values())), "laterality", "left-ish"),
        "groups": lambda p: setattr(p, "report_groups", [["a", "b"]]),
    }
    for name, change in changes.items():
        changed = read_patient_folder(DEMO_GOLD)
        change(changed)
        assert open_fingerprint.patient_hash(changed) != h, name
