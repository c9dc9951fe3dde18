"""Abbreviations of mention names ("ETT" ~ "endotracheal tube", "NG tube" ~ "nasogastric
tube"): initials, or letters of one word in order."""

from __future__ import annotations

from functools import lru_cache


def _subsequence(short: str, long: str) -> bool:
    it = iter(long)
    return all(ch in it for ch in short)


def _abbreviates(short: str, words: tuple[str, ...]) -> bool:
    """``short`` is an abbreviation of the words (initials, or letters of one word)."""
    if len(short) < 2 or not short.isalpha() or not words:
        return False
    if len(words) >= 2:
        initials = "".join(w[0] for w in words)
        if short == initials:
            return True
        # "ett" ~ "endotracheal tube": the last word's initial doubled by its own letters
        return (
            len(words) == 2
            and short.startswith(initials[0])
            and _subsequence(short, words[0] + words[1])
            and short[-1] == words[1][0]
            and len(short) <= 4
        )
    word = words[0]
    return short[0] == word[0] and len(short) * 2 <= len(word) and _subsequence(short, word)


@lru_cache(maxsize=65536)
def abbreviation_match(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """One token sequence abbreviates the other, wholly or word by word with a shared head."""
    if a == b or not a or not b:
        return False
    if len(a) == 1 and len(b) >= 1 and _abbreviates(a[0], b):
        return True
    if len(b) == 1 and len(a) >= 1 and _abbreviates(b[0], a):
        return True
    if a[-1] == b[-1] and len(a) >= 2 and len(b) >= 2:
        ma, mb = a[:-1], b[:-1]
        return (len(ma) == 1 and _abbreviates(ma[0], mb)) or (
            len(mb) == 1 and _abbreviates(mb[0], ma)
        )
    return False
