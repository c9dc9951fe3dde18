"""A change of a structure's measure (issue #18 §1; docs/vocabulary.md "Round 6: mention
recall"): cross-sectional reports name atrophy, swelling and density changes by saying that a
measure of a structure went up or down, with no finding noun the tables could list.

* **Change noun, then the measure**: "reduction in brain volume", "Decrease in cerebral
  parenchymal volume", "loss of cortical volume", "decrease in the density of the
  periventricular white matter": a change noun (``CHANGE_NOUNS``), "in" or "of", up to
  ``GAP`` words, then a measure noun (``MEASURES``); the phrase from the change noun to the
  measure noun is the mention.
* **Measure, then the change noun**: "Brain volume reduction", "parenchymal volume loss".
* **Changed measure**: "increased amplitude of the sulci", "The ventricular system shows
  increased amplitude", "reduced volume of the left hemisphere": a change adjective
  (``CHANGE_ADJECTIVES``) right before the measure noun.

The measure must belong to a structure, or it is the course of a lesion ("decrease in size
of the nodule", "increase in size compared to the prior study"): a structure name (or a
relational adjective of one, "cerebral", "parenchymal") stands between the change and the
measure, or right after the measure's "of", or (third reading) as the sentence's subject
before the change adjective. A table term anywhere in the phrase leaves it to the table.
"""

from __future__ import annotations

CHANGE_NOUNS = frozenset(
    {
        *("reduction", "decrease", "loss", "increase", "diminution", "narrowing", "widening"),
        *("thinning", "reductions", "decreases", "losses", "increases"),
    }
)
CHANGE_ADJECTIVES = frozenset(
    {"increased", "decreased", "reduced", "diminished", "lowered", "enlarged", "widened"}
)
# measures of a structure whose change is an observation (atrophy, swelling, density change)
MEASURES = frozenset(
    {
        *("volume", "volumes", "size", "density", "attenuation", "amplitude", "thickness"),
        *("width", "calibre", "caliber", "height", "mass", "echogenicity", "diameter"),
        # a joint's or bone's angle ("reduction of the left cervico-femoral angle")
        *("angle", "angles"),
    }
)
# measures whose change adjective alone names an observation of the structure they describe
# (a changed "size" or "density" is the tables' own terms: "enlarged", "increased density")
ADJECTIVE_MEASURES = frozenset({"volume", "volumes", "amplitude", "calibre", "caliber", "mass"})
LINKS = frozenset({"in", "of"})
GAP = 4  # words between the link and the measure ("in the cerebral parenchymal volume")
# relational adjectives of a structure that are no anatomy table entry of their own
STRUCTURE_ADJECTIVE_ENDS = ("al", "ar", "ic")
NOT_STRUCTURE = frozenset({"total", "general", "overall", "partial", "interval", "global"})
GATE = CHANGE_NOUNS | CHANGE_ADJECTIVES
UP = frozenset({"increase", "increases", "increased", "widening", "widened", "enlarged"})
BULK = frozenset({"volume", "volumes", "mass"})


def measure_concept(change: str, measure: str) -> str:
    """The concept of a changed measure: a smaller volume or mass is volume loss (the
    tables' concept), anything else its direction and measure ("increased amplitude")."""
    up = change in UP
    if measure in BULK and not up:
        return "volume loss"
    return f"{'increased' if up else 'decreased'} {measure.rstrip('s') if measure in BULK else measure}"


def may_measure(toks: list[str]) -> bool:
    """A cheap test: the sentence has a change word and a measure noun."""
    return not GATE.isdisjoint(toks) and not MEASURES.isdisjoint(toks)


def _structure_word(toks: list[str], k: int, structures: set[int]) -> bool:
    tok = toks[k]
    return k in structures or (
        tok.isalpha()
        and len(tok) >= 6
        and tok.endswith(STRUCTURE_ADJECTIVE_ENDS)
        and tok not in NOT_STRUCTURE
    )


def _of_structure_after(toks: list[str], m: int, structures: set[int]) -> bool:
    """``toks[m]`` (a measure) is followed by "of" and, within ``GAP`` words, a structure."""
    if m + 1 >= len(toks) or toks[m + 1] != "of":
        return False
    for j in range(m + 2, min(len(toks), m + 3 + GAP)):
        if j in structures:
            return True
        if not toks[j].isalpha():
            return False
    return False


def measure_mentions(
    toks: list[str], covered: set[int], structures: set[int], taken: set[int]
) -> list[tuple[int, int, str]]:
    """(first token, token end, concept) of each change of a structure's measure."""
    out: list[tuple[int, int, str]] = []
    n = len(toks)
    for i, tok in enumerate(toks):
        if i in covered or i in taken:
            continue
        if tok in CHANGE_NOUNS and i + 2 < n and toks[i + 1] in LINKS:
            inside = False
            for m in range(i + 2, min(n, i + 3 + GAP + 2)):
                if toks[m] == "-" and m > i + 2:
                    continue  # a hyphenated word ("cervico-femoral")
                if m in covered or not toks[m].isalpha():
                    break
                if toks[m] in MEASURES:
                    if inside or _of_structure_after(toks, m, structures):
                        out.append((i, m + 1, measure_concept(tok, toks[m])))
                    break
                inside = inside or _structure_word(toks, m, structures)
        elif (
            tok in CHANGE_NOUNS
            and i >= 2
            and toks[i - 1] in MEASURES
            and i - 1 not in covered
            and _structure_word(toks, i - 2, structures)
        ):
            out.append((i - 1, i + 1, measure_concept(tok, toks[i - 1])))
        elif (
            tok in CHANGE_ADJECTIVES
            and i + 1 < n
            and toks[i + 1] in ADJECTIVE_MEASURES
            and i + 1 not in covered
            and (_of_structure_after(toks, i + 1, structures) or any(k < i for k in structures))
        ):
            out.append((i, i + 2, measure_concept(tok, toks[i + 1])))
    return out
