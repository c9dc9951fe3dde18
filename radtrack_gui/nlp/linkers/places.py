"""Where a finding is, read from the report around it (``context.enrich``): sub-headings,
the exam's body cavity, structures named beyond the noun phrase, sides of bare device words
and of plural findings of paired structures."""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import lru_cache
from typing import TYPE_CHECKING

from radtrack_gui.core.model import DEVICE, Report
from radtrack_gui.nlp.extractors.verb_objects import acted_on_by
from radtrack_gui.nlp.linkers.sites import (
    body_region,
    default_site,
    is_region,
    sided_site,
    specified_site,
)
from radtrack_gui.nlp.phrases import compared, in_other_item, list_items, own_phrase

if TYPE_CHECKING:
    from radtrack_gui.nlp.linkers.info import MentionContext, MentionInfo
    from radtrack_gui.nlp.vocabulary import Vocabulary

CAVITIES = frozenset({"head", "neck", "thorax", "abdomen"})
SIDE_WORDS = {"left": "left", "right": "right", "bilateral": "bilateral", "both": "bilateral"}
WORD = re.compile(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*")
# A sub-heading: a short name ending in a colon at the start of a line, also set in Markdown
# emphasis or after "At" ("**At C3-C4:**", "**At L1-L2 to L3-L4:", "## Liver:").
_HEADING = re.compile(
    r"^[ \t]*(?:[*_#]+[ \t]*)?(?:[Aa]t[ \t]+)?([A-Za-z][A-Za-z0-9 /-]{0,40}?)[ \t]*[*_]*:",
    re.MULTILINE,
)
# Distribution words of a diffuse process (GUIDELINE 2): how it spreads, not a new site.
_JOINS = frozenset({"and", "the", "both"})  # words that only join coordinated sites
SPREAD_WORDS = frozenset({"perihilar", "bibasilar", "bibasal", "interstitial", "peribronchial"})
# A locative word between a finding and a structure named after it in its clause
# ("density in the upper mediastinum", "projecting over the left posterior rib").
_LOCATIVE = re.compile(
    r"\b(?:in|within|at|along|over|overlying|involving|of|near|adjacent\s+to)\b", re.IGNORECASE
)


@lru_cache(maxsize=64)
def headings(text: str) -> tuple[list[int], list[int], list[str]]:
    """Every sub-heading of ``text``: starts, ends and names (once per report text)."""
    found = list(_HEADING.finditer(text))
    return [m.start() for m in found], [m.end() for m in found], [m.group(1) for m in found]


def heading(report: Report, s: int) -> str:
    """The nearest sub-heading ("Right kidney:", "L4-L5:") before ``s`` in its section. A
    sub-heading with its text on its own line ("Level L5-S1: No foraminal stenosis.") heads
    that paragraph only: a paragraph after a blank line is not under it."""
    lo = 0
    for sec in report.sections:
        if sec.start <= s < sec.end:
            lo = sec.start
    text = report.text
    starts, ends, names = headings(text)
    i = bisect_right(ends, s) - 1  # the last heading that ends by s
    while i >= 0 and starts[i] >= lo:
        if starts[i] > lo or lo == 0:
            line_end = text.find("\n", ends[i])
            inline = text[ends[i] : line_end if line_end >= 0 else len(text)].strip()
            if inline and _BLANK_LINE.search(text, ends[i], s):
                return ""
            return names[i]
        i -= 1
    return ""


_BLANK_LINE = re.compile(r"\n[ \t]*\n")


def side_of(words: str) -> str | None:
    sides = {SIDE_WORDS[w] for w in WORD.findall(words.lower()) if w in SIDE_WORDS}
    return sides.pop() if len(sides) == 1 else None


def last_structure(v: Vocabulary, text: str) -> str | None:
    """The last structure the vocabulary names in ``text`` (for "in this region")."""
    toks = [t.lower() for t in WORD.findall(text)]
    for i in range(len(toks) - 1, -1, -1):
        for n in (3, 2, 1):
            if i - n + 1 >= 0:
                name = v.anatomy_terms.get(" ".join(toks[i - n + 1 : i + 1]))
                if name and not is_region(v, name):
                    return name
    return None


# (vocabulary, text, lo, exam) -> structures: one sentence or clause is read for each of
# its mentions (6,446 different texts in 25,505 calls on a 1,000-report patient); the value
# holds the vocabulary, so its id cannot be reused while the entry lives. Cleared when full.
_NAMED_MEMO: dict[tuple[int, str, int, str | None], tuple[object, tuple[tuple[int, str], ...]]]
_NAMED_MEMO = {}
NAMED_MEMO_SIZE = 20_000


def named_structures(
    v: Vocabulary, text: str, lo: int, exam: str | None = None
) -> list[tuple[int, str]]:
    """(offset, structure) for each structure the vocabulary names in ``text`` (longest
    names first; body regions left out); offsets count from ``lo``. A region-bound word
    ("sulcus", "convexity") names the structure of the exam's cavity ``exam``, or none."""
    key = (id(v), text, lo, exam)
    hit = _NAMED_MEMO.get(key)
    if hit is not None and hit[0] is v:
        return list(hit[1])
    out = _named_structures(v, text, lo, exam)
    if len(_NAMED_MEMO) >= NAMED_MEMO_SIZE:
        _NAMED_MEMO.clear()
    _NAMED_MEMO[key] = (v, tuple(out))
    return out


def _named_structures(v: Vocabulary, text: str, lo: int, exam: str | None) -> list[tuple[int, str]]:
    words = list(WORD.finditer(text))
    low = [w.group(0).lower() for w in words]
    out: list[tuple[int, str]] = []
    i = 0
    while i < len(words):
        for n in (3, 2, 1):
            key = " ".join(low[i : i + n])
            name = v.anatomy_terms.get(key) if i + n <= len(words) else None
            if exam and key in v.bound_anatomy:
                name = v.bound_anatomy[key].get(exam)
            if name and not is_region(v, name):
                out.append((lo + words[i].start(), name))
                i += n - 1
                break
        i += 1
    return out


def named_regions(v: Vocabulary, text: str) -> list[str]:
    """The body regions ``text`` names ("shoulder", "knees"), which ``named_structures``
    leaves out (apart_sites.py)."""
    words = [w.group(0).lower() for w in WORD.finditer(text)]
    out: list[str] = []
    for n in (3, 2, 1):
        for i in range(len(words) - n + 1):
            name = v.anatomy_terms.get(" ".join(words[i : i + n]))
            if name and body_region(v, name) and name not in out:
                out.append(name)
    return out


def site_outside_phrase(
    info: MentionInfo, ctx: MentionContext, text: str, tail: str, v: Vocabulary
) -> None:
    """The finding's site as its sentence gives it, beyond the noun phrase:

    - a site in another body cavity than the exam's, read from an ambiguous word ("posterior
      sulcus" on a chest film is no brain sulcus; "convexity of the right kidney"), becomes
      the structure of the exam's cavity its sentence names nearest, else none when the
      concept's own structure lies in the exam's cavity;
    - a descriptive word with no site of its own (or only its concept's default) takes the
      structure its clause names after a locative word ("density in the upper mediastinum")."""
    lo, hi = ctx.sentence
    site = info.site
    region = v.anatomy_terms.get(ctx.region.lower()) if ctx.region else None
    exam = cavity(v, region) if region else None
    if site and exam and cavity(v, site) not in (None, exam):
        named = [
            (abs(pos - ctx.start), n)
            for pos, n in named_structures(v, text[lo:hi], lo, exam)
            if cavity(v, n) == exam
        ]
        c = v.concepts.get(info.concept) if info.concept else None
        if named:
            site = min(named)[1]
        elif c is not None and c.anatomy and cavity(v, c.anatomy) == exam:
            site = None
        else:
            return
    elif info.concept in v.signs and (site is None or default_site(v, info.concept, site)):
        # a descriptive word ("opacity", the sign side of a sign-of row) names an appearance:
        # the sentence gives its place
        after = named_structures(v, tail, 0, exam)
        if not after or not _LOCATIVE.search(tail[: after[0][0]]):
            return
        site = after[0][1]
    else:
        return
    info.site = specified_site(v, info.concept, info.tokens, site) if site else None
    info.site_by_name = info.site is not None and default_site(v, info.concept, info.site)
    if info.site and not info.lat:
        info.lat = v.laterality_of(info.site)


def subject_site(info: MentionInfo, ctx: MentionContext, text: str, v: Vocabulary) -> None:
    """A finding with no site of its own takes the structure its sentence opens with ("The
    liver is enlarged, without focal changes" / "The pancreas is not enlarged, without focal
    changes": two statements about two organs; GUIDELINE 6) when that structure can hold
    it: the finding's concept has no structure of its own, or the structure lies inside it
    (not "The lungs are clear, no pleural effusion")."""
    if info.type == DEVICE or info.site is not None or info.generic_statement:
        return
    if named_structures(v, text[ctx.start : ctx.end], 0):
        return  # its own words name where it is ("blunted costophrenic XXXX")
    lo = ctx.sentence[0]
    region = v.anatomy_terms.get(ctx.region.lower()) if ctx.region else None
    named = named_structures(v, text[lo : ctx.start], lo, cavity(v, region) if region else None)
    if not named or acted_on_by(text[named[0][0] : ctx.start]):
        return  # none, or one the finding acts on ("is compressed by a mass": verb_objects)
    pos, structure = named[0]
    c = v.concepts.get(info.concept) if info.concept else None
    if c is not None and c.anatomy and not v.is_part_of(structure, c.anatomy):
        return
    sentence = text[lo : ctx.sentence[1]]
    items = list_items(sentence)
    if items and in_other_item(sentence, items, ctx.start - lo, pos - lo):
        return  # "Right upper lobe nodule, cardiomegaly, and atelectasis": another item's
    site = specified_site(v, info.concept, info.tokens, structure)
    if site is None or (info.lat and v.laterality_of(site) not in (None, info.lat)):
        return
    info.site = site
    info.site_by_name = default_site(v, info.concept, site)
    info.lat = info.lat or v.laterality_of(site)


def generic_site(info: MentionInfo, v: Vocabulary) -> bool:
    """No site, or only the one the finding's own name implies ("joint" of "joint effusion":
    a part of the concept's default structure), which a sub-heading may make precise."""
    if info.site is None or info.site_by_name:
        return True
    c = v.concepts.get(info.concept) if info.concept else None
    if not (c and c.anatomy):
        return False
    if info.site == c.anatomy:
        return True
    # a part named by the mention's own words ("joint" effusion), not by its modifiers
    # ("left basilar" atelectasis: a site the heading must not replace)
    t = info.tokens
    own = {v.anatomy_terms.get(" ".join(t[i : i + n])) for n in (1, 2) for i in range(len(t))}
    return info.site in own and v.is_part_of(info.site, c.anatomy)


def heading_names_site(info: MentionInfo, named: str, v: Vocabulary) -> bool:
    """A sub-heading's structure can be the finding's site: the finding's own structure is a
    whole region ("joint effusion" under "Right knee:") or contains or lies in the heading's
    ("atelectasis" under "LUNG BASES:"). A pleural effusion under "LUNG BASES:" stays pleural:
    the heading names the part of the image, not another structure for the finding."""
    c = v.concepts.get(info.concept) if info.concept else None
    if c is None or not c.anatomy or is_region(v, c.anatomy):
        return True
    return v.anatomy_related(named, c.anatomy)


def plural_pair_side(info: MentionInfo, v: Vocabulary) -> str | None:
    """ "pleural effusions" with no side: one on each side (a paired default structure)."""
    c = v.concepts.get(info.concept) if info.concept else None
    if c is None or not c.anatomy or info.type == DEVICE or not info.tokens:
        return None
    last = info.tokens[-1]
    if last == info.head or not last.endswith("s"):
        return None  # not a plural
    if v.sided(c.anatomy, "left") == c.anatomy:
        return None  # not a paired structure
    return "bilateral"


def cavity(v: Vocabulary, site: str) -> str | None:
    """The body cavity a structure lies in (head, neck, thorax, abdomen with the pelvis), or
    None for structures the tables do not place in one (bones, soft tissues, spine...)."""
    top = v.region_of(site)
    top = "abdomen" if top == "pelvis" else top
    return top if top in CAVITIES else None


# a site phrase right after a finding ("opacities in the right and left lower lobes")
_SITES_AFTER = re.compile(r"^\s*(?:in|within|at|involving)\s+(?:the\s+)?", re.IGNORECASE)


def coordinated_sites(
    info: MentionInfo, before: str, v: Vocabulary, after: str = ""
) -> frozenset[str]:
    """The structures of "right middle lobe and lower lobe pneumonia": sites joined by "and"
    right before the finding (a bare "lower lobe" takes the side of the first; words sharing
    the last head noun name each site: "right upper and middle lobe"), or in a site phrase
    right after it ("opacities in the right lower lobe and left lower lobe"), all inside
    the concept's own structure, with no finding named between them or after the last
    ("hilar granulomas and apical granuloma" are two); empty unless there are two or more."""
    c = v.concepts.get(info.concept) if info.concept else None
    if c is None or not c.anatomy:
        return frozenset()
    found = _coordinated(re.split(r"[.;:,]", before)[-1], c.anatomy, v)
    phrase = _SITES_AFTER.match(after)
    if not found and phrase:
        found = _coordinated(re.split(r"[.;:,]", after[phrase.end() :])[0], c.anatomy, v)
    return found


def _coordinated(text: str, within: str, v: Vocabulary) -> frozenset[str]:
    """The structures inside ``within`` that ``text`` names joined by "and" (two or more)."""
    if " and " not in f" {text.lower()} ":
        return frozenset()
    words = [w.lower() for w in WORD.findall(text)]
    found: list[str] = []
    gaps: list[list[str]] = [[]]  # the words before each structure, and after the last
    # the head noun the coordinated words share ("right upper and middle lobe": "lobe")
    head = f" {words[-1]}" if words else ""
    i = 0
    while i < len(words):
        name = None
        for n in (3, 2, 1):
            gram = " ".join(words[i : i + n])
            side = v.laterality_of(found[0]) if found else None
            forms = [gram, f"{side} {gram}"] if side else [gram]
            if i + n < len(words):  # not the last words: they may share the head noun
                forms += [f"{form}{head}" for form in forms]
            name = next((v.anatomy_terms[f] for f in forms if f in v.anatomy_terms), None)
            if name and i + n <= len(words) and v.is_part_of(name, within):
                found.append(name)
                gaps.append([])
                i += n
                break
        else:
            gaps[-1].append(words[i])
            i += 1
    # only "and" between: not "increase in right and decrease in left basilar atelectasis"
    if len(found) < 2 or any("and" not in g or set(g) - _JOINS for g in gaps[1:-1]):
        return frozenset()
    for gap in gaps[1:]:
        for n in (1, 2, 3):
            for j in range(len(gap) - n + 1):
                if " ".join(gap[j : j + n]) in v.concept_terms:
                    return frozenset()
    return frozenset(found)


def spread_only(info: MentionInfo, near: str, v: Vocabulary) -> bool:
    """The finding's site is only a distribution of its own organ ("bibasilar edema",
    "interstitial edema", "markings in the bases": the lungs' process spreading): a
    structure a distribution word names, or one said with such a word in or right before
    the mention. A concept whose own structure is such a distribution ("interstitial
    markings") spreads in the organ around it."""
    c = v.concepts.get(info.concept) if info.concept else None
    if not info.site or c is None or not c.anatomy:
        return False
    spreads = {v.anatomy_terms.get(w) for w in SPREAD_WORDS}
    organ = v.parent.get(c.anatomy, "") if c.anatomy in spreads else c.anatomy
    if not organ or not v.is_part_of(info.site, organ):
        return False
    if info.site in spreads:
        return True
    for word in WORD.findall(near.lower()):
        if word in SPREAD_WORDS:
            named = v.anatomy_terms.get(word)
            if named and (named == info.site or v.is_part_of(info.site, named)):
                return True
    return False


def after_mention(ctx: MentionContext, clause: str) -> str:
    """The words of the mention's clause after the mention (the clause holds it)."""
    own = ctx.text[ctx.start : ctx.end]
    return clause[clause.find(own) + len(own) :]


def side_after(info: MentionInfo, tail: str, v: Vocabulary) -> str | None:
    """The side of the structure a finding's clause names after it (``tail``) past a
    locative word ("atelectatic change is present overlying the left ventricle": left), for a
    finding that has neither site nor side of its own."""
    if info.type == DEVICE or info.site is not None or info.lat is not None:
        return None
    after = named_structures(v, tail, 0)
    if not after or not _LOCATIVE.search(tail[: after[0][0]]):
        return None
    side = v.laterality_of(after[0][1])
    return side if side in ("left", "right") else None


# "a Mediport is seen on the right", "a drain on the left side": a bare side after a device
_SIDE_PHRASE = re.compile(r"\b(?:on|to|along)\s+the\s+(left|right)\b", re.IGNORECASE)
_TIP = re.compile(r"\btips?\b", re.IGNORECASE)


def device_side_after(info: MentionInfo, tail: str, v: Vocabulary) -> str | None:
    """The side of a device with none of its own, given after it in its clause: a bare side
    phrase ("a Mediport is seen on the right") or a structure of one side of the body past a
    locative word ("catheter projecting over the left hemithorax"). Not where its tip lies
    ("catheter tip in the right atrium"), nor the side of a part of an unpaired organ
    ("leads projecting over the right ventricle": the heart's chamber, no body side)."""
    if info.type != DEVICE or info.lat is not None:
        return None
    after = named_structures(v, tail, 0)
    bare = _SIDE_PHRASE.search(tail)
    if bare and (not after or bare.start() < after[0][0]):
        found, upto = bare.group(1).lower(), bare.start()
    elif after and _LOCATIVE.search(tail[: after[0][0]]) and _body_side(v, after[0][1]):
        found, upto = v.laterality_of(after[0][1]), after[0][0]
    else:
        return None
    if _TIP.search(tail[:upto]):
        return None
    return found if found in ("left", "right") else None


def _body_side(v: Vocabulary, site: str) -> bool:
    """``site``'s side is a side of the body: the first structure above it without a side is
    a body region ("left hemithorax") or paired ("right breast"), not an unpaired organ
    whose parts have sides ("right atrium" of the heart, "right main bronchus")."""
    whole: str | None = site
    while whole and v.laterality_of(whole) in ("left", "right"):
        whole = v.parent.get(whole)
    return bool(whole) and (is_region(v, whole or "") or v.sided(whole or "", "left") != whole)


def drop_compared_side(info: MentionInfo, ctx: MentionContext, v: Vocabulary) -> None:
    """A side the finding's sentence names only as what the finding is compared with is not
    its side: it takes the one side the sentence names otherwise, or none, and a site that
    had that side loses it ("density in the medial right apex, asymmetric compared to left")."""
    if info.lat not in ("left", "right"):
        return
    compared_sides, other = _sides_by_role(ctx.text, ctx.sentence, ctx.start, ctx.end)
    if info.lat not in compared_sides or info.lat in other:
        return
    old, info.lat = info.lat, (other.pop() if len(other) == 1 else None)
    if info.site and v.laterality_of(info.site) == old:
        site: str | None = info.site
        while site and v.laterality_of(site) == old:  # up to the structure without a side
            site = v.parent.get(site)
        site = specified_site(v, info.concept, info.tokens, site) if site else None
        info.site = sided_site(v, site, info.lat)
        info.site_by_name = info.site is not None and default_site(v, info.concept, info.site)


def _sides_by_role(
    text: str, sentence: tuple[int, int], start: int, end: int
) -> tuple[set[str], set[str]]:
    """Sides of the sentence named in a comparison phrase, and the others."""
    lo, hi = sentence
    compared_sides: set[str] = set()
    other: set[str] = set()
    for w in WORD.finditer(text, lo, hi):
        side = SIDE_WORDS.get(w.group(0).lower())
        if side is None:
            continue
        if not own_phrase(text, w.start(), w.end(), start, end) and compared(text, lo, w.start()):
            compared_sides.add(side)
        else:
            other.add(side)
    return compared_sides, other


def site_of_other_item(info: MentionInfo, ctx: MentionContext, v: Vocabulary) -> bool:
    """The finding's site was read from another item of a list of findings in its sentence
    ("A, B, and C"): its structure is named only in other items, each a noun phrase."""
    if not info.site:
        return False
    lo, hi = ctx.sentence
    sentence = ctx.text[lo:hi]
    items = list_items(sentence)
    if not items:
        return False
    named = [
        pos for pos, name in named_structures(v, sentence, 0) if v.anatomy_related(name, info.site)
    ]
    at = ctx.start - lo
    return bool(named) and all(in_other_item(sentence, items, at, pos) for pos in named)


# "soft tissue density", "fat attenuation": a tissue word gives how dense a finding is, not
# where it is.
ATTENUATION_HEADS = frozenset({"density", "attenuation", "opacity", "intensity"})
TISSUE_WORDS = frozenset({"soft tissue", "soft-tissue", "fat", "fluid", "water", "bone", "osseous"})


def tissue_of_density(info: MentionInfo, ctx: MentionContext, v: Vocabulary) -> bool:
    """The finding's site is only the tissue word right before its density word ("soft
    tissue density in the right apex"): that word names its attenuation, not its site."""
    if not info.site or info.head not in ATTENUATION_HEADS:
        return False
    before = " ".join(WORD.findall(ctx.text[max(ctx.sentence[0], ctx.start - 30) : ctx.start]))
    return any(
        before.lower().endswith(word) and v.anatomy_terms.get(word) == info.site
        for word in TISSUE_WORDS
    )


_PHRASE_START = re.compile(
    r"[.,;:()]|\b(?:with|without|and|or|of|in|at|on|from|to|by|for|the|a|an|there|are|is"
    r"|was|were|has|have|noted|seen)\b",
    re.IGNORECASE,
)


def device_place(v: Vocabulary, before: str) -> str | None:
    """Where a permanent device lies, from the modifiers right before it ("mediastinal
    clips", "there are cholecystectomy clips"; not "enlarged left atrium with clips"): the
    last structure named after the last punctuation or function word, not a body region."""
    phrase = _PHRASE_START.split(before)[-1]
    named = named_structures(v, phrase, 0)
    return named[-1][1] if named else None
