"""Findings stated as predicates no table names (issue #18 §1, open vocabulary): "The uterus is
retroverted", "The right lung is collapsed", "The prostate is hypertrophic", "the stalk is
neither thickened nor deviated", "it appears slightly smaller than normal".

A word is such a predicate when, in one sentence,

* a structure is the clause's subject: the words before a copula ("is", "are", "appears",
  "remains", "looks", "seems") name anatomy (a structure's name or an anatomy head noun);
* the word comes after that copula, over degree adverbs, adverbs in -ly ("is medially
  rotated"; not "normally", "symmetrically": ``NORMAL_ADVERBS``) and a negation ("is not
  compressed", "is neither thickened nor deviated") and over the predicates before it in one list
  ("thickened and edematous");
* it has a predicate's form: a past participle of a change of form or place ("compressed",
  "retroverted", "kinked"), an adjective of a pathological state ("hypertrophic",
  "dysmorphic", "edematous", "uneven") or a comparative of size ("smaller", "narrower"),
  and is none of the words that say how or where a thing was seen or done ("visualized",
  "located", "performed", "filled").

Its concept is the word itself (open, like the other open readings); the negation decides
its assertion as for any mention. Words a table already reads (covered tokens) and cue words
(course words: "unchanged", "stable") are never read here.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import compress, count

from radtrack_gui.nlp.extractors.open_patterns import head_concept
from radtrack_gui.nlp.extractors.open_size_states import SPAN as SIZE_SPAN
from radtrack_gui.nlp.extractors.open_size_states import shape_state, size_state
from radtrack_gui.nlp.extractors.structure_names import names_structure
from radtrack_gui.nlp.vocabulary import Vocabulary
from radtrack_gui.nlp.word_lists import word_list

LINKING = frozenset(
    {"is", "are", "appears", "appear", "remains", "remain", "looks", "look", "seems", "seem"}
)
# words between a copula and its predicate
BETWEEN = frozenset(
    {
        *("slightly", "mildly", "moderately", "markedly", "severely", "significantly"),
        *("diffusely", "focally", "partially", "partly", "somewhat", "relatively", "still"),
        *("also", "now", "clearly", "minimally", "discretely", "not", "neither", "again"),
    }
)
# adverbs of normal manner: "is normally positioned", "are symmetrically distended" say
# the structure is as it should be, so the list after them reads nothing
NORMAL_ADVERBS = frozenset(
    {
        *("normally", "regularly", "properly", "adequately", "appropriately", "correctly"),
        *("symmetrically", "physiologically", "typically", "usually", "sufficiently"),
        *("satisfactorily", "harmoniously", "anatomically", "orderly"),
    }
)
JOINS = frozenset({"nor", "or", "and", ","})
HOPS = 2  # earlier predicates of one list a predicate may follow
SUBJECT_WORDS = 5  # words of the subject read back from the copula
SUBJECT_STOPS = frozenset({".", ";", ":", ",", "(", ")", "-", "•", "*", "which", "that", "and"})
COMPARATIVES = frozenset(
    {"smaller", "larger", "narrower", "wider", "thicker", "shorter", "denser", "bigger"}
)
# adjectives of a pathological state (their endings: see ``_STATE_ENDS``) that are no
# finding: kinds of tissue or signal words a report uses as a plain description
STATE_ENDS = ("trophic", "morphic", "otic", "ectatic", "ematous", "cystic", "plastic")
STATE_WORDS = frozenset(
    {
        *("uneven", "prominent", "missing", "heterogeneous", "inhomogeneous", "dense"),
        *("tortuous", "bulging", "protruding", "swollen", "torn", "hyperemic", "irregular"),
    }
)
# participles that tell how, where or whether a thing was seen, shown or done: no finding
NOT_PREDICATE = frozenset(
    {
        *("seen", "noted", "visualized", "visualised", "identified", "demonstrated"),
        *("depicted", "delineated", "imaged", "included", "examined", "assessed"),
        *("evaluated", "performed", "measured", "located", "situated", "positioned"),
        *("placed", "filled", "surrounded", "connected", "projected", "oriented"),
        *("described", "documented", "compared", "obtained", "centered", "centred"),
        *("represented", "developed", "formed", "contrasted", "opacified", "related"),
        *("associated", "composed", "characterized", "characterised", "bordered"),
        *("delimited", "defined", "recommended", "suggested", "required", "needed"),
        *("explored", "scanned", "studied", "reported", "known", "based", "limited"),
        *("covered", "supplied", "drained", "fed", "attached", "inserted", "removed"),
        *("treated", "operated", "resected", "replaced", "used", "injected", "enhanced"),
        *("detected", "observed", "recognized", "recognised", "found", "shown", "unchanged"),
        *("distributed", "arranged", "structured", "organized", "organised", "visible"),
        *("received", "administered", "given", "advised", "planned", "expected", "excluded"),
        *("ruled", "considered", "presumed", "suspected", "confirmed", "followed", "affected"),
        *("involved", "concerned", "preserved", "maintained", "aligned", "extended"),
        *("indicated", "hindered", "vascularized", "vascularised", "perfused", "tilted"),
        *("incorporated", "integrated", "healed", "fixed", "secured", "displayed"),
        *("occupied", "mixed", "shaped", "sized", "textured"),
        # normal positions of the uterus and a bladder's filling (no finding)
        *("anteverted", "anteflexed", "underfilled", "filled", "emptied", "voided"),
    }
)


@lru_cache(maxsize=4096)
def between(tok: str) -> bool:
    """``tok`` may stand between a copula and its predicate: a ``BETWEEN`` word, or any
    adverb of manner, place or extent in -ly ("medially rotated", "concentrically
    stenosed", "uniformly decreased"), not one of ``NORMAL_ADVERBS``."""
    if tok in BETWEEN:
        return True
    return len(tok) >= 6 and tok.endswith("ly") and tok.isalpha() and tok not in NORMAL_ADVERBS


def may_predicate(toks: list[str]) -> bool:
    """A cheap gate, exact for ``predicate_mentions``: the first word after a copula (over
    ``BETWEEN`` words) has a predicate's form (a list it opens with anything else reads
    nothing: a table's word makes the table read the list, another word ends it)."""
    if LINKING.isdisjoint(toks):
        return False
    n = len(toks)
    for c in compress(count(), map(LINKING.__contains__, toks)):
        k = c + 1
        while k < n and between(toks[k]):
            k += 1
        if k < n and predicate_shape(toks[k]):
            return True
    return False


@lru_cache(maxsize=8192)
def predicate_shape(tok: str) -> bool:
    """``tok`` has the form of a finding's predicate (see the module's docstring)."""
    if len(tok) < 5 or not tok.isalpha() or tok in NOT_PREDICATE:
        return False
    return (
        tok in STATE_WORDS
        or tok in COMPARATIVES
        or tok.endswith(STATE_ENDS)
        or (tok.endswith("ed") and not tok.endswith("eed"))
    )


# words that make a comparative the course of a finding since an earlier exam ("smaller than
# before", "now larger", "compared with the prior study")
SINCE = frozenset(
    {
        *("previous", "previously", "prior", "before", "earlier", "last", "since", "compared"),
        *("comparison", "interval", "preceding", "former", "now", "further", "progressively"),
        *("decreased", "increased", "regressed", "progressed", "meanwhile", "again"),
    }
)


def size_not_course(toks: list[str], k: int) -> bool:
    """``toks[k]`` is a comparative of size (a course word of the cue table: "smaller") said
    of a structure against the normal or the other side, not against an earlier exam: no
    word of ``SINCE`` in the sentence (round 8: "the right kidney is smaller", "it appears
    smaller than normal"; "the node is smaller than before" stays a course word)."""
    return toks[k] in COMPARATIVES and SINCE.isdisjoint(toks)


def subject_is_structure(v: Vocabulary, toks: list[str], copula: int) -> bool:
    """The words before ``copula`` (back to a clause stop) end in a structure's name or an
    anatomy head noun."""
    heads = word_list("anatomy_heads")
    j = copula - 1
    words: list[str] = []
    while j >= 0 and toks[j] not in SUBJECT_STOPS and copula - j <= SUBJECT_WORDS:
        words.insert(0, toks[j])
        j -= 1
    if not words:
        return False
    last = words[-1]
    if last in heads or head_concept(last) in heads or v.anatomy_of(last) is not None:
        return True
    if v.anatomy_of(head_concept(last)) is not None:
        return True
    if len(words) > 1 and v.anatomy_of(" ".join(words[-2:])) is not None:
        return True
    return names_structure(words)  # RadLex's long tail and vessel initialisms ("right ica")


def predicate_mentions(
    v: Vocabulary, toks: list[str], covered: set[int], others_at: set[int]
) -> list[tuple[int, int, str, str, str]]:
    """The sentence's open predicate findings as templates ``(t0, t1, concept, "finding",
    term)`` (``covered``: tokens of table terms; ``others_at``: of structures and cues): after
    each copula, over ``BETWEEN`` words, the list of one-word predicates joined by ``JOINS``
    (at most ``HOPS`` joins), while the subject before the copula is a structure; none of a
    list that holds a table's word ("thickened and trabeculated": the table reads it)."""
    out: list[tuple[int, int, str, str, str]] = []
    n = len(toks)
    for c in compress(count(), map(LINKING.__contains__, toks)):  # the copulas, found in C
        found: list[tuple[int, int]] = []
        table = False  # a table's word in the list: its reading of the list stands
        k, hops = c + 1, 0
        while k < n:
            while k < n and between(toks[k]):
                k += 1
            if k >= n:
                break
            if k in covered:
                table = True
            elif size_state(toks, k, SINCE):  # "is reduced in size" (open_size_states)
                found.append((k, k + SIZE_SPAN))
                k += SIZE_SPAN - 1
            else:
                if not predicate_shape(toks[k]) or (
                    k in others_at and not size_not_course(toks, k) and not shape_state(toks, k)
                ):
                    break
                found.append((k, k + 1))
            k += 1
            if k < n and toks[k] in JOINS and hops < HOPS:
                k, hops = k + 1, hops + 1
                continue
            break
        if found and not table and subject_is_structure(v, toks, c):
            out.extend(
                (a, b, " ".join(toks[a:b]), "finding", " ".join(toks[a:b])) for a, b in found
            )
    return out
