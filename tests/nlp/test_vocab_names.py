"""``scripts/build_vocab_names.py``: the RadLex structure-name lexicon on a small RadLex-like
tree (kept branches, skipped branches, side dropped, finding terms and ordinary one-word
names left out), and the shipped table's content."""

from __future__ import annotations

import importlib.util
import re
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

from radtrack_gui.nlp.word_lists import read_table
from radtrack_gui.util.paths import resource

ROOT = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    path = ROOT / "scripts" / "build_vocab_names.py"
    spec = importlib.util.spec_from_file_location("build_vocab_names", path)
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

    def under(self, top: str, skip: tuple[str, ...] = ()) -> list[str]:
        tops = [rid for rid, (n, _) in self.rows.items() if n == top]
        out, stack = [], tops
        while stack:
            rid = stack.pop()
            if self.rows[rid][0] in skip:
                continue
            out.append(rid)
            stack.extend(k for k, (_, up) in self.rows.items() if up == rid)
        return out


TREE = Tree(
    {
        "R1": ("anatomical structure", ""),
        "R2": ("sella turcica", "R1"),
        "R3": ("right patella", "R1"),
        "R4": ("anatomic sub-part", "R1"),
        "R5": ("wall", "R4"),
        "R6": ("ring", "R1"),
        "R7": ("superior articular process of fifth lumbar vertebra", "R1"),
        "R8": ("anatomical space", ""),
        "R9": ("cisterna magna", "R8"),
        "R10": ("bulla", "R8"),
        "R11": ("portion of body substance", ""),
        "R12": ("blood", "R11"),
        "R13": ("set of orbits", "R1"),
    },
    synonyms={"R9": ["cerebellomedullary cistern"]},
)


def _clean(term: str) -> str:
    return " ".join(re.sub(r"[^a-z0-9 '\-/]", " ", term.lower()).split())


def _usable(term: str, max_words: int = 5) -> bool:
    return 0 < len(term.split()) <= max_words and len(term) >= 4


def test_names_of_kept_branches_without_side_finding_terms_or_ordinary_words() -> None:
    mod = _script()
    rows = mod.name_rows(TREE, ["bulla", "pneumonia"], frozenset({"ring"}), _clean, _usable)
    names = [r[0] for r in rows]
    assert names == sorted(names)
    assert {"sella turcica", "patella", "cisterna magna", "cerebellomedullary cistern"} <= set(
        names
    )
    assert "right patella" not in names  # the side is dropped
    assert "wall" not in names  # a part of anything (skipped branch)
    assert "bulla" not in names  # a finding term of the tables
    assert "ring" not in names  # an ordinary English one-word name
    assert "blood" not in names  # a body substance: outside the kept branches
    assert "set of orbits" not in names
    assert not any(len(n.split()) > mod.MAX_WORDS for n in names)


def test_shipped_table_holds_the_long_tail_of_structure_names() -> None:
    names = {r["word"] for r in read_table(resource("vocab", "anatomy_names_radlex.tsv"))}
    assert len(names) > 5000
    assert {"sella turcica", "cisterna magna", "patella", "clivus"} <= names
    assert not {"wall", "lumen", "body", "patient", "blood", "specimen", "graft"} & names
