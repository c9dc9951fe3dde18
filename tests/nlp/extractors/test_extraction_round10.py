"""Round 10 (extract-speed8): work the extractor did per mention or per character, done once.

Each new structure equals what it replaced, on the sample patients' text and on written
cases; the counter-examples show what each one decides:

* ``neutral_words.NEUTRAL_LENGTHS``: a span of another length is never a neutral word, so
  the extractor asks ``neutral_word`` only of spans of these lengths;
* ``phrases.in_other_items``: ``in_other_item`` for each listed word, with the item of each
  word read once per sentence;
* ``text._inline_lists``: the inline list marker found from its punctuation (one pattern
  per mark, opening with it) instead of a look-behind (the same cuts);
* ``candidates.entry_roles``: the regions and device word of a match, kept per entries;
* ``sections._inline``: inline headers read back from each colon instead of an alternation
  of every written name tried at every capital after white space;
* patterns scanned over whole texts that made ``re`` try them at every character (a group, a
  ``^`` or a choice first): the sentence ends (``text._END_RE``), the header lines
  (``sections._LINE``, now matched at line starts), the reason marks
  (``inline_reasons._marks``, found by ``str.find``);
* ``text._plain_bounds``: tokens of the pieces between spaces read directly (a word, a number,
  a word and a closing mark), the rest split by ``TOKEN_RE``: the same tokens.
"""

from __future__ import annotations

import itertools
import random
import re
import sys

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp import sections as sections_module
from radtrack_gui.nlp import text as text_module
from radtrack_gui.nlp.extractors import inline_reasons
from radtrack_gui.nlp.extractors.candidates import entry_roles, tokens_and_terms
from radtrack_gui.nlp.extractors.neutral_words import (
    BARE_PROPERTIES,
    NEUTRAL_LENGTHS,
    PROPERTY_CONCEPTS,
    neutral_word,
)
from radtrack_gui.nlp.extractors.reference_values import REFERENCE_WORD
from radtrack_gui.nlp.extractors.rules import RuleExtractor
from radtrack_gui.nlp.lexicon_cache import lexicon_of
from radtrack_gui.nlp.phrases import in_other_item, in_other_items, item_of, list_items
from radtrack_gui.nlp.sections import _INLINE, _alts, _inline
from radtrack_gui.nlp.text import sentences, word_bounds
from radtrack_gui.nlp.vocabulary import vocabulary
from radtrack_gui.util.paths import resource


def _texts() -> list[str]:
    out = []
    for folder in ("demo_patient", "oncology_patient"):
        for path in sorted(resource("samples", folder).glob("*.txt")):
            out.append(path.read_text(encoding="utf-8"))
    return out


# -- neutral words: asked only of spans of their lengths ---------------------------------------


def test_lower_case_changes_no_length_that_could_spell_a_neutral_word() -> None:
    letters = set("".join((*BARE_PROPERTIES, REFERENCE_WORD)))
    longer = [chr(c) for c in range(sys.maxunicode + 1) if len(chr(c).lower()) != 1]
    assert longer  # U+0130 at least: the premise is checked, not assumed
    for ch in longer:
        assert not set(ch.lower()) <= letters, ch


def test_a_neutral_word_has_one_of_the_lengths() -> None:
    text = (
        "The liver shows normal echogenicity. Aortic root 31 mm (normal up to 36 mm). "
        "Good opacification of the veins. Flushed with Normal saline. Increased density."
    )
    words = [(m.start(), m.end()) for m in re.finditer(r"[A-Za-z]+", text)]
    spans = [*words, *((a[0], b[1]) for a, b in itertools.pairwise(words))]  # and word pairs
    hits = [
        (s, e)
        for s, e in spans
        for concept in (*PROPERTY_CONCEPTS, "opacity", None)
        if neutral_word(text, s, e, concept)
    ]
    assert len({text[s:e].lower() for s, e in hits}) >= 3  # normal, echogenicity, ...
    assert all(e - s in NEUTRAL_LENGTHS for s, e in hits)
    # counter-example: the same word with one more letter is of another length, and no
    # neutral word ("normality" is a statement of its own)
    s = text.index("normal up")
    assert neutral_word(text, s, s + 6, None)
    assert 9 not in NEUTRAL_LENGTHS


def test_the_extractor_still_drops_the_neutral_words() -> None:
    ex = RuleExtractor()
    text = "Liver of normal size and normal echogenicity. Aortic root 31 mm (normal up to 36 mm)."
    got = {text[m.start : m.end].lower() for m in ex.extract(Report(id="r", text=text))}
    assert "echogenicity" not in got
    assert sum(1 for m in ex.extract(Report(id="r", text=text)) if m.start > 45) == 0


# -- list items: the item of each word read once per sentence ---------------------------------

LISTS = [
    "Right upper lobe nodule, cardiomegaly, and left lower lobe atelectasis.",
    "Left perihilar and lingular opacities, small right effusion, and mild edema.",
    "Opacity in the right base, likely atelectasis, and a left effusion.",
    "Liver cyst, right renal stone; and splenomegaly.",
    "Mild cardiomegaly and right effusion.",
]


def _cases() -> list[str]:
    out = list(LISTS)
    for text in _texts():
        out.extend(text[s:e] for s, e in sentences(text) if list_items(text[s:e]))
    return out


def test_in_other_items_equals_in_other_item_for_every_word() -> None:
    compared = 0
    for sentence in _cases():
        items = list_items(sentence)
        starts = [m.start() for m in re.finditer(r"\S+", sentence)]
        placed = [(k, pos, item_of(items, pos)) for k, pos in enumerate(starts)]
        for at in starts:
            want = [k for k, pos, _ in placed if in_other_item(sentence, items, at, pos)]
            assert in_other_items(sentence, items, at, placed) == want, (sentence, at)
            compared += 1
    assert compared > 100


def test_in_other_items_keeps_a_word_of_the_same_item_and_of_a_clause() -> None:
    sentence = LISTS[0]
    items = list_items(sentence)
    at = sentence.index("nodule")
    words = {w: sentence.index(w) for w in ("Right", "left")}
    placed = [(k, pos, item_of(items, pos)) for k, pos in enumerate(words.values())]
    assert in_other_items(sentence, items, at, placed) == [1]  # "left" is the third item's
    clause = LISTS[2]  # "in the right base, likely ...": a clause, not a list of findings
    citems = list_items(clause)
    pos = clause.index("right")
    assert not in_other_items(
        clause, citems, clause.index("atelect"), [(0, pos, item_of(citems, pos))]
    )
    assert in_other_items(sentence, [], at, placed) == []


# -- the inline list marker from its punctuation ------------------------------------------------

_LOOK_BEHIND = re.compile(r"(?<=[.:;])[ \t]+(\d{1,2}[.)])[ \t]+(?=[A-Za-z\[])")


def _old_cuts(text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in _LOOK_BEHIND.finditer(text)]


def _new_cuts(text: str) -> list[tuple[int, int]]:
    return sorted(text_module._inline_lists(text))


def test_the_inline_list_marker_cuts_where_the_look_behind_did() -> None:
    texts = [
        *_texts(),
        "Findings: 1. Small effusion. 2. No pneumothorax.",
        "Impression: 1) Nodule; 2) Cyst.",
        "Done.  3.\tText",
        "Seen: 1. 2. Text",
    ]
    rnd = random.Random(10)
    pieces = [".", ":", ";", " ", "\t", "1", "12", "123", ")", "(", "A", "[", "b", "\n", ". 1. "]
    texts += ["".join(rnd.choices(pieces, k=rnd.randint(0, 9))) for _ in range(20000)]
    cut = 0
    for text in texts:
        assert _new_cuts(text) == _old_cuts(text), repr(text)
        cut += bool(_old_cuts(text))
    assert cut > 100
    # counter-examples: no punctuation before the number, or a lower-case... digit after it
    assert _new_cuts("Version 2. Text") == []
    assert _new_cuts("Seen: 1. 2") == []


def test_sentences_split_at_an_inline_list() -> None:
    text = "Findings: 1. Small effusion. 2. No pneumothorax."
    got = [text[s:e] for s, e in sentences(text)]
    assert got == ["Findings:", "Small effusion.", "No pneumothorax."]


# -- the roles of a match, kept per entries --------------------------------------------------------


@pytest.fixture(scope="module")
def tables():  # type: ignore[no-untyped-def]
    v = vocabulary()
    return v, lexicon_of(v)


def _roles_by_reading(v, others):  # type: ignore[no-untyped-def]
    tops, device = [], False
    for _, _, entries in others:
        for kind, value, _, _ in entries:
            if kind == "anatomy":
                chain = v.ancestor_chain(value)
                if len(chain) >= 2:
                    tops.append(chain[-2])
            elif kind == "device-word":
                device = True
    return tuple(tops), device


def test_entry_roles_equal_reading_every_entry(tables) -> None:  # type: ignore[no-untyped-def]
    v, lex = tables
    seen = 0
    for text in [*_texts(), "The tip of the right IJ line projects over the SVC."]:
        for s, e in sentences(text):
            key = text[s:e]
            toks = word_bounds(key)[2]
            others = lex.match(toks)[1]
            row = tokens_and_terms(v, lex, key)
            want = _roles_by_reading(v, others)
            # numbered lists may merge structures; the row's regions are read from its matches
            if not lex.numbered_heads.isdisjoint(toks):
                continue
            assert (row[5], row[7]) == want, key
            seen += bool(want[0]) + want[1]
    assert seen > 20


def test_entry_roles_tell_structures_cues_and_device_words_apart(tables) -> None:  # type: ignore[no-untyped-def]
    v, lex = tables
    _, others = lex.match(word_bounds("No effusion in the right lower lobe near the tip")[2])
    by_kind = {entries[0][0]: entry_roles(v, entries) for _, _, entries in others}
    assert by_kind["anatomy"][0] and not by_kind["anatomy"][1]
    assert by_kind["negate"] == ((), False)  # a cue: no region, no device word
    assert by_kind["device-word"] == ((), True)


# -- inline headers read back from each colon --------------------------------------------------


def _alternation_inline(text: str) -> list[tuple[int, str]]:
    """``sections._inline`` as it was: an alternation of every written name, tried at every
    capital after white space."""
    names = tuple(sorted({f(w) for w in _INLINE for f in (str.title, str.capitalize)}))
    pattern = re.compile(
        rf"[ \t]+(?=[A-Z])(?:(?P<h>{_alts(_INLINE)})[ \t\xa0]*+:|(?P<t>{_alts(names)})"
        r"[ \t\xa0]*+:)"
    )
    out: list[tuple[int, str]] = []
    for m in pattern.finditer(text):
        before = m.start() - 1
        if before < 0:
            continue
        if m["h"]:
            if not text[before].isspace():
                out.append((m.start("h"), m["h"]))
        elif text[before] in ".!?":
            out.append((m.start("t"), m["t"]))
    return out


def test_inline_headers_from_the_colon_equal_the_alternation() -> None:
    texts = [
        *_texts(),
        "Lungs clear. Clinical history: cough. CLINICAL HISTORY: x",  # the longest name wins
        "Seen. Reason for examination : pain. REASON FOR EXAM:\xa0y",
        "x  IMPRESSION\t:: y. Data on referral: z",
    ]
    rnd = random.Random(10)
    pieces = [" ", "  ", "\t", ".", "!", ":", "\xa0", "\n", "x", "Aa", "FINDINGS", "Findings"]
    pieces += ["REASON", "Reason", "FOR", "For", "for", "EXAM", "Exam", "EXAMINATION", "DATA"]
    pieces += ["Clinical", "CLINICAL", "data", "History", "HISTORY", "IMPRESSIONS", "ON", "on"]
    pieces += ["x FINDINGS:", ". Clinical data:", " History :", "a REASON FOR EXAM:"]
    texts += ["".join(rnd.choices(pieces, k=rnd.randint(1, 10))) for _ in range(30000)]
    found = 0
    for text in texts:
        want = _alternation_inline(text)
        assert _inline(text) == want, repr(text)
        found += bool(want)
    assert found > 5000
    # counter-examples: a header after a word in title case, or with no white space before it
    assert _inline("lungs clear Findings: y") == []
    assert _inline("clear.FINDINGS: y") == []
    assert _inline("Lungs clear. Clinical history: cough.") == [(13, "Clinical history")]


# -- sentence ends found from a plain character class ------------------------------------------

_GROUP_FIRST_END = re.compile(r"([.!?]+)([\"')\]]*)(?:\s+|(?=[A-Z][a-z]))")


def _group_first_sentences(text: str) -> list[tuple[int, int]]:
    """``text.sentences`` with the sentence-end pattern as it was (the punctuation run a
    group of its own, first in the pattern)."""
    out: list[tuple[int, int]] = []
    for a, b in text_module._blocks(text):
        start = a
        for m in _GROUP_FIRST_END.finditer(text, a, b):
            glued = (
                m.group(1) == "." and not m.group(2) and text[m.start(1) - 2 : m.start(1)].isalpha()
            )
            if m.end() == m.end(2) and not glued:
                continue
            if m.group(1) == "." and text_module._abbreviation(text, start, m.start(1)):
                continue
            text_module._strip_append(text, start, m.end(2), out.append)
            start = m.end()
        text_module._strip_append(text, start, b, out.append)
    return out


def test_sentences_split_where_the_group_first_pattern_split() -> None:
    texts = [
        *_texts(),
        "Seen e.g. here. Dr. Smith agrees!! Next?) Done.In the left lung.T12.L1 level.",
        'Mass (2 cm.) noted... "Quote." Next. J.Smith e.g.The end',
    ]
    rnd = random.Random(10)
    pieces = [".", "!", "?", "..", '"', "'", ")", "]", " ", "\n", "\t", "Ab", "ab", "e.g", "Dr"]
    pieces += ["A", "x", "12", "XXXX", "In", ":", "1."]
    texts += ["".join(rnd.choices(pieces, k=rnd.randint(1, 12))) for _ in range(20000)]
    split = 0
    for text in texts:
        want = _group_first_sentences(text)
        assert sentences(text) == want, repr(text)
        split += len(want) > 1
    assert split > 2000
    # counter-examples: an abbreviation and a decimal end no sentence, a glued word does
    assert [(s, e) for s, e in sentences("Dr. Smith. 2.5 cm.")] == [(0, 10), (11, 18)]
    text = "Clear lung.In the left"
    assert [text[s:e] for s, e in sentences(text)] == ["Clear lung.", "In the left"]


# -- header lines matched at line starts; reason marks found by str.find --------------------------


def _finditer_candidates(text: str) -> list[tuple[int, str]]:
    """``sections._candidates`` with ``_LINE`` scanned by ``finditer`` (as it was)."""
    out = []
    for m in sections_module._LINE.finditer(text):
        h = m["h"].strip()
        if m["colon"] or sections_module.canonical(h) is not None:
            out.append((m.start("h"), h))
    out.extend(sections_module._run_in(text))
    out.extend(_inline(text))
    out.sort(key=lambda c: c[0])
    return out


def _spans(marks) -> list[tuple[int, int, str]]:  # type: ignore[no-untyped-def]
    return [(m.start(), m.end(), m.group()) for m in marks]


def test_line_headers_and_reason_marks_as_their_scans() -> None:
    texts = [
        *_texts(),
        "FINDINGS:\nLungs clear.\r\nIMPRESSION\n**Reason for Exam**\n[**Date**] HISTORY: x",
        "Referral data: pain.*** \n**Bold** text ****\n",
    ]
    rnd = random.Random(10)
    pieces = ["*", "**", ":", " ", "\t", "\n", "\r\n", "\r", "x", "Findings", "IMPRESSION"]
    pieces += ["[**a**]", "History", "Aa bb"]
    texts += ["".join(rnd.choices(pieces, k=rnd.randint(0, 12))) for _ in range(20000)]
    found = marked = 0
    for text in texts:
        want = _finditer_candidates(text)
        assert sections_module._candidates(text) == want, repr(text)
        marks = _spans(inline_reasons._MARK.finditer(text))
        assert _spans(inline_reasons._marks(text)) == marks, repr(text)
        found += bool(want)
        marked += any(g == "**" for _, _, g in marks)
    assert found > 2000 and marked > 500
    # counter-examples: a header line opens with a letter; "**" closes a bold heading only at
    # its line's end
    assert sections_module._candidates("x\nfindings: clear") == [(2, "findings")]
    assert sections_module._candidates("x\n- findings: clear") == []
    assert _spans(inline_reasons._marks("**Bold** text")) == []
    assert _spans(inline_reasons._marks("**Reason**\nx")) == [(8, 10, "**")]


# -- tokens read from the pieces between spaces ---------------------------------------------------


def _split_bounds(text: str) -> tuple[tuple[int, ...], tuple[int, ...], list[str]]:
    """``word_bounds`` of an ASCII text with no spaced token as it was: one split of the
    whole text by ``TOKEN_RE``."""
    parts = text_module._TOKEN_SPLIT.split(text.lower())
    bounds = tuple(itertools.accumulate(map(len, parts)))
    return bounds[0:-1:2], bounds[1::2], parts[1::2]


def test_plain_bounds_equal_the_split_of_the_whole_text() -> None:
    texts = [
        *(text[s:e] for text in _texts() for s, e in sentences(text)),
        "Effusion, 12 mm (normal up to 10 mm); C5-6 level. Crohn's disease: x",
        "a  b\tc\nd,e.f 2.5 1,000 T12 L4-5 s1.",
    ]
    rnd = random.Random(10)
    pieces = [" ", "  ", "\t", "\n", "a", "Ab", "12", "c5", "C5", "-", "/", "6", "2.5", "1,000"]
    pieces += [".", ",", ";", ":", ")", "(", "'", "'s", "x'y", "l4-5", "t12", "s1", "e"]
    texts += ["".join(rnd.choices(pieces, k=rnd.randint(0, 10))) for _ in range(20000)]
    plain = 0
    for text in texts:
        if not text.isascii() or text_module._SPACED_TOKEN.search(text):
            continue  # these keep the whole-text split (a token may hold a space)
        want = _split_bounds(text)
        assert text_module._plain_bounds(text.lower()) == want, repr(text)
        assert word_bounds(text) == want, repr(text)
        plain += 1
    assert plain > 10000
    # counter-examples: a vertebral level with a spaced dash is one token (the whole-text
    # split), and a word with a glued mark is two
    assert word_bounds("C5 - 6 level")[2] == ["c5-6", "level"]
    assert word_bounds("effusion.")[2] == ["effusion", "."]
    assert word_bounds("a5 c5")[2] == ["a", "5", "c5"]
