"""A measured observation whose head noun no table names (issue #18 §1; docs/vocabulary.md
"Round 8: measured and described observations (ultrasound, neck)").

A noun right before its measurement is a thing seen and measured: "a shadow of about 5 cm",
"retraction of approximately 1.5 cm", "lymph nodes up to 13 mm" (``open_frames.node_seen``
reads the measurement after a node the same way). The head must be a word that may head an
open mention (``open_heads.is_head``, the caller's test) and not the noun of a measure itself
("a length of 3 cm", "separation up to 19 mm", "slices of 5 mm": ``MEASURE_NOUNS``).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress, count

from radtrack_gui.nlp.extractors.open_measures import MEASURES

MEASURE_UNITS = frozenset({"mm", "cm"})
# words between a head and its measurement
MEASURE_LINKS = frozenset(
    {
        *("of", "about", "approximately", "approx", "around", "up", "to", "~", "at", "least"),
        *("most", "maximum", "max", "nearly", "almost", "roughly", "circa", "ca", "<", ">"),
    }
)
# verbs of measuring and being: the phrase's head is before them ("X measures 3 cm" is
# ``open_vocab``'s frame; "the kidney measures 10 cm" measures a structure)
MEASURE_VERBS = frozenset(
    {
        *("measure", "measures", "reaches", "reaching", "spans", "spanning", "extends"),
        *("totals", "is", "are", "was", "were", "be", "being", "been", "sized"),
    }
)
NUMBER_PARTS = frozenset({"x", "×", "-", ".", ","})
# nouns a measurement is the size of, not things seen ("a length of 3 cm")
MEASURE_NOUNS = MEASURES | frozenset(
    {
        *("length", "lengths", "depth", "span", "separation", "distance", "axis", "gap"),
        *("extent", "spacing", "circumference", "lumen", "range", "stretch", "segment"),
        *("margin", "level", "distances", "measurement", "measurements", "dimension"),
        *("wall", "walls", "layer", "sections", "slices", "slice", "intervals", "increments"),
        *("displacement", "shift", "shortening", "step", "offset", "overlap", "excursion"),
        *("velocity", "velocities", "area", "areas", "than", "over", "under"),
    }
)


def measured_heads(toks: list[str], ok: Callable[[int], bool]) -> list[int]:
    """The heads of measured phrases: a noun that ``ok`` admits (``open_heads.is_head``), not
    a measure's own noun (``MEASURE_NOUNS``), linked to its measurement (a number and a
    unit after "of", "about", "up to" ...; without a link word a measure table's label or a
    size adjective stands before the number: "LVIDd 5.4 cm", "fine 2 mm slices"). A rate
    ("75 cm/s") is no size."""
    out: list[int] = []
    for u in compress(count(), map(MEASURE_UNITS.__contains__, toks)):
        k = u - 1
        numbers = 0
        while k >= 0 and (toks[k] in NUMBER_PARTS or toks[k].replace(".", "", 1).isdigit()):
            numbers += toks[k] not in NUMBER_PARTS
            k -= 1
        if not numbers or (u + 1 < len(toks) and toks[u + 1] == "/"):
            continue  # no number, or a rate ("75 cm/s")
        linked = k
        while k >= 0 and toks[k] in MEASURE_LINKS:
            k -= 1
        if k == linked:
            continue  # no link word: a table of measures ("LVIDd 5.4 cm"), a size adjective
        tok = toks[k] if k >= 0 else ""
        if tok.isalpha() and tok not in MEASURE_NOUNS and tok not in MEASURE_VERBS and ok(k):
            out.append(k)
    return out
