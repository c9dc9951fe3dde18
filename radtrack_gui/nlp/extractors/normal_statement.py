"""Where a normal statement's mention lies (GUIDELINE "Units", docs/evaluation-mentions.md):
one statement about one structure is one mention, at its FIRST normal word, whatever the
number of attributes it lists.

- Coordinated normal predicates ("Normal and symmetrical appearance of the orbits", "The
  glands are symmetric and normal", "normal echogenicity and homogeneous structure") are
  one statement: neither predicate is the other's modifier (:func:`both_normal`), and a
  statement found at a later predicate moves to the first normal word of the coordination
  (:func:`at_first_normal_word`).
- A list of attributes of one structure in one clause ("in the typical location, of normal
  size", "normally positioned, of appropriate size") is one mention: the later ones are
  dropped (:func:`one_statement_per_clause`); any other word between them (a copula of its
  own, another structure, a "with" phrase naming a part) keeps both.
- A normal noun said to be normal ("The patency of the vessels is preserved", "tract patency
  preserved") is a statement at its predicate.

An abnormal word between two normal words ("normal size, heterogeneous echotexture and
regular contours") ends the coordination: nothing is moved over it."""

from __future__ import annotations

from radtrack_gui.nlp.extractors.candidates import Cand
from radtrack_gui.nlp.extractors.normal_subject import PROPERTY_NOUNS, SUBJECT_ONLY
from radtrack_gui.nlp.vocabulary import Vocabulary

# Words that may stand between two predicates of one coordination ("normal and symmetrical",
# "normal echogenicity and homogeneous structure", "normal size, with regular walls").
COORDINATION = frozenset({"and", ",", "with", "of", "a", "an", "in"})
# How far back (tokens) the first normal word of a coordination may lie.
COORDINATION_REACH = 5
# Words ending a clause: a statement does not run over them.
CLAUSE_ENDS = frozenset({".", ";", ":", "(", ")", "•", "*", "but", "while", "whereas"})
# How many tokens apart two attributes of one statement may stand.
STATEMENT_REACH = 12
# Words that may stand between two attributes of one statement's predicate list: a comma,
# "of", "and" and the property noun the first attribute qualifies ("in the typical location,
# of normal size", "normal position, of appropriate size", "non-thickened walls and
# preserved peristalsis"). A "with" phrase names a part or a property of its own ("of normal
# size, with a normal follicular echotexture", "centred with a preserved cardiovascular
# silhouette"): labelled as a statement of its own, it is kept.
LIST_WORDS = PROPERTY_NOUNS | {",", "of", "and", "position", "positions", "location"}
# Normal terms that are nouns or need their subject: no predicate a statement can move to.
NOT_PREDICATES = frozenset({"negative", "patency", "permeability", "integrity", "preservation"})


def _is_normal(v: Vocabulary, concept: str) -> bool:
    found = v.concepts.get(concept)
    return found is not None and "normal" in found.flags


def both_normal(v: Vocabulary, a: Cand, b: Cand, toks: list[str]) -> bool:
    """``a`` is no modifier of the normal predicate ``b`` after it: both are normal
    predicates of one coordinated statement ("symmetric and normal", "Normal and
    symmetrical appearance"), or ``b`` ends its clause as a predicate, so that ``a`` is a
    predicate of its own ("The spleen is enlarged and homogeneous.": "enlarged" stays a
    finding). "Normal patency" (a normal noun) and "hypoechoic and homogeneous lesion" (a
    phrase) keep the modifier reading, as do two words not coordinated by "and" or a comma
    ("Normal physiologic FDG uptake")."""
    if not _is_normal(v, b.concept) or b.term.lower() in NOT_PREDICATES:
        return False
    if not any(t in ("and", ",") for t in toks[a.t1 : b.t0]):
        return False  # "Normal physiologic FDG uptake": stacked, one phrase (no statement)
    if _is_normal(v, a.concept):
        return True
    return b.t1 >= len(toks) or toks[b.t1] in (".", ";", ",")


_WORDS: dict[int, tuple[object, frozenset[str]]] = {}  # id(terms) -> (terms, words)


def normal_words(v: Vocabulary) -> frozenset[str]:
    """The one-word normal predicates of the vocabulary ("normal", "unremarkable", "patent",
    "homogeneous" ...), without the nouns and the subject-only words ("free"); built once
    per vocabulary's term tuple."""
    concept = v.concepts.get("normal")
    if concept is None:
        return frozenset()
    hit = _WORDS.get(id(concept.terms))
    if hit is not None and hit[0] is concept.terms:
        return hit[1]
    words = frozenset(
        t
        for t in concept.terms
        if " " not in t and t not in SUBJECT_ONLY and t not in NOT_PREDICATES
    )
    _WORDS[id(concept.terms)] = (concept.terms, words)
    return words


def at_first_normal_word(v: Vocabulary, kept: list[Cand], toks: list[str]) -> None:
    """Move each normal statement found at a later predicate of a coordination to its first
    normal word ("Normal and [symmetrical] appearance" -> "[Normal]", "normal echogenicity and
    [homogeneous] structure" -> "[normal]"): back over coordination words and property nouns
    (``COORDINATION_REACH`` tokens at most) to a normal word no other mention holds."""
    if not any(k.span is None and k.concept.startswith("normal ") for k in kept):
        return
    words = normal_words(v)
    if not words:
        return
    low = toks  # lower case already (text.word_bounds)
    taken = {j for k in kept for j in range(k.t0, k.t1)}
    for k in kept:
        if k.span is not None or not k.concept.startswith("normal "):
            continue
        first = None
        j = k.t0 - 1
        while j >= 0 and k.t0 - j <= COORDINATION_REACH and j not in taken:
            w = low[j]
            if w in words:
                first = j
            elif w not in COORDINATION and w not in PROPERTY_NOUNS:
                break
            j -= 1
        if first is not None:
            k.t0, k.t1 = first, first + 1
            taken.add(first)


def one_statement_per_clause(v: Vocabulary, kept: list[Cand], toks: list[str]) -> list[Cand]:
    """``kept`` without a normal statement that only lists one more attribute of the
    statement before it about the same structure ("in the typical location, of [normal]
    size": only ``LIST_WORDS`` between them); any other word between them, or an abnormal
    finding (a present one) after the first, keeps both. A normal noun ("patency") followed
    by its predicate in the clause gives way to the predicate."""
    if sum(k.concept.startswith("normal ") for k in kept) < 2:
        return kept
    low = toks  # lower case already (text.word_bounds)
    out: list[Cand] = []
    last: Cand | None = None
    for k in kept:
        if (
            last is not None
            and k.span is None
            and last.term.lower() in NOT_PREDICATES
            and k.concept == last.concept
            and k.term.lower() not in NOT_PREDICATES
            and 0 <= k.t0 - last.t1 <= STATEMENT_REACH
            and not any(low[j] in CLAUSE_ENDS for j in range(last.t1, k.t0))
        ):
            # "The patency of the vessels is [preserved]": the statement is at its predicate
            out[out.index(last)] = k
            last = k
            continue
        if (
            last is not None
            and k.span is None
            and k.concept.startswith("normal ")
            and k.concept == last.concept
            and 0 <= k.t0 - last.t1 <= STATEMENT_REACH
            and all(low[j] in LIST_WORDS for j in range(last.t1, k.t0))
        ):
            continue
        out.append(k)
        if k.concept.startswith("normal "):
            last = k
        elif k.assertion == "present" and not _is_normal(v, k.concept):
            last = None  # "normal size, [heterogeneous] echotexture, regular contours"
    return out
