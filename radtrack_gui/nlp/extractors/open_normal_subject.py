"""A general normal predicate closing a present-tense clause is a normal statement whatever
its subject (GUIDELINE "Units": "normal"/"unremarkable" statements are findings, at the
normal word).

"The resistive behaviour of the arterial tree is normal.", "Spectral patterns are normal, with
...", "The layering of the scanned compartments is unremarkable": the subject need
not read as anatomy (:mod:`normal_subject` asks that of every normal predicate) when the
predicate is one of the two words that say nothing but "as it should be" (``OPEN_PREDICATES``)
and it ends its clause right after a present-tense copula. A weaker word ("free", "regular",
"clear") still needs its structure; a past tense ("The previous study was normal") reports
an earlier exam; a pronoun subject ("It is normal") names nothing of its own.
"""

from __future__ import annotations

from radtrack_gui.nlp.extractors.candidates import Cand
from radtrack_gui.nlp.extractors.normal_subject import ADVERBS, BREAKS, DETERMINERS

OPEN_PREDICATES = frozenset({"normal", "unremarkable"})
PRESENT_COPULAS = frozenset({"is", "are", "appears", "appear", "looks", "look", "remains"})
# what may follow the predicate at its clause's end
CLAUSE_ENDS = frozenset({".", ",", ";", ":", "and", ")"})
PRONOUNS = frozenset({"it", "this", "that", "these", "those", "they", "which", "everything"})
# a subject of up to this many words back to the clause's start ("the layering and the echo
# pattern of the scanned compartments"; longer than an anatomy-like subject may be)
MAX_SUBJECT_WORDS = 12


def normal_of_open_subject(c: Cand, low: list[str]) -> bool:
    """Make ``c`` (a normal predicate no structure was found for) a normal statement about
    the noun phrase it is said of when it is an ``OPEN_PREDICATES`` word closing a clause
    after a present-tense copula; False (``c`` unchanged) otherwise. ``low``: the sentence's
    tokens in lower case."""
    if c.term.lower() not in OPEN_PREDICATES or c.t1 - c.t0 != 1:
        return False
    if c.t1 < len(low) and low[c.t1] not in CLAUSE_ENDS:
        return False  # "is normal in size", "normal variant": not the clause's end
    i = c.t0 - 1
    while i >= 0 and low[i] in ADVERBS:
        i -= 1
    if i <= 0 or low[i] not in PRESENT_COPULAS:
        return False
    j = i - 1
    while j >= 0 and low[j] not in BREAKS and i - j <= MAX_SUBJECT_WORDS:
        j -= 1
    if j >= 0 and low[j] not in BREAKS:
        return False  # no clause start within reach
    words = low[j + 1 : i]
    while words and words[0] in DETERMINERS:
        words = words[1:]
    if not words or not all(w.replace("-", "").isalpha() for w in words):
        return False
    if words[0] in PRONOUNS:
        return False
    c.concept, c.anatomy, c.anatomy_from_text = f"normal {' '.join(words)}", "", False
    return True
