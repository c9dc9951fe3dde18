"""A sign and the diagnosis one report gives it are one finding (GUIDELINE: "a vaguer or a
more specific term for the same process"; issue #18 §2).

``readings.read_as`` covers one sentence that reads a descriptive word as a diagnosis with an
interpreting word between them ("opacity ..., likely atelectasis"). This module adds the
other ways a report says it, each kept to findings of one report, neither negated nor a
question:

- ``punctuated``: the sentence gives the reading after a spaced dash or, as a question, after
  a colon ("thickening in the left external auditory canal – cerumen", "ocular staphylomas:
  high myopia?"), no other finding named between; or names the look the finding gives
  ("engorged vasa recta with the 'comb sign' appearance", "... with a reticular pattern");
- ``findings_reading``: a sentence that reads "the findings" as a diagnosis ("These findings
  are indicative of osteoarthritis", "Appearance consistent with hepatic steatosis") reads
  the descriptive findings (signs) of its paragraph before it, or a sign the vocabulary
  relates to that diagnosis anywhere earlier in the report;
- ``impression_reading``: the impression names a diagnosis at the very site (or level) where
  the findings describe a sign ("area of edema in the right occipital lobe" / "fresh ischemic
  focus in the right occipital lobe"). Two findings at one site stay apart unless one is a
  sign and the other a diagnosis: two diagnoses, or two signs, are two findings.

``sign_reading`` is any of them; ``features.conflict`` lifts "different concepts" for such a
pair (location, side and level still decide) and ``features.features`` counts it as a reading.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from radtrack_gui.core.model import DEVICE
from radtrack_gui.nlp.linkers.glosses import (
    gloss_reading,
    later_sentence,
    one_sentence,
    opens_after,
    ordered,
)
from radtrack_gui.nlp.linkers.listed import (
    anaphoric_reading,
    lists_signs,
    own_organ,
    reading_lookup,
)
from radtrack_gui.nlp.linkers.noun_phrase import before_modifiers
from radtrack_gui.nlp.linkers.organ_reading import organ_keys, organ_sign, read_otherwise
from radtrack_gui.nlp.linkers.readings import EXPLAINS, descriptive, names_finding_term
from radtrack_gui.nlp.linkers.sites import is_region
from radtrack_gui.nlp.vocabulary import vocabulary

if TYPE_CHECKING:
    from radtrack_gui.nlp.linkers.info import MentionContext, MentionInfo
    from radtrack_gui.nlp.vocabulary import Vocabulary

# sections that conclude ("Conclusion:" is filed as the impression)
IMPRESSION_SECTIONS = ("IMPRESSION", "CONCLUSION", "OPINION", "ASSESSMENT", "SUMMARY")

# "These findings are ...", "The image suggests ...", "Appearance consistent with ...":
# the subject is the report's own findings, not a named structure or finding
_FINDINGS_SUBJECT = re.compile(
    r"^\W*(?:[A-Z][A-Za-z ]{0,30}:\s*)?(?:(?:all|the|these|this|such|overall|above)\s+)*"
    r"(?:(?:above|described|imaging|radiological|radiologic|sonographic|ultrasound|mr|mri|ct"
    r"|mammographic|overall|combined|ultrasonographic|[a-z]+)\s+)?"
    r"(?:findings?|appearances?|images?|picture|aspects?|features?|pattern|constellation)\b",
    re.IGNORECASE,
)
# a sentence that is only a hedged reading ("Possible epidermoid cyst?", "DD: bursitis")
_BARE_READING = re.compile(
    r"^\W*(?:(?:differential\s+diagnosis|dd|ddx)\s*:?\s*|(?:most\s+)?(?:possible|possibly"
    r"|probable|probably|likely|presumably|presumed|suspected|consistent\s+with|compatible"
    r"\s+with|in\s+keeping\s+with|suggestive\s+of|suspicious\s+for|likely\s+representing)"
    r"\s+)",
    re.IGNORECASE,
)
# a spaced dash right before the reading, or a colon before a queried reading
_DASH = re.compile(r"\s[-\u2013\u2014]\s+$")
_COLON = re.compile(r"^\s*:\s*$")
# "... with the 'comb sign' appearance", "... with a reticular pattern": the finding named
# by the look it gives
_NAMED = re.compile(
    r"^(?:[^;:]*?\s)?,?\s*(?:with|showing|giving)\s+(?:an?|the)\s*[\"'\u201c\u2018]?$", re.I
)
_PATTERN = re.compile(
    r"^\s*[\"'\u201d\u2019]?\s*(?:appearance|pattern|configuration|morphology)\b", re.I
)
_PATTERN_END = re.compile(r"\b(?:sign|pattern|appearance)$", re.I)
_STOP = re.compile(r";|\.(?!\d)")  # a clause or sentence end (not a decimal point)


def in_impression(m: MentionInfo) -> bool:
    return (m.section or "").upper().startswith(IMPRESSION_SECTIONS)


def is_sign(m: MentionInfo, v: Vocabulary) -> bool:
    """A descriptive (imaging) word: a sign-of row's sign or a broader word of one."""
    return descriptive(m.concept, v)


def reads_findings(ctx: MentionContext, v: Vocabulary) -> str:
    """How the mention's sentence reads findings before it as this diagnosis: "paragraph"
    ("These findings are indicative of osteoarthritis": a findings subject, an interpreting
    word, no other finding named between that word and the mention), "previous" (a bare,
    hedged reading of the sentence before: "Possible epidermoid cyst?", "Differential
    diagnosis: chronic inflammation"), else ""."""
    text = ctx.text
    before = text[ctx.sentence[0] : ctx.start]
    if len(before) > 160:
        return ""
    bare = _BARE_READING.match(before)
    if bare and len(before[bare.end() :].split()) <= 3:
        # at most a few words to the mention, no other finding ("abscess or hematoma")
        return "" if names_finding_term(before[bare.end() :], v) else "previous"
    if not _FINDINGS_SUBJECT.match(before):
        return ""
    hits = list(EXPLAINS.finditer(before))
    # the diagnosis's own modifiers ("... consistent with acute edematous pancreatitis") name
    # no other finding (noun_phrase.py)
    rest = before_modifiers(before[hits[-1].end() :]) if hits else ""
    return "paragraph" if hits and not names_finding_term(rest, v) else ""


def punctuated(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> bool:
    """One sentence gives the reading after a spaced dash, or after a colon as a question."""
    hit = one_sentence(a, b)
    if hit is None:
        return False
    fc, sc, between = hit.fc, hit.sc, hit.text
    if len(between) > 120 or _STOP.search(between):
        return False
    if _DASH.search(between):
        return not names_finding_term(between, v)
    after = fc.text[sc.end : sc.sentence[1]]
    if _NAMED.match(between) and not names_finding_term(between, v):
        # "engorgement of the vasa recta with the 'comb sign' appearance": the pattern's name
        own = fc.text[sc.start : sc.end]
        return bool(_PATTERN.match(after) or _PATTERN_END.search(own))
    return bool(_COLON.match(between)) and after.strip().startswith("?")


def findings_reading(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> bool:
    """A later sentence reads "the findings" as a diagnosis: the signs of its paragraph
    before it, or a sign the vocabulary relates to it anywhere before it in the report."""
    hit = later_sentence(a, b)
    if hit is None:
        return False
    sign, dx, sc, dc, gap = hit
    if not dc.reads_findings or is_sign(dx, v):
        return False
    text = dc.text
    if dc.reads_findings == "previous":
        # the last sentence before that names a finding ("Clinical correlation is requested"
        # between them names none)
        if "\n\n" in gap or names_finding_term(gap, v):
            return False
    elif dx.concept and sign.concept in dx.related:
        return True  # the vocabulary reads this sign as that diagnosis
    same_paragraph = text.find("\n\n", sc.sentence[1], dc.sentence[0]) < 0
    near = same_paragraph or opens_after(sc, dc)
    return near and (is_sign(sign, v) or not sign.known) and _site_fits(sign, dx, v)


def impression_reading(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> bool:
    """The impression names a diagnosis where the findings describe a sign: the same
    specific site, or a level both name; or a process of its organ shows there (a size
    change, a sign in a part of it: ``organ_reading.organ_sign``). Not a sign its own
    sentence reads as another diagnosis (``organ_reading.read_otherwise``)."""
    pair = ordered(a, b)
    if pair is None:
        return False
    sign, dx = pair
    if in_impression(sign) or not in_impression(dx):
        return False
    if is_sign(dx, v) or read_otherwise(sign, dx, v):
        return False
    if organ_sign(sign, dx, is_sign(sign, v), v):
        return True  # a process of the diagnosis's organ shows there (organ_reading.py)
    if not is_sign(sign, v):
        return False
    sc, dc = sign.ctx, dx.ctx
    assert sc is not None and dc is not None
    shared = {x for x in sc.levels & dc.levels if not x.startswith("heading:")}
    if sign.site is not None and dx.site is None and sign.site == own_organ(dx, v):
        return True  # "heterogeneous thyroid tissue" / "... thyroiditis" (listed.own_organ)
    return bool(shared) or (sign.site is not None and sign.site == dx.site)


def sign_reading(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> bool:
    """The report reads one of the two findings as the other (any of the ways above)."""
    return (
        punctuated(a, b, v)
        or findings_reading(a, b, v)
        or impression_reading(a, b, v)
        or gloss_reading(a, b, v)
        or lists_signs(a, b, v)
        or anaphoric_reading(a, b, v)
    )


def _site_fits(sign: MentionInfo, dx: MentionInfo, v: Vocabulary) -> bool:
    """The sign lies where the diagnosis can be: its site inside the diagnosis's own
    structure (named, else its concept's default), or no site to compare."""
    where = dx.site
    if where is None:
        c = v.concepts.get(dx.concept) if dx.concept else None
        where = c.anatomy if c is not None and c.anatomy else None
    if sign.site is None or where is None:
        return True
    return v.anatomy_related(sign.site, where)


def reading_keys(m: MentionInfo) -> tuple[list[str], list[str]]:
    """Blocking keys (filed, looked up) that let a diagnosis find the signs it reads, of any
    concept: a findings-reading sentence looks in its paragraph, an impression diagnosis at
    its site and levels (``clustering.blocking_keys``)."""
    c = m.ctx
    if c is None or m.type == DEVICE or m.assertion == "absent" or c.reason:
        return [], []
    para = c.text.rfind("\n\n", 0, c.sentence[0])
    places = [f"site:{m.report}:{m.site}"] if m.site else []
    places += [f"lv:{m.report}:{x}" for x in sorted(c.levels) if not x.startswith("heading:")]
    # a word stem of its report ("myomatous uterus" / "subserosal myoma": the adjective of a
    # finding noun, ``glosses.adjective_names``): its head, and every word of words the
    # vocabulary does not know
    words = m.tokens if not m.known else (m.head,)
    stems = sorted({f"w:{m.report}:{w[:5]}" for w in words if len(w) >= 5})
    filed = [f"p:{m.report}:{para}", *places, *stems]
    if not in_impression(m):
        # an impression diagnosis of its organ looks it up there (organ_reading.py)
        filed += [k for k in organ_keys(m, vocabulary()) if k not in filed]
    lookup = [f"p:{m.report}:{para}"] if c.reads_findings else []
    lookup += stems
    if c.reads_findings and para >= 0 and not c.text[para : c.sentence[0]].strip(" \n-*"):
        # it opens its paragraph: it reads the one before too (glosses.opens_after)
        lookup.append(f"p:{m.report}:{c.text.rfind(chr(10) * 2, 0, para)}")
    if in_impression(m):
        lookup += places
        organ = None if m.site else own_organ(m, vocabulary())
        if organ:
            lookup.append(f"site:{m.report}:{organ}")  # the organ its own word names
    lookup += reading_lookup(m)  # listed.py: "This lesion is ..." finds its paragraph
    return filed, lookup


def one_organ_sites(x: str, y: str, v: Vocabulary) -> bool:
    """Two sites inside one organ (the nearest structure holding both is no body region):
    where one sentence reads one finding as the other, how it spreads there ("Kerley B-lines
    at the bases ..., suggesting interstitial fluid")."""
    ancestors = v.anatomy_ancestors(y)
    for part in v.anatomy_ancestors(x):
        if part in ancestors:
            return not is_region(v, part)
    return False
