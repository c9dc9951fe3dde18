"""``anatomy_initialisms_dicom.tsv``: the initialisms reports write for named vessels ("ICA",
"SMA", "RVA", "LCCA"), as a lexicon read by ``nlp/extractors/structure_names.py`` beside the
RadLex names, where the extractor asks whether the subject of a predicate is a structure
("RICA and RVA are patent", "The right ICA is elongated").

The rule (docs/evaluation-mentions.md, "Round 11: recall (US, neck, pelvis, MSK)"): for every
DICOM PS3.16 meaning (any context group) that names a vessel (ends in "artery", "vein" or
"trunk"), of two or more words once a leading side is dropped, the first letters of its words
but "of", "the" and "and" (only words of letters), lower case:
- the initialism itself when it has at least ``MIN_LETTERS`` letters ("ica", "sma", "cfa");
- "r" and "l" before it for the right and left vessel ("rica", "lcca", "rva": two letters
  and a side are enough);
- none that is a term of a finding or device table, nor one of ``NOT_INITIALISMS`` (English
  words a report writes in lower case).
Rows are sorted, so the output is deterministic. Only the English meanings are read, never
the (SNOMED) codes.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from pathlib import Path

VESSEL_ENDS = (" artery", " vein", " trunk")
SKIP_WORDS = frozenset({"of", "the", "and"})
MIN_LETTERS = 3
SIDES = ("r", "l")
NOT_INITIALISMS = frozenset({"sat", "sea", "spa", "sta", "rot", "lot", "let", "rat", "lit"})
HEADER = (
    "# Derived by scripts/build_vocab.py (build_vocab_initialisms.py) from DICOM PS3.16 (as\n"
    "# shipped in pydicom, MIT; see NOTICE). Do not edit: rebuild. Initialisms of vessel names\n"
    "# (with r/l for a side): the structures a sentence may name as the subject of a predicate.\n"
    "word\n"
)


def vessel_names(folder: Path) -> list[str]:
    """The lower-case DICOM meanings that name a vessel, sorted, each once."""
    out: set[str] = set()
    with (folder / "dicom_cid_concepts.csv").open(encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            meaning = " ".join(row["meaning"].lower().split())
            if meaning.endswith(VESSEL_ENDS):
                out.add(meaning)
    return sorted(out)


def initialism(name: str) -> str:
    """The first letters of the name's words (side, "of", "the", "and" left out)."""
    words = name.replace("-", " ").split()
    if words and words[0] in ("left", "right"):
        words = words[1:]
    kept = [w for w in words if w not in SKIP_WORDS and w.isalpha()]
    return "".join(w[0] for w in kept) if len(kept) >= 2 else ""


def initialism_rows(names: Iterable[str], concept_terms: Iterable[str]) -> list[list[str]]:
    """The sorted one-column rows of the lexicon."""
    taken = {t.lower() for t in concept_terms} | NOT_INITIALISMS
    out: set[str] = set()
    for name in names:
        short = initialism(name)
        if not short:
            continue
        forms = [*(side + short for side in SIDES)]
        if len(short) >= MIN_LETTERS:
            forms.append(short)
        out.update(f for f in forms if f not in taken)
    return [[w] for w in sorted(out)]
