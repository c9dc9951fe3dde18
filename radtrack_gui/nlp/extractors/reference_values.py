"""A reference value is no normal statement: "LVDD: 45 (normal up to 56 mm)", "thickness
2 mm (normal < 3 mm)", "(normal range 5-15 mmHg)". The word "normal" that opens a parenthesis
and goes on with a value (a number, "up to", a comparison sign, "range", "values") states the
normal range a measurement is read against, not that a structure is normal (GUIDELINE
"Units": a normal statement is about a structure). A measured value outside its range is
read from the number, not from this word."""

from __future__ import annotations

from radtrack_gui.nlp.extractors.candidates import Cand

# Words after "(normal" that open a value or a range.
VALUE_WORDS = frozenset(
    {"up", "<", ">", "≤", "≥", "=", "range", "ranges", "value", "values", "below", "under"}
)
VALUE_WORDS_LEAD = frozenset({"to", "less", "more", "than", "between", ":"})


def _opens_value(toks: list[str], i: int) -> bool:
    """Token ``i`` (after "normal") starts a value: a number, or a value word."""
    if i >= len(toks):
        return False
    word = toks[i]
    return (
        word[:1].isdigit()
        or word in VALUE_WORDS
        or (word in VALUE_WORDS_LEAD and i + 1 < len(toks) and toks[i + 1][:1].isdigit())
    )


def without_reference_values(kept: list[Cand], toks: list[str]) -> list[Cand]:
    """``kept`` without the normal statements whose word opens a parenthesised reference
    value ("(normal up to 30 mm)")."""
    return [
        c
        for c in kept
        if not (
            c.concept.startswith("normal")
            and c.t1 - c.t0 == 1
            and c.t0 > 0
            and toks[c.t0 - 1] == "("
            and toks[c.t0] == "normal"
            and _opens_value(toks, c.t1)
        )
    ]
