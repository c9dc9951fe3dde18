"""The exam's body region and what a term means there: the region of a report, the concept a
region-bound term names in another region, and
the structure a term's own words name."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import chain

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.candidates import Sentence
from radtrack_gui.nlp.metadata import limb_of
from radtrack_gui.nlp.vocabulary import Concept, Vocabulary

# Exam body region (nlp.metadata.region_of) -> anatomy name.
REGION_ANATOMY = {
    "chest": "thorax",
    "head": "head",
    "neck": "neck",
    "abdomen": "abdomen",
    "pelvis": "pelvis",
    "spine": "spine",
    "extremity": "",
    "breast": "breasts",
    "whole body": "",
}
# The exam regions (a structure elsewhere, "soft tissues", "bones", lies in every region).
EXAM_REGIONS = frozenset(r for r in REGION_ANATOMY.values() if r)


def default_site_fits(v: Vocabulary, anatomy: str, top: str) -> bool:
    """A concept's default structure ``anatomy`` applies in an exam whose body region is the
    anatomy name ``top`` (``REGION_ANATOMY``'s values; "" when unknown, extremity or whole
    body): it lies in that region, or in none of the exam regions (bones, soft tissues).
    GUIDELINE 11: "infarction" in a spleen ultrasound is not the brain's, "vascular
    congestion" of the vasa recta not the lungs'. An abdominal exam sees the pelvis too."""
    if not top or not anatomy:
        return True
    region = v.region_of(anatomy)
    if top == "abdomen" and region == "pelvis":
        return True
    return v.is_part_of(anatomy, top) or region not in EXAM_REGIONS


def region_reading(v: Vocabulary, concept: Concept, term: str, region: str) -> tuple[str, bool]:
    """A ``region-bound`` concept read in another body region than its default site's
    ("mass effect" in a kidney ultrasound, "infiltration" of abdominal fat): the concept
    that ``term`` names in ``region`` (a sense listing the same term whose site lies in
    ``region``, else in no particular region), else its nearest broader concept without a
    default site, else itself; the flag says whether the default site still holds.
    Memoised in ``v.memo`` (a function of the tables and the arguments)."""
    if "region-bound" not in concept.flags or region not in EXAM_REGIONS:
        return concept.name, True
    key = ("region_reading", concept.name, term, region)
    hit = v.memo.get(key)
    if hit is None:
        hit = v.memo[key] = _region_reading(v, concept, term, region)
    return hit  # type: ignore[no-any-return]


def _region_reading(v: Vocabulary, concept: Concept, term: str, region: str) -> tuple[str, bool]:
    if v.region_of(concept.anatomy) == region:
        return concept.name, True
    others = [v.concepts[n] for n in v.senses.get(term.lower(), ()) if n != concept.name]
    for k in others:
        if k.anatomy and v.region_of(k.anatomy) == region:
            return k.name, True
    for k in others:
        if not k.anatomy or v.region_of(k.anatomy) not in EXAM_REGIONS:
            return k.name, True
    for name in v.broader_concepts(concept.name)[1:]:
        if not v.concepts[name].anatomy:
            return name, True
    return concept.name, False


def sense_reading(v: Vocabulary, term: str, toks: list[str], t0: int, region: str) -> str:
    """The sense ``senses.tsv`` gives the term at tokens ``t0..`` of ``toks`` in ``region``
    (an anatomy name: the named site's body region, else the exam's): a concept, or
    ``NOT_A_MENTION``; "" when no row applies (the term keeps its concept)."""
    rules = v.sense_rules.get(term)
    if not rules:
        return ""
    place, region = region, v.region_of(region) if region else ""
    before = " ".join(toks[max(0, t0 - 5) : t0]).replace(" - ", "-")
    text = " " + " ".join(toks) + " "
    for rule in rules:
        # a body region, or an exam region below one ("breasts" lies in the thorax)
        if (
            rule.regions
            and region not in rule.regions
            and not (place and any(v.is_part_of(place, r) for r in rule.regions))
        ):
            continue
        if rule.before and not any(
            (" " + before).endswith(" " + " ".join(p).replace(" - ", "-")) for p in rule.before
        ):
            continue
        if rule.context and not any(f" {' '.join(p)} " in text for p in rule.context):
            continue
        return rule.sense
    return ""


def exam_region(report: Report, sents: list[Sentence]) -> str:
    """The exam's body region as an anatomy name (``title_region``, else the top-level
    structure the text names most often among those it may tell)."""
    region, among = title_region(report)
    if region is not None:
        return region
    # the body regions of the structures each sentence names
    return most_named(chain.from_iterable(sent.tops for sent in sents), among)


def most_named(tops: Iterable[str], among: frozenset[str] | None = None) -> str:
    """The top-level structure named most often ("": none), only those in ``among`` when
    given; a tie goes to the one named first."""
    counts = Counter(tops) if among is None else Counter(t for t in tops if t in among)
    return max(counts, key=counts.__getitem__) if counts else ""


# The limbs an extremity exam can show: an exam titled only "MSK" shows the one its text names.
LIMBS = frozenset({"upper extremities", "lower extremities", "shoulders"})


def title_region(report: Report) -> tuple[str | None, frozenset[str] | None]:
    """The exam's body region from the report's region and title as an anatomy name (None:
    its text must tell), and the top-level structures the text may tell (None: any).
    An extremity exam's region is its limb (GUIDELINE 11: "effusion" in a knee MR is the
    knee's): the limb its title names (``MR LEFT KNEE``), else the limb its text names most."""
    region = (report.region or "").lower()
    if region == "extremity":
        return limb_of(report.exam) or None, LIMBS
    return REGION_ANATOMY.get(region), None


def own_structure(v: Vocabulary, term: str, region: str = "") -> str:
    """The structure named by words inside a multi-word term, or "" (a region-bound word,
    "parenchyma", names its structure only in an exam of that structure's ``region``;
    memoised in ``v.memo``)."""
    key = ("own_structure", term, region)
    hit = v.memo.get(key)
    if hit is None:
        hit = v.memo[key] = _own_structure(v, term, region)
    return hit  # type: ignore[no-any-return]


def _own_structure(v: Vocabulary, term: str, region: str) -> str:
    words = term.split()
    for n in (2, 1):
        for i in range(len(words) - n + 1):
            key = " ".join(words[i : i + n])
            bound = v.bound_anatomy.get(key)
            name = bound.get(region, "") if bound is not None else v.anatomy_of(key)
            if name:
                return name
    return ""
