"""Default structures read in another body region (GUIDELINE 11, round 6).

The extractor gives a finding word without a structure of its own its concept's default
structure as the structure it states ("no nodules": the lungs; "opacity": the lungs;
"fibrosis": the lungs). In a thyroid ultrasound, a mammogram, an abdominal MR or a hip MR
that reading is another body part's: the exam's body part gives the word its sense, so the
default is no place there. Two statements of one thyroid report ("No nodules are present" /
"No suspicious thyroid nodules") then agree, and a lung default no longer sides a breast
finding "bilateral".
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from radtrack_gui.nlp.extractors.regions import REGION_ANATOMY, default_site_fits
from radtrack_gui.nlp.linkers.places import named_structures

if TYPE_CHECKING:
    from radtrack_gui.nlp.linkers.info import MentionContext, MentionInfo
    from radtrack_gui.nlp.vocabulary import Vocabulary

# Neighbouring regions each exam sees part of: the lung bases and the diaphragm on an
# abdominal exam, the upper abdomen ("free air under the diaphragm") on a chest film.
_NEIGHBOURS = frozenset({"thorax", "abdomen"})
_SIDE = re.compile(r"\b(?:left|right|bilateral(?:ly)?|both)\b", re.IGNORECASE)


def foreign_default(info: MentionInfo, ctx: MentionContext, text: str, v: Vocabulary) -> bool:
    """Drop a stated structure that is only the concept's default and lies in another body
    region than the exam's, when the sentence does not name it (and the side it implied,
    when the sentence names no side). True when it was dropped."""
    site = info.statement_site
    if site is None or not ctx.region:
        return False
    top = REGION_ANATOMY.get(ctx.region.lower(), "")
    if site == top:
        return _exam_region_only(info, ctx, text, v, top)
    if default_site_fits(v, site, top) or {top, v.region_of(site)} == _NEIGHBOURS:
        return False  # a chest film sees free air under the diaphragm, an abdomen the bases
    c = v.concepts.get(info.concept) if info.concept else None
    if c is None or not c.anatomy or not v.anatomy_related(site, c.anatomy):
        return False  # a structure the extractor read from the words, not the default
    lo, hi = ctx.sentence
    if any(v.anatomy_related(n, site) for _, n in named_structures(v, text[lo:hi], lo)):
        return False  # "nodules in both lungs" on a breast MR: the sentence names the lungs
    return _forget(info, text[lo:hi], info.site is not None and v.anatomy_related(info.site, site))


def _forget(info: MentionInfo, sentence: str, site_too: bool) -> bool:
    """No stated structure (and no place, when ``site_too``), nor the side it implied when
    the sentence names no side. True."""
    info.statement_site = None
    if site_too:
        info.site, info.site_by_name = None, False
    if info.lat and not _SIDE.search(sentence):
        info.lat = None
    return True


def _exam_region_only(
    info: MentionInfo, ctx: MentionContext, text: str, v: Vocabulary, top: str
) -> bool:
    """A region-bound word read outside its default's region gets the exam's whole region
    as its place ("no nodules" in a neck US: the neck): the exam, not a place the report
    names, so no place (and no side the default implied) for linking. Kept where the
    default lies in a neighbouring region (an abdominal exam's lung bases)."""
    c = v.concepts.get(info.concept) if info.concept else None
    if c is None or not c.anatomy or "region-bound" not in c.flags:
        return False
    if default_site_fits(v, c.anatomy, top) or {top, v.region_of(c.anatomy)} == _NEIGHBOURS:
        return False
    lo, hi = ctx.sentence
    if any(n == top for _, n in named_structures(v, text[lo:hi], lo)):
        return False  # "a nodule in the neck": the sentence names it
    return _forget(info, text[lo:hi], info.site == top)


# "cervical" names the neck's or the uterine cervix's structure, not the cervical spine, by
# the word after it and the exam (GUIDELINE 11, round 9): "intracranial and cervical arteries",
# "cervical lymph nodes" are the neck's; "a normal cervical canal" in a
# hysterosalpingography, "cervical stroma" in a pelvic MR, the cervix's. A sentence that
# names the spine (spine, vertebra, disc, cord, a level) keeps the spine.
_CERVICAL = re.compile(r"\bcervical\s+([a-z]+)", re.IGNORECASE)
_SPINE_WORDS = re.compile(
    r"\b(?:spine|spinal|vertebra\w*|discs?|disks?|cord|foramin\w*|facets?|C\d{1,2})\b",
    re.IGNORECASE,
)
_NECK_AFTER = frozenset(
    {
        *("vessels", "vessel", "arteries", "artery", "carotid", "carotids", "veins", "vein"),
        *("vascular", "lymph", "node", "nodes", "lymphadenopathy", "adenopathy", "soft"),
    }
)
_CERVIX_AFTER = frozenset({"canal", "os", "stroma", "lip", "length", "mucosa", "polyp"})
_GYNAECOLOGIC = re.compile(
    r"\b(?:uter\w*|endometri\w*|myometri\w*|hysterosalping\w*|adnex\w*|vagin\w*|ovar\w*)",
    re.IGNORECASE,
)


def cervical_sense(info: MentionInfo, ctx: MentionContext, text: str, v: Vocabulary) -> bool:
    """Give a finding read at the cervical spine from the bare adjective "cervical" the
    neck or the uterine cervix its sentence means (module note above). True when moved."""
    if info.statement_site != "cervical spine" and info.site != "cervical spine":
        return False
    lo, hi = ctx.sentence
    sentence = text[lo:hi]
    m = _CERVICAL.search(sentence)
    if m is None or _SPINE_WORDS.search(sentence):
        return False
    after = m.group(1).lower()
    if after in _NECK_AFTER:
        place = v.anatomy_terms.get("neck")
    elif after in _CERVIX_AFTER and (
        (ctx.region or "").lower() == "pelvis" or _GYNAECOLOGIC.search(text)
    ):
        place = v.anatomy_terms.get("cervix")
    else:
        return False
    if place is None:
        return False
    info.statement_site = place
    if info.site == "cervical spine":
        info.site = place
    if info.concept == "normal cervical spine":
        info.concept = f"normal {place}"
    return True
