"""A reference value is no normal statement (the one home of this rule; round 9 folded
wb-mentions13's token rule and wb-precision's text rule into it). "LVDD: 45 (normal up to
56 mm)", "thickness 2 mm (normal < 3 mm)", "(normal range 5-15 mmHg)", "normal values",
"filled with normal saline": the word "normal" that goes on with a value (a number, "up to"
a number, a comparison sign, "range", "values", "limit" and a number) or names a solution
("saline") states what normal would be, not that a structure is normal (GUIDELINE "Units": a
normal statement is about a structure). A measured value outside its range is read from the
number, not from this word.

Inside a parenthesis ("(normal ...") a few more words open a value: "up" alone, "=",
"below", "under", and "to", "less", "more", "than", "between", ":" right before a number
("(normal: 20-37 mm)", "(normal between 2 and 4)"). Outside one they are kept: "runs normal
up to the skull base" is a statement.

Two callers: ``analysis`` (:func:`without_reference_values`, the parenthesised ones) and
``neutral_words.neutral_word`` (every finding the rules extractor outputs)."""

from __future__ import annotations

import re

from radtrack_gui.nlp.extractors.candidates import Cand, Sentence

# the one word that opens a reference value
REFERENCE_WORD = "normal"

# After "normal" anywhere: a value, a range or a solution.
_VALUE_AFTER = (
    r"[ \t]*(?:up[ \t]+to[ \t]*\d|range\b|ranges\b|values?\b|limit[ \t]+\d|[<>≤≥]|\d|saline\b)"
)
# After "(normal": the words that open a value there as well.
_PAREN_VALUE_AFTER = (
    r"\s*(?:up\b|=|below\b|under\b|(?:(?:to|less|more|than|between)\b|:)\s*\d"
    r"|ranges?\b|values?\b|[<>≤≥]|\d)"
)
_AFTER = re.compile(_VALUE_AFTER, re.IGNORECASE)
_PAREN_AFTER = re.compile(_PAREN_VALUE_AFTER, re.IGNORECASE)
_PAREN_BEFORE = re.compile(r"\(\s*$")


def reference_normal(text: str, start: int, end: int) -> bool:
    """Whether the word ``normal`` at ``start:end`` opens a reference value or names a
    solution ("(normal up to 36 mm)", "(normal: 20-37 mm)", "normal range", "normal saline")."""
    if text[start:end].lower() != REFERENCE_WORD:
        return False
    if _AFTER.match(text, end) is not None:
        return True
    return (
        _PAREN_BEFORE.search(text, max(0, start - 20), start) is not None
        and _PAREN_AFTER.match(text, end) is not None
    )


def without_reference_values(kept: list[Cand], sent: Sentence, text: str) -> list[Cand]:
    """``kept`` without the normal statements whose one word opens a parenthesised
    :func:`reference_normal` ("(normal up to 3 mm)"), read in the sentence's own text. These
    are dropped in the analysis, before the measurements are placed (the value in the
    parenthesis then goes to no finding); the others ("normal range", "normal saline") are
    dropped from the output by ``neutral_words.neutral_word`` (the rules extractor), as
    round 9 measured them: dropping them here as well moves measurements (PARROT 699, 1731)."""
    stext = text[sent.start : sent.end]
    return [
        c
        for c in kept
        if not (
            c.concept.startswith("normal")
            and c.t1 - c.t0 == 1
            and c.t0 > 0
            and sent.toks[c.t0 - 1] == "("
            and reference_normal(stext, sent.starts[c.t0], sent.ends[c.t0])
        )
    ]
