"""Findings joined (round 9, wb-splits): two mentions of one report that the guideline calls
one finding, although no vocabulary relation joins their words. Measured over the union of
every whole-body dev pair file at once (docs/linking-wholebody.md, "Round 9: findings
joined (false splits)"); each rule added true joins there and cost no false join on any dev,
check or chest pair file.

Both rules pair a positive finding of the findings (or an unheaded body) with a positive
finding of the conclusion of one report (GUIDELINE 9: a finding of the findings section told
again in the conclusion is one chain; "a descriptive and a diagnostic term for one process"):

- ``concluded_reading``: the conclusion's sentence first restates the findings' finding by
  its own head word and then reads it as its diagnosis (the findings' "irregular soft
  tissue mass" of a lobe; the conclusion's "Irregular mass of the lobe, most in keeping
  with bronchogenic carcinoma"). The restated words are the
  findings' finding; what the sentence reads them as is the diagnosis of that finding, so
  where each was placed is one place told twice (the conclusion's site wins no conflict),
  unless the restated words name other levels ("Segment 8 liver lesion, ..., suspicious
  for a metastasis" restates the segment 8 lesion, not the one in segment 6).
  Only a finding named by its look (a sign word, a lesion, a generic observation or a name
  the vocabulary lacks): a diagnosis restated and read as another diagnosis ("fracture ...
  rather than metastatic") is two diagnoses.
- ``findings_read_in_conclusion``: the conclusion's sentence reads "the findings" as a
  diagnosis ("The findings are suggestive of interstitial fibrosis",
  ``signs.reads_findings`` = "paragraph") and the findings describe a sign or a lesion at its place: the places given
  agree (the same structure, one within the other, or given in only one, at least one
  given; the diagnosis's place is its site, else the organ its own word names,
  ``listed.own_organ``: "parotitis" is not about the thyroid), statements' structures too,
  and no other side. ``signs.findings_reading`` does
  this within the reading's own paragraph; across the findings / conclusion boundary the
  conclusion reads the findings section.

- ``site_given_once`` (GUIDELINE 9: "a side, site or level given in only one of the two
  statements applies to both"): the same concept in the findings and in the conclusion at
  two sites, the findings' one read from beyond its own clause (bands "resembling thickened
  interlobular septa ..., in part atelectatic": the septa are not where the atelectasis is
  said to be; the conclusion's "Atelectatic changes in the left lung"), the conclusion's
  placed by its own words: the two sites are one place
  told once, within one body cavity. Not when the findings place it in their own words
  (two structures, two findings: "a density within the right axillary soft tissues" is not
  the conclusion's apical opacity), nor when both are read from afar, nor across cavities.

``joined`` is asked by ``features._restated`` (which lifts the "different concepts" conflict
and gives the ``restated`` feature) and by ``features._conflict`` among the site exceptions;
``together_keys`` gives the blocking keys that make such pairs candidates.
"""

from __future__ import annotations

from radtrack_gui.core.model import DEVICE
from radtrack_gui.nlp.linkers.class_signs import generic_observations
from radtrack_gui.nlp.linkers.info import HISTORY_SECTIONS, MentionInfo
from radtrack_gui.nlp.linkers.levels import level_conflict, levels
from radtrack_gui.nlp.linkers.listed import own_organ
from radtrack_gui.nlp.linkers.places import WORD, cavity
from radtrack_gui.nlp.linkers.readings import EXPLAINS, descriptive
from radtrack_gui.nlp.linkers.restatement import (
    ANY_FINDING,
    LESION_KINDS,
    concluding,
    is_region_name,
    lesion_like,
    sites_agree,
)
from radtrack_gui.nlp.vocabulary import Vocabulary, singular_name, vocabulary

RESTATED_READING = (
    "the conclusion restates the findings' finding and reads it as this (together.py)"
)
SITE_GIVEN_ONCE = "the conclusion restates it at the place given once (together.py)"
FINDINGS_READ = "the conclusion reads the findings at this place as this (together.py)"


def joined(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> str:
    """Why two mentions of one report are one finding by the rules above, or ""."""
    if a.report != b.report or concluding(a.section) == concluding(b.section):
        return ""
    found, concluded = (b, a) if concluding(a.section) else (a, b)
    if not (_positive(found) and _positive(concluded)):
        return ""
    if concluded_reading(found, concluded, v):
        return RESTATED_READING
    if findings_read_in_conclusion(found, concluded, v):
        return FINDINGS_READ
    if site_given_once(found, concluded, v):
        return SITE_GIVEN_ONCE
    return ""


def concluded_reading(found: MentionInfo, concluded: MentionInfo, v: Vocabulary) -> bool:
    """The conclusion's sentence restates ``found`` by its head word, then reads it as
    ``concluded`` (module doc)."""
    if not _looks(found, v) or found.head not in restated_words(concluded):
        return False
    # the restated words' levels are the findings finding's: "Segment 8 liver lesion, ...,
    # suspicious for a metastasis" restates the segment 8 lesion, not the one in segment 6
    own = (
        frozenset(x for x in found.ctx.levels if not x.startswith("heading:"))
        if found.ctx
        else frozenset()
    )
    return level_conflict(restated_levels(concluded), own) is None


def findings_read_in_conclusion(found: MentionInfo, concluded: MentionInfo, v: Vocabulary) -> bool:
    """The conclusion reads "the findings" as ``concluded``, and ``found`` is a sign or a
    lesion of the findings at its place (module doc)."""
    c = concluded.ctx
    if c is None or c.reads_findings != "paragraph":
        return False
    if not (descriptive(found.concept, v) or lesion_like(found)):
        return False
    if found.lat and concluded.lat and found.lat != concluded.lat and concluded.lat != "bilateral":
        return False
    # where each is: its site, else (the diagnosis) the organ its own word names
    # ("thyroiditis"), else the structure its statement names, unless a body region ("neck")
    where = concluded.site or own_organ(concluded, v) or _structure(concluded, v)
    seen = found.site or _structure(found, v)
    if not (where and seen):
        return False  # no place to compare: nothing says the reading is about this finding
    return sites_agree(seen, where, v)


def site_given_once(found: MentionInfo, concluded: MentionInfo, v: Vocabulary) -> bool:
    """One concept in the findings and in the conclusion at two sites of one body cavity,
    the findings' one read from beyond its own clause and sub-heading (``context``
    ``loose_site``): the place the conclusion gives in its own words is the finding's
    (module doc)."""
    if found.concept is None or found.concept != concluded.concept:
        return False
    if not (found.site and concluded.site) or found.site == concluded.site:
        return False
    fc, cc = found.ctx, concluded.ctx
    if fc is None or cc is None or not fc.loose_site or cc.loose_site:
        return False  # the findings' site read from afar, the conclusion's in its own words
    # within one body cavity: a place read from afar is not moved to another cavity (the
    # axillary soft tissues are not the lung apex)
    where = cavity(v, found.site)
    return where is not None and where == cavity(v, concluded.site)


def restated_words(m: MentionInfo) -> frozenset[str]:
    """The words (singular) a mention's sentence names before the last interpreting word
    ahead of the mention ("A mass at the right hilum ..., consistent with" before "lung
    cancer"): what the sentence reads as the mention. Empty without such a word."""
    c = m.ctx
    if c is None:
        return frozenset()
    before = c.text[c.sentence[0] : c.start]
    hits = list(EXPLAINS.finditer(before))
    if not hits:
        return frozenset()
    return frozenset(singular_name(w.lower()) for w in WORD.findall(before[: hits[-1].start()]))


def restated_levels(m: MentionInfo) -> frozenset[str]:
    """The levels, segments and stations named in the restated words (``restated_words``)."""
    c = m.ctx
    if c is None:
        return frozenset()
    before = c.text[c.sentence[0] : c.start]
    hits = list(EXPLAINS.finditer(before))
    if not hits:
        return frozenset()
    return levels(c.text, c.sentence[0], c.sentence[0] + hits[-1].start())


def together_keys(m: MentionInfo) -> tuple[list[str], list[str]]:
    """(blocking keys filed, looked up) that make exactly the pairs above candidates: a
    positive finding of the findings named by its look files its head word (``r:``) and,
    when a sign or a lesion, its report (``j:``); a positive finding of the conclusion looks
    up the head words its sentence restates before reading them, and its report when its
    sentence reads "the findings"."""
    if m.type == DEVICE or not _positive(m):
        return [], []
    v = vocabulary()
    if not concluding(m.section):
        filed = [f"r:{m.report}:{m.head}"] if _looks(m, v) else []
        if descriptive(m.concept, v) or lesion_like(m):
            filed.append(f"j:{m.report}")
        return filed, []
    lookup = [f"r:{m.report}:{w}" for w in sorted(restated_words(m))]
    if m.ctx is not None and m.ctx.reads_findings == "paragraph":
        lookup.append(f"j:{m.report}")
    return [], lookup


def _structure(m: MentionInfo, v: Vocabulary) -> str | None:
    """The structure a mention's statement names, unless it is a body region."""
    x = m.statement_site
    return None if x is None or is_region_name(x, v) else x


def _positive(m: MentionInfo) -> bool:
    """A present or possible finding, no question of the indication, no normal statement."""
    if m.type == DEVICE or m.assertion == "absent" or m.generic_statement or m.ctx is None:
        return False
    return not (m.ctx.reason or (m.section or "").upper().startswith(HISTORY_SECTIONS))


def _looks(m: MentionInfo, v: Vocabulary) -> bool:
    """Named by its look: a sign word, a lesion (or a name the vocabulary lacks), a generic
    observation ("echogenicity", "signal abnormality") or a statement of "an abnormality"."""
    if descriptive(m.concept, v) or lesion_like(m):
        return True
    kinds = generic_observations() | LESION_KINDS | ANY_FINDING
    return bool(set(m.concept_line) & kinds)
