"""``scripts/build_vocab_observations.py``: the finding concepts RadLex names only as imaging
observations (descriptions), on a small RadLex-like tree; a term RadLex also files as a
clinical finding is no description. And the shipped table's content."""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

from radtrack_gui.nlp.word_lists import read_table
from radtrack_gui.util.paths import resource

ROOT = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    path = ROOT / "scripts" / "build_vocab_observations.py"
    spec = importlib.util.spec_from_file_location("build_vocab_observations", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@dataclass
class Tree:
    rows: dict[str, tuple[str, str]]  # rid -> (name, parent)
    synonyms: dict[str, list[str]] = field(default_factory=dict)

    @property
    def name(self) -> dict[str, str]:
        return {rid: n for rid, (n, _) in self.rows.items()}

    @property
    def rid_of(self) -> dict[str, str]:
        return {n: rid for rid, (n, _) in self.rows.items()}

    def ancestors(self, rid: str) -> list[str]:
        out, up = [], self.rows[rid][1]
        while up in self.rows:
            out.append(up)
            up = self.rows[up][1]
        return out


TREE = Tree(
    {
        "R1": ("imaging observation", ""),
        "R2": ("opacity", "R1"),
        "R3": ("crescent sign", "R1"),
        "R4": ("calcification", "R1"),
        "R10": ("clinical finding", ""),
        "R11": ("pneumonia", "R10"),
        "R12": ("calcinosis", "R10"),
    },
    synonyms={"R12": ["calcification"], "R2": ["density"]},
)


def test_descriptions_are_concepts_named_only_as_imaging_observations() -> None:
    rows = _script().observation_rows(
        TREE,
        [
            ("opacity", ["density", "opacities"]),  # its name and a synonym: observation
            ("osteonecrosis", ["crescent sign", "avascular necrosis"]),  # a term names it
            ("calcification", ["calcifications"]),  # RadLex files it as a finding too
            ("pneumonia", ["pneumonia"]),  # a clinical finding only
            ("mystery", ["glarb"]),  # RadLex does not name it
        ],
    )
    assert rows == [["opacity", "R2"], ["osteonecrosis", "R3"]]


def test_the_shipped_table_holds_observations_not_diseases() -> None:
    names = {r["concept"] for r in read_table(resource("vocab", "observations_radlex.tsv"))}
    assert {"opacity", "enhancement", "signal abnormality", "pleural thickening"} <= names
    assert not {"pneumonia", "cholecystitis", "hepatic steatosis", "pleural effusion"} & names
