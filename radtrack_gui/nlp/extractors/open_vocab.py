"""Open vocabulary: an observation the tables lack is still a mention when the sentence's
structure says so (issue #18 §1), with its head noun as its concept.

Two signals, both read from one sentence's tokens (context-free, cached with the sentence):

* **A pathology suffix**: a word ending in -itis, -osis, -oma(s), -ectasis, -megaly, -pathy
  that no table names ("nephritis", "tenosynovitis" are found even when no table lists them);
  not words that are normal anatomy or procedures ("anastomosis", "syndesmosis", "stroma"),
  not a structure's name.
* **An asserting frame** around a noun phrase: "consistent with / compatible with /
  suggestive of / in keeping with / diagnostic of X", "new / enlarging / increasing /
  increased X", "X measuring ..." (a measured thing): the head noun of X (its last word before
  a preposition, conjunction, verb or punctuation) is the mention.

Never a mention: structure names (anatomy terms), measurements and numbers, procedure words,
report words (study, exam, finding, appearance ...), cue words (negations, course words), a
phrase holding a table term (the table's mention stands): ``open_heads`` decides. A question
(reason for the exam, GUIDELINE rule 8) is dropped later like any finding in the indication.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import partial
from itertools import compress, count
from operator import itemgetter, methodcaller
from types import EllipsisType

from radtrack_gui.nlp.extractors.open_disorders import DISORDER_NOUNS, disorder_templates
from radtrack_gui.nlp.extractors.open_frames import (
    ASSERTED_HEADS,
    CLAUSE_WORDS,
    COORDINATORS,
    NODE_WORDS,
    PROPERTY_NOUNS,
    abnormal_property,
    clause_heads,
    elided_heads,
    elided_modifiers,
    node_templates,
)
from radtrack_gui.nlp.extractors.open_heads import head_after, is_head, noun_ok
from radtrack_gui.nlp.extractors.open_measured import MEASURE_UNITS, measured_heads
from radtrack_gui.nlp.extractors.open_negated import (
    NEGATORS,
    may_negate,
    negated_heads,
    with_negated,
)
from radtrack_gui.nlp.extractors.open_patterns import head_concept, may_pattern, with_patterns
from radtrack_gui.nlp.extractors.word_marks import (
    ABNORMAL,
    CHANGE_NOUN,
    CLAUSE,
    COORDINATOR,
    DISORDER,
    FRAME,
    GATE_WORDS,
    LAST3,
    MEASURE_UNIT,
    NEGATOR,
    NODE,
    OWN_WORDS,
    PROPERTY,
    sentence_mask,
)
from radtrack_gui.nlp.extractors.word_marks import SUFFIX as SUFFIX_BIT
from radtrack_gui.nlp.vocabulary import Lexicon, Vocabulary

OPEN = "open"  # the flag of a concept made for an open-vocabulary mention
SUFFIX = re.compile(
    r"[a-z]{3,}(?:itis|osis|omas?|ectasis|ectases|ectasias?|megaly|pathy|plasias?|trophy"
    r"|iasis|malacia|penia|lysis|celes?|degeneration)|(?:hyper|isch)a?emia"
)
# words with those endings that name normal anatomy, procedures or no finding
NOT_PATHOLOGY = frozenset(
    {
        *("anastomosis", "anastomoses", "syndesmosis", "synchondrosis", "diarthrosis"),
        *("amphiarthrosis", "gomphosis", "symphysis", "diagnosis", "prognosis", "hypnosis"),
        *("mitosis", "meiosis", "osmosis", "symbiosis", "stroma", "soma", "diploma", "aroma"),
        *("chroma", "coma", "empathy", "sympathy", "homeopathy", "osteopathy", "naturopathy"),
        "trauma",
        # -lysis, -cele: procedures and ordinary words
        *("analysis", "dialysis", "hemodialysis", "haemodialysis", "thrombolysis"),
        *("fibrinolysis", "hydrolysis", "electrolysis", "catalysis", "parcele"),
    }
)
FRAMES_BEFORE = (
    ("consistent", "with"),
    ("compatible", "with"),
    ("suggestive", "of"),
    ("in", "keeping", "with"),
    ("diagnostic", "of"),
    ("characteristic", "of"),
    ("new",),
    ("enlarging",),
    ("growing",),
    # an observation looked for or seen ("no signs of destruction", "features of renal
    # osteodystrophy", "suspicion of hypoplasia")
    ("signs", "of"),
    ("sign", "of"),
    ("features", "of"),
    ("evidence", "of"),
    ("suspicion", "of"),
    ("suspicious", "for"),
)
# "<adjective> changes": a process named by its kind ("vascular changes", "traumatic
# changes"), not a course word ("significant changes", "interval changes").
# "<adjective> formations" likewise names a lesion by its kind ("microcystic formations",
# "myomatous formations": the translated reports' word for a lesion).
CHANGE_NOUNS = frozenset({"changes", "change", "alterations", "alteration", "formations"})
NOT_A_KIND = frozenset(
    {
        *("significant", "relevant", "interval", "substantial", "major", "minor", "other"),
        *("similar", "further", "general", "overall", "marginal", "essential", "total"),
        *("material", "special", "usual", "several", "visual", "initial", "additional"),
        *("dynamic", "mechanical", "technical", "radiological", "radiologic", "morphological"),
        *("morphologic", "structural", "functional", "typical", "evolutional", "natural"),
    }
)
FRAMES_AFTER = frozenset({"measuring", "measures", "measured"})
# Faster look-ups of the same: a word each frame needs (its longest, the rarest: "keeping"
# of "in keeping with"), so a sentence without any of them holds no frame; the endings
# ``SUFFIX`` accepts (a cheap test before the regex).
FRAME_NEEDS = frozenset(max(f, key=len) for f in FRAMES_BEFORE) | FRAMES_AFTER
# the frames by the word each needs, with that word's place in the frame: a frame stands
# where its needed word stands at that place, so only those words' places are looked at
FRAMES_BY_NEED: dict[str, tuple[tuple[int, tuple[str, ...]], ...]] = {
    w: tuple((f.index(w), f) for f in FRAMES_BEFORE if max(f, key=len) == w)
    for w in FRAME_NEEDS - FRAMES_AFTER
}
SUFFIX_ENDS = (
    *("itis", "osis", "oma", "omas", "ectasis", "ectases", "ectasia", "ectasias", "megaly"),
    *("pathy", "plasia", "plasias", "trophy", "iasis", "malacia", "penia", "lysis", "cele"),
    *("celes", "degeneration", "emia"),
)

# The last three letters of every ``SUFFIX_ENDS`` ending (each is at least three long): a
# token whose last three are none of these ends with no such ending, so ``endswith`` (a
# 21-way test) runs only for the few that are (CPU time, a 12-token sentence: the loop of
# ``open_mentions`` 3.0 -> 1.7 us; the gate of ``may_open`` 2.1 us as a regex over the
# joined tokens -> 1.7 us).
SUFFIX_LAST3 = frozenset(end[-3:] for end in SUFFIX_ENDS)
_LAST3 = itemgetter(slice(-3, None))  # a token's last three letters (C, no Python call)
_HAS_SUFFIX = methodcaller("endswith", SUFFIX_ENDS)


def positions(toks: list[str], words: frozenset[str]) -> compress[int]:
    """The indices of the tokens in ``words``, in order (found in C: the loops over a
    sentence's tokens run only at these)."""
    return compress(count(), map(words.__contains__, toks))


# words that open the lymph-node, "<kind> changes", disorder-noun, clause-frame and property
# (open_frames) readings; the shared-head reading (``elided_heads``) opens on a coordinator and
# has its own, narrower gate (``may_elide``)
_GATE_WORDS = NODE_WORDS | CHANGE_NOUNS | DISORDER_NOUNS | CLAUSE_WORDS | PROPERTY_NOUNS
_OWN_WORDS = _GATE_WORDS | COORDINATORS
# the endings ``_kind_of_change`` accepts before a change noun
KIND_ENDS = ("al", "ar", "ic", "ous", "ive", "ory")


def may_open(
    toks: list[str],
    pattern: bool | None = None,
    concepts: Sequence[tuple[int, int, str]] | None = None,
    mask: int | None = None,
) -> bool:
    """A cheap test: the sentence has a word with a pathology ending, a word a frame needs,
    a word of ``_GATE_WORDS`` (node, change, disorder, clause-frame and property nouns), a
    negation (``open_negated.NEGATORS``: "no", "without") before a phrase with no table term
    (``may_negate``; ``concepts``: the sentence's table terms, when the caller has them), or
    a place one of ``open_patterns``' readings may stand (``may_pattern``: flow nouns,
    "changes", generic abnormality heads, a process noun opening a clause (or after "no" /
    "without") with "of", a change word with a measure noun: ``open_measures.may_measure``), so
    ``open_mentions`` may find something; False: it finds nothing but what ``elided_heads``
    finds (``candidates.tokens_and_terms`` runs that alone on a sentence with a coordinator).
    ``pattern``: ``may_pattern(toks)`` when the caller has it. (A narrower gate, each
    reading's own test with the sentence's matches, was built and measured in round 7: it
    kept 39 % of the sentences out but cost more instructions than it saved; see
    docs/performance.md "Round 7 (extract-speed5)".) ``mask``: the sentence's
    ``word_marks.sentence_mask`` when the caller has it: its bits answer the word tests
    (round 9: no scan of the tokens, no slice of every token's last letters)."""
    if mask is not None:
        return bool(
            mask & (FRAME | GATE_WORDS | MEASURE_UNIT)
            or (mask & NEGATOR and (concepts is None or may_negate(toks, concepts)))
            or (mask & LAST3 and mask & SUFFIX_BIT)
            or (may_pattern(toks) if pattern is None else pattern)
        )
    return (
        not FRAME_NEEDS.isdisjoint(toks)
        or not _GATE_WORDS.isdisjoint(toks)
        or not MEASURE_UNITS.isdisjoint(toks)
        or (not NEGATORS.isdisjoint(toks) and (concepts is None or may_negate(toks, concepts)))
        or (not SUFFIX_LAST3.isdisjoint(map(_LAST3, toks)) and any(map(_HAS_SUFFIX, toks)))
        or (may_pattern(toks) if pattern is None else pattern)
    )


def open_mentions(
    v: Vocabulary,
    lex: Lexicon,
    toks: list[str],
    covered: set[int],
    others_at: set[int],
    structures: set[int] | frozenset[int] = frozenset(),
    places: list[int] | EllipsisType | None = ...,
    mask: int | None = None,
) -> list[tuple[int, int, str, str, str]]:
    """Open-vocabulary candidates of a sentence as templates ``(t0, t1, concept, "finding",
    term)``; ``covered``: tokens of table concept terms; ``others_at``: tokens of structure
    names and cues; ``structures``: tokens of structure names (open_patterns); ``places``:
    ``open_patterns.pattern_places(toks)`` when the caller has it (``...``: found here);
    ``mask``: ``word_marks.sentence_mask(toks)`` when the caller has it (each reading's pass
    runs only when the sentence holds one of its words: the mask's bits say which)."""
    if mask is None:
        mask = sentence_mask(toks)
    found: dict[int, str] = {}
    # a word of a pathology ending sets both bits; without either none is looked for
    suffixed = mask & LAST3 and mask & SUFFIX_BIT
    for i in (
        compress(count(), map(SUFFIX_LAST3.__contains__, map(_LAST3, toks))) if suffixed else ()
    ):
        tok = toks[i]
        if not tok.endswith(SUFFIX_ENDS) or i in covered or i in others_at:
            continue
        if SUFFIX.fullmatch(tok) and tok not in NOT_PATHOLOGY and noun_ok(v, tok):
            found[i] = tok
    negated: dict[int, str] = {}
    if mask & NEGATOR:  # "No X", "without X" (open_negated): where no other
        ok = partial(is_head, v, toks, covered=covered, others=others_at, gerund=True)
        negated = negated_heads(toks, ok, covered, others_at)  # reading names the phrase
    if mask & MEASURE_UNIT:  # "a shadow of about 5 cm" (open_measured)
        measured = partial(is_head, v, toks, covered=covered, others=others_at)
        for k in measured_heads(toks, lambda k: measured(k, allowed=ASSERTED_HEADS)):
            found.setdefault(k, toks[k])
    if not mask & (FRAME | OWN_WORDS):  # FRAME_NEEDS, _OWN_WORDS
        out = with_negated(_templates(found, toks), toks, negated)
        return with_patterns(lex.concepts, out, toks, covered, others_at, structures, places)
    # each reading's pass runs only when the sentence holds one of its words; a frame is
    # looked for where the word it needs stands (``FRAMES_BY_NEED``), not at every "in"
    for i in positions(toks, FRAME_NEEDS) if mask & FRAME else ():
        tok = toks[i]
        if tok in FRAMES_AFTER:
            if i > 0:
                k = i - 1
                if toks[k] == ",":
                    k -= 1
                if k >= 0 and is_head(v, toks, k, covered, others_at, ASSERTED_HEADS):
                    found.setdefault(k, toks[k])
            continue
        for at, frame in FRAMES_BY_NEED[tok]:
            s = i - at
            if s >= 0 and tuple(toks[s : s + len(frame)]) == frame:
                head = head_after(v, toks, s + len(frame), covered, others_at)
                if head is not None:
                    found.setdefault(head, toks[head])
    if mask & CLAUSE:
        for k, tok in clause_heads(
            toks,
            lambda k: is_head(v, toks, k, covered, others_at, ASSERTED_HEADS, True),
            lambda j: head_after(v, toks, j, covered, others_at, ASSERTED_HEADS, True),
            covered,
        ).items():
            found.setdefault(k, tok)
    out = _templates(found, toks)
    taken = set(found)
    if mask & NODE:
        out.extend(node_templates(toks, covered, taken))
    for i in positions(toks, CHANGE_NOUNS) if mask & CHANGE_NOUN else ():
        tok = toks[i]
        if i > 0 and _kind_of_change(v, toks, i - 1, covered, others_at):
            if i in covered or i - 1 in taken:
                continue
            if i in taken:  # a frame's head ("Bones show no focal changes"): name its kind
                out = [t for t in out if t[0] != i]
            concept = f"{toks[i - 1]} {head_concept(tok) if tok.endswith('s') else tok}"
            out.append((i - 1, i + 1, concept, "finding", f"{toks[i - 1]} {tok}"))
    if mask & DISORDER:
        out.extend(
            disorder_templates(
                toks,
                covered,
                others_at,
                taken,
                lambda k: noun_ok(v, toks[k].lower()) and toks[k].lower() not in NOT_A_KIND,
            )
        )
    if covered and mask & COORDINATOR:
        out.extend(elided_heads(lex, toks, covered, taken))
        out.extend(elided_modifiers(lex, toks, covered, taken))
    for i in positions(toks, PROPERTY_NOUNS) if mask & PROPERTY and mask & ABNORMAL else ():
        tok = toks[i]
        if i not in taken and i not in others_at:
            start = abnormal_property(toks, i, covered)
            if start is not None:
                out.append(
                    (start, i + 1, f"abnormal {tok}", "finding", " ".join(toks[start : i + 1]))
                )
    if negated:
        out = with_negated(out, toks, negated)
    return with_patterns(lex.concepts, out, toks, covered, others_at, structures, places)


def _templates(found: dict[int, str], toks: list[str]) -> list[tuple[int, int, str, str, str]]:
    n = len(toks)
    return [(i, i + 1, head_concept(found[i]), "finding", toks[i]) for i in sorted(found) if i < n]


def _kind_of_change(
    v: Vocabulary, toks: list[str], k: int, covered: set[int], others: set[int]
) -> bool:
    """``toks[k]`` is an adjective naming a kind of process before "changes" (one a cue
    holds counts: "no focal changes"; a structure's name does not)."""
    tok = toks[k]
    return (
        k not in covered
        and (k not in others or noun_ok(v, tok))
        and tok.isalpha()
        and len(tok) >= 5
        and tok not in NOT_A_KIND
        and tok.endswith(KIND_ENDS)
    )
