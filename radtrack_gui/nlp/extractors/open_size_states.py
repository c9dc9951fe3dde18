"""A structure's size stated as a course participle of size ("The pancreas is reduced in
size", "The spleen is increased in volume", "the duct is diminished in caliber"): a finding of
the structure's state, not the course of a finding, when nothing in the sentence compares it
with an earlier exam (``open_predicates.SINCE``: "reduced in size since the prior study" stays
a course word). The span is the three words; open_predicates reads it after a copula whose
subject is a structure, as its one-word predicates."""

from __future__ import annotations

# participles of a change of size that the cue table reads as course words
SIZE_PARTICIPLES = frozenset({"reduced", "increased", "decreased", "diminished"})
# the measures such a participle says the structure is changed "in" ("volume" is left out: a
# bladder "increased in volume" is filled, no finding)
SIZE_NOUNS = frozenset(
    {"size", "caliber", "calibre", "thickness", "width", "diameter", "dimensions"}
)
SPAN = 3  # participle, "in", measure


def size_state(toks: list[str], k: int, since: frozenset[str]) -> bool:
    """``toks[k:k + 3]`` is a participle of size, "in" and a measure, and no other word of
    the sentence is one of ``since`` (the words of a comparison with an earlier exam)."""
    return (
        toks[k] in SIZE_PARTICIPLES
        and k + 2 < len(toks)
        and toks[k + 1] == "in"
        and toks[k + 2] in SIZE_NOUNS
        and not any(w in since for j, w in enumerate(toks) if j != k)
    )


# device course words of the cue table ("the tube is kinked", "a coiled catheter") that name a
# state when said of a structure after its copula ("The gallbladder is kinked", "the left ICA
# is looped"); open_predicates reads them only there (its subject must be a structure)
SHAPE_STATES = frozenset({"kinked", "looped", "coiled", "buckled"})


def shape_state(toks: list[str], k: int) -> bool:
    """``toks[k]`` is a device course word of form (``SHAPE_STATES``)."""
    return toks[k] in SHAPE_STATES
