"""``anatomy_radlex.tsv`` for ``build_vocab.py``: RadLex's structures (and DICOM's region
names) placed under the hand table's hierarchy, with synonyms, sides and pairs, then joined
into one tree by ``build_vocab_tree.py``'s merge rule."""

from __future__ import annotations

import re

import build_vocab_rules as R
import build_vocab_tree as T
from build_vocab_radlex import Hand, RadLex, clean, usable

from radtrack_gui.nlp.vocabulary import plural, singular_name


def _side(name: str) -> tuple[str, str]:
    for s in ("left ", "right "):
        if name.startswith(s):
            return s.strip(), name[len(s) :]
    return "", name


def _anatomy_name_ok(name: str) -> bool:
    _, base = _side(name)
    if any(re.search(p, base) for p in R.ANATOMY_KEEP_PATTERNS):
        return base.count(" of ") == 1 and usable(base, 5)
    if not usable(base, 4):
        return False
    words = base.split()
    if len(words) == 1 and base in R.GENERIC_ONE_WORD:
        return False
    return R.ANATOMY_SKIP_WORDS.isdisjoint(words)


def _hand_names(term: str, hand: Hand) -> bool:
    """The hand tables name the term, its plural or its singular, with or without its side
    (they take precedence: "right hilar lymph node" stays the hand table's hilar nodes)."""
    base = _side(term)[1]
    return any(
        t in hand.anatomy or t in hand.concepts
        for t in (term, plural(term), singular_name(term), base, plural(base), singular_name(base))
    )


def build_anatomy(
    rl: RadLex,
    hand: Hand,
    extra: list[str] | None = None,
    report: list[list[T.Duplicate]] | None = None,
) -> list[list[str]]:
    """``extra``: more candidate ids (DICOM region names) after RadLex's branches;
    ``report``: receives the duplicate structures before and after ``build_vocab_tree``'s
    merge rule (one tree)."""
    cand: dict[str, str] = {}  # rid -> name
    for branch in R.ANATOMY_BRANCHES:
        for rid in [*rl.under(branch, R.ANATOMY_SKIP_BRANCHES)] + (
            list(extra or ()) if branch == R.ANATOMY_BRANCHES[-1] else []
        ):
            name = clean(rl.name[rid].replace(" female ", " ").replace(" male ", " "))
            if _anatomy_name_ok(name):
                cand.setdefault(rid, name)
    known = dict(hand.anatomy)  # term -> structure (hand first, then derived rows)
    rows: dict[str, list[str]] = {}  # structure -> [name, parent, synonyms, paired, rid]
    gen_syns: dict[str, list[str]] = {}  # generated structures' synonyms
    for name, parent in R.ANCHORS:
        rid = rl.rid_of.get(name, "")
        if name not in known:
            rows[name] = [name, known.get(parent, parent), "", "", rid]
            known[name] = name
    for name, parent, syns in R.BONES:
        if name not in known:
            rows[name] = [name, known.get(parent, parent), "", "", rl.rid_of.get(name, "")]
            known[name] = name
            for s in syns:
                known.setdefault(s, name)
            gen_syns[name] = list(syns)
    for name, syns in R.BONE_ENDS:
        if name in rows:
            for s in syns:
                known.setdefault(s, name)
            gen_syns.setdefault(name, []).extend(syns)
    for name, parent, syns in R.generated_structures():
        if name not in known:
            rows[name] = [name, known.get(parent, parent), "", "", ""]
            known[name] = name
            for s in syns:
                known.setdefault(s, name)
            gen_syns[name] = syns
    for code, syns in R.vertebra_names():
        if code in hand.parent:  # the hand level code: its ordinal names are synonyms
            rows[code] = [code, hand.parent[code], "", "", ""]
            for s in syns:
                known[s] = code
            gen_syns[code] = syns
    region_words = [(re.compile(rf"\b{w}"), s) for w, s in R.REGION_WORDS]

    def place(rid: str, name: str) -> str:
        side, base = _side(name)
        if side:
            return known.get(base) or known.get(plural(base), "")
        m = re.search(r" of (.+)$", base)
        if m:
            whole = _side(m.group(1))[1]
            return known.get(whole) or known.get(plural(whole), "")
        for anc in rl.ancestors(rid):
            a = rl.name[anc]
            hit = known.get(a) or known.get(plural(a))
            if hit and hit != name:
                return hit
        for rx, structure in region_words:
            if rx.search(base):
                return known.get(structure, structure)
        return ""

    # shallow structures first, so deeper ones find them; sided after unsided
    order = sorted(cand, key=lambda r: (len(rl.ancestors(r)), bool(_side(cand[r])[0]), cand[r]))
    for _ in range(2):  # a second pass places what waited for a later parent
        for rid in order:
            name = cand[rid]
            if name in known and known[name] in hand.parent:
                continue  # the hand table names it: only synonyms (below)
            if name in rows:
                continue
            parent = place(rid, name)
            if not parent or parent == name or parent not in {*hand.parent, *rows}:
                continue
            rows[name] = [name, parent, "", "", rid]
            known.setdefault(name, name)
    # synonyms (RadLex's, and the plural of a one- or two-word unsided name) and pairs
    names = {r[0] for r in rows.values()}
    for name, row in rows.items():
        rid = row[4]
        syns = [clean(s) for s in rl.synonyms.get(rid, [])] + gen_syns.get(name, [])
        side = _side(name)[0]
        if not side and len(name.split()) <= 2:
            syns.append(plural(name))
        row[2] = "|".join(
            dict.fromkeys(
                s
                for s in syns
                if s != name
                and usable(s, 5)
                and not _hand_names(s, hand)
                and s not in hand.cues
                and s not in R.GENERIC_ONE_WORD
                and known.setdefault(s, name) == name
            )
        )
        if (
            not side
            and f"left {name}" in names | set(hand.parent)
            and f"right {name}" in (names | set(hand.parent))
        ):
            row[3] = "paired"
    # hand structures RadLex names too: their RadLex synonyms (the hand row keeps its parent)
    for rid, name in cand.items():
        structure = hand.anatomy.get(name)
        if structure is None or structure in rows:
            continue
        extra = [
            s
            for s in (clean(x) for x in rl.synonyms.get(rid, []))
            if usable(s, 5)
            and not _hand_names(s, hand)
            and s not in R.GENERIC_ONE_WORD
            and known.setdefault(s, structure) == structure
        ]
        if extra:
            rows[structure] = [structure, hand.parent.get(structure, ""), "|".join(extra), "", rid]
    T.one_tree(rows, hand.parent, hand.anatomy, hand.also, report)
    return sorted(rows.values())
