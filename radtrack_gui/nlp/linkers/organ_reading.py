"""An impression's diagnosis and the findings' sign of its organ (issue #18 §2, round 6).

``signs.impression_reading`` joins a sign of the findings and a diagnosis of the impression
named at one site. Two more things a radiologist reads the same way, both about a diffuse
process of one organ (never a focal finding, ``focal``: GUIDELINE 10 tracks lesions one by
one, so a lesion, collection, bleed, stone, fracture or infarct is neither the sign of an
organ's disease nor read by one):

- ``organ_sign``: a change of size or calibre (``SIZE_WORDS`` and their direct kinds in the
  vocabulary's is-a tree: "hepatomegaly", "caudate lobe hypertrophy", "atrophy") is a sign
  as much as a sign-of row's word; and a sign lying in a part of the organ the diagnosis
  names ("caudate lobe hypertrophy" ... "Liver has changes suggestive of Budd Chiari
  syndrome") is read by it: how a process shows inside its organ is no other site
  (GUIDELINE 2). Not the other way round (a sign of the whole organ is no sign of a
  finding in one part), and never at a body region.
- ``read_otherwise``: the sign's own sentence already reads it as another diagnosis
  ("multiple liver nodules ..., suggestive of FNH-like lesions"): the impression's other
  diagnosis of that organ ("Budd Chiari syndrome") is not its reading.

``organ_keys`` files a sign under the organs its site lies in, so that an impression
diagnosis looking up its own site finds it when blocking (``signs.reading_keys``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from radtrack_gui.nlp.linkers.listed import own_organ
from radtrack_gui.nlp.linkers.restatement import lesion_like
from radtrack_gui.nlp.linkers.sites import is_region

if TYPE_CHECKING:
    from radtrack_gui.nlp.linkers.info import MentionInfo
    from radtrack_gui.nlp.vocabulary import Vocabulary

# Words for a change of a structure's size: descriptions, not diagnoses (with their direct
# kinds: "hepatomegaly" is an enlargement of the liver).
SIZE_WORDS = frozenset({"enlargement", "hypertrophy", "atrophy", "volume loss"})
# Focal findings besides lesions (``restatement.LESION_KINDS``): each has a place of its own
# in an organ, so no organ-wide process reads them and they read none.
FOCAL_KINDS = frozenset(
    {"collection", "hemorrhage", "calculus", "granuloma", "fracture", "infarct"}
)


def focal(m: MentionInfo) -> bool:
    """A lesion, another focal finding by its kind, or a measured one (not a size change:
    "the liver is enlarged (170 mm)" measures the organ)."""
    if lesion_like(m) or FOCAL_KINDS.intersection(m.concept_line):
        return True
    return bool(m.sizes) and not size_change(m)


def size_change(m: MentionInfo) -> bool:
    """The mention names a change of size: a size word or a direct kind of one."""
    return bool(SIZE_WORDS.intersection(m.concept_line[:2]))


def in_part_of(sign: MentionInfo, dx: MentionInfo, v: Vocabulary) -> bool:
    """The sign's site is a part of the (non-region) site the diagnosis names."""
    if sign.site is None or dx.site is None or sign.site == dx.site:
        return False
    return not is_region(v, dx.site) and v.is_part_of(sign.site, dx.site)


def organ_sign(sign: MentionInfo, dx: MentionInfo, signlike: bool, v: Vocabulary) -> bool:
    """The diagnosis reads the sign as a process of its organ: a size change at its site,
    or a sign (``signlike``, or a size change) in a part of it; neither a focal lesion, and
    the diagnosis no size change itself."""
    if focal(sign) or focal(dx) or size_change(dx):
        return False
    if in_part_of(sign, dx, v):
        return signlike or size_change(sign)
    if not size_change(sign):
        return False
    here = sign.site or _default_site(sign, v)  # "enlarged" read as hepatomegaly: the liver
    where = dx.site or own_organ(dx, v)  # "liver overload": the organ its word names
    return here is not None and here == where


def _default_site(m: MentionInfo, v: Vocabulary) -> str | None:
    """The structure the mention's concept is of by default (no body region)."""
    c = v.concepts.get(m.concept) if m.concept else None
    site = c.anatomy if c is not None and c.anatomy else None
    return None if site is None or is_region(v, site) else site


def read_otherwise(sign: MentionInfo, dx: MentionInfo, v: Vocabulary) -> bool:
    """The sign's sentence reads it as a concept that is neither the diagnosis, a kind of
    it, a broader word for it, nor a concept the vocabulary relates to it."""
    read = sign.ctx.read if sign.ctx is not None else None
    if read is None or dx.concept is None or read == dx.concept:
        return False
    if read in dx.concept_line or dx.concept in v.broader_concepts(read):
        return False
    return read not in dx.related


def organ_keys(m: MentionInfo, v: Vocabulary) -> list[str]:
    """Blocking keys for the organs (no body region) that hold the mention's site, or its
    concept's default structure when it names none."""
    here = m.site or _default_site(m, v)
    if here is None:
        return []
    return [
        f"site:{m.report}:{part}" for part in v.anatomy_ancestors(here) if not is_region(v, part)
    ]
