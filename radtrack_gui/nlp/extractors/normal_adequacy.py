"""Normal statements whose predicate grades a structure as it should be, in words the tables
lack (GUIDELINE "Units": "normal" / "unremarkable" statements about a structure are findings).

Three constructions, each read once for every word of its form, said of a subject that reads
as anatomy (``normal_subject.anatomy_like``, or a structure of the tables named in it: "the
lung markings") and holds no finding term ("The lung nodule is well defined" is no normal
statement), after a copula ("is", "are", "appears", "was", "were"), over degree adverbs,
"of" and "in a/an/the" ("is of acceptable shape", "is in an acceptable position"):

* **an adverb of normality before a participle** (``NORMAL_ADVERBS``: "normally flexed", "well
  distended", "well open", "appropriately visualized", "sharply defined") or after it
  ("is positioned normally");
* **a word of adequacy** (``ADEQUACY``: acceptable, satisfactory, adequate, appropriate ...)
  as the predicate itself ("Peritoneal diffusion is acceptable", "is of acceptable shape and
  size"), or before a property noun after a verb of having ("The pancreas has acceptable
  shape and density");
* **"in place"** ("The shoulder joint is in place"; "The catheter is in place" is about a
  device, not a structure: no statement).

The span is the predicate's words (the adequacy word alone before a property noun); the
concept is the tables' ``normal`` concept, so the normal-statement rules that follow (its
structure, one statement per clause) apply as to any other normal word.
"""

from __future__ import annotations

from collections.abc import Collection

from radtrack_gui.nlp.extractors.normal_subject import (
    ADVERBS,
    BREAKS,
    COPULAS,
    DETERMINERS,
    MAX_WORDS,
    PROPERTY_NOUNS,
    anatomy_like,
)
from radtrack_gui.nlp.vocabulary import Vocabulary

NORMAL = "normal"  # the tables' concept of a normal statement
NORMAL_ADVERBS = frozenset(
    {
        *("normally", "well", "properly", "correctly", "appropriately", "adequately"),
        *("typically", "regularly", "symmetrically", "sharply", "satisfactorily"),
        *("physiologically", "centrally"),
    }
)
# the adverbs that may follow their participle ("positioned normally", "positioned adequately")
AFTER_ADVERBS = frozenset(
    {"normally", "correctly", "properly", "symmetrically", "regularly", "adequately"}
    | {"appropriately", "centrally"}
)
ADEQUACY = frozenset(
    {
        *("acceptable", "satisfactory", "adequate", "appropriate", "proper", "correct"),
        *("optimal", "sufficient", "good"),
    }
)
GATE = NORMAL_ADVERBS | ADEQUACY | {"place"}
PAST_COPULAS = frozenset({"was", "were"})
HAVE = frozenset({"has", "have"})
# words between a copula and its predicate ("is of acceptable shape", "is in an acceptable
# position", "is in the typical place")
LINKS = frozenset({"of", "in", "a", "an", "the"})
# the properties an adequacy word may grade ("acceptable shape", "an acceptable position")
PROPERTY_WORDS = PROPERTY_NOUNS | {"position", "location", "caliber", "calibre"}
# participle-like words that are no participles ("red", "bed", "need")
NOT_PARTICIPLES = frozenset({"red", "bed", "need", "seen", "been", "when", "then", "often"})
# participles of seeing say how the exam shows a structure, not how it is ("well visualized")
SEEING = frozenset(
    {
        *("visualized", "visualised", "depicted", "demonstrated", "identified", "imaged"),
        *("displayed", "assessed", "evaluated", "shown", "delineated", "appreciated"),
    }
)


def may_adequate(toks: Collection[str]) -> bool:
    """A cheap test: the sentence holds a word one of the constructions needs."""
    return not GATE.isdisjoint(toks)


def _participle(w: str) -> bool:
    if w in NOT_PARTICIPLES or w in SEEING:
        return False
    return w == "open" or (len(w) > 4 and w.endswith(("ed", "en")))


def _subject_ok(v: Vocabulary, low: list[str], i: int, covered: set[int]) -> bool:
    """The words before the copula (or verb of having) at ``low[i]``, back to a break, read as
    anatomy and hold no finding term."""
    j = i - 1
    while j >= 0 and low[j] not in BREAKS and low[j] not in COPULAS and i - j <= MAX_WORDS:
        j -= 1
    if i - j > MAX_WORDS or any(k in covered for k in range(j + 1, i)):
        return False
    words = [w for w in low[j + 1 : i] if w not in DETERMINERS]
    if not words or not all(w.isalpha() or w in ("-", "and") for w in words):
        return False
    if anatomy_like(v, words) or any(v.anatomy_of(w) for w in words if w != "and"):
        return True
    # a structure the tables name in two or three words ("The central shadow is ...")
    return any(v.anatomy_of(" ".join(words[-n:])) for n in (2, 3) if len(words) >= n)


def _copula_before(low: list[str], t0: int) -> int | None:
    """The copula a predicate opening at ``low[t0]`` is said after, over adverbs and links."""
    i = t0 - 1
    while i >= 0 and (low[i] in ADVERBS or low[i] in LINKS or low[i] == "not"):
        if low[i] == "not":
            return None  # "is not well distended" is no normal statement
        i -= 1
    if i > 0 and (low[i] in COPULAS or low[i] in PAST_COPULAS):
        return i
    return None


def adequacy_templates(
    v: Vocabulary, toks: list[str], covered: set[int]
) -> list[tuple[int, int, str, str, str]]:
    """Normal-statement templates ``(t0, t1, "normal", "finding", term)`` of the sentence;
    ``covered``: the tokens of table terms and of other readings (never re-read, but the
    participle after an adverb of normality: "well distended" is no distension)."""
    low = toks  # lower case already (text.word_bounds)
    out: list[tuple[int, int, str, str, str]] = []
    taken: set[int] = set()
    n = len(low)

    def add(t0: int, t1: int, verb: int, free: int | None = None) -> None:
        if any(k in taken or (k in covered and k != free) for k in range(t0, t1)):
            return
        if not _subject_ok(v, low, verb, covered):
            return
        out.append((t0, t1, NORMAL, "finding", " ".join(toks[t0:t1])))
        taken.update(range(t0, t1))

    for k, w in enumerate(low):
        if w in NORMAL_ADVERBS and k + 1 < n and _participle(low[k + 1]):
            i = _copula_before(low, k)
            if i is not None:
                add(k, k + 2, i, free=k + 1)
        elif w in AFTER_ADVERBS and k > 0 and _participle(low[k - 1]):
            i = _copula_before(low, k - 1)
            if i is not None:
                add(k - 1, k + 1, i, free=k - 1)
        elif w in ADEQUACY:
            if k > 0 and low[k - 1] in HAVE and k + 1 < n and low[k + 1] in PROPERTY_WORDS:
                add(k, k + 1, k - 1)  # "The pancreas has acceptable shape"
                continue
            i = _copula_before(low, k)
            nxt = low[k + 1] if k + 1 < n else "."
            if i is not None and (nxt in BREAKS or nxt == "and" or nxt in PROPERTY_WORDS):
                add(k, k + 1, i)
        elif w == "place" and k > 0 and low[k - 1] == "in":
            i = _copula_before(low, k - 1)
            if i is not None and i == k - 2:
                add(k - 1, k + 1, i)
    return out
