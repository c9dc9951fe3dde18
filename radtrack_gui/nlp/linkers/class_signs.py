"""A generic observation and a diagnosis of a class it may be read as (``relations_radlex.tsv``,
derived in bulk from the RadLex is-a tree by ``scripts/build_vocab_relations.py``): "an active
inflammatory process (uncomplicated diverticulitis)", "signal alteration ... fibrosis".

The bulk rows only make the two concepts *related* for the pair decision (``features.
concepts_related``: the "different concepts" conflict is lifted and the pair scores as a
related pair, so site, side, level, time and assertion still decide). They do not make the
diagnosis a "diagnosis" or the observation a "sign" for the readings that look such words up
(``Vocabulary.signs``: an impression's reading of the findings, a sign read otherwise): those
stay the hand table's, so a bulk row never changes which findings a report's sentence reads.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from radtrack_gui.nlp.linkers.info import MentionInfo
    from radtrack_gui.nlp.vocabulary import Vocabulary


@cache
def generic_observations() -> frozenset[str]:
    """The generic imaging observations of ``observation_classes.tsv`` (echogenicity,
    enhancement, oedema, signal abnormality, thickening, ...): what the image shows before a
    diagnosis names it."""
    from radtrack_gui.nlp.word_lists import read_table
    from radtrack_gui.util.paths import resource

    return frozenset(
        r["observation"] for r in read_table(resource("vocab", "observation_classes.tsv"))
    )


def class_related(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> bool:
    """A concept on ``a``'s broader line is a bulk relation of one on ``b``'s, and the two
    concepts' default sites can be one place (a renal finding is no liver diagnosis)."""
    if not v.class_related or a.concept is None or b.concept is None:
        return False
    line_b = set(b.concept_line) or {b.concept}
    if not any(v.class_related.get(x, set()) & line_b for x in a.concept_line or (a.concept,)):
        return False
    ca, cb = v.concepts.get(a.concept), v.concepts.get(b.concept)
    if ca is None or cb is None or not ca.anatomy or not cb.anatomy:
        return True
    return v.anatomy_related(ca.anatomy, cb.anatomy)
