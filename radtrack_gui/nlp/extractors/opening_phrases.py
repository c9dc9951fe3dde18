"""How far the phrase a clause-opening normal predicate opens may run (round 11,
wb-recall3): up to ``OPENING_WORDS`` words ("Symmetric soft tissues of the lower neck",
"Symmetric inner and outer fluid spaces"; four before round 11); a
phrase longer than ``SHORT_OPENING`` words with an "of" is a structure's only when the noun
before "of" is an anatomy head noun (not "Smooth muscle tumour of the stomach")."""

from __future__ import annotations

from radtrack_gui.nlp.word_lists import word_list

OPENING_WORDS = 6
SHORT_OPENING = 4


def opened_phrase(words: list[str]) -> list[str]:
    """``words`` (the opened phrase) when they are short, hold no "of", or name an anatomy
    head noun before their "of"; else [] (no phrase a structure's)."""
    if len(words) <= SHORT_OPENING or "of" not in words:
        return words
    at = words.index("of")
    return words if at > 0 and words[at - 1] in word_list("anatomy_heads") else []
