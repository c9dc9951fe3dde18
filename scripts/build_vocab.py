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
  observations, descriptions (``build_vocab_observations.py``);
- ``anatomy_initialisms_dicom.tsv``: initialisms of DICOM's vessel names ("ica", "rva"), a
  structure-name lexicon (``build_vocab_initialisms.py``).

The parts, one module each: RadLex and the hand tables as read, with the term hygiene
(``build_vocab_radlex.py``), the anatomy rows (``build_vocab_anatomy.py``), the finding and
device rows (``build_vocab_concepts.py``); exams and the table texts are built here.
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
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import build_vocab_concept_rules as C  # noqa: E402
import build_vocab_dicom as D  # noqa: E402
import build_vocab_initialisms as INIT  # noqa: E402
import build_vocab_names as NAMES  # noqa: E402
import build_vocab_observations as OBS  # noqa: E402
import build_vocab_relations as REL  # noqa: E402
import build_vocab_rules as R  # noqa: E402
import build_vocab_tree as T  # noqa: E402
from build_vocab_anatomy import build_anatomy  # noqa: E402
from build_vocab_concepts import concept_rows  # noqa: E402
from build_vocab_radlex import (  # noqa: E402
    RadLex,
    clean,
    load_hand,
    load_radlex,
    usable,
)
from build_vocab_radlex import possessive_variants as possessive_variants  # noqa: E402

from radtrack_gui.nlp.vocabulary import split_terms  # noqa: E402
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
HEADERS["anatomy_names_radlex.tsv"] = NAMES.HEADER
HEADERS["anatomy_initialisms_dicom.tsv"] = INIT.HEADER

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
    findings = concept_rows(
        rl, hand, anatomy, "finding", C.FINDING_BRANCHES, C.FINDING_SKIP_BRANCHES
    )
    devices = concept_rows(
        rl, hand, anatomy, "device", C.DEVICE_BRANCHES, C.DEVICE_SKIP_BRANCHES, dicom_devices
    )
    concept_terms = [*hand.concepts] + [
        t for row in findings + devices for t in [row[0], *split_terms(row[2])]
    ]
    tables = {
        "anatomy_radlex.tsv": anatomy_rows,
        "findings_radlex.tsv": findings,
        "devices_radlex.tsv": devices,
        "exams.tsv": build_exams(terminology / "loinc_rsna_playbook"),
        "relations_radlex.tsv": _relation_rows(rl, vocab, findings),
        "observations_radlex.tsv": _observation_rows(rl, vocab, findings),
        "anatomy_names_radlex.tsv": NAMES.name_rows(
            rl, concept_terms, R.GENERIC_ONE_WORD, clean, usable
        ),
        "anatomy_initialisms_dicom.tsv": INIT.initialism_rows(
            INIT.vessel_names(dicom) if dicom.is_dir() else [], concept_terms
        ),
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
