"""A quality word before a process noun is a normal statement (GUIDELINE "Units": "normal" /
"unremarkable" statements about a structure are findings, one per statement, at the normal
word).

"Good opacification of the remaining branches", "Symmetrical contrast enhancement in the
kidneys", "Satisfactory bone mineralization", "There is homogeneous contrast enhancement":
a word grading a structure's function as it should be (``QUALITY``) that opens a noun phrase
whose head is a nominalised process (``-tion``, ``-sion``, ``-ment``, ``-ency``:
opacification, enhancement, mineralization, patency) says that the structure behaves
normally. The statement's word is the quality word; the process noun is no observation of its
own. Read once for every word of those forms, not per phrase.

Only where the phrase opens its clause (the sentence's start, after a break, after "there
is/are", or after a verb of showing whose subject reads as anatomy: "The solid organs show
homogeneous enhancement"); not inside a lesion's description ("a mass with homogeneous
enhancement", "The lesion shows homogeneous enhancement": an attribute of the lesion), nor
when a word of its own marks the process as abnormal ("Limited opacification", "increased
enhancement": no quality word), nor for nouns naming an abnormal process
(``ABNORMAL_PROCESSES``: "symmetrical signal alteration" stays a finding).
"""

from __future__ import annotations

from radtrack_gui.core.model import FINDING
from radtrack_gui.nlp.extractors.candidates import Cand
from radtrack_gui.nlp.extractors.normal_subject import (
    BREAKS,
    DETERMINERS,
    SHOW_VERBS,
    anatomy_like,
)
from radtrack_gui.nlp.extractors.open_frames import FINITE_COPULA
from radtrack_gui.nlp.vocabulary import Vocabulary

# Words grading a function as it should be (the evaluative and the descriptive ones).
QUALITY = frozenset(
    {
        *("good", "adequate", "satisfactory", "sufficient", "optimal", "acceptable"),
        *("appropriate", "correct", "proper", "effective", "harmonious", "normal"),
        *("preserved", "physiological", "physiologic", "symmetric", "symmetrical"),
        *("homogeneous", "homogenous", "uniform", "regular"),
    }
)
# Endings of a nominalised process ("opacification", "enhancement", "patency").
PROCESS_ENDINGS = ("tion", "tions", "sion", "ment", "ency")
# Nouns of a tissue's imaging property ("normal echogenicity", "homogeneous density"): graded
# by a quality word they say the same as a process noun does.
PROPERTY_NOUNS = frozenset(
    {"echogenicity", "echotexture", "echostructure", "density", "reflectivity", "intensity"}
)
# Words after which a quality phrase is said of the subject before them ("The liver tissue
# has normal echogenicity", "The gland is of homogeneous density", "The liver is
# homogeneous, with normal echogenicity"): only where no lesion comes first in the sentence.
HAVING = frozenset(
    {"has", "have", "had", "exhibits", "exhibit", "demonstrates", "demonstrate", "displays"}
)
# Process nouns that name an abnormal process whatever the word before them.
ABNORMAL_PROCESSES = frozenset(
    {
        *("alteration", "alterations", "obstruction", "compression", "dilatation"),
        *("dilation", "distortion", "deformation", "herniation", "protrusion"),
        *("calcification", "calcifications", "destruction", "infiltration", "retraction"),
        *("effacement", "displacement", "impingement", "restriction", "extravasation"),
        *("accumulation", "collection", "collections", "consolidation", "lesion"),
    }
)
# How many words (sides, structures: "bilateral tubal") may stand between the two.
MAX_BETWEEN = 3


def _opens_clause(v: Vocabulary, low: list[str], q: int, sited: bool) -> bool:
    """The phrase opening at ``low[q]`` opens its clause and is said of a structure: the
    start, a break or "there is" with a structure named in the phrase (``sited``), or a verb
    of showing after an anatomy-like subject."""
    i = q - 1
    if i < 0 or low[i] in BREAKS:
        return sited
    if low[i] in FINITE_COPULA and i > 0 and low[i - 1] == "there":
        return sited
    if low[i] in SHOW_VERBS:
        j = i - 1
        while j >= 0 and low[j] not in BREAKS:
            j -= 1
        words = [w for w in low[j + 1 : i] if w not in DETERMINERS]
        return bool(words) and all(w.isalpha() for w in words) and anatomy_like(v, words)
    return False


def _said_of_subject(low: list[str], q: int) -> bool:
    """The phrase at ``low[q]`` follows a verb of having, "is/are of" or "with"."""
    i = q - 1
    if i < 0:
        return False
    return (
        low[i] in HAVING
        or low[i] == "with"
        or (low[i] == "of" and i > 0 and low[i - 1] in FINITE_COPULA)
    )


def quality_start(v: Vocabulary, low: list[str], c: Cand, lesion_before: bool = True) -> int | None:
    """The token of the quality word that makes finding ``c`` (a process or property noun)
    a normal statement, or None: never without a structure ("Homogeneous enhancement after
    contrast." names none). ``lesion_before``: a finding other than a normal statement comes
    earlier in the sentence (its attributes then follow "with", "has" ...)."""
    head = low[c.t1 - 1]
    if head in PROPERTY_NOUNS:
        if c.t1 - c.t0 != 1:
            return None  # "increased echogenicity", "decreased density": graded, abnormal
    elif not head.endswith(PROCESS_ENDINGS) or head in ABNORMAL_PROCESSES:
        return None
    for q in range(c.t0 - 1, max(c.t0 - 1 - MAX_BETWEEN, -1) - 1, -1):
        if q < 0:
            return None
        if low[q] in QUALITY:
            between = low[q + 1 : c.t0]
            if head in PROPERTY_NOUNS and (
                len(between) > 1 or any(w.endswith("ed") for w in between)
            ):
                return None  # "Symmetrical areas of decreased density": not what it grades
            sited = c.anatomy_from_text and bool(c.anatomy)
            if all(w.isalpha() and w not in QUALITY for w in between) and (
                _opens_clause(v, low, q, sited) or (not lesion_before and _said_of_subject(low, q))
            ):
                return q
            return None
        if not low[q].isalpha() or low[q] in BREAKS or low[q] in DETERMINERS:
            return None
    return None


def quality_statements(v: Vocabulary, kept: list[Cand], toks: list[str]) -> list[Cand]:
    """``kept`` with each present process-noun finding opened by a quality word moved to that
    word as a normal statement (dropped where one is already there, as is a process noun the
    tables read as a normal word itself: "patency")."""
    if QUALITY.isdisjoint(toks):  # the tokens are lower case (text.word_bounds)
        return kept
    low = toks
    out: list[Cand] = []
    starts = {c.t0 for c in kept if c.concept.startswith("normal")}
    for c in kept:
        normal = c.concept.startswith("normal")
        if c.type == FINDING and c.assertion == "present":
            lesion = any(
                o.t1 <= c.t0 and o.type == FINDING and not o.concept.startswith("normal")
                for o in kept
            )
            q = quality_start(v, low, c, lesion)
            if q is not None:
                if q in starts:
                    continue  # "Normal bilateral tubal patency": one statement, at "Normal"
                if q > 0 and low[q - 1] == "with" and any(s < q for s in starts):
                    continue  # "The liver is homogeneous, with normal echogenicity": one
                if normal:
                    out.append(c)
                    continue
                head = low[c.t1 - 1]
                c.t0, c.t1, c.term = q, q + 1, toks[q]
                c.concept = "normal" if c.anatomy else f"normal {head}"
                c.change = None
                starts.add(q)
        out.append(c)
    return out
