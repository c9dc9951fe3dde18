"""A generic concept refined to its narrower kind by a site or a body region
(``Vocabulary.refine`` / ``refine_in_region``, which memoise these)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from radtrack_gui.nlp.vocabulary import Vocabulary


def refine_kind(v: Vocabulary, concept: str, anatomy: str) -> str:
    """``Vocabulary.refine`` without its memo."""
    c = v.concepts.get(concept)
    if c is None or not anatomy:
        return concept
    levels = [concept]
    if not c.anatomy and c.broader and c.type == "finding" and "derived" not in c.flags:
        levels.append(c.broader)
    for level in levels:
        fits = []
        for kid in v.narrower.get(level, ()):
            k = v.concepts[kid]
            if kid == concept or not k.anatomy or k.anatomy == c.anatomy:
                continue
            if c.anatomy and not v.is_part_of(k.anatomy, c.anatomy):
                continue  # not a more specific site than the concept's own
            if v.is_part_of(anatomy, k.anatomy):
                fits.append(kid)
        if len(fits) == 1:
            return fits[0]
        if fits:
            return concept
    return concept


def region_kind(v: Vocabulary, concept: str, region: str) -> str:
    """``Vocabulary.refine_in_region`` without its memo."""
    c = v.concepts.get(concept)
    if c is None or c.anatomy or not region or "site-kinds" in c.flags:
        return concept
    fits = [
        kid
        for kid in v.narrower.get(concept, ())
        if v.concepts[kid].anatomy
        and v.is_part_of(v.concepts[kid].anatomy, region)
        and ("derived" not in v.concepts[kid].flags or "default-kind" in v.concepts[kid].flags)
    ]
    if len(fits) > 1:  # several kinds there: the one marked as the usual reading
        fits = [kid for kid in fits if "default-kind" in v.concepts[kid].flags]
    return fits[0] if len(fits) == 1 else concept
