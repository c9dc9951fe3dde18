"""A structure a finding acts on is not where the finding is: the object of a mass-effect
verb ("a mass compressing the duodenum", "a cyst displacing the kidney", "the trachea is
deviated by a goitre") names another structure, not the finding's site (GUIDELINE 6: two
structures, two places). Verbs that say the finding lies in its structure ("invading",
"involving", "obstructing", "narrowing") or beside it ("abutting") keep their object."""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

from radtrack_gui.nlp.extractors.candidates import Cand

# stems of verbs of mass effect on another structure; the forms are read by ``_verb``
_STEMS = (
    "compress",
    "encas",
    "displac",
    "effac",
    "indent",
    "deviat",
    "splay",
    "push",
    "exert",
)
_ACTIVE_ENDINGS = ("ing", "es", "s", "e")
_PASSIVE_ENDINGS = ("ed", "d")
# words that may stand between a finding and its verb ("a mass, which is compressing")
_BRIDGE = frozenset(
    {
        ",",
        "which",
        "that",
        "is",
        "are",
        "and",
        "mildly",
        "slightly",
        "partially",
        "markedly",
        "severely",
        "significantly",
        "focally",
        "also",
    }
)
_WORD = re.compile(r"[A-Za-z]+")
_CLAUSE_END = frozenset({".", ";", ":", "but", "with", "without"})


def _verb(tok: str, endings: tuple[str, ...]) -> bool:
    tok = tok.lower()
    return any(tok == s + e or tok == s + e.lstrip("e") for s in _STEMS for e in endings)


def verb_objects(toks: Sequence[str], anat: dict[int, tuple[int, str, str]], c: Cand) -> set[int]:
    """First tokens of the structures the finding ``c`` acts on: named after a mass-effect
    verb that follows it (to the clause's end), or before a passive one followed by "by"
    that leads to it ("the duodenum is compressed by an aneurysm")."""
    out: set[int] = set()
    k = c.t1
    while k < len(toks) and k < c.t1 + 4 and toks[k].lower() in _BRIDGE and k not in anat:
        k += 1
    if k < len(toks) and _verb(toks[k], _ACTIVE_ENDINGS):
        end = next(
            (j for j in range(k + 1, len(toks)) if toks[j].lower() in _CLAUSE_END), len(toks)
        )
        out.update(t0 for t0 in anat if k < t0 < end)
    # passive: structure ... verb-ed by [det/adjectives] finding
    for p in range(max(0, c.t0 - 6), c.t0 - 1):
        if toks[p + 1].lower() == "by" and _verb(toks[p], _PASSIVE_ENDINGS):
            if any(t in _CLAUSE_END or t == "," for t in toks[p + 2 : c.t0]):
                continue
            start = max((j + 1 for j in range(p) if toks[j].lower() in _CLAUSE_END), default=0)
            out.update(t0 for t0, (t1, _, _) in anat.items() if start <= t0 and t1 <= p)
    return out


def acted_on_by(between: str) -> bool:
    """The text between a structure and a finding says the finding acts on it ("[the
    duodenum] is compressed by a [mass]"): a passive mass-effect verb followed by "by"."""
    words = [w.lower() for w in _WORD.findall(between)]
    return any(_verb(w, _PASSIVE_ENDINGS) and nxt == "by" for w, nxt in pairwise(words))
