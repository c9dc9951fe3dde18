"""Sentences and word tokens with character offsets (no downloads, no trained data).

Sentences: the report is first cut into *blocks* at its line structure (blank lines,
section headers, upper-case title lines, numbered or bulleted list items); inside a block
line breaks are soft (MIMIC wraps sentences at ~70 columns) and NLTK's data-free
``PunktSentenceTokenizer`` splits at sentence punctuation, taught the abbreviations of
radiology text ("Dr.", "approx.", "e.g.", "No. 2", "vs.") so that they do not end a sentence.
Decimal numbers ("2.5 mm") and vertebral levels ("C5-6") never contain a break.

Tokens: one precompiled regex; a vertebral level ("C5-6", "T12-L1", "L4/5"), a de-id bracket
(``[** ... **]``), a number ("2.5") or a word is one token, any other non-space character is
a token of its own.
"""

from __future__ import annotations

import importlib.util
import re
import sys
import types
from functools import lru_cache
from itertools import accumulate

from radtrack_gui.nlp.word_lists import word_list

# Abbreviations that end with a period but not a sentence (Punkt stores them lower case,
# without the final period): resources/vocab/abbreviations.tsv. Never units ("1.2 cm."),
# which end sentences far more often than they abbreviate.
ABBREVIATIONS = word_list("abbreviations")

TOKEN_RE = re.compile(
    r"\[\*\*.*?\*\*\]"  # de-identification bracket
    r"|[CTLSctls]\d{1,2}(?:\s?[-/]\s?[CTLSctls]?\d{1,2})?(?!\w|\.\d)"  # vertebral level(s)
    r"|\d+(?:[.,]\d+)*"  # number
    r"|[A-Za-z]+(?:'[A-Za-z]+)?"  # word
    r"|\S",  # anything else, one character
    re.S,
)

# Where a token may hold a space (``TOKEN_RE``): a de-id bracket, or a vertebral level with
# white space before or after its "-" / "/" ("C5 - 6"); elsewhere no token has one, so
# ``word_tokens`` need not look (a superset: only a gate).
_SPACED_TOKEN = re.compile(r"\[\*\*|\d\s[-/]|[-/]\s[CTLSctls]?\d")

# A line that is a header: "FINDINGS:", "IMPRESSION: ...", "CT HEAD W/O CONTRAST".
# The same tokens as split pieces: [gap, token, gap, token, ..., gap], made in C.
_TOKEN_SPLIT = re.compile("(" + TOKEN_RE.pattern + ")", re.S)


# Typographic apostrophes (right/left single quotation mark, modifier letter apostrophe)
# read as the plain one, so "Crohn’s disease" is the term "Crohn's disease"; one character
# for one, so every offset stays.
_APOSTROPHES = str.maketrans(dict.fromkeys("\u2019\u2018\u02bc", "'"))


def plain_apostrophes(text: str) -> str:
    """``text`` with its typographic apostrophes as "'" (same length, same offsets)."""
    if "\u2019" not in text and "\u2018" not in text and "\u02bc" not in text:
        return text
    return text.translate(_APOSTROPHES)


def word_tokens(text: str) -> tuple[tuple[tuple[int, int], ...], list[str]]:
    """The tokens of ``text`` as ``(spans, words)``: each token's (start, end) and its
    lexicon spelling (``word_bounds`` with the offsets paired)."""
    starts, ends, words = word_bounds(text)
    return tuple(zip(starts, ends, strict=True)), words


def word_bounds(text: str) -> tuple[tuple[int, ...], tuple[int, ...], list[str]]:
    """The tokens of ``text`` as ``(starts, ends, words)``: each token's start and end
    offsets and its lexicon spelling (lower case, no inner spaces: "C5 - 6" -> "c5-6", as
    ``vocabulary_lexicon.norm_token``), in one regex split and C-level list operations.
    Two flat tuples of offsets, not a pair per token: the extractor keeps them for every
    sentence it has seen, and a pair per token was most of the objects it kept (each one
    counts toward the garbage collector's next collection; docs/performance.md "Round 6").

    Each token is lower-cased on its own: lower-casing the whole text would shift every
    offset after a character whose lower case is longer ("İ" -> "i̇"), so the whole text is
    lower-cased at once only when it is ASCII (where the token pattern ignores case)."""
    spaced = (
        " " in text
        and ("-" in text or "/" in text or "[" in text)  # what _SPACED_TOKEN needs, found in C
        and _SPACED_TOKEN.search(text) is not None
    )
    if text.isascii():
        if not spaced:
            return _plain_bounds(text.lower())
        parts = _TOKEN_SPLIT.split(text.lower())
        words = parts[1::2]
    else:
        parts = _TOKEN_SPLIT.split(text)
        words = [w.lower() for w in parts[1::2]]
    bounds = tuple(accumulate(map(len, parts)))
    starts, ends = bounds[0:-1:2], bounds[1::2]
    if spaced:
        # a vertebral level written with spaces, a de-id bracket
        if "\x00" in text:
            words = [w.replace(" ", "") for w in words]
        else:
            joined = "\x00".join(words)
            if " " in joined:
                words = joined.replace(" ", "").split("\x00")
    return starts, ends, words


# A word followed by one of these is two tokens (``TOKEN_RE``: the word, then the mark)
_TRAILING_MARKS = frozenset(".,;:)")


def _plain_bounds(low: str) -> tuple[tuple[int, ...], tuple[int, ...], list[str]]:
    """``word_bounds`` of a lower-cased ASCII text in which no token holds white space
    (``_SPACED_TOKEN`` finds nothing): the pieces between single spaces, each a word or a
    number (``str.isalpha``, ``str.isdigit``: C) or a word and a closing mark ("effusion.",
    "lungs,") read directly,
    the others split by ``TOKEN_RE`` (offsets from the piece's start). The same tokens as
    ``TOKEN_RE`` over the whole text, because no token reaches across a space here and the
    pattern's look-ahead reads a space like the end of the text; one ``re`` call per token
    was most of the tokens' cost (round 10: PARROT's tokens 1.94 G -> about 1.4 G
    instructions; docs/performance.md)."""
    starts: list[int] = []
    ends: list[int] = []
    words: list[str] = []
    pos = 0
    for piece in low.split(" "):
        n = len(piece)
        if n:
            if piece.isalpha() or piece.isdigit():  # a word, a number
                starts.append(pos)
                ends.append(pos + n)
                words.append(piece)
            elif n > 1 and piece[-1] in _TRAILING_MARKS and piece[:-1].isalpha():
                starts += (pos, pos + n - 1)
                ends += (pos + n - 1, pos + n)
                words += (piece[:-1], piece[-1])
            else:
                parts = _TOKEN_SPLIT.split(piece)
                bounds = tuple(accumulate(map(len, parts), initial=pos))
                words += parts[1::2]
                starts += bounds[1:-1:2]
                ends += bounds[2::2]
        pos += n + 1
    return tuple(starts), tuple(ends), words


_HEADER_RE = re.compile(r"[ \t]*[A-Z][A-Z0-9 /&()#,'-]{1,60}:")
_TITLE_RE = re.compile(r"[^a-z\n]*[A-Z]{2}[^a-z\n]*")  # a line with no lower-case letter
# a list marker at a line start: a number and a full stop or bracket ("2. ", "3) "; the
# number is group 1) or a bullet ("- ", "* ", "• "; group 1 is None)
LIST_MARKER = re.compile(r"[ \t]*(?:(\d{1,2})[.)]|[-*•])[ \t]+")
# "...: 1. Text", "... done. 2) Text": the marker after a sentence's end (``_inline_lists``).
# The punctuation is matched (the cut starts one after it), not looked behind for: a pattern
# opening with a look-behind is tried at every character (a sixth of ``_blocks``); and one
# pattern per punctuation mark, each opening with its literal character, which ``re`` finds
# several times faster than a character class (round 10; docs/performance.md).
_INLINE_LIST_AFTER = r"[ \t]+(\d{1,2}[.)])[ \t]+(?=[A-Za-z\[])"
_INLINE_LIST_RES = tuple((mark, re.compile(re.escape(mark) + _INLINE_LIST_AFTER)) for mark in ".:;")
_BLANK_RE = re.compile(r"\n[ \t]*\n")


def _import_punkt() -> types.ModuleType:
    """``nltk.tokenize.punkt`` without running ``nltk/__init__``, which imports all of NLTK
    and scipy.stats (1.5 s here, paid at every start-up); only Punkt and what it needs load."""
    if "nltk" in sys.modules:
        from nltk.tokenize import punkt

        return punkt
    spec = importlib.util.find_spec("nltk")
    stub = types.ModuleType("nltk")
    stub.__path__ = list(spec.submodule_search_locations or []) if spec else []
    stub.__spec__ = spec
    sys.modules["nltk"] = stub
    try:
        from nltk.tokenize import punkt
    finally:  # forget the partial package: a later `import nltk` loads the real one afresh
        for name in [n for n in sys.modules if n == "nltk" or n.startswith("nltk.")]:
            del sys.modules[name]
    return punkt


@lru_cache(maxsize=1)
def _punkt():  # type: ignore[no-untyped-def]
    punkt = _import_punkt()
    PunktParameters, PunktSentenceTokenizer = punkt.PunktParameters, punkt.PunktSentenceTokenizer
    params = PunktParameters()
    params.abbrev_types.update(ABBREVIATIONS)
    tok = PunktSentenceTokenizer()
    tok._params = params  # untrained tokenizer + our abbreviation list
    return tok


def _blocks(text: str) -> list[tuple[int, int]]:
    """Spans of text between hard boundaries (never empty, never only spaces)."""
    cuts: list[tuple[int, int]] = []  # (start, end) of hard-boundary stretches to skip
    for m in _BLANK_RE.finditer(text):
        cuts.append((m.start(), m.end()))
    pos = 0
    for line in text.splitlines(keepends=True):
        start, body = pos, line.rstrip("\r\n")
        pos += len(line)
        if not body.strip():
            continue
        h = _HEADER_RE.match(body)
        if h:
            cuts.append((start, start))  # header starts a block ...
            cuts.append((start + h.end(), start + h.end()))  # ... and is one by itself
            continue
        lst = LIST_MARKER.match(body)
        if lst:
            cuts.append((start, start + lst.end()))  # the marker is not part of a sentence
            continue
        if _TITLE_RE.fullmatch(body) and len(body.strip()) > 2:
            cuts.append((start, start))
            cuts.append((start + len(body), start + len(body)))
    cuts.extend(_inline_lists(text))
    cuts.sort()
    out, pos = [], 0
    for a, b in cuts:
        if a > pos:
            out.append((pos, a))
        pos = max(pos, b)
    if pos < len(text):
        out.append((pos, len(text)))
    return out


def item_number(text: str, line: int) -> int | None:
    """The number of the numbered list item that the line starting at ``line`` opens
    ("2. ...", "3) ..."), or None (a bullet, or no list marker)."""
    hit = LIST_MARKER.match(text, line)
    return int(hit.group(1)) if hit is not None and hit.group(1) is not None else None


def _inline_lists(text: str) -> list[tuple[int, int]]:
    """The (start, end) of each list marker after a sentence's end or a colon ("...: 1. ",
    "done. 2) "), the punctuation left out; by mark, then by offset (no two overlap: a
    marker ends before a letter)."""
    return [
        (m.start() + 1, m.end())
        for mark, pattern in _INLINE_LIST_RES
        if mark in text
        for m in pattern.finditer(text)
    ]


def sentences(text: str) -> list[tuple[int, int]]:
    """Sentence spans (start, end), end exclusive, stripped of surrounding white space.

    Inside a block a sentence ends at a run of ``.``, ``!`` or ``?`` (closing quotes and
    brackets included) followed by white space, unless the word before a single period is
    an abbreviation ("approx.", "Dr.", "e.g.", "No. 2"). A period glued to the next word
    ends one too when a word of two or more letters precedes it and a capitalized word
    follows ("...lung XXXX.In the left"): not a decimal ("2.5"), a level ("T12.L1"), an
    initial ("J.Smith") or a dotted abbreviation ("e.g.The"). That is what NLTK's untrained
    Punkt does with our abbreviation list, at a fraction of its cost (see
    ``benchmarks/bench_extract.py`` for the agreement on the corpora); ``punkt_sentences``
    keeps Punkt for that comparison."""
    out: list[tuple[int, int]] = []
    append = out.append
    ends = _END_RE if "!" in text or "?" in text else _PERIOD_END_RE
    for a, b in _blocks(text):
        start = a
        for m in ends.finditer(text, a, b):
            if m.end() == m.end(2) and not _glued_end(text, m):
                continue  # no space after it: only "word.Capital" ends a sentence
            if _single_period(text, m) and _abbreviation(text, start, m.start()):
                continue
            _strip_append(text, start, m.end(2), append)
            start = m.end()
        _strip_append(text, start, b, append)
    return out


@lru_cache(maxsize=1024)
def sentence_spans(text: str) -> tuple[tuple[int, int], ...]:
    """``sentences(text)``, cached (views and readers ask again for the same report)."""
    return tuple(sentences(text))


def sentence_around(text: str, start: int, end: int) -> tuple[int, int]:
    """The (start, end) of the sentence(s) holding ``text[start:end]`` (the span itself
    where no sentence covers it), trimmed of white space; offsets into ``text``."""
    s, e = start, end
    for a, b in sentence_spans(text):
        if a <= start < b:
            s = a
        if a < end <= b:
            e = b
            break
    s, e = min(s, start), max(e, end)
    while s < e and text[s].isspace():
        s += 1
    while e > s and text[e - 1].isspace():
        e -= 1
    return s, e


# A sentence end: terminal punctuation (from the match's start to the end of group 1),
# closing quotes/brackets (2), white space, or a capitalized word right after it (checked by
# ``_glued_end``). The pattern opens with a plain character class, so ``re`` jumps from one
# ". ! ?" to the next; opening with a group (the punctuation run captured whole, round 9)
# made it try the whole pattern at every character of the text (about 200 instructions a
# character: 4 % of a PARROT pass; docs/performance.md "Round 10").
_END_RE = re.compile(r"[.!?]([.!?]*)([\"')\]]*)(?:\s+|(?=[A-Z][a-z]))")
# The same for a text with no "!" or "?" (most reports): opening with one literal character,
# it is scanned several times faster again (``re`` searches for the period alone).
_PERIOD_END_RE = re.compile(r"\.([.!?]*)([\"')\]]*)(?:\s+|(?=[A-Z][a-z]))")


def _single_period(text: str, m: re.Match[str]) -> bool:
    """The punctuation of the sentence end ``m`` is one period."""
    return m.start(1) == m.end(1) and text[m.start()] == "."


def _glued_end(text: str, m: re.Match[str]) -> bool:
    """A period with no space after it ends a sentence: one period, right after a word of
    two or more letters ("XXXX.In", not "e.g.In", "J.Smith" or "T12.L1")."""
    p = m.start()
    return _single_period(text, m) and not m.group(2) and text[p - 2 : p].isalpha()


def _abbreviation(text: str, start: int, dot: int) -> bool:
    """The word ending at ``dot`` (a single period) is a known abbreviation."""
    parts = text[max(start, dot - 8) : dot].split()  # abbreviations are short words
    if not parts or (len(parts[-1]) == 8 and dot - 8 > start):
        return False
    return parts[-1].lstrip("([\"'").lower() in ABBREVIATIONS


def _strip_append(text: str, s: int, e: int, append) -> None:  # type: ignore[no-untyped-def]
    while s < e and text[s].isspace():
        s += 1
    while e > s and text[e - 1].isspace():
        e -= 1
    if e > s:
        append((s, e))


def punkt_sentences(text: str) -> list[tuple[int, int]]:
    """The same blocks split by NLTK's Punkt (the splitter before ``sentences``; kept to
    measure their agreement)."""
    tok = _punkt()
    out: list[tuple[int, int]] = []
    for a, b in _blocks(text):
        block = text[a:b]
        if not block.strip():
            continue
        for s, e in tok.span_tokenize(block):
            piece = block[s:e]
            lead = len(piece) - len(piece.lstrip())
            trail = len(piece) - len(piece.rstrip())
            if e - trail > s + lead:
                out.append((a + s + lead, a + e - trail))
    return out


def tokens(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    """Token spans of ``text[start:end]`` as offsets into ``text``."""
    return [m.span() for m in TOKEN_RE.finditer(text, start, len(text) if end is None else end)]
