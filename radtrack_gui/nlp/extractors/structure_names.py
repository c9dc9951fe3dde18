"""Is this noun phrase a structure? The long tail of RadLex's anatomy names
(``resources/vocab/anatomy_names_radlex.tsv``, built by ``scripts/build_vocab_names.py``) and
the initialisms of vessel names (``anatomy_initialisms_dicom.tsv``, "RICA is patent"):
"The sella turcica is normal", "Cisterna magna is enlarged", "patella is intact" name a
structure the anatomy tree does not hold. ``normal_subject.anatomy_like`` asks this after the
tree and the anatomy head nouns, for subjects of predicates and sites of findings."""

from __future__ import annotations

from functools import cache

from radtrack_gui.nlp.vocabulary import singular_forms
from radtrack_gui.util.paths import resource

MAX_WORDS = 3  # the lexicon's longest name (build_vocab_names.MAX_WORDS)


# the lexicons: RadLex's names, and the initialisms of DICOM's vessel names ("ica", "rva";
# round 11, ``scripts/build_vocab_initialisms.py``)
LEXICONS = ("anatomy_names_radlex.tsv", "anatomy_initialisms_dicom.tsv")


@cache
def structure_names() -> frozenset[str]:
    """The lexicons' names (one column, a header line and comments: read as plain lines,
    not as tables, since they are read at the first sentence that asks)."""
    out: set[str] = set()
    for name in LEXICONS:
        text = resource("vocab", name).read_text(encoding="utf-8")
        lines = [x.strip() for x in text.splitlines() if x.strip() and not x.startswith("#")]
        out.update(lines[1:])  # the header line ("word") first
    return frozenset(out)


def names_structure(words: list[str]) -> bool:
    """``words`` (lower case, determiners dropped) end in a structure name of the lexicon,
    1 to ``MAX_WORDS`` words, the last word singular or plural ("the left patellae")."""
    names = structure_names()
    if not words or not words[-1].replace("-", "").isalpha():
        return False
    for last in singular_forms(words[-1]):  # Latin plurals too
        for n in range(1, min(MAX_WORDS, len(words)) + 1):
            if " ".join([*words[len(words) - n : -1], last]) in names:
                return True
    return False
