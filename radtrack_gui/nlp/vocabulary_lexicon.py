"""Token-keyed term tables for the rule extractor's matching (``Vocabulary.lexicon()``):
one Aho-Corasick automaton over the concept terms and the other terms (anatomy, cues)
together; ``trie_regex`` (one regex shaped as a character trie) stays for other matchers."""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import repeat
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from radtrack_gui.nlp.vocabulary import Vocabulary

Entry = tuple[str, str, str, str]  # (kind, value, direction, extra)
_NUMBER = re.compile(r"\d+[a-z]?|[ivx]{1,4}")  # a structure's number: "6", "4a", "vi"


class Lexicon:
    """Terms keyed by their space-joined lower-case tokens (``text.TOKEN_RE``).

    ``concepts``: key -> concept name; ``others``: key -> entries (anatomy, cues). A match
    is a dict lookup per candidate length, bounded by the longest term that starts with the
    token, so a sentence costs a few lookups per token, whatever the vocabulary's size.
    """

    def __init__(self) -> None:
        self.concepts: dict[str, str] = {}
        self.others: dict[str, tuple[Entry, ...]] = {}
        self.max_concept: dict[str, int] = {}  # first token -> longest concept term
        self.max_other: dict[str, int] = {}
        self._ac: Any = None  # one Aho-Corasick automaton over both tables, built by build()
        # each word of a term -> its code (``word_codes``), what ``_ac`` is keyed by
        self._codes: dict[str, str] = {}
        self._width = 1  # the characters of one code
        # words that name structures by a number ("segment" of "segment 6"), and plurals
        self.numbered_heads: frozenset[str] = frozenset()

    @staticmethod
    def key_tokens(term: str) -> list[str]:
        from radtrack_gui.nlp.text import TOKEN_RE

        return [norm_token(t) for t in TOKEN_RE.findall(term.lower())]

    def _add_concept(self, term: str, name: str) -> None:
        toks = self.key_tokens(term)
        if not toks:
            return
        key = " ".join(toks)
        if key not in self.concepts:
            self.concepts[key] = name
            self.max_concept[toks[0]] = max(self.max_concept.get(toks[0], 0), len(toks))

    def _add_other(self, term: str, entry: Entry) -> None:
        toks = self.key_tokens(term)
        if not toks:
            return
        key = " ".join(toks)
        old = self.others.get(key, ())
        if any(e[0] == entry[0] and e[2] == entry[2] for e in old):
            return  # first row of a kind and direction wins
        self.others[key] = (*old, entry)
        self.max_other[toks[0]] = max(self.max_other.get(toks[0], 0), len(toks))

    @classmethod
    def build(cls, v: Vocabulary) -> Lexicon:
        lex = cls()
        for term, name in v.concept_terms.items():
            lex._add_concept(term, name)
        for term, name in v.anatomy_terms.items():
            if term in v.bound_anatomy:
                continue
            side = v.laterality_of(term) or v.laterality_of(name) or ""
            lex._add_other(term, ("anatomy", name, "", side))
        lex.numbered_heads = frozenset(
            head
            for term in v.anatomy_terms
            if len(words := term.split()) >= 2 and _NUMBER.fullmatch(words[-1])
            for head in (words[-2], words[-2] + "s")
        )
        for term, readings in v.bound_anatomy.items():  # the direction is the body region
            for top, name in readings.items():
                side = v.laterality_of(term) or v.laterality_of(name) or ""
                lex._add_other(term, ("bound-anatomy", name, top, side))
        for cue in v.cues:
            lex._add_other(cue.term, (cue.kind, cue.value, cue.direction, ""))
        # the same words hyphenated or not ("well-seen" / "well seen", "air-space"), after
        # every written term, so a written spelling always wins
        for key, name in list(lex.concepts.items()):
            for variant in hyphen_variants(key):
                lex._add_concept(variant, name)
        for key, entries in list(lex.others.items()):
            for variant in hyphen_variants(key):
                for entry in entries:
                    lex._add_other(variant, entry)
        lex._ac, lex._codes, lex._width = _automaton(lex.concepts, lex.others)
        return lex

    def match(
        self, toks: list[str]
    ) -> tuple[list[tuple[int, int, str]], list[tuple[int, int, tuple[Entry, ...]]]]:
        """Concept matches (leftmost-longest, unless a cue or anatomy term starting at the
        same token is longer: "negative for", or a structure's name holds the whole term:
        the "collateral" of "fibular collateral ligament", the "suture" of "coronal suture"
        are anatomy named like a finding or device) and, in the tokens left, the other terms
        (leftmost-longest, never across a concept term).

        Every term occurrence is found in one pass of one Aho-Corasick automaton over both
        tables (``pyahocorasick``, in C) over the sentence written as word codes: each token
        a term holds is written as its fixed-width code (``word_codes``), any other token as
        a code no term holds, so a hit ends at a code boundary and its end divided by the
        width is its end token (no offset map, no spaced text); choosing among hits is a few
        steps per match. The automata build in milliseconds for any vocabulary size (a
        trie-shaped regex of the whole-body vocabulary took seconds to compile)."""
        if self._ac is None:
            self._ac, self._codes, self._width = _automaton(self.concepts, self.others)
        n = len(toks)
        if not n:
            return [], []
        width = self._width
        coded = "".join(map(self._codes.get, toks, repeat(_UNKNOWN * width)))
        # Hits come in the order of their last character, so for one start token a longer
        # term always comes after a shorter one. A hit's value carries the concept name and
        # the other term's entries (no table lookups here) and whether it is a structure's
        # name of two tokens or more (the only kind that can hold a concept term).
        longest: dict[int, tuple[int, str]] = {}  # concept term start -> (end, name)
        other_at: dict[int, list[tuple[int, tuple[Entry, ...]]]] = {}  # start -> (end, entries)s
        wide: list[tuple[int, int]] | None = None  # (start, end) of multi-token structures
        for last, (size, concept, other, structure) in self._ac.iter(coded):
            t1 = (last + 1) // width
            t0 = t1 - size
            if concept is not None:
                longest[t0] = (t1, concept)
            if other is not None:
                hit = other_at.get(t0)
                if hit is None:
                    other_at[t0] = [(t1, other)]
                else:
                    hit.append((t1, other))
                if structure:
                    if wide is None:
                        wide = [(t0, t1)]
                    else:
                        wide.append((t0, t1))
        concepts: list[tuple[int, int, str]] = []
        taken = [False] * n if longest else []
        free = 0  # the first token a concept term may start at
        for t0 in sorted(longest) if len(longest) > 1 else longest:
            if t0 < free:
                continue  # inside a term taken or passed over
            t1, name = longest[t0]
            here = other_at.get(t0)
            if here is not None and here[-1][0] > t1:
                continue  # a longer cue or structure starts here
            free = t1
            if wide is not None and any(s < t0 <= s + 4 and e >= t1 for s, e in wide):
                continue  # a structure's name starting up to 4 tokens before holds the term
            concepts.append((t0, t1, name))
            taken[t0:t1] = [True] * (t1 - t0)
        others: list[tuple[int, int, tuple[Entry, ...]]] = []
        free_from = 0
        for t0 in sorted(other_at) if len(other_at) > 1 else other_at:
            if t0 < free_from:
                continue
            ends = other_at[t0]
            if not concepts:
                e, entries = ends[-1]  # the longest
            elif taken[t0]:
                continue
            else:  # the longest that holds no token of a concept term
                e, entries = ends[-1]
                if True in taken[t0:e]:
                    fit = next((x for x in reversed(ends) if True not in taken[t0 : x[0]]), None)
                    if fit is None:
                        continue
                    e, entries = fit
            others.append((t0, e, entries))
            free_from = e
        return concepts, others

    def _inside_structure(self, toks: list[str], t0: int, t1: int) -> bool:
        """``match``'s structure test by lookups: an anatomy name starting up to four tokens before
        ``t0`` covers tokens ``t0 .. t1 - 1``."""
        for s in range(t0 - 1, max(-1, t0 - 5), -1):
            for n in range(min(self.max_other.get(toks[s], 0), len(toks) - s), t1 - s - 1, -1):
                entries = self.others.get(" ".join(toks[s : s + n]))
                if entries and any(e[0] == "anatomy" for e in entries):
                    return True
        return False

    def _longest(self, toks: list[str], i: int, table: dict, longest: dict[str, int]) -> int:
        """The token count of the longest key of ``table`` starting at ``toks[i]`` (0: none)."""
        for n in range(min(longest.get(toks[i], 0), len(toks) - i), 0, -1):
            if " ".join(toks[i : i + n]) in table:
                return n
        return 0

    def match_by_lookup(
        self, toks: list[str]
    ) -> tuple[list[tuple[int, int, str]], list[tuple[int, int, tuple[Entry, ...]]]]:
        """``match`` by dict lookups per token (the class docstring's scan): the same
        matches without the automata (``tests/test_lexicon_match.py`` checks both agree
        with the reference scan)."""
        concepts: list[tuple[int, int, str]] = []
        taken = [False] * len(toks)
        i = 0
        while i < len(toks):
            n = self._longest(toks, i, self.concepts, self.max_concept)
            if n and self._inside_structure(toks, i, i + n):
                i += n  # as match: a structure's name holds the whole term
                continue
            if n and self._longest(toks, i, self.others, self.max_other) <= n:
                concepts.append((i, i + n, self.concepts[" ".join(toks[i : i + n])]))
                taken[i : i + n] = [True] * n
                i += n
            else:
                i += 1
        others: list[tuple[int, int, tuple[Entry, ...]]] = []
        i = 0
        while i < len(toks):
            step = 1
            if not taken[i]:
                for n in range(min(self.max_other.get(toks[i], 0), len(toks) - i), 0, -1):
                    entries = (
                        None
                        if any(taken[i : i + n])
                        else self.others.get(" ".join(toks[i : i + n]))
                    )
                    if entries is not None:
                        others.append((i, i + n, entries))
                        step = n
                        break
            i += step
        return concepts, others


# Word codes (``_automaton``): the first character of a code from ``_FIRST``, the others
# from ``_REST``, so a term's codes can only match starting at a token's first character;
# an unknown token is written ``_UNKNOWN`` repeated, a character neither alphabet holds.
_FIRST = "".join(map(chr, range(0x21, 0x7F)))
_REST = "".join(map(chr, range(0xA0, 0x100)))
_UNKNOWN = " "


def word_codes(words: Iterable[str]) -> tuple[dict[str, str], int]:
    """A fixed-width code per word (in the order given) and the width: the fewest characters
    that give every word its own code."""
    words = list(dict.fromkeys(words))
    width = 1
    while len(_FIRST) * len(_REST) ** (width - 1) < len(words):
        width += 1
    codes = {}
    for i, word in enumerate(words):
        rest = []
        for _ in range(width - 1):
            i, r = divmod(i, len(_REST))
            rest.append(_REST[r])
        codes[word] = _FIRST[i] + "".join(reversed(rest))
    return codes, width


def _automaton(
    concepts: dict[str, str], others: dict[str, tuple[Entry, ...]]
) -> tuple[Any, dict[str, str], int]:
    """One Aho-Corasick automaton over the token keys of both tables written as word codes
    (``word_codes``: one code per token, all of one width, so matches hold whole tokens), the
    codes and their width; a match's value is (its token count, the concept name if it is a
    concept term else None, the other term's entries if it is one else None, whether it is
    a structure's name (an anatomy entry) of two tokens or more)."""
    import ahocorasick

    keys = sorted(concepts.keys() | others.keys())
    codes, width = word_codes(word for key in keys for word in key.split(" "))
    auto = ahocorasick.Automaton()
    for key in keys:
        words = key.split(" ")
        entries = others.get(key)
        value = (
            len(words),
            concepts.get(key),
            entries,
            len(words) > 1 and entries is not None and any(e[0] == "anatomy" for e in entries),
        )
        auto.add_word("".join([codes[w] for w in words]), value)
    if len(auto):
        auto.make_automaton()
    return auto, codes, width


def hyphen_variants(key: str) -> list[str]:
    """Other spellings of a space-joined token key: without its hyphens, or with one pair of
    neighbouring words hyphenated ("not well seen" -> "not well - seen"); words of one or
    two letters are left as written."""
    toks = key.split(" ")
    if "-" in toks:  # not for short parts: "a-line" is not "a line"
        plain = [t for t in toks if t != "-"]
        return [" ".join(plain)] if len(plain) > 1 and min(map(len, plain)) > 2 else []
    if len(toks) < 2 or len(toks) > 4:
        return []
    return [
        " ".join([*toks[: i + 1], "-", *toks[i + 1 :]])
        for i in range(len(toks) - 1)
        if toks[i].isalpha() and toks[i + 1].isalpha() and min(len(toks[i]), len(toks[i + 1])) > 2
    ]


def trie_regex(keys: Iterable[str]) -> re.Pattern[str]:
    """One regex shaped as a character trie over ``keys`` (space-joined tokens), matching
    whole tokens of a space-joined token string; greedy, so the longest key at a place."""
    trie: dict[str, dict] = {}
    for key in keys:
        node = trie
        for ch in key:
            node = node.setdefault(ch, {})
        node[""] = {}

    def build(node: dict[str, dict]) -> str:
        alts = [re.escape(ch) + build(kid) for ch, kid in sorted(node.items()) if ch]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        if "" in node:
            return f"(?:{body})?" if len(alts) == 1 else body + "?"
        return body

    return re.compile(r"(?<![^ ])" + build(trie) + r"(?![^ ])")


def norm_token(tok: str) -> str:
    """A token as lexicon keys spell it: lower case, no inner spaces ("C5 - 6" -> "c5-6")."""
    tok = tok.lower()
    return tok.replace(" ", "") if " " in tok else tok
