"""Restatements within one report (GUIDELINE 9) and lesions one by one (GUIDELINE 10).

A report states a finding in its findings and again in its impression, often in other words,
with the side, site or level given in only one of the two. These rules decide when two
mentions are one statement told twice, and when two findings are one lesion or two:

- ``restated_negative``: one negative stated twice in one report;
- ``same_lesion``: two findings named at one place (level, segment, quadrant, station) with
  one measurement are one lesion, whatever words name it ("mass" / "conglomerate");
- ``sizes_conflict``: two findings of one report measured clearly apart are two lesions;
- ``pointed_back``: "this change", "the described mass" is the finding named before it;
- ``count_conflict``: one stated as single is not a group stated as several;
- ``same_words_restated``: the same words, one site read beyond its clause, are one.

``restated`` (a pair feature and a lifted concept conflict in ``features.py``) gathers the
first, second and fourth.
"""

from __future__ import annotations

import re

from radtrack_gui.core.model import DEVICE
from radtrack_gui.nlp.linkers.class_signs import class_related, generic_observations
from radtrack_gui.nlp.linkers.info import MentionInfo
from radtrack_gui.nlp.linkers.places import cavity as cavity_of
from radtrack_gui.nlp.linkers.tissues import tissue_restated
from radtrack_gui.nlp.vocabulary import Vocabulary, singular_name, vocabulary

# Sections that conclude a report: a negative there restates the findings' checklist.
CONCLUDING_SECTIONS = ("IMPRESSION", "CONCLUSION", "OPINION", "SUMMARY")
# Words that say how or how much, not what: two negatives sharing only these are a checklist
# ("no acute fracture" / "no acute hemorrhage"); "hemorrhagic" in "no hemorrhagic signs" and
# "no hemorrhagic lesions" says what.
GENERIC_WORDS = frozenset(
    {
        *("the", "a", "an", "of", "in", "on", "at", "to", "with", "and", "or", "is", "are"),
        *("no", "not", "without", "any", "evidence", "sign", "signs", "finding", "findings"),
        *("lesion", "lesions", "change", "changes", "abnormality", "abnormalities", "area"),
        *("areas", "focus", "foci", "acute", "recent", "new", "significant", "focal"),
        *("definite", "obvious", "suspicious", "other", "further", "small", "large", "signal"),
        *("visible", "detectable", "identified", "observed", "seen", "noted", "diffuse"),
        *("morphologically", "pathological", "abnormal", "appreciable", "gross", "major"),
    }
)
# Concepts that say "anything" about a structure: the structure is what the statement is about.
ANY_FINDING = frozenset({"abnormality", "normal", "unremarkable"})
# Concepts that name a focal lesion by its kind or its look: one measured at one place is
# one lesion under any of these names (an effusion or a fracture is not a lesion).
LESION_KINDS = frozenset(
    {
        *("lesion", "mass", "nodule", "opacity", "nodular opacity", "cyst", "proliferation"),
        *("malignancy", "echogenicity", "abnormal uptake", "enhancement", "lymphadenopathy"),
    }
)


def sizes_conflict(a: MentionInfo, b: MentionInfo) -> str | None:
    """Two findings of one report measured at clearly different sizes are two lesions
    (GUIDELINE 10); across reports a lesion may grow or shrink, so sizes never split it."""
    if a.report != b.report or not a.sizes or not b.sizes or sizes_agree(a.sizes, b.sizes):
        return None
    return f"measured {max(a.sizes):g} vs {max(b.sizes):g} mm in one report: two lesions"


def sizes_agree(xs: tuple[float, ...], ys: tuple[float, ...]) -> bool:
    """Some measurement of one is within 2 mm or 20 % of one of the other."""
    return any(abs(x - y) <= max(2.0, 0.2 * max(x, y)) for x in xs for y in ys)


def shared_levels(a: MentionInfo, b: MentionInfo) -> frozenset[str]:
    """The levels, segments, stations or labelled lesions both name (an inline label is a
    report's layout, no place)."""
    if a.ctx is None or b.ctx is None:
        return frozenset()
    return frozenset(x for x in a.ctx.levels & b.ctx.levels if not x.startswith("heading:"))


def _places(m: MentionInfo) -> frozenset[str]:
    return m.ctx.levels if m.ctx is not None else frozenset()


def concluding(section: str | None) -> bool:
    """An impression/conclusion section."""
    return (section or "").upper().startswith(CONCLUDING_SECTIONS)


_concluding = concluding


def sites_agree(x: str | None, y: str | None, v: Vocabulary, within: bool = True) -> bool:
    """Two statements' structures as given agree: the same, one not given (a site given
    once applies to both: GUIDELINE 9), or (``within``) one a part of the other ("spine" /
    "cervical spine")."""
    return x is None or y is None or x == y or (within and v.anatomy_related(x, y))


def shared_qualifier(x: tuple[str, ...], y: tuple[str, ...]) -> bool:
    """The two spans share a word that says what was looked for ("hemorrhagic signs" /
    "hemorrhagic lesions", "ischemic lesions" / "recent ischemic"), not only how."""
    wx = {w for w in x if w not in GENERIC_WORDS and not w.isdigit()}
    wy = {w for w in y if w not in GENERIC_WORDS and not w.isdigit()}
    return bool(wx & wy)


def restated_negative(first: MentionInfo, later: MentionInfo, v: Vocabulary | None = None) -> bool:
    """One negative stated twice in one report ("no pneumothorax" in the findings and in the
    impression: GUIDELINE 9), in two sentences (one sentence states it once: "no opacity to
    suggest a pneumonia"), about the same structure as given, one not given, or one within
    the other ("no acute fracture" of the spine / "no ... cervical spine injury"; not for a
    statement about anything, "no acute airspace abnormality" / "no acute cardiopulmonary
    abnormality", whose structure is what it says):

    - the same concept or a vaguer word for it ("no acute fracture" / "no acute injury");
    - in the impression, another word for what was looked for ("no hemorrhagic signs" /
      "no ... hemorrhagic lesions"). Related concepts are a checklist, not a restatement
      ("no pulmonary edema. No focal consolidation.", "no infiltrates" / "no pneumonia").

    Within one observation section a negative at a level ("L5-S1: no foraminal stenosis")
    and the same negative without one are two: the second is about the other levels."""
    a, b = first.concept, later.concept
    if (
        first.assertion != "absent"
        or later.assertion != "absent"
        or first.report != later.report
        or a is None
        or b is None
        or (
            first.ctx is not None
            and later.ctx is not None
            and first.ctx.sentence == later.ctx.sentence
        )
    ):
        return False
    if tissue_restated(first, later):
        return True  # "no ... in the bony structures" / "no abnormalities in the osseous ..."
    from radtrack_gui.nlp.linkers.restated import collective_negative  # (it imports this)

    if collective_negative(first, later, v or vocabulary()):
        return True  # the conclusion's collective negative at its place (restated.py)
    if concluded_negative(first, later, v or vocabulary()):
        return True  # the conclusion's negative of what the findings looked for there
    if (
        first.section == later.section
        and not _concluding(first.section)
        and bool(_places(first)) != bool(_places(later))
    ):
        # "L5-S1: no foraminal stenosis" ... later in the findings "No foraminal stenosis":
        # the second is about the other levels, not the first told again
        return False
    v = v or vocabulary()
    within = not ({a, b} & ANY_FINDING)
    if not sites_agree(first.statement_site, later.statement_site, v, within):
        return False
    if not sites_agree(statement_place(first, v), statement_place(later, v), v, within):
        return False  # "no lesions in the pancreas" / "liver ..., with no focal lesions"
    if a == b or a in later.concept_line or b in first.concept_line or _vaguer(first, later, v):
        return True
    if _concluding(first.section) == _concluding(later.section):
        return False
    return shared_qualifier(first.tokens, later.tokens)


def concluded_negative(first: MentionInfo, later: MentionInfo, v: Vocabulary) -> bool:
    """GUIDELINE 9 (round 8, measured on every dev set): a negative of the findings and a
    negative of the conclusion at one place (the same structure, one within the other, or
    given in only one of the two) say one thing twice when the conclusion's concept is the
    findings' own, a broader or a related one ("no abnormal cord signal" / "no cord
    lesion"), or when the findings' negative is a generic observation or a lesion's look by
    its concept or its head word (``observation_classes.tsv``, ``LESION_KINDS``: "no bone
    marrow edema" is an oedema; "no abnormal enhancement" around the prosthesis / "no signs
    of infection"): the conclusion sums up what the findings looked for there. Two
    negatives of one section stay a checklist; so do two negatives neither of which names
    where it looked (a chest film's "no infiltrates" / "no pneumonia": routine statements);
    a negative of another organ is about that organ, and a statement about anything ("no
    abnormality") about its structure as given."""
    if _concluding(first.section) == _concluding(later.section):
        return False
    if first.site is None and later.site is None:
        return False  # no place named on either: a checklist ("no infiltrates" / "no pneumonia")
    # a statement about anything is about its structure as given ("no acute airspace
    # abnormality" / "no acute cardiopulmonary abnormality": two structures)
    within = not ({first.concept, later.concept} & ANY_FINDING)
    if not (
        sites_agree(first.statement_site, later.statement_site, v, within)
        and sites_agree(statement_place(first, v), statement_place(later, v), v, within)
    ):
        return False
    if _kin(first, later, v):
        return True
    finding = later if _concluding(first.section) else first
    kinds = generic_observations() | LESION_KINDS
    return bool(set(finding.concept_line) & kinds) or finding.head in kinds


def vague_site_restated(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> bool:
    """GUIDELINE 9 (round 8): one positive finding of the findings restated in the
    conclusion in the same concept, where one of the two is placed only by a body-wide word
    (a region, "bones", "joints": ``is_region_name``) and the other at its structure ("facet
    arthrosis" at L3-L4 / "facet arthrosis" of the bones): the place given once applies to
    both. Not two findings of one section, not a negative, not two named structures."""
    if a.report != b.report or DEVICE in (a.type, b.type) or a.concept != b.concept:
        return False
    if "absent" in (a.assertion, b.assertion) or _concluding(a.section) == _concluding(b.section):
        return False
    if not a.site or not b.site or a.ctx is None or b.ctx is None:
        return False
    return is_region_name(a.site, v) != is_region_name(b.site, v)


def _kin(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> bool:
    """The same concept, one a broader kind of the other, or related by the vocabulary."""
    if a.concept in b.concept_line or b.concept in a.concept_line:
        return True
    return b.concept in a.related or a.concept in b.related or class_related(a, b, v)


def statement_place(m: MentionInfo, v: Vocabulary) -> str | None:
    """The finer of a mention's site and the structure its statement names, where the two
    agree ("liver" within "abdomen"); else the statement's (round 4: a site carried from a
    sub-heading of another organ is not what "no deep lymphadenopathy" is about)."""
    if m.site is None or m.statement_site is None:
        return m.site or m.statement_site
    return m.site if v.anatomy_related(m.site, m.statement_site) else m.statement_site


def _vaguer(x: MentionInfo, y: MentionInfo, v: Vocabulary) -> bool:
    """One names the other in a vaguer word by the relations table ("injury" / "fracture")."""
    kinds = v.relation_kind
    return any(
        kinds.get((p, q)) == "broader" or kinds.get((q, p)) == "broader"
        for p in x.concept_line
        for q in y.concept_line
    )


def lesion_like(m: MentionInfo) -> bool:
    """A focal lesion by its kind or look, or a name the vocabulary lacks."""
    return not m.known or any(c in LESION_KINDS for c in m.concept_line)


def same_lesion(a: MentionInfo, b: MentionInfo) -> bool:
    """GUIDELINE 10: two findings named at one place (a level, segment, quadrant or station
    both name) with a measurement in common are one lesion, whatever words name it ("mass" /
    "fibro-cystic conglomerate" in the upper outer quadrant, both 3.5 cm). Not a negative,
    not a finding that is no lesion (effusion, fracture), not without a shared place."""
    if a.type == DEVICE or b.type == DEVICE or "absent" in (a.assertion, b.assertion):
        return False
    if not (a.sizes and b.sizes and sizes_agree(a.sizes, b.sizes)):
        return False
    return lesion_like(a) and lesion_like(b) and bool(shared_levels(a, b))


def restated(a: MentionInfo, b: MentionInfo) -> str:
    """How one finding is stated twice in other words ("" when it is not): a negative
    restated, one lesion by place and size, or a finding the report points back to."""
    if a.concept == b.concept:
        return ""  # the concept itself already says so
    if restated_negative(a, b):
        return "one negative restated"
    if same_lesion(a, b):
        return "one lesion by place and size"
    if concluded_at_place(a, b):
        return "the impression's finding at the same place"
    if normal_restated(a, b):
        return "a normal structure restated as a negative there"
    if reordered(a, b):
        return "the same words in another order"
    return "points back to it" if pointed_back(a, b) else ""


# Words that only join a predicate to its subject ("the colon is redundant").
_LINKING = frozenset({"is", "are", "was", "were", "be", "the", "a", "an", "appears", "appear"})


def reordered(a: MentionInfo, b: MentionInfo) -> bool:
    """GUIDELINE 9 (round 6): one report says one thing twice in the same words, once as a
    predicate and once as an attribute ("The colon is redundant" / "redundant colon",
    "the kidneys are enlarged" / "enlarged kidneys"), with the same assertion, in two
    sentences; at least two words, not the same text (that is the same concept already)."""
    if a.report != b.report or a.assertion != b.assertion or a.text == b.text:
        return False
    if a.ctx is not None and b.ctx is not None and a.ctx.sentence == b.ctx.sentence:
        return False
    wa = {singular_name(w) for w in a.tokens if w not in _LINKING}
    wb = {singular_name(w) for w in b.tokens if w not in _LINKING}
    return len(wa) >= 2 and wa == wb


def normal_restated(a: MentionInfo, b: MentionInfo, v: Vocabulary | None = None) -> bool:
    """GUIDELINE 9 (round 4): a structure stated normal and, in another paragraph of the
    same report, a negative of a finding at that structure say one thing twice ("Clear
    axillary regions" on the mammogram, "No axillary lymphadenopathy" on the ultrasound);
    within one paragraph they are a checklist.
    The negative must name the structure itself (its site, its statement's structure or
    its node region), not only lie in its region ("normal liver" / "no ascites")."""
    normal, negative = (a, b) if a.generic_statement else (b, a)
    if (
        a.report != b.report
        or not normal.generic_statement
        or negative.generic_statement
        or normal.assertion == "absent"
        or negative.assertion != "absent"
        or DEVICE in (a.type, b.type)
        or normal.ctx is None
        or negative.ctx is None
        or normal.ctx.sentence == negative.ctx.sentence
        or normal.ctx.reason
        or negative.ctx.reason
    ):
        return False
    lo, hi = sorted((normal.ctx.sentence[0], negative.ctx.sentence[0]))
    if not re.search(r"\n[ \t]*\n", normal.ctx.text[lo:hi]):
        return False  # one paragraph's checklist ("heart normal in size. No cardiomegaly.")
    v = v or vocabulary()
    structure = normal.statement_site or normal.site
    if structure is None or is_region_name(structure, v):
        return False
    named = {negative.site, negative.statement_site}
    named |= {v.anatomy_of(x[6:]) for x in negative.ctx.levels if x.startswith("nodes:")}
    return structure in named


def is_region_name(name: str, v: Vocabulary) -> bool:
    """A body region or the whole body (too broad to be the structure a negative names)."""
    return v.parent.get(name, "") in ("", "body")


def concluded_at_place(a: MentionInfo, b: MentionInfo) -> bool:
    """GUIDELINE 9 (round 4): a positive finding of the findings and a positive finding of
    the impression at one fine place both name (a level, an open part name, a quadrant, a
    node region, a vessel: not a whole organ) are one finding told twice, in other words
    ("disc protrusion at L4-L5" / "... herniation at L4-L5", "thickening at the insertion
    of the supraspinatus tendon" / "insertional tendinopathy of the supraspinatus tendon").
    Not two findings of one section, not a negative, not across reports."""
    if a.report != b.report or DEVICE in (a.type, b.type):
        return False
    if "absent" in (a.assertion, b.assertion) or concluding(a.section) == concluding(b.section):
        return False
    if a.ctx is None or b.ctx is None or a.ctx.reason or b.ctx.reason:
        return False
    return bool(shared_levels(a, b))


# "this change", "these nodules", "the described mass", "the aforementioned lesion": a noun
# phrase that points back to a finding named before it (not "that", a relative pronoun)
_POINTS_BACK = re.compile(
    r"\b(?:this|these|those|said|the\s+(?:described|aforementioned|above[- ]?mentioned"
    r"|above[- ]?described|mentioned|current|same|latter|former))\s+(?:[\w-]+\s+){0,3}[\w-]+$",
    re.IGNORECASE,
)


def points_back(phrase: str) -> bool:
    """``phrase`` (the words before a mention in its clause, and the mention) ends in a noun
    phrase that points back to something named before ("This change", "the described
    mass")."""
    phrase = phrase.rstrip()
    return bool(_POINTS_BACK.search(phrase[max(phrase.rfind(p) for p in ",;:(") + 1 :]))


def names_place(m: MentionInfo, v: Vocabulary) -> bool:
    """The mention's own words name a structure ("this left renal lesion")."""
    toks = m.tokens
    return any(
        " ".join(toks[i : i + n]) in v.anatomy_terms
        for n in (1, 2, 3)
        for i in range(len(toks) - n + 1)
    )


def pointed_back(a: MentionInfo, b: MentionInfo) -> bool:
    """The later of two findings of one report points back ("This change is being sampled")
    to the earlier, a positive finding of the same head word, or both lesions by kind or
    look ("space-occupying processes" ... "these nodules"). Not back to a negative, not to
    an unrelated kind of finding ("effusion" ... "this change")."""
    first, later = (a, b) if a.order < b.order else (b, a)
    if (
        first.report != later.report
        or later.ctx is None
        or not later.ctx.anaphor
        or first.type == DEVICE
        or "absent" in (first.assertion, later.assertion)
    ):
        return False
    return first.head == later.head or (lesion_like(first) and lesion_like(later))


_SINGLE = re.compile(r"\b(?:single|solitary|isolated|one|sole|unique)\b", re.IGNORECASE)
_SEVERAL = re.compile(
    r"\b(?:multiple|several|few|numerous|scattered|many|innumerable|various|two|three|four"
    r"|five|multifocal)\b",
    re.IGNORECASE,
)


def _count(m: MentionInfo) -> str:
    """ "one" when its words say a single one ("a single subpleural nodule"), "several"
    when they say a group ("few scattered nodular opacities"), else ""."""
    c = m.ctx
    if c is None or not c.text:
        return ""
    words = c.text[max(c.sentence[0], c.start - 30) : c.end]
    words = words[max(0, words.rfind(",") + 1) :]  # the span's own phrase
    if _SINGLE.search(words):
        return "one"
    plural = bool(m.tokens) and m.head != m.tokens[-1]  # the head is the singular
    if plural and _SEVERAL.search(words):
        return "several"
    return ""


def count_conflict(a: MentionInfo, b: MentionInfo) -> str | None:
    """In one report a finding stated as a single one is not a group stated as several
    ("few scattered micronodular opacities ... and a single subpleural nodule"); a group
    restated as a group, or one as one, may be the same."""
    if a.report != b.report or a.type == DEVICE:
        return None
    ca, cb = _count(a), _count(b)
    if {ca, cb} == {"one", "several"}:
        return f"'{a.text}' and '{b.text}': one vs several"
    return None


def same_words_restated(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> bool:
    """GUIDELINE 9: the same words in two sentences of one report, where one's site was read
    from beyond its clause and sub-heading ("a high-flow vascular lesion ... likely
    consistent with retained placenta"), are one finding: a site given once applies to both,
    within one body cavity. Not two findings whose clauses name their structures ("simple
    cyst in the liver" / "simple cyst in the right kidney")."""
    if a.report != b.report or a.ctx is None or b.ctx is None or not qualified_words(a, b):
        return False
    if a.ctx.sentence == b.ctx.sentence or not (a.ctx.loose_site or b.ctx.loose_site):
        return False
    if not a.site or not b.site:
        return True
    ca, cb = cavity_of(v, a.site), cavity_of(v, b.site)
    return ca is None or cb is None or ca == cb


# Words that only qualify a finding's look or certainty, not its place or count (round 4).
_QUALIFIERS = frozenset(
    {
        *("focal", "small", "mild", "minimal", "subtle", "discrete", "slight", "moderate"),
        *("marked", "extensive", "faint", "patchy", "residual", "persistent", "known", "some"),
    }
)


def qualified_words(a: MentionInfo, b: MentionInfo) -> bool:
    """The same words, or one's words with qualifiers of look or degree before them
    ("ground-glass opacities" / "focal ground-glass opacities"); not a place, side or
    count ("right ground-glass opacities", "two nodules")."""
    if a.text == b.text:
        return True
    short, long_ = sorted((a.tokens, b.tokens), key=len)
    n = len(long_) - len(short)
    return bool(short) and long_[n:] == short and set(long_[:n]) <= _QUALIFIERS


def loose_site(m: MentionInfo, near: list[str], v: Vocabulary) -> bool:
    """``m``'s site is none of the structures ``near`` it (its clause, its sub-heading) name,
    nor its concept's own."""
    site = m.site
    if not site or m.site_by_name:
        return False
    return not any(v.anatomy_related(x, site) for x in near)
