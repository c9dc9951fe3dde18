"""A described or measured observation whose head noun no table names (issue #18 §1; docs/
vocabulary.md "Round 8: measured and described observations (ultrasound, neck)").

Sonographic and cross-sectional reports describe what they see by its appearance on the
image and its size before they name it, and often never name it with a table's word: "an
anechoic, multilobulated 2.4 x 1.2 cm structure", "hypoechoic intraluminal material",
"hyperechoic septa", "a T2-hyperintense 5 mm zone". The appearance word (a ``modifier``
concept of the tables: echo, density and signal words, enhancement, calcification) is found;
the thing it describes is its noun phrase's head:

* **The head of a described phrase**: after an appearance word, across describing words
  (adjectives, hyphens, commas, degree words) and a measurement ("2.4 x 1.2 cm", "12-mm"),
  the first word that may head an observation (``open_heads``' rules: no anatomy, no table
  term, no report, size or property word, no adjective) ends the mention, which keeps the
  appearance word's table concept (as ``modifiers.carrier_end`` does for "hypoechoic area"). A generic thing word ("structure", "material", "zone", "tissue"; ``THING_NOUNS``)
  heads one here, where a describing word says it is a thing seen.
* The appearance word is no second mention of its own: one mention spans it and the head; before
  a table finding ("a hypoechoic 12 mm nodule") the finding alone is the mention.

Never: a structure's own appearance ("the liver is hyperechoic", "hypoechoic parenchyma": the
head is anatomy), a part of a lesion ("a hypoechoic rim", "anechoic content": part and content
words), a property ("heterogeneous signal", "hypoechoic appearance").
"""

from __future__ import annotations

from radtrack_gui.core.model import FINDING
from radtrack_gui.nlp.extractors.candidates import Cand
from radtrack_gui.nlp.extractors.modifiers import (
    APPEARANCE,
    CARRIER_NOUNS,
    MODIFIER,
    PART_NOUNS,
    describing,
)
from radtrack_gui.nlp.extractors.open_heads import ADJECTIVE_ENDS, NOT_A_HEAD, PHRASE_END, noun_ok
from radtrack_gui.nlp.vocabulary import Vocabulary

# the appearance concepts whose word describes a thing seen (``modifiers.APPEARANCE`` and the
# other image-appearance words of the tables)
DESCRIPTORS = APPEARANCE | frozenset({"calcification", "enhancement"})
# generic words for a thing seen, heads here though ``open_heads.NOT_A_HEAD`` holds them
THING_NOUNS = frozenset(
    {
        *("structure", "structures", "material", "zone", "zones", "tissue", "tissues"),
        *("formation", "formations", "shadow", "shadows", "area", "areas", "focus", "foci"),
        *("band", "bands"),
    }
)
# a lesion's parts that are things seen when no finding before them is what they belong to
# ("hyperechoic septa" of a gland; "a lesion with a hypoechoic rim" describes the lesion)
PART_THINGS = frozenset({"septa", "septations", "rim", "rims", "halo", "core", "capsule"})
# adjectives without an adjective's ending
PLAIN_ADJECTIVES = frozenset(
    {
        *("soft", "firm", "thin", "thick", "round", "oval", "fine", "coarse", "solid", "smooth"),
        *("rough", "bright", "dark", "faint", "mild", "slight", "wide", "long", "short", "deep"),
        *("high", "low", "dense", "small", "large", "sharp", "broad", "tiny", "huge", "well"),
        *("most", "least", "much", "many", "quite", "rather", "fairly", "such", "other", "same"),
        *("ill", "poorly", "very", "more", "less", "partly", "mostly", "mainly", "both", "some"),
        "lymph",  # a noun used as an adjective ("calcified lymph nodes")
    }
)
# what an appearance word is a property of, not a thing ("enhancement dynamics")
PROPERTY_WORDS = frozenset(
    {
        *("dynamics", "kinetics", "curve", "curves", "behavior", "behaviour", "values"),
        *("value", "index", "indices", "ratio", "velocity", "velocities", "profile", "spectrum"),
    }
)
# words after a list of appearance words that end its phrase ("... heterogeneous due to ...")
LIST_ENDS = frozenset({"due", "because", "owing", "throughout", "globally", "diffusely"})
# function words and prepositions that end a phrase (beyond ``open_heads.PHRASE_END``)
STOPS = frozenset(
    {
        *("either", "neither", "nor", "also", "however", "then", "thus", "therefore", "where"),
        *("whereas", "while", "although", "though", "when", "whose", "this", "these", "those"),
        *("there", "here", "over", "under", "onto", "upon", "across", "through", "near"),
        *("beside", "behind", "below", "above", "around", "between", "among", "inside"),
        *("outside", "after", "before", "during", "like", "unlike", "toward", "towards"),
        *("due", "because", "owing", "throughout", "beyond", "against", "except", "until"),
    }
)
# thing words that name a texture unless measured ("a heterogeneous parenchymal structure"
# is the organ's echotexture; "an anechoic 2 x 1 cm structure" a thing seen)
TEXTURE_WORDS = frozenset({"structure", "structures"})
DESCRIBES = -1  # the appearance word describes a finding named after it
UNITS = frozenset({"mm", "cm", "m", "x", "×", "by", "up", "to", "about", "approximately"})
GAP = 8  # describing and measuring words between the appearance word and the head


def _measuring(tok: str) -> bool:
    return tok in UNITS or tok.replace(".", "", 1).replace(",", "", 1).isdigit()


def _may_head(v: Vocabulary, tok: str, part_ok: bool) -> bool:
    if tok in THING_NOUNS:
        return True
    if tok in PART_NOUNS and not (part_ok and tok in PART_THINGS):
        return False
    return (
        tok.isalpha()
        and len(tok) >= 4
        and len(set(tok)) > 1
        and tok not in NOT_A_HEAD
        and tok not in PLAIN_ADJECTIVES
        and tok not in PROPERTY_WORDS
        and not tok.endswith(("ly", "ed", "ing", "ate", "ish", "oid", *ADJECTIVE_ENDS))
        and noun_ok(v, tok)
    )


def described_head(
    v: Vocabulary,
    c: Cand,
    toks: list[str],
    concept_at: list[bool],
    finding_at: frozenset[int] | set[int],
    places: frozenset[int] | set[int] = frozenset(),
) -> int | None:
    """The token of the head noun of the phrase an appearance word ``c`` describes when that
    noun is one no table names (module docstring); ``DESCRIBES`` when it describes the
    finding that starts at a token of ``finding_at`` (the sentence's other findings) after
    describing and measuring words only ("a hypoechoic 12 mm nodule"): no mention of its own;
    None otherwise, and where a structure's name or a side (a token of ``places``) comes
    first ("calcified left hilum", "hypodense right liver segment 6 lesion")."""
    if c.type != FINDING or c.span is not None or c.concept not in DESCRIPTORS:
        return None
    concept = v.concepts.get(c.concept)
    if concept is None or MODIFIER not in concept.flags:
        return None
    n = len(toks)
    part_ok = not any(k < c.t0 for k in finding_at)  # no finding before whose part it is
    j = c.t1
    while j < n and j - c.t1 < GAP:
        tok = toks[j]
        if tok in PHRASE_END or tok in STOPS:
            return None
        if j in finding_at:
            return DESCRIBES if j > c.t1 else None
        if concept_at[j] or j in places:
            return None
        if _may_head(v, tok, part_ok):
            if j == c.t1 and tok in CARRIER_NOUNS:
                return None  # "hypoechoic area": ``modifiers.carrier_end`` spans it
            if tok in TEXTURE_WORDS and not any(map(_measuring, toks[c.t1 : j])):
                return None
            return j
        if not (describing(tok) or _measuring(tok) or tok in PLAIN_ADJECTIVES):
            return None
        j += 1
    return None


def both_appearances(v: Vocabulary, c: Cand, nxt: Cand, toks: list[str]) -> bool:
    """``c`` and ``nxt`` ("hypoechoic and heterogeneous") are two appearance words of one
    list that ends the phrase: both said of a structure ("the gland is hypoechoic and
    heterogeneous"), neither describing the other; with a noun after the list ("a hypoechoic,
    heterogeneous mass") the noun is what they describe."""
    if c.concept not in DESCRIPTORS or nxt.concept not in DESCRIPTORS or " " in nxt.term:
        return False
    concept = v.concepts.get(nxt.concept)
    if concept is None or MODIFIER not in concept.flags:
        return False
    after = toks[nxt.t1] if nxt.t1 < len(toks) else "."
    return not after[0].isalpha() or after in PHRASE_END or after in LIST_ENDS
