"""RadLex as ``build_vocab.py`` reads it (the is-a tree, synonyms, acronyms, eponyms), what the
hand tables already name (they take precedence), and the term hygiene every derived table
shares (``clean``, ``usable``)."""

from __future__ import annotations

import csv
import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import build_vocab_tree as T

from radtrack_gui.nlp.vocabulary import plural, split_terms
from radtrack_gui.nlp.word_lists import read_table

_CLEAN = re.compile(r"[^a-z0-9 '\-/]")


@dataclass
class RadLex:
    name: dict[str, str] = field(default_factory=dict)  # rid -> preferred name (lower)
    parent: dict[str, str] = field(default_factory=dict)
    kids: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    synonyms: dict[str, list[str]] = field(default_factory=dict)
    acronyms: dict[str, list[str]] = field(default_factory=dict)
    rid_of: dict[str, str] = field(default_factory=dict)  # name -> first rid
    # rid -> the eponym (lower case) its preferred name opens with ("Crohn disease": crohn)
    eponym: dict[str, str] = field(default_factory=dict)

    def under(self, top: str, skip: tuple[str, ...] = ()) -> list[str]:
        """RIDs below the branch named ``top`` (itself included), without ``skip`` branches."""
        out, stack = [], [self.rid_of[top]] if top in self.rid_of else []
        while stack:
            rid = stack.pop()
            if self.name[rid] in skip:
                continue
            out.append(rid)
            stack.extend(sorted(self.kids.get(rid, ())))
        return out

    def ancestors(self, rid: str) -> list[str]:
        out, seen = [], set()
        rid = self.parent.get(rid, "")
        while rid in self.name and rid not in seen:
            out.append(rid)
            seen.add(rid)
            rid = self.parent.get(rid, "")
        return out


def load_radlex(folder: Path) -> RadLex:
    rl = RadLex()
    with (folder / "radlex_hierarchy_tekram.csv").open(encoding="utf-8", newline="") as f:
        for name, rid, parent in csv.reader(f):
            _eponym(rl, rid, name)
            rl.name[rid] = name.strip().lower()
            rl.parent[rid] = parent
            rl.kids[parent].append(rid)
            rl.rid_of.setdefault(rl.name[rid], rid)
    with (folder / "radlex42_terms_synonyms_eriosta.csv").open(encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            rid = row["rid"]
            syn = [s.strip().lower() for s in (row["synonyms"] or "").split(";") if s.strip()]
            acr = [a.strip() for a in (row["acronyms"] or "").split(";") if a.strip()]
            if syn:
                rl.synonyms[rid] = syn
            if acr:
                rl.acronyms[rid] = acr
            _eponym(rl, rid, row["preferred_name"] or "")
    return rl


def _eponym(rl: RadLex, rid: str, name: str) -> None:
    """RadLex writes names in lower case but a person's name ("Crohn disease")."""
    first = name.split()[:1]
    if first and re.fullmatch(r"[A-Z][a-z]+(?:-[A-Z][a-z]+)?", first[0]):
        rl.eponym.setdefault(rid, first[0].lower())


# The nouns an eponym names in the possessive in reports ("Crohn's disease" for RadLex's
# "Crohn disease", "Hodgkin's lymphoma", "Schmorl's node"): such a term gains that spelling.
EPONYM_HEADS = frozenset(
    {
        *("disease", "syndrome", "sign", "fracture", "lymphoma", "sarcoma", "tumor", "tumour"),
        *("palsy", "deformity", "anomaly", "malformation", "hernia", "cyst", "diverticulum"),
        *("ulcer", "phenomenon", "node", "nodes", "endocarditis", "thyroiditis", "encephalopathy"),
    }
)


def possessive_variants(terms: list[str], eponym: str) -> list[str]:
    """``terms`` of a concept named after ``eponym``, each followed (when it opens with the
    eponym and an ``EPONYM_HEADS`` noun) by its possessive spelling."""
    out: list[str] = []
    for t in terms:
        out.append(t)
        words = t.split()
        if len(words) >= 2 and words[0] == eponym and words[1] in EPONYM_HEADS:
            out.append(" ".join([f"{eponym}'s", *words[1:]]))
    return out


@dataclass
class Hand:
    """What the hand tables already name (they take precedence)."""

    anatomy: dict[str, str]  # term -> structure
    parent: dict[str, str]
    concepts: dict[str, str]  # term (and plural) -> concept
    types: dict[str, str]  # concept -> finding | device
    cues: set[str]
    also: dict[str, list[str]] = field(default_factory=dict)  # second parents (build_vocab_tree)


def load_hand(vocab: Path) -> Hand:
    anatomy, parent = {}, {}
    rows = read_table(vocab / "anatomy.tsv")
    for row in rows:
        name = row["name"].lower()
        parent[name] = row.get("parent", "").lower()
        anatomy[name] = name
        for t in split_terms(row.get("synonyms", "")) + split_terms(row.get("bound", "")):
            anatomy.setdefault(t, name)
    concepts: dict[str, str] = {}
    types: dict[str, str] = {}
    for row in read_table(vocab / "concepts.tsv"):
        name = row["concept"].lower()
        types[name] = row["type"].lower()
        for t in [name, *split_terms(row["terms"])]:
            concepts.setdefault(t, name)
            concepts.setdefault(plural(t), name)
    cues = {r["cue"].lower() for r in read_table(vocab / "cues.tsv") if r.get("cue")}
    return Hand(anatomy, parent, concepts, types, cues, T.hand_also(rows))


def clean(term: str) -> str:
    return " ".join(_CLEAN.sub(" ", term.lower()).split())


def usable(term: str, max_words: int = 5) -> bool:
    """A term a report could contain as written: letters, a few words, no coded names."""
    words = term.split()
    return (
        0 < len(words) <= max_words
        and len(term) >= 4
        and not re.search(r"\d{3,}|\b[a-z]\d|type [ivx\d]+$", term)
        and term == clean(term)
    )
