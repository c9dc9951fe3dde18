"""The readers of the vocabulary tables in a folder (``resources/vocab``): the hand tables
(anatomy, concepts, relations, senses, cues) and the tables derived from open terminology
(``scripts/build_vocab.py``), into one ``Vocabulary``. ``vocabulary.read_vocabulary`` calls
``read_tables``; the on-disk cache of the result (``lexicon_cache``) is keyed by a digest that
covers this module's source, so a change here is never hidden by a cached vocabulary."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from radtrack_gui.nlp.vocabulary import (
    DERIVED,
    DERIVED_ANATOMY,
    DERIVED_CONCEPTS,
    DERIVED_RELATIONS,
    NOT_A_MENTION,
    Concept,
    Cue,
    SenseRule,
    Vocabulary,
    plural,
    split_terms,
)
from radtrack_gui.nlp.vocabulary_lexicon import Lexicon
from radtrack_gui.nlp.word_lists import read_table

RELATIONS = ("synonym", "broader", "sign-of", "related")


def read_senses(v: Vocabulary, path: Path) -> None:
    """``senses.tsv``: term -> its sense rules (the term's plural shares them)."""
    if not path.exists():
        return

    def phrases(cell: str) -> tuple[tuple[str, ...], ...]:
        return tuple(tuple(Lexicon.key_tokens(t)) for t in split_terms(cell))

    rules: dict[str, list[SenseRule]] = {}
    for row in read_table(path):
        sense = row["sense"].lower()
        if sense != NOT_A_MENTION and sense not in v.concepts:
            continue  # a row naming an unknown concept does nothing (tests check the table)
        rule = SenseRule(
            frozenset(split_terms(row.get("regions", ""))),
            phrases(row.get("before", "")),
            phrases(row.get("context", "")),
            sense,
        )
        for term in dict.fromkeys([row["term"].lower(), plural(row["term"].lower())]):
            rules.setdefault(" ".join(Lexicon.key_tokens(term)), []).append(rule)
    v.sense_rules = {t: tuple(r) for t, r in rules.items()}


def read_derived_anatomy(v: Vocabulary, path: Path) -> None:
    """Structures of ``anatomy_radlex.tsv``: a new structure with its parent and synonyms; a
    structure the hand table names only gains the synonyms no structure has yet."""
    if not path.exists():
        return
    for row in read_table(path):
        name = row["name"].lower()
        placed = name not in v.parent and v.anatomy_terms.get(name, name) == name
        if placed:
            if row.get("parent"):
                v.parent[name] = row["parent"].lower()
            v.anatomy_terms.setdefault(name, name)
        owner = v.anatomy_terms.get(name, name)
        for term in split_terms(row.get("synonyms", "")):
            v.anatomy_terms.setdefault(term, owner)
        if row.get("paired"):
            v.paired.add(name)
        if placed:
            _read_also(v, name, row)


def _read_also(v: Vocabulary, name: str, row: dict[str, str]) -> None:
    """A row's further parents (column ``also``, | separated): ``name`` lies inside them too
    (one structure, two wholes). Read only for a structure this row placed (a derived row
    naming a hand structure adds no parent to it)."""
    if name not in v.parent:
        return
    wholes = [w for w in split_terms(row.get("also", "")) if w != name and w != v.parent[name]]
    if wholes:
        v.also[name] = tuple(dict.fromkeys([*v.also.get(name, ()), *wholes]))


def read_derived_concepts(v: Vocabulary, path: Path) -> None:
    """Concepts of a derived table: a hand concept gains the row's terms that no concept has;
    a new concept is added flagged ``derived``, as a narrower kind only of a derived concept
    (the hand concepts' refinement by site stays as the hand table defines it)."""
    if not path.exists():
        return
    for row in read_table(path):
        name = row["concept"].lower()
        terms = [t for t in split_terms(row["terms"]) if t not in v.concept_terms]
        old = v.concepts.get(name)
        if old is not None:
            if terms:
                v.concepts[name] = replace(old, terms=tuple(dict.fromkeys([*old.terms, *terms])))
        else:
            broader = row.get("broader", "").lower()
            flags = (*row.get("flags", "").lower().split(), DERIVED)
            anatomy = row.get("anatomy", "").lower()
            v.concepts[name] = Concept(
                name, row["type"].lower(), tuple(terms or [name]), anatomy, broader, flags
            )
            if broader and DERIVED in getattr(v.concepts.get(broader), "flags", (DERIVED,)):
                v.narrower.setdefault(broader, []).append(name)
        for term in terms:
            v.concept_terms.setdefault(term, name)


def read_relations(v: Vocabulary, path: Path, derived: bool = False) -> None:
    """``concept, relation, concept`` rows: a synonym maps the second concept onto the first
    (``canonical``); the other kinds join the symmetric ``related`` pairs (the linker links
    them at a compatible site) and keep their kind for the evidence. ``derived``: a table
    built from open terminology, read after the hand one into ``class_related`` (a pair
    already related keeps its hand kind)."""
    if not path.exists():
        return
    for row in read_table(path):
        a, kind, b = row["concept"].lower(), row["relation"].lower(), row["other"].lower()
        if kind not in RELATIONS or a not in v.concepts or b not in v.concepts or a == b:
            continue  # a row naming an unknown concept does nothing (tests check the table)
        if derived:
            if (a, b) not in v.relation_kind and kind != "synonym":
                # a bulk row relates the pair only (linkers/class_signs.py); a pair the hand
                # table relates keeps its hand kind
                v.class_related.setdefault(a, set()).add(b)
                v.class_related.setdefault(b, set()).add(a)
            continue
        if kind == "synonym":
            v.canonical[b] = v.canonical.get(a, a)
            continue
        v.related.setdefault(a, set()).add(b)
        v.related.setdefault(b, set()).add(a)
        v.relation_kind[(a, b)] = v.relation_kind[(b, a)] = kind
        if kind == "sign-of":
            v.signs.setdefault(a, set()).add(b)


def read_tables(base: Path) -> Vocabulary:
    """Read the tables of the folder ``base``."""
    v = Vocabulary(source=base)
    for row in read_table(base / "anatomy.tsv"):
        name = row["name"].lower()
        if row.get("parent"):
            v.parent[name] = row["parent"].lower()
        v.anatomy_terms[name] = name
        for term in split_terms(row.get("synonyms", "")):
            v.anatomy_terms.setdefault(term, name)
        for term in split_terms(row.get("bound", "")):
            v.bound_anatomy.setdefault(term, {})[name] = ""  # region filled in below
        if row.get("system"):
            v.systems[name] = row["system"]
        _read_also(v, name, row)
    for term, readings in v.bound_anatomy.items():
        tops: dict[str, str] = {}
        for name in readings:
            tops.setdefault(v.region_of(name), name)
        v.bound_anatomy[term] = tops
    read_derived_anatomy(v, base / DERIVED_ANATOMY)
    v.also = {
        k: kept for k, ws in v.also.items() if (kept := tuple(x for x in ws if x in v.parent))
    }
    v._ancestors.clear()  # the chains read above were of the hand table alone
    v._line.clear()
    rows = read_table(base / "concepts.tsv")
    for row in rows:
        terms = tuple(dict.fromkeys([row["concept"].lower(), *split_terms(row["terms"])]))
        c = Concept(
            row["concept"].lower(),
            row["type"].lower(),
            terms,
            row.get("anatomy", "").lower(),
            row.get("broader", "").lower(),
            tuple(row.get("flags", "").lower().split()),
            tuple(split_terms(row.get("related", ""))),
        )
        v.concepts[c.name] = c
        for term in terms:
            v.concept_terms.setdefault(term, c.name)
        if c.broader:
            v.narrower.setdefault(c.broader, []).append(c.name)
    for fname in DERIVED_CONCEPTS:
        read_derived_concepts(v, base / fname)
    for c in v.concepts.values():
        for other in c.related:
            if other in v.concepts and other != c.name:
                v.related.setdefault(c.name, set()).add(other)
                v.related.setdefault(other, set()).add(c.name)
    for c in v.concepts.values():  # plurals after every written term, so these never win
        for term in c.terms:
            if " " not in term and len(term) <= 3:
                continue  # abbreviations
            v.concept_terms.setdefault(plural(term), c.name)
    listed: dict[str, list[str]] = {}
    for c in v.concepts.values():
        for term in dict.fromkeys([*c.terms, *(plural(t) for t in c.terms)]):
            listed.setdefault(term, []).append(c.name)
    v.senses = {t: tuple(names) for t, names in listed.items() if len(names) > 1}
    read_relations(v, base / "relations.tsv")
    read_relations(v, base / DERIVED_RELATIONS, derived=True)
    read_senses(v, base / "senses.tsv")
    cues = base / "cues.tsv"
    if cues.exists():
        v.cues = [
            Cue(
                r["cue"].lower(),
                r["kind"].lower(),
                r.get("direction", "").lower(),
                r.get("value", "").lower(),
            )
            for r in read_table(cues)
            if r.get("cue")
        ]
    return v
