"""DICOM PS3.16 context groups (as shipped in pydicom, MIT; see NOTICE) for
``scripts/build_vocab.py``: body-region names (CID 4 Anatomic Region, CID 4031 Common
Anatomic Region) as anatomy candidates, and device names (CID 8 Angiographic Interventional
Device, CID 3429 Catheterization Device, CID 3777 Implanted Device) as device candidates.

They join the RadLex candidates under pseudo identifiers ``CID<n>:<name>`` (shown in the
tables' ``rid`` column) and pass the same curation and placement; only the English meanings
are used, never the (SNOMED) codes."""

from __future__ import annotations

import csv
import re
from pathlib import Path
from typing import Protocol

ANATOMY_CIDS = ("4", "4031")
DEVICE_CIDS = ("8", "3429", "3777")
# Meanings that are no structure or device of a report: combined regions ("vertebral column
# and cranium", "iliac and/or femoral artery"), approach adjectives ("endo-rectal",
# "intra-thoracic"), and tools that measure or act but stay nowhere ("measuring ruler").
SKIP = re.compile(
    r" and |/|^(?:endo|intra)-|^(?:sphere|laser|measuring ruler|tip manometer|saline thrombectomy)$"
)
_ACRONYM = re.compile(r"\s*\(([A-Z][A-Za-z0-9-]{1,9})\)\s*")


class Terms(Protocol):  # the parts of build_vocab.RadLex this fills
    name: dict[str, str]
    acronyms: dict[str, list[str]]
    rid_of: dict[str, str]


def meanings(folder: Path, cids: tuple[str, ...]) -> list[str]:
    """The English meanings of the context groups, file order, each once."""
    out: dict[str, None] = {}
    with (folder / "dicom_cid_concepts.csv").open(encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            if row["cid"] in cids and row["meaning"].strip():
                out.setdefault(row["meaning"].strip(), None)
    return list(out)


def add_candidates(terms: Terms, folder: Path, cids: tuple[str, ...]) -> list[str]:
    """Register each meaning not yet named as a pseudo term; its acronym in parentheses
    ("Intra-Aortic Balloon Pump (IABP)") becomes an acronym. Returns the pseudo ids."""
    added = []
    for meaning in meanings(folder, cids):
        acronyms = _ACRONYM.findall(meaning)
        name = " ".join(_ACRONYM.sub(" ", meaning).lower().split())
        if not name or name in terms.rid_of or SKIP.search(name):
            continue  # RadLex names it: its own row (and synonyms) stand
        pseudo = f"CID{cids[0]}:{name}"
        terms.name[pseudo] = name
        terms.rid_of[name] = pseudo
        if acronyms:
            terms.acronyms[pseudo] = acronyms
        added.append(pseudo)
    return added
