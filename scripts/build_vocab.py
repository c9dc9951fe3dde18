"""Derive RadTrack's whole-body vocabulary tables from open terminology.

    python scripts/build_vocab.py [--terminology ../shared/terminology]
                                  [--out radtrack_gui/resources/vocab] [--check]
                                  [--duplicates]

Reads RadLex (is-a tree + RadLex 4.2 synonyms and acronyms), the DICOM context groups (body
regions, laterality) and the LOINC/RSNA Playbook table (exam names), and writes, next to the
hand tables (which stay and take precedence; ``nlp/vocabulary.py`` merges these after them):

- ``anatomy_radlex.tsv``: structures (name, parent = the structure it lies in, synonyms,
  paired), placed under the hand table's hierarchy;
- ``findings_radlex.tsv`` and ``devices_radlex.tsv``: concepts in ``concepts.tsv``'s columns
  (a row whose concept is a hand concept only adds synonyms to it);
- ``exams.tsv``: exam-title words -> modality and body region;
- ``relations_radlex.tsv``: sign-of and broader relations from the RadLex is-a tree and the
  hand ``observation_classes.tsv`` (``build_vocab_relations.py``);
- ``observations_radlex.tsv``: the finding concepts RadLex names only as imaging
  observations, descriptions (``build_vocab_observations.py``).

What is kept and why: ``scripts/build_vocab_rules.py`` and ``build_vocab_concept_rules.py``
(each constant commented) and
docs/vocabulary.md. ``--check`` exits 1 when the shipped tables differ from a fresh build.
``--duplicates`` prints the structures the hand table and RadLex hold twice, before and after
the one-tree rule (``build_vocab_tree.py``).
The output is deterministic (sorted rows), so the test can compare it byte for byte.
"""

from __future__ import annotations

import argparse
import csv
import re
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import build_vocab_concept_rules as C  # noqa: E402
import build_vocab_dicom as D  # noqa: E402
import build_vocab_observations as OBS  # noqa: E402
import build_vocab_relations as REL  # noqa: E402
import build_vocab_rules as R  # noqa: E402
import build_vocab_tree as T  # noqa: E402

from radtrack_gui.nlp.vocabulary import (  # noqa: E402
    plural,
    singular_name,
    split_terms,
)
from radtrack_gui.nlp.word_lists import read_table  # noqa: E402

HEADERS = {
    "anatomy_radlex.tsv": "# Derived by scripts/build_vocab.py from RadLex (RSNA, RadLex License 2.0) and\n"
    "# DICOM PS3.16; see NOTICE. Do not edit: rebuild. Hand anatomy.tsv takes precedence.\n"
    "# paired: the structure has a left and a right (RadLex names both sides).\n"
    "# also: further parents (| separated): the structure lies in them too (build_vocab_tree.py).\n"
    "name\tparent\tsynonyms\tpaired\trid\talso\n",
    "findings_radlex.tsv": "# Derived by scripts/build_vocab.py from RadLex (RSNA, RadLex License 2.0); see\n"
    "# NOTICE. Do not edit: rebuild. Columns as concepts.tsv (+ rid); hand concepts.tsv\n"
    "# takes precedence: a row naming a hand concept only adds synonyms to it.\n"
    "concept\ttype\tterms\tanatomy\tbroader\tflags\trelated\trid\n",
    "exams.tsv": "# Derived by scripts/build_vocab.py from the LOINC/RSNA Radiology Playbook (LOINC\n"
    "# notice in NOTICE). Exam-title words (whole words, case-insensitive) -> modality and\n"
    "# body region; kind: modality (a modality word) or region (a body-part word).\n"
    "pattern\tkind\tvalue\tcount\n",
}
HEADERS["devices_radlex.tsv"] = HEADERS["findings_radlex.tsv"]
HEADERS["relations_radlex.tsv"] = REL.HEADER
HEADERS["observations_radlex.tsv"] = OBS.HEADER
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


# -- anatomy -------------------------------------------------------------------------


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


# -- findings and devices ----------------------------------------------------------------


def _concept_rows(
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


# -- exams ---------------------------------------------------------------------------------


def build_exams(folder: Path) -> list[list[str]]:
    """Body-part words of LOINC exam names whose region is (nearly) always the same, and the
    modality words of the names' first token (``US.doppler`` -> doppler: US)."""
    region_votes: dict[str, Counter[str]] = defaultdict(Counter)
    modality_votes: dict[str, Counter[str]] = defaultdict(Counter)
    path = folder / "loinc_radiology_procedures_eriosta.csv"
    with path.open(encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            modality = C.LOINC_MODALITY.get(row["modality"].strip())
            head, _, rest = row["long_common_name"].partition(" ")
            if modality:
                for word in head.lower().split("."):
                    modality_votes[word][modality] += 1
            parts = [p.strip().lower() for p in row["anatomic_location"].split(";")]
            regions = [C.LOINC_REGION[p] for p in parts if p in C.LOINC_REGION]
            if len(set(regions)) != 1:
                continue  # several regions (or none): no word learns from it
            words: list[str] = []
            for w in clean(rest).split():
                if w in C.EXAM_STOP:
                    break
                words.append(w)
            if words and len(words) <= 3:
                region_votes[" ".join(words)][regions[0]] += 1
    out = []
    for word, votes in modality_votes.items():
        (best, n), total = votes.most_common(1)[0], sum(votes.values())
        if n >= 5 and n / total >= 0.95 and len(word) >= 2 and word not in C.EXAM_AMBIGUOUS:
            out.append([word, "modality", best, str(n)])
    for phrase, votes in region_votes.items():
        (best, n), total = votes.most_common(1)[0], sum(votes.values())
        if n >= 2 and n / total >= 0.9 and len(phrase) >= 3 and not phrase.isdigit():
            out.append([phrase, "region", best, str(n)])
    return sorted(out)


# -- main ----------------------------------------------------------------------------------


def build(
    terminology: Path, vocab: Path, report: list[list[T.Duplicate]] | None = None
) -> dict[str, str]:
    """The derived tables' texts by file name (``report``: see ``build_anatomy``)."""
    rl = load_radlex(terminology / "radlex")
    hand = load_hand(vocab)
    dicom = terminology / "dicom_cid"
    dicom_anatomy = D.add_candidates(rl, dicom, D.ANATOMY_CIDS) if dicom.is_dir() else []
    dicom_devices = D.add_candidates(rl, dicom, D.DEVICE_CIDS) if dicom.is_dir() else []
    anatomy_rows = build_anatomy(rl, hand, dicom_anatomy, report)
    anatomy = dict(hand.anatomy)
    for name, _, syns, *_ in anatomy_rows:
        anatomy.setdefault(name, name)
        for s in syns.split("|") if syns else ():
            anatomy.setdefault(s, name)
    findings = _concept_rows(
        rl, hand, anatomy, "finding", C.FINDING_BRANCHES, C.FINDING_SKIP_BRANCHES
    )
    tables = {
        "anatomy_radlex.tsv": anatomy_rows,
        "findings_radlex.tsv": findings,
        "devices_radlex.tsv": _concept_rows(
            rl, hand, anatomy, "device", C.DEVICE_BRANCHES, C.DEVICE_SKIP_BRANCHES, dicom_devices
        ),
        "exams.tsv": build_exams(terminology / "loinc_rsna_playbook"),
        "relations_radlex.tsv": _relation_rows(rl, vocab, findings),
        "observations_radlex.tsv": _observation_rows(rl, vocab, findings),
    }
    return {
        fname: HEADERS[fname] + "".join("\t".join(r) + "\n" for r in rows)
        for fname, rows in tables.items()
    }


def _relation_rows(rl: RadLex, vocab: Path, findings: list[list[str]]) -> list[list[str]]:
    """``relations_radlex.tsv`` (``build_vocab_relations.py``): the hand finding concepts (with
    the RID a derived row gives a hand concept) and the derived ones, the hand observation
    classes and the pairs ``relations.tsv`` already relates."""
    concepts: dict[str, tuple[str, str, list[str], str, str]] = {}
    for row in read_table(vocab / "concepts.tsv"):
        if row["type"].lower() == "finding":
            name = row["concept"].lower()
            concepts[name] = (
                name,
                row.get("broader", "").lower(),
                split_terms(row["terms"]),
                "",
                "hand",
            )
    for name, _, terms, _, broader, _, _, rid in findings:
        if name in concepts:
            c = concepts[name]
            concepts[name] = (name, c[1], c[2], rid, "hand")
        else:
            concepts[name] = (name, broader, split_terms(terms), rid, "derived")
    classes = [
        (r["observation"].lower(), r["class"].lower())
        for r in read_table(vocab / "observation_classes.tsv")
    ]
    hand_rows = read_table(vocab / "relations.tsv")
    pairs = {frozenset((r["concept"].lower(), r["other"].lower())) for r in hand_rows}
    signs = {r["concept"].lower() for r in hand_rows if r["relation"].lower() == "sign-of"}
    return REL.build_relations(rl, sorted(concepts.values()), classes, pairs, signs)


def _observation_rows(rl: RadLex, vocab: Path, findings: list[list[str]]) -> list[list[str]]:
    """``observations_radlex.tsv`` (``build_vocab_observations.py``): the hand finding
    concepts and the derived ones, each with its terms."""
    concepts: dict[str, set[str]] = {}
    for row in read_table(vocab / "concepts.tsv"):
        if row["type"].lower() == "finding":
            name = row["concept"].lower()
            concepts.setdefault(name, set()).update(t.lower() for t in split_terms(row["terms"]))
    for name, _, terms, *_ in findings:
        concepts.setdefault(name, set()).update(t.lower() for t in split_terms(terms))
    return OBS.observation_rows(rl, sorted(concepts.items()))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--terminology", type=Path, default=ROOT.parent / "shared" / "terminology")
    ap.add_argument("--out", type=Path, default=ROOT / "radtrack_gui" / "resources" / "vocab")
    ap.add_argument("--check", action="store_true", help="compare, do not write")
    ap.add_argument(
        "--duplicates",
        action="store_true",
        help="print the structures held twice before and after the one-tree merge rule",
    )
    args = ap.parse_args(argv)
    if not (args.terminology / "radlex").is_dir():
        print(f"build_vocab: no terminology at {args.terminology}", file=sys.stderr)
        return 2
    report: list[list[T.Duplicate]] = []
    tables = build(args.terminology, args.out, report)
    if args.duplicates:
        for label, found in zip(("before the merge rule", "after"), report, strict=True):
            print(f"# anatomy held twice, {label}: {len(found)}")
            print("".join(d.line() + "\n" for d in found), end="")
    stale = []
    for fname, text in tables.items():
        path = args.out / fname
        rows = text.count("\n") - text.count("\n#") - 2
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(fname)
            continue
        path.write_text(text, encoding="utf-8")
        print(f"{path}: {rows} rows")
    if stale:
        print("stale (rebuild with scripts/build_vocab.py): " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
