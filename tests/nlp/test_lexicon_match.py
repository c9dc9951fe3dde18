"""The lexicon matchers (Aho-Corasick and lookups) find exactly what a token-by-token leftmost-longest scan finds."""

from __future__ import annotations

import random

from radtrack_gui.nlp.text import TOKEN_RE
from radtrack_gui.nlp.vocabulary import Lexicon, norm_token, vocabulary


def _reference(lex: Lexicon, toks: list[str]) -> tuple[list, list]:
    """The former matcher: per token, the longest concept (unless a longer cue or structure
    starts there, or a structure's name starting up to four tokens before holds it), then the
    other terms in the tokens left."""
    n = len(toks)
    concepts, taken, i = [], [False] * n, 0
    while i < n:
        found, name = 0, ""
        for length in range(min(lex.max_concept.get(toks[i], 0), n - i), 0, -1):
            hit = lex.concepts.get(" ".join(toks[i : i + length]))
            if hit is not None:
                found, name = length, hit
                break
        inside = (
            found
            and any(  # a structure's name starting before holds the whole term
                any(e[0] == "anatomy" for e in lex.others.get(" ".join(toks[s : s + k]), ()))
                for s in range(max(0, i - 4), i)
                for k in range(i + found - s, n - s + 1)
            )
        )
        if inside:
            i += found
            continue
        if found and not any(
            lex.others.get(" ".join(toks[i : i + k])) is not None
            for k in range(min(lex.max_other.get(toks[i], 0), n - i), found, -1)
        ):
            concepts.append((i, i + found, name))
            taken[i : i + found] = [True] * found
            i += found
            continue
        i += 1
    others, i = [], 0
    while i < n:
        step = 1
        if not taken[i]:
            for length in range(min(lex.max_other.get(toks[i], 0), n - i), 0, -1):
                entries = (
                    None
                    if any(taken[i : i + length])
                    else lex.others.get(" ".join(toks[i : i + length]))
                )
                if entries is not None:
                    others.append((i, i + length, entries))
                    step = length
                    break
        i += step
    return concepts, others


def _toks(text: str) -> list[str]:
    return [norm_token(t) for t in TOKEN_RE.findall(text)]


def test_matchers_equal_the_token_scan() -> None:
    lex = vocabulary().lexicon()
    sentences = [
        "No evidence of pleural effusion or pneumothorax.",
        "Negative for acute fracture; the right IJ catheter tip is in the SVC.",
        "Left lower lobe atelectasis versus pneumonia, no change since the prior study.",
        "Heart size is normal and the lungs are clear of focal airspace disease.",
        "There is a 2.5 cm hypodense lesion in hepatic segment VIII at the C5-6 level.",
    ]
    words = sorted({w for k in list(lex.concepts) + list(lex.others) for w in k.split()})
    rng = random.Random(7)
    for _ in range(300):  # random token soups of vocabulary words stress the boundaries
        sentences.append(" ".join(rng.choice(words) for _ in range(rng.randint(1, 14))))
    for s in sentences:
        toks = _toks(s)
        assert lex.match(toks) == _reference(lex, toks), s  # the Aho-Corasick matcher
        assert lex.match_by_lookup(toks) == _reference(lex, toks), s
