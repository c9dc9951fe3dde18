"""``findings_radlex.tsv`` and ``devices_radlex.tsv`` for ``build_vocab.py``: RadLex concepts
of the finding and device branches (and DICOM device names), curated by
``build_vocab_concept_rules.py``, in ``concepts.tsv``'s columns."""

from __future__ import annotations

import build_vocab_concept_rules as C
from build_vocab_radlex import Hand, RadLex, clean, possessive_variants, usable


def concept_rows(
    rl: RadLex,
    hand: Hand,
    anatomy: dict[str, str],
    type_: str,
    branches: tuple[str, ...],
    skip: tuple[str, ...],
    extra: list[str] | None = None,
) -> list[list[str]]:
    rids: list[str] = []
    for branch in branches:
        rids.extend(r for r in rl.under(branch, skip) if r not in rids)
    rids.extend(extra or ())  # DICOM names (build_vocab_dicom), the same curation
    kept: dict[str, str] = {}  # rid -> concept name
    taken: dict[str, str] = {}  # term -> concept (derived)
    for rid in rids:
        name = clean(rl.name[rid])
        if not usable(name, 4) or rl.name[rid] in branches:
            continue
        words = name.split()
        if words[-1] in C.GROUPING_HEADS and rl.kids.get(rid):
            continue  # a grouping class, not a report's word
        if len(words) == 1 and name in C.GENERIC_TERMS:
            continue
        if name in anatomy and name not in hand.concepts:
            continue  # anatomy RadLex also files as a finding ("collecting system" stays anatomy)
        if _ends_in_hand_term(words, hand, type_):
            # "thyroid cancer", "centrilobular emphysema", "focal disc protrusion": the hand
            # term matches, and its site and modifiers are attributes, not part of the span
            continue
        hand_name = hand.concepts.get(name)
        if hand_name and hand.types.get(hand_name) != type_:
            continue  # the hand table reads the word as the other type ("shunt": a device)
        kept[rid] = hand_name or name
    rows: dict[str, list[str]] = {}
    for rid, concept in kept.items():
        broader = ""
        for anc in rl.ancestors(rid):
            if anc in kept and kept[anc] != concept:
                broader = kept[anc]
                break
        terms = [concept] if concept not in hand.concepts else []
        terms += [clean(s) for s in rl.synonyms.get(rid, [])]
        terms += [a.lower() for a in rl.acronyms.get(rid, []) if len(a) >= 3 and a.isupper()]
        if rid in rl.eponym:
            terms = possessive_variants(terms, rl.eponym[rid])
        good = [
            t
            for t in dict.fromkeys(terms)
            if usable(t, 5)
            and t not in hand.concepts
            and t not in hand.cues
            and t not in anatomy
            and not (len(t.split()) == 1 and t in C.GENERIC_TERMS)
            and not _ends_in_hand_term(t.split(), hand, type_)
            and taken.setdefault(t, concept) == concept
        ]
        if concept in hand.concepts and not good:
            continue
        row = rows.setdefault(concept, [concept, type_, "", "", broader, "", "", rid])
        row[2] = "|".join(t for t in dict.fromkeys([*row[2].split("|"), *good]) if t)
        if concept not in hand.concepts:
            row[3] = _default_site(concept, anatomy)
    out = []
    for row in rows.values():
        if row[0] not in hand.concepts and not row[2]:
            continue
        if row[4] and row[4] not in rows and row[4] not in hand.concepts:
            row[4] = ""
        out.append(row)
    names = {r[0] for r in out} | set(hand.concepts.values())
    for row in out:
        if row[4] not in names:
            row[4] = ""
    return sorted(out)


def _ends_in_hand_term(words: list[str], hand: Hand, type_: str) -> bool:
    """The name's last words are a hand term of the same type ("closed fracture")."""
    for i in range(1, len(words)):
        hit = hand.concepts.get(" ".join(words[i:]))
        if hit and hand.types.get(hit) == type_:
            return True
    return False


def _default_site(concept: str, anatomy: dict[str, str]) -> str:
    """The structure a finding's own words name ("renal cyst" -> kidneys), longest first."""
    words = concept.split()
    for n in (3, 2, 1):
        for i in range(len(words) - n + 1):
            hit = anatomy.get(" ".join(words[i : i + n]))
            if hit:
                return hit
    return ""
