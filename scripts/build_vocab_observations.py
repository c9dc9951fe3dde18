"""Imaging observations from RadLex (``observations_radlex.tsv``), for ``build_vocab.py``.

RadLex files what an image shows apart from what a patient has: the ``imaging observation``
branch (opacity, mass, enhancement, signal abnormality, pleural thickening, septal lines, the
named signs: crescent sign, comb sign, ...) and the ``clinical finding`` branch (diseases,
injuries, pathophysiologic findings). A vocabulary finding concept whose name or terms RadLex
names only in the first branch, never in the second, is a description: the linker may read
it as the diagnosis a report's conclusion gives the organ it lies in
(``linkers/concluded_signs.py``). Concepts named in both branches (a word RadLex uses for a
disease as well) are left out. Rows are sorted, so the output is deterministic.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

HEADER = (
    "# Derived by scripts/build_vocab.py (build_vocab_observations.py) from the RadLex is-a tree\n"
    "# (RSNA, RadLex License 2.0; see NOTICE). Do not edit: rebuild. A finding concept whose\n"
    "# name or terms RadLex names under 'imaging observation' only (never under 'clinical\n"
    "# finding'): a description. rid: the RadLex term it was found as.\n"
    "concept\trid\n"
)
OBSERVATION = "imaging observation"
CLINICAL_FINDING = "clinical finding"


class RadLexTree(Protocol):
    name: dict[str, str]
    synonyms: dict[str, list[str]]
    rid_of: dict[str, str]

    def ancestors(self, rid: str) -> list[str]: ...


def branch_terms(rl: RadLexTree) -> tuple[dict[str, str], set[str]]:
    """(term -> the RID of an imaging observation it names, terms naming a clinical
    finding): lower-case RadLex names and synonyms."""
    obs, finding = rl.rid_of.get(OBSERVATION, ""), rl.rid_of.get(CLINICAL_FINDING, "")
    observed: dict[str, str] = {}
    clinical: set[str] = set()
    for rid in sorted(rl.name):
        line = rl.ancestors(rid)
        for term in (rl.name[rid], *rl.synonyms.get(rid, ())):
            term = term.strip().lower()
            if finding and finding in line:
                clinical.add(term)
            elif obs and (obs in line or rid == obs):
                observed.setdefault(term, rid)
    return observed, clinical


def observation_rows(
    rl: RadLexTree, concepts: Iterable[tuple[str, Iterable[str]]]
) -> list[list[str]]:
    """[concept, rid] for each finding concept (name, terms) RadLex names only as an
    imaging observation."""
    observed, clinical = branch_terms(rl)
    out: dict[str, str] = {}
    for name, terms in concepts:
        words = {name, *terms}
        if words & clinical:
            continue
        found = sorted(observed[w] for w in words if w in observed)
        if found:
            out.setdefault(name, found[0])
    return sorted([name, rid] for name, rid in out.items())
