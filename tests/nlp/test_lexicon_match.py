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


def _sample_sentences() -> list[str]:
    from radtrack_gui.nlp.text import sentences
    from radtrack_gui.util.paths import resource

    out = []
    for folder in ("demo_patient", "oncology_patient"):
        for path in sorted(resource("samples", folder).glob("*.txt")):
            text = path.read_text(encoding="utf-8")
            out.extend(text[s:e] for s, e in sentences(text))
    return out


def test_coded_matcher_equals_the_lookups_on_the_sample_patients() -> None:
    # the automaton over word codes (round 8) finds what the lookups find, sentence by sentence
    lex = vocabulary().lexicon()
    texts = _sample_sentences()
    assert len(texts) > 100
    found = 0
    for s in texts:
        toks = _toks(s)
        got = lex.match(toks)
        assert got == lex.match_by_lookup(toks), s
        found += len(got[0])
    assert found > 50


def test_word_codes_are_distinct_of_one_width_and_start_at_a_token() -> None:
    from radtrack_gui.nlp.vocabulary_lexicon import _FIRST, _REST, _UNKNOWN, word_codes

    for n, width in ((1, 1), (len(_FIRST), 1), (len(_FIRST) + 1, 2)):
        codes, w = word_codes(f"w{i}" for i in range(n))
        assert w == width
        assert len(codes) == n and len(set(codes.values())) == n
        assert all(len(c) == width and c[0] in _FIRST for c in codes.values())
        assert all(ch in _REST for c in codes.values() for ch in c[1:])
    big = len(_FIRST) * len(_REST) + 1  # past two characters: three
    codes, w = word_codes(map(str, range(big)))
    assert w == 3 and len(set(codes.values())) == big
    assert _UNKNOWN not in _FIRST + _REST
    codes, w = word_codes(["a", "b", "a"])  # a repeated word keeps its one code
    assert len(codes) == 2


def test_coded_matcher_holds_whole_tokens_only() -> None:
    # counter-examples: a word that only begins or ends like a term word, an unknown word
    # inside a term, and a term split over two tokens never match
    lex = vocabulary().lexicon()
    assert lex.match(["pleural", "effusion"])[0]
    split = ["pleural", "blorp", "effusion"]
    assert all(b - a < 3 for a, b, _ in lex.match(split)[0])
    assert lex.match(split) == lex.match_by_lookup(split)
    for toks in (["xeffusion"], ["effusionx"], ["effu", "sion"], ["blorp"]):
        assert lex.match(toks) == ([], []), toks
        assert lex.match(toks) == lex.match_by_lookup(toks)
