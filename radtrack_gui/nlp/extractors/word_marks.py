"""What a sentence's words let in, found in one pass over its tokens (round 8).

Every open-vocabulary reading of ``candidates.tokens_and_terms`` stands behind a gate that
asks whether the sentence holds one of its words (``open_patterns.pattern_places``,
``open_vocab.may_open``, ``open_predicates.may_predicate``, the coordination readings,
``normal_adequacy.may_adequate``):
a dozen scans of the token list per sentence, most of them finding nothing. Here each
distinct word is read once, into a bit mask of the word sets and endings those gates test
(remembered per word: reports reuse their words), and a sentence's mask is the OR of its
words' masks (C-level ``map`` and ``reduce``). A gate whose bits are absent is skipped
unasked; a gate whose bits are present runs as before, so its answer is exact: the masks
only spare calls that would have found nothing (``tests/nlp/extractors/test_word_marks.py``
checks each pre-test against its gate).

Round 9: the mask also answers the gates' own word tests (``open_patterns.pattern_places``,
``open_vocab.may_open`` given ``mask``), travels in the sentence's cached row to
``Sentence.mask``, and carries the analysis' word tests (back references, comparisons, node
heads, carrier nouns, "lymph", quality words, clause marks, a digit): one look-up per token
instead of a scan of the tokens per test (docs/performance.md "Round 9").
"""

from __future__ import annotations

import re
from functools import lru_cache, reduce
from operator import or_

# One bit per word set or ending a gate tests.
PATTERN_WORD = 1  # open_patterns: a flow noun, "changes", a generic abnormality head
LESION = 2  # open_lesions: a lesion or damage noun
OF = 4  # "of" (open_patterns.nominal_places needs one)
NOMINAL = 8  # a word of a nominal ending (nominal_places)
MEASURE_CHANGE = 16  # open_measures.GATE: a change noun or adjective
MEASURE = 32  # open_measures.MEASURES
FRAME = 64  # open_vocab.FRAME_NEEDS: a word a frame needs
NEGATOR = 128  # "no", "without"
LAST3 = 256  # the last three letters of a pathology ending
SUFFIX = 512  # a pathology ending
LINK = 1024  # open_predicates.LINKING: a copula or linking verb
COORDINATOR = 2048  # "and", "or"
CLAUSE = 4096  # open_frames.CLAUSE_WORDS
NODE = 8192  # open_frames.NODE_WORDS
CHANGE_NOUN = 16384  # open_vocab.CHANGE_NOUNS
DISORDER = 32768  # open_disorders.DISORDER_NOUNS
PROPERTY = 65536  # open_frames.PROPERTY_NOUNS
ABNORMAL = 131072  # open_frames.ABNORMAL_WORDS or open_frames.CHANGE_OF
ADEQUATE = 262144  # normal_adequacy.GATE: a word its constructions need
MEASURE_UNIT = 524288  # open_measured.MEASURE_UNITS: "mm", "cm"
# the analysis' own word tests (round 9: ``analysis.analyse`` reads them from the mask the
# sentence's cached row carries instead of scanning its tokens once per test)
BACK_REF = 1 << 20  # sites.BACK_REFERENCE: "this", "these", "the same", ...
COMPARE = 1 << 21  # analysis.COMPARISON_WORDS: "than", "compared", ...
NODE_HEAD = 1 << 22  # sites.NODE_HEADS: "node", "nodes"
CARRIER = 1 << 23  # modifiers.CARRIER_NOUNS: "changes", ...
LYMPH = 1 << 24  # "lymph"
QUALITY_WORD = 1 << 25  # normal_quality.QUALITY: "good", "homogeneous", ...
SEMICOLON = 1 << 26
COLON = 1 << 27
COMMA = 1 << 28
AND = 1 << 29
DIGIT = 1 << 30  # a digit (``\d``): every non-space character is in a token (text.TOKEN_RE)
# open_vocab's gate words (``_GATE_WORDS``) and those with the coordinators (``_OWN_WORDS``)
GATE_WORDS = CLAUSE | NODE | CHANGE_NOUN | DISORDER | PROPERTY
OWN_WORDS = GATE_WORDS | COORDINATOR

_DIGIT = re.compile(r"\d")
_CAP = 100_000  # words remembered (a cohort's archive holds more: the table starts again)
_MASKS: dict[str, int] = {}


@lru_cache(maxsize=1)
def _tables() -> tuple[
    tuple[tuple[frozenset[str], int], ...], tuple[str, ...], frozenset[str], tuple[str, ...]
]:
    """The word sets with their bits, and the endings (read from the readings' modules
    when first needed: ``open_vocab`` itself reads this module's bits)."""
    from radtrack_gui.nlp.extractors import (
        analysis,
        modifiers,
        normal_adequacy,
        normal_quality,
        open_disorders,
        open_frames,
        open_lesions,
        open_measured,
        open_measures,
        open_negated,
        open_patterns,
        open_predicates,
        open_vocab,
        sites,
    )

    sets = (
        (
            open_patterns.FLOW_HEADS | open_patterns.CHANGE_WORDS | open_patterns.GENERIC_HEADS,
            PATTERN_WORD,
        ),
        (open_lesions.LESION_NOUNS | open_lesions.DAMAGE, LESION),
        (frozenset({"of"}), OF),
        (open_measures.GATE, MEASURE_CHANGE),
        (open_measures.MEASURES, MEASURE),
        (open_vocab.FRAME_NEEDS, FRAME),
        (open_negated.NEGATORS, NEGATOR),
        (open_predicates.LINKING, LINK),
        (open_frames.COORDINATORS, COORDINATOR),
        (open_frames.CLAUSE_WORDS, CLAUSE),
        (open_frames.NODE_WORDS, NODE),
        (open_vocab.CHANGE_NOUNS, CHANGE_NOUN),
        (open_disorders.DISORDER_NOUNS, DISORDER),
        (open_frames.PROPERTY_NOUNS, PROPERTY),
        (open_frames.ABNORMAL_WORDS | open_frames.CHANGE_OF, ABNORMAL),
        (normal_adequacy.GATE, ADEQUATE),
        (open_measured.MEASURE_UNITS, MEASURE_UNIT),
        (sites.BACK_REFERENCE, BACK_REF),
        (analysis.COMPARISON_WORDS, COMPARE),
        (sites.NODE_HEADS, NODE_HEAD),
        (modifiers.CARRIER_NOUNS, CARRIER),
        (frozenset({"lymph"}), LYMPH),
        (normal_quality.QUALITY, QUALITY_WORD),
        (frozenset({";"}), SEMICOLON),
        (frozenset({":"}), COLON),
        (frozenset({","}), COMMA),
        (frozenset({"and"}), AND),
    )
    return sets, open_patterns.NOMINAL_ENDS, open_vocab.SUFFIX_LAST3, open_vocab.SUFFIX_ENDS


def word_mask(word: str) -> int:
    """The bits of one (lower-case) token."""
    sets, nominal_ends, last3, suffix_ends = _tables()
    mask = 0
    for words, bit in sets:
        if word in words:
            mask |= bit
    if word.endswith(nominal_ends):
        mask |= NOMINAL
    if word[-3:] in last3:
        mask |= LAST3
    if word.endswith(suffix_ends):
        mask |= SUFFIX
    if _DIGIT.search(word) is not None:
        mask |= DIGIT
    return mask


def sentence_mask(toks: list[str]) -> int:
    """The OR of the tokens' bits (each word's bits computed once, then looked up in C:
    when every word is known, one C pass without a list; else the words not yet read are
    read, then the rest looked up)."""
    try:
        return reduce(or_, map(_MASKS.__getitem__, toks), 0)
    except KeyError:
        pass
    masks = list(map(_MASKS.get, toks))
    if None in masks:
        if len(_MASKS) > _CAP:
            _MASKS.clear()
        for i, m in enumerate(masks):
            if m is None:
                tok = toks[i]
                m = _MASKS.get(tok)
                if m is None:
                    m = _MASKS[tok] = word_mask(tok)
                masks[i] = m
    return reduce(or_, masks, 0)


def may_pattern_words(mask: int) -> bool:
    """False: ``open_patterns.pattern_places`` returns None (no flow, change, generic,
    lesion or damage noun; no "of" with a nominal word; no change word with a measure)."""
    return bool(
        mask & (PATTERN_WORD | LESION)
        or (mask & OF and mask & NOMINAL)
        or (mask & MEASURE_CHANGE and mask & MEASURE)
    )


def may_open_words(mask: int) -> bool:
    """False: ``open_vocab.may_open(toks, False, ...)`` is False (no frame or gate word, no
    negator, no measure unit, no pathology ending)."""
    return bool(
        mask & (FRAME | GATE_WORDS | NEGATOR | MEASURE_UNIT) or (mask & LAST3 and mask & SUFFIX)
    )
