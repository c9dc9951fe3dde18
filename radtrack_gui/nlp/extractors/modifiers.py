"""Adjective-like observations ("modifier" concepts: hypoechoic, hypodense, calcified ...) that
describe another finding of their sentence are no mentions of their own (the finding is):

- before the finding's noun phrase with other describing words between ("a spindle-shaped,
  hypoechoic, relatively well-defined mass"; analysis already drops "hypoechoic mass");
- (echo, density and signal words only, ``APPEARANCE``) before a part noun of a finding
  named earlier in the sentence ("an isoechoic lesion with a mildly hypoechoic rim");
- (the same) as the predicate of a finding named earlier in the clause ("The lesion ...,
  which measures 2.2 cm, is hypoechoic").

A modifier said of a structure ("The liver is hyperechoic") or standing alone ("Hypoechoic
area in segment 6" is a finding by its head) keeps its mention."""

from __future__ import annotations

from radtrack_gui.core.model import FINDING
from radtrack_gui.nlp.extractors.candidates import Cand
from radtrack_gui.nlp.extractors.normal_subject import ADVERBS, COPULAS
from radtrack_gui.nlp.vocabulary import Vocabulary

MODIFIER = "modifier"
# words that may stand between a modifier and the finding it describes
DESCRIBING_GAP = 5
DESCRIBING_ENDS = ("ed", "al", "ar", "ic", "ous", "ive", "ly", "oid", "ate")
# parts of a finding a modifier may describe
PART_NOUNS = frozenset(
    {
        *("rim", "rims", "cortex", "wall", "walls", "margin", "margins", "border", "borders"),
        *("halo", "center", "centre", "component", "components", "portion", "capsule"),
        *("periphery", "septa", "septations", "core", "hilum", "content", "contents"),
    }
)
# the modifiers that are a lesion's appearance on the image (echo, density, signal): said of a
# finding's part or as its predicate they describe it; uptake, enhancement, necrosis,
# calcification ... said so are findings of their own ("The liver lesion is FDG avid")
APPEARANCE = frozenset(
    {
        *("echogenicity", "hypodensity", "hyperdensity", "signal abnormality"),
        *("heterogeneity", "irregularity"),
    }
)
CLAUSE_BREAKS = frozenset({";", ".", ":", "and", "but", "while", "whereas"})
WAS = frozenset({"was", "were", "is", "are"})


def _is_modifier(v: Vocabulary, c: Cand) -> bool:
    concept = v.concepts.get(c.concept)
    return concept is not None and MODIFIER in concept.flags and c.type == FINDING


DEGREE = frozenset({"well", "ill", "poorly", "very", "more", "less", "rather", "partly"})


NEGATIONS = frozenset({"not", "no", "never"})


def predicate_before_comma(toks: list[str], t0: int, t1: int, nxt: int) -> bool:
    """The word at ``toks[t0:t1]`` is a predicate after a copula (across adverbs and a
    negation) and a comma stands between it and ``nxt``: "The liver is not enlarged,
    echogenicity ...", two clauses; the adjective describes no noun after the comma
    ("a spindle-shaped, hypoechoic mass" has no copula before it)."""
    if "," not in toks[t1:nxt]:
        return False
    i = t0 - 1
    while i >= 0 and (toks[i].lower() in ADVERBS or toks[i].lower() in NEGATIONS):
        i -= 1
    return i >= 0 and (toks[i].lower() in COPULAS or toks[i].lower() in WAS)


def describing(tok: str) -> bool:
    return (
        tok in (",", "-")
        or tok in DEGREE
        or tok.endswith(DESCRIBING_ENDS)
        or "-" in tok
        or tok in ADVERBS
    )


def without_described_modifiers(v: Vocabulary, kept: list[Cand], toks: list[str]) -> list[Cand]:
    """``kept`` without the modifier candidates that describe another finding of the
    sentence (module docstring); the described finding stays."""
    mods = [k for k in kept if _is_modifier(v, k)]
    if not mods:
        return kept
    findings = [
        k
        for k in kept
        if k.type == FINDING and not _is_modifier(v, k) and not k.concept.startswith("normal ")
    ]
    if not findings:
        return kept
    low = toks  # lower case already (text.word_bounds)
    n = len(low)
    starts = {f.t0 for f in findings}
    drop: set[int] = set()
    for m in mods:
        # before the finding's noun phrase, across describing words
        j = m.t1
        while j < n and j - m.t1 <= DESCRIBING_GAP and j not in starts and describing(low[j]):
            j += 1
        if j in starts and j > m.t1:
            drop.add(id(m))
            continue
        before = [f for f in findings if f.t1 <= m.t0]
        if not before or m.concept not in APPEARANCE:
            continue
        # before a part noun of a finding named earlier
        if m.t1 < n and low[m.t1] in PART_NOUNS:
            drop.add(id(m))
            continue
        # the predicate of a finding named earlier in the clause
        i = m.t0 - 1
        while i >= 0 and low[i] in ADVERBS:
            i -= 1
        if i >= 0 and (low[i] in COPULAS or low[i] in WAS):
            last = max(f.t1 for f in before)
            if all(low[k] not in CLAUSE_BREAKS for k in range(last, i)):
                drop.add(id(m))
    return [k for k in kept if id(k) not in drop]


def without_covering_properties(v: Vocabulary, kept: list[Cand]) -> list[Cand]:
    """``kept`` without the open "abnormal <property>" candidates (``open_frames.
    abnormal_property``) that hold a kept table mention ("Altered density in the right lung":
    the table's opacity at "density" stands); where the table mention was dropped ("no
    abnormal density ... within the liver") the open one is the finding."""
    opens = [k for k in kept if k.concept.startswith("abnormal ") and k.concept not in v.concepts]
    if not opens:
        return kept
    drop = {
        id(o)
        for o in opens
        for k in kept
        if k is not o and o.t0 <= k.t0 and k.t1 <= o.t1 and k.concept in v.concepts
    }
    return [k for k in kept if id(k) not in drop]


# Generic nouns that carry an adjective-like finding word as the head of its noun phrase
# ("inflammatory changes", "hyperintense area", "hypodense foci", "cystic images", "lytic
# changes"): the mention spans the carrier too (the labelled span is the whole phrase).
CARRIER_NOUNS = frozenset(
    {
        *("change", "changes", "area", "areas", "image", "images", "focus", "foci"),
        *("band", "bands", "strand", "strands", "shadow", "shadows", "phenomena"),
        *("phenomenon", "zone", "zones", "spot", "spots"),
        # the translated reports' words for a lesion ("anechoic formations", open_lesions)
        *("formation", "formations", "conglomerate", "conglomerates"),
    }
)


def carrier_end(c: Cand, toks: list[str], concept_at: list[bool]) -> int:
    """Where a finding mention ends when a carrier noun (``CARRIER_NOUNS``) that no other term
    covers follows it directly: after the carrier; else ``c.t1``. Normal statements keep
    their word ("regular contour" stays "regular")."""
    k = c.t1
    if (
        c.type == FINDING
        and k < len(toks)
        and not concept_at[k]
        and toks[k].lower() in CARRIER_NOUNS
        and not c.concept.startswith("normal")
    ):
        return k + 1
    return c.t1


def node_words_start(c: Cand, toks: list[str]) -> int:
    """Where a node finding whose table term holds its sign words starts ("pathologically
    enlarged lymph nodes"): at "lymph", the span the GUIDELINE keeps (modifiers are not part of
    the name); else ``c.t0`` (a sign word read up to the node it describes, "Enlarged
    portocaval lymph node", keeps the whole node phrase: ``sites.node_phrase_end``)."""
    if c.type != FINDING or "lymph" not in c.term.lower().split():
        return c.t0
    for k in range(c.t0 + 1, c.t1 - 1):
        if toks[k].lower() == "lymph":
            return k
    return c.t0
