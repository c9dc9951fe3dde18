"""Relations derived in bulk from RadLex (``relations_radlex.tsv``), for ``build_vocab.py``.

Rows from the RadLex is-a tree (``clinical finding`` branch):

- ``sign-of``: a generic imaging observation (``observation_classes.tsv``: lesion, mass,
  enhancement, echogenicity, thickening, ...) is a sign of every finding concept RadLex files
  under a class that observation may be read as ("lesion" -> every kind of ``proliferation``:
  adenoma, cyst, polyp, microadenoma; "thickening" -> every kind of ``infectious or
  inflammatory disease``: diverticulitis, cholecystitis, bursitis). A concept is in the
  classes above the RadLex term its name (or a derived row's RID) names; a hand concept RadLex
  does not name, in the class most of its terms fall under; a derived concept whose
  broader line already holds a concept given the same row is left to that row (the linker
  reads relations along the broader line).

Not derived (tried): ``broader`` rows between hand concepts RadLex files one below the other.
Hand concepts name broad RadLex classes through their terms ("abnormality", "degenerative
changes" = degenerative disorder, "malignancy" = any neoplasm, lipoma included), so the
is-a rows related septic arthritis to degenerative changes and lipoma to malignancy.

Hand ``relations.tsv`` rows win: a pair it relates is not repeated. Rows are sorted, so the
output is deterministic.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol

HEADER = (
    "# Derived by scripts/build_vocab.py (build_vocab_relations.py) from the RadLex is-a tree\n"
    "# (RSNA, RadLex License 2.0; see NOTICE) and observation_classes.tsv. Do not edit: rebuild.\n"
    "# Read after relations.tsv (hand rows win). source: the RadLex class of the diagnosis.\n"
    "concept\trelation\tother\tsource\n"
)
CLINICAL_FINDING = "clinical finding"
PATHOPHYSIOLOGIC = "pathophysiologic finding"


class RadLexTree(Protocol):
    name: dict[str, str]
    synonyms: dict[str, list[str]]
    rid_of: dict[str, str]

    def ancestors(self, rid: str) -> list[str]: ...


def term_rids(rl: RadLexTree) -> dict[str, set[str]]:
    """Lower-case RadLex name or synonym -> the RIDs of the clinical finding branch it names."""
    top = rl.rid_of.get(CLINICAL_FINDING, "")
    out: dict[str, set[str]] = defaultdict(set)
    for rid, name in rl.name.items():
        if top not in rl.ancestors(rid):
            continue
        for term in (name, *rl.synonyms.get(rid, ())):
            out[term.strip().lower()].add(rid)
    return out


def classes_of(rl: RadLexTree, rids: Iterable[str], wanted: Iterable[str]) -> set[str]:
    """The ``wanted`` class names among the RIDs and their ancestors."""
    want = set(wanted)
    found: set[str] = set()
    for rid in rids:
        for r in (rid, *rl.ancestors(rid)):
            if rl.name.get(r) in want:
                found.add(rl.name[r])
    return found


def build_relations(
    rl: RadLexTree,
    concepts: Sequence[tuple[str, str, Sequence[str], str, str]],
    classes: Sequence[tuple[str, str]],
    hand_pairs: set[frozenset[str]],
    hand_signs: Iterable[str] = (),
) -> list[list[str]]:
    """Rows ``concept, relation, other, source`` (``sign-of`` rows).

    ``concepts``: (name, broader, terms, rid, origin) of every finding concept, ``origin``
    "hand" or "derived" (a derived row carries its RID); ``classes``: (observation, class)
    rows; ``hand_pairs``: the concept pairs ``relations.tsv`` already relates; ``hand_signs``:
    the signs of its ``sign-of`` rows."""
    by_term = term_rids(rl)
    names = {c[0] for c in concepts}
    broader = {c[0]: c[1] for c in concepts}
    wanted = {cls for _, cls in classes}
    member: dict[str, set[str]] = {}
    for name, _, terms, rid, origin in concepts:
        if rid or name in by_term:
            found = classes_of(rl, ({rid} if rid else set()) | by_term.get(name, set()), wanted)
        elif origin == "hand":
            found = _most_terms(rl, terms, by_term, wanted)
        else:
            found = set()
        if found:
            member[name] = found
    rows: dict[frozenset[str], tuple[str, str, str, str]] = {}
    observations = {obs for obs, _ in classes}
    # a sign stays a sign: no concept whose broader line holds an observation or a hand
    # sign-of row's sign ("gallbladder wall thickening" is a kind of thickening, though RadLex
    # names cholecystitis among its terms) becomes a diagnosis of a bulk row
    signs = observations | set(hand_signs)
    for obs, cls in classes:
        if obs not in names:
            continue
        given = {
            c
            for c, m in member.items()
            if cls in m and c not in signs and not _line_holds(c, signs, broader)
        }
        for c in given:
            if _line_holds(c, given | {obs}, broader) or frozenset((obs, c)) in hand_pairs:
                continue
            rows.setdefault(frozenset((obs, c)), (obs, "sign-of", c, cls))  # first class
    return [list(r) for r in sorted(rows.values())]


def _most_terms(
    rl: RadLexTree, terms: Sequence[str], by_term: Mapping[str, set[str]], wanted: set[str]
) -> set[str]:
    """A hand concept RadLex does not name: the top disorder class (a child of "pathophysiologic
    finding") most of its terms fall under, and the wanted classes of those terms
    ("degenerative changes": osteophyte, disc height loss, DISH ... are degenerative disorders,
    "osteoarthritis" alone an inflammation); none on a tie ("sinus disease": sinusitis vs
    retention cyst)."""
    votes: dict[str, list[str]] = defaultdict(list)
    for t in terms:
        tops = {_top(rl, rid) for rid in by_term.get(t, set())} - {""}
        for top in tops:
            votes[top].append(t)
    if not votes:
        return set()
    most = max(len(v) for v in votes.values())
    best = [top for top, v in votes.items() if len(v) == most]
    if len(best) != 1:
        return set()
    rids = {
        rid for t in votes[best[0]] for rid in by_term.get(t, set()) if _top(rl, rid) == best[0]
    }
    return classes_of(rl, rids, wanted)


def _top(rl: RadLexTree, rid: str) -> str:
    """The class right under "pathophysiologic finding" (or "clinical finding") above ``rid``."""
    line = [rid, *rl.ancestors(rid)]
    for i, r in enumerate(line[1:], 1):
        if rl.name.get(r) in (PATHOPHYSIOLOGIC, CLINICAL_FINDING):
            return line[i - 1]
    return ""


def _line_holds(concept: str, given: set[str], broader: Mapping[str, str]) -> bool:
    """A concept above ``concept`` (its broader line) is in ``given``."""
    seen = {concept}
    up = broader.get(concept, "")
    while up and up not in seen:
        if up in given:
            return True
        seen.add(up)
        up = broader.get(up, "")
    return False
