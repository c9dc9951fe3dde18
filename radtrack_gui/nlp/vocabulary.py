"""The vocabulary tables in ``resources/vocab`` (anatomy hierarchy, concepts, terms).

Loaded once per process (``vocabulary()``); everything is plain dicts for speed.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from radtrack_gui.paths import resource


@dataclass(frozen=True, slots=True)
class Concept:
    name: str
    type: str  # finding | device
    terms: tuple[str, ...]
    anatomy: str = ""  # default anatomy
    broader: str = ""  # a broader concept this one is a kind of


@dataclass
class Vocabulary:
    parent: dict[str, str] = field(default_factory=dict)  # anatomy -> its parent
    anatomy_terms: dict[str, str] = field(default_factory=dict)  # term -> anatomy name
    concepts: dict[str, Concept] = field(default_factory=dict)
    concept_terms: dict[str, str] = field(default_factory=dict)  # term -> concept name

    # -- anatomy -------------------------------------------------------------
    def anatomy_ancestors(self, name: str) -> list[str]:
        """``name`` and every structure it is part of, nearest first."""
        chain, seen = [], set()
        while name and name not in seen:
            chain.append(name)
            seen.add(name)
            name = self.parent.get(name, "")
        return chain

    def is_part_of(self, part: str, whole: str) -> bool:
        """True if ``part`` is ``whole`` or lies inside it."""
        return whole in self.anatomy_ancestors(part)

    def anatomy_related(self, a: str, b: str) -> bool:
        """One of the two contains the other (same structure included)."""
        return self.is_part_of(a, b) or self.is_part_of(b, a)

    # -- concepts ------------------------------------------------------------
    def concept_of(self, term: str) -> Concept | None:
        name = self.concept_terms.get(term.lower())
        return self.concepts.get(name) if name else None

    def synonyms(self, concept: str) -> tuple[str, ...]:
        c = self.concepts.get(concept)
        return c.terms if c else ()

    def broader_concepts(self, concept: str) -> list[str]:
        """``concept`` and the broader concepts above it, nearest first."""
        out, seen = [], set()
        while concept and concept not in seen:
            out.append(concept)
            seen.add(concept)
            c = self.concepts.get(concept)
            concept = c.broader if c else ""
        return out


def read_table(path: Path) -> list[dict[str, str]]:
    """A TSV with a header line; lines starting with '#' are comments."""
    with path.open(encoding="utf-8", newline="") as f:
        lines = [line for line in f if line.strip() and not line.startswith("#")]
    return [{k: (v or "").strip() for k, v in row.items()}
            for row in csv.DictReader(lines, delimiter="\t")]


def split_terms(cell: str) -> list[str]:
    return [t.strip().lower() for t in cell.split("|") if t.strip()]


@cache
def vocabulary(folder: str | None = None) -> Vocabulary:
    base = Path(folder) if folder else resource("vocab")
    v = Vocabulary()
    for row in read_table(base / "anatomy.tsv"):
        name = row["name"].lower()
        if row.get("parent"):
            v.parent[name] = row["parent"].lower()
        v.anatomy_terms[name] = name
        for term in split_terms(row.get("synonyms", "")):
            v.anatomy_terms.setdefault(term, name)
    for row in read_table(base / "concepts.tsv"):
        terms = tuple(dict.fromkeys([row["concept"].lower(), *split_terms(row["terms"])]))
        c = Concept(row["concept"].lower(), row["type"].lower(), terms,
                    row.get("anatomy", "").lower(), row.get("broader", "").lower())
        v.concepts[c.name] = c
        for term in terms:
            v.concept_terms.setdefault(term, c.name)
    return v
