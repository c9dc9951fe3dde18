"""``anatomy_names_radlex.tsv``: the names of structures a report may say something of, as
a lexicon (no hierarchy), read by ``nlp/extractors/structure_names.py`` where the extractor
asks whether the subject of a predicate or the site of a finding is a structure.

The rule (docs/vocabulary.md, "Structure names"): every preferred name and synonym of a
RadLex anatomical structure, anatomical space or anatomical set (``KEEP_BRANCHES``) but the
branches below ``SKIP_BRANCHES`` (parts of any thing: "wall", "lumen", "ostium";
molecules, cells, anomalies, specimens; persons and body substances lie outside the kept
branches), written as a report could (``build_vocab.usable``: letters, at most ``MAX_WORDS``
words once a leading side is dropped), that is
- not a "set of ..." name,
- not a term of a finding or device table (hand or derived: "bulla" is a space in RadLex, a
  finding in reports),
- not one of the build's ordinary English one-word names (``GENERIC_ONE_WORD``: "body",
  "side", "ring").
The anatomy tables (``anatomy.tsv``, ``anatomy_radlex.tsv``) place structures in a tree and
keep only the ones the linker must tell apart; this lexicon only answers "is this a structure",
so it keeps the long tail the tree leaves out ("sella turcica", "cisterna magna", "patella").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol

MAX_WORDS = 3
KEEP_BRANCHES = ("anatomical structure", "anatomical space", "anatomical set")
SKIP_BRANCHES = (
    "anatomic sub-part",  # "wall", "contour", "middle": a part of anything
    "biological macromolecule",
    "cell",
    "human body",
    "anatomical anomaly",
    "normal variant",
    "specimen",  # tissue taken out, no structure of the patient
    "graft",  # implanted material: a device by GUIDELINE ("The aortobifemoral graft is patent")
)
HEADER = (
    "# Derived by scripts/build_vocab.py (build_vocab_names.py) from RadLex (RSNA, RadLex\n"
    "# License 2.0); see NOTICE. Do not edit: rebuild. Names (side dropped) of RadLex\n"
    "# anatomical structures, spaces and sets that no finding or device table names: the\n"
    "# structures a sentence may name as the subject of a predicate or the site of a finding.\n"
    "word\n"
)


class Terms(Protocol):
    name: dict[str, str]
    synonyms: dict[str, list[str]]

    def under(self, top: str, skip: tuple[str, ...] = ()) -> list[str]: ...


def name_rows(
    rl: Terms,
    concept_terms: Iterable[str],
    generic: frozenset[str],
    clean: Callable[[str], str],
    usable: Callable[[str, int], bool],
) -> list[list[str]]:
    """The sorted one-column rows of the lexicon (``clean``/``usable``: build_vocab's)."""
    findings = {t.lower() for t in concept_terms}
    out: set[str] = set()
    for branch in KEEP_BRANCHES:
        for rid in rl.under(branch, SKIP_BRANCHES):
            for term in [rl.name[rid], *rl.synonyms.get(rid, ())]:
                name = clean(term)
                for side in ("left ", "right "):
                    if name.startswith(side):
                        name = name[len(side) :]
                words = name.split()
                if not usable(name, MAX_WORDS) or name.startswith("set of"):
                    continue
                if name in findings or (len(words) == 1 and name in generic):
                    continue
                out.add(name)
    return [[n] for n in sorted(out)]
