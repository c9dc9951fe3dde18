"""What a mention's report says around it: context the noun phrase does not carry.

``read_context`` looks at the mention's sentence, clause, paragraph, sub-heading ("Right
ear:", "L4-L5:"), section and exam title, and ``enrich`` folds it into the prepared mentions:

- a reason for the exam (indication/history section, or that heading run into the text) is
  a question, not an observation (GUIDELINE 8);
- the site or side given outside the noun phrase: a sub-heading, the exam title ("US LEFT
  LOWER EXTREMITY VENOUS DOPPLER" gives a clot its side), an anaphoric site ("in this region",
  "at this level": the last structure named before it in the paragraph; "at the sites
  described above": several sites, its own chain); a level or segment in its clause
  ("L4-L5", "segment VI", "8th rib"); coordinated sites ("right upper and middle lobe"; of
  both sides: bilateral); a site read in another body cavity than the exam's
  re-read from the sentence, and a descriptive word's site from its clause (``places.py``);
- episodes: a completed removal or withdrawal of a device ("has been removed", "interval
  removal", "no longer visualized"; not "withdrawn 2 cm", a reposition) and the resolution of
  a finding ("resolved", "no residual", "no longer seen");
- comparison wording (a negative that looks back at a prior exam), "other/another/new" or
  "a more inferior ..." (not the one named before), and "X or Y" / "X/Y" alternatives (two hypotheses);
- a bare device word ("tip", "the line") takes a side only from its own words, not from where
  its tip lies; a device with no side of its own takes one given after it in its clause ("a
  Mediport is seen on the right", "projecting over the left hemithorax"; not a tip's place); a plural finding of a paired structure without a side is bilateral.

``conflicts.pair_conflict`` turns these into hard reasons two mentions are never one chain.
Everything here is computed from text the linker already has.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import lru_cache
from typing import TYPE_CHECKING

from radtrack_gui.core.model import DEVICE, Report
from radtrack_gui.nlp.extractors.layout import question_spans
from radtrack_gui.nlp.linkers.apart_sites import placed_by_region
from radtrack_gui.nlp.linkers.device_readings import device_wording
from radtrack_gui.nlp.linkers.episodes import exchange_role
from radtrack_gui.nlp.linkers.info import MentionContext, MentionInfo
from radtrack_gui.nlp.linkers.levels import attached_levels, place_levels, sub_sites
from radtrack_gui.nlp.linkers.levels import levels as _levels
from radtrack_gui.nlp.linkers.places import (
    WORD,
    after_mention,
    coordinated_sites,
    device_place,
    device_side_after,
    drop_compared_side,
    generic_site,
    heading,
    heading_names_site,
    last_structure,
    named_regions,
    named_structures,
    plural_pair_side,
    side_after,
    side_of,
    site_of_other_item,
    site_outside_phrase,
    spread_only,
    subject_site,
    tissue_of_density,
)
from radtrack_gui.nlp.linkers.readings import names_finding, reading
from radtrack_gui.nlp.linkers.referral import in_referral, numbered_conclusion
from radtrack_gui.nlp.linkers.region_sense import cervical_sense, foreign_default
from radtrack_gui.nlp.linkers.restatement import (
    concluding,
    loose_site,
    names_place,
    points_back,
)
from radtrack_gui.nlp.linkers.sides import beside, clause_side, scope_side
from radtrack_gui.nlp.linkers.signs import reads_findings
from radtrack_gui.nlp.sections import find_sections

if TYPE_CHECKING:
    from radtrack_gui.nlp.vocabulary import Vocabulary

REASON_SECTIONS = ("INDICATION", "HISTORY", "CLINICAL", "REASON")
# The same heading run into the text ("Renal MRI Report Indication Characterization of a
# mass."): a mention outside the observation sections whose sentence opens with it is a
# reason too.
OBSERVATION_SECTIONS = ("FINDINGS", "IMPRESSION", "CONCLUSION", "RESULT", "OPINION")
_REASON_HEADING = re.compile(
    r"\b(?:indications?|clinical\s+(?:information|indication|history|context|data|query"
    r"|question|details)|reason\s+for\s+(?:the\s+)?(?:exam|examination|study|request)"
    r"|referral(?:\s+(?:data|question|diagnosis|information|reason))?\s*:|inquiry\s*:"
    r"|query\s*:|clinical\s+question)",
    re.IGNORECASE,
)
# A heading's words after an article or a preposition, no colon after them, name the history
# as a noun phrase ("which, along with the clinical history, suggests ..."), no heading of the
# referral ("Data from the referral:" is one).
_NOUN_PHRASE_LEAD = re.compile(r"\b(?:the|a|an|this|with|of|per|from|given|and)\s+$", re.I)


def _heading_in(before: str) -> bool:
    """A reason heading in ``before`` (the sentence up to the mention) used as a heading."""
    return any(
        m.group().endswith(":")
        or before[m.end() :].lstrip().startswith(":")
        or not _NOUN_PHRASE_LEAD.search(before[: m.start()])
        for m in _REASON_HEADING.finditer(before)
    )


# A sentence end: terminal punctuation before a space, a period glued to a capitalized word
# after a word ("XXXX.In the left": ``text.sentences`` splits there too), a line break.
_SENT_END = re.compile(r"[.!?](?=\s)|(?<=[A-Za-z]{2}\.)(?=[A-Z][a-z])|\n")
_CLAUSE_END = re.compile(r"[,;:!?\n]|\.(?!\d)|\b(?:and|with|or|but|while|whereas)\b")
_REMOVAL = re.compile(
    r"\b(?:ha(?:s|ve)\s+been|was|were|is|are|now)\s+(?:\w+\s+){0,2}?"
    r"(?:removed|withdrawn|discontinued|explanted|extracted)\b"
    r"(?!\s+(?:by\s+)?(?:approximately\s+|about\s+|roughly\s+)?\d|\s+(?:to|into|back)\b)"
    r"|\b(?:interval|subsequent|complete)\s+(?:removal|withdrawal|explantation)\b"
    r"|\b(?:removal|explantation)\s+of\b|\bpulled\s+(?:back\s+)?and\s+removed\b"
    r"|\bno\s+longer\s+(?:seen|visualized|visible|present|identified|demonstrated|noted)\b",
    re.IGNORECASE,
)
# A device exchanged for a new one ("has been exchanged", "interval replacement of"): the
# device seen after it is a new one (GUIDELINE devices 1); not a procedure's name ("aortic
# valve replacement").
_REPLACED = re.compile(
    r"\b(?:ha(?:s|ve)\s+been|was|were|is|are|now)\s+(?:\w+\s+)?(?:exchanged|replaced"
    r"|re-?placed|re-?inserted)\b|\b(?:interval|subsequent)\s+(?:exchange|replacement"
    r"|re-?insertion|re-?placement)\b|\b(?:exchange|replacement)\s+of\b|\bexchanged\s+for\b",
    re.IGNORECASE,
)
_PARTIAL = re.compile(r"\b(?:partially|slightly|somewhat|minimally)\s+$", re.IGNORECASE)
_RESOLUTION = re.compile(
    r"\bresolved\b|\bresolution\b|\bno\s+residual\b|\bhas\s+cleared\b|\bcleared\b"
    r"|\bno\s+longer\s+(?:seen|visualized|visible|present|identified|demonstrated|noted)\b"
    r"|\bdisappear(?:ed|ance)\b",
    re.IGNORECASE,
)
_COMPARISON = re.compile(
    r"\b(?:previous(?:ly)?|prior|again|interval|since|compared|comparison|persist\w*"
    r"|remain\w*|residual|redemonstrat\w*|unchanged|stable|no\s+longer|anymore"
    r"|recurren\w*|re-?accumulat\w*)\b",
    re.IGNORECASE,
)
_OTHER = re.compile(
    r"\b(?:other|another|additional|second|further|separate)\s+(?!(?:evaluation|assessment"
    r"|characteri[sz]ation|imaging|work-?up|investigation|follow-?up|examination|study"
    r"|management|correlation)\b)(?:[\w-]+\s+){0,3}$",
    re.IGNORECASE,
)
# "a more inferior opacity" beside another one: a position word that sets it apart
_OTHER_POSITION = re.compile(
    r"\bmore\s+(?:inferior|superior|medial|lateral|anterior|posterior|cranial|caudal"
    r"|inferiorly|superiorly)\s+(?:[\w-]+\s+){0,3}$",
    re.IGNORECASE,
)
# the span's own first word says it is another one ("second pseudonodular lesion")
OWN_OTHER = re.compile(r"(?:other|another|additional|second|separate)\s", re.IGNORECASE)
_NEW = re.compile(r"\b(?:new|newly)\s+(?:[\w-]+\s+){0,3}$", re.IGNORECASE)
_ANAPHOR_SITE = re.compile(
    r"\b(?:in|at|of|within|to)\s+(?:this|that|the\s+same)\s+"
    r"(?:region|level|location|site|area|segment)\b",
    re.IGNORECASE,
)
# "The subscapularis tendon is torn. There is also tendinosis.", "Additionally, ...": a finding added to the sentence
# before it, with no place of its own, is at that sentence's place (GUIDELINE 6; round 9)
_ALSO = re.compile(r"\b(?:also|additionally|in\s+addition)\b", re.IGNORECASE)
_ALSO_KINDS = ("vessel:", "course:", "part:")
_SEVERAL_SITES = re.compile(
    r"\b(?:(?:at|in)\s+)?(?:the|these|those|all)\s+(?:\w+\s+)?"
    r"(?:sites|locations|levels|regions)\s+(?:described|mentioned|"
    r"noted|listed)\s+above\b|\babove[- ]described\s+(?:sites|levels"
    r"|locations)\b",
    re.IGNORECASE,
)


@lru_cache(maxsize=64)
def _sentence_ends(text: str) -> list[int]:
    """Where each sentence of ``text`` ends (once per report text: a huge report with
    thousands of mentions must not be scanned again for each)."""
    return [m.end() for m in _SENT_END.finditer(text)]


def _sentence(text: str, s: int, e: int) -> tuple[int, int]:
    ends = _sentence_ends(text)
    # the sentence starts after the last end at or before s, and ends at the first end
    # of a match starting at or after e
    i = bisect_right(ends, s)
    lo = ends[i - 1] if i and ends[i - 1] <= s else 0
    m = _SENT_END.search(text, e)
    return lo, (m.end() if m else len(text))


def _clause_span(text: str, s: int, e: int, sent: tuple[int, int]) -> tuple[int, int]:
    lo = sent[0]
    for stop in _CLAUSE_END.finditer(text, sent[0], s):
        lo = stop.end()
    m = _CLAUSE_END.search(text, e, sent[1])
    return lo, (m.start() if m else sent[1])


def _clause(text: str, s: int, e: int, sent: tuple[int, int]) -> str:
    lo, hi = _clause_span(text, s, e, sent)
    return text[lo:hi]


def asked_spans(report: Report) -> list[tuple[int, int]]:
    """Where the report gives its reason for the exam: the extractor's extent of each
    indication section (its first paragraph, or the first line after an inline header), not
    the whole section: the findings often follow without a header of their own."""
    text = report.text or ""
    return question_spans(text, report.sections or find_sections(text))


def _added_to(text: str, start: int) -> frozenset[str]:
    """The levels and finer sites (a vessel, its stretch, a named part) of the sentence
    before the one at ``start``, in the same paragraph: where a finding added to it lies."""
    own = _sentence(text, start, start)[0]
    if own == 0:
        return frozenset()
    lo, hi = _sentence(text, own - 1, own - 1)
    if "\n\n" in text[lo:start]:
        return frozenset()
    finer = {x for x in sub_sites(text, lo, hi) if x.startswith(_ALSO_KINDS)}
    return _levels(text, lo, hi) | finer


def read_context(
    m: MentionInfo,
    start: int,
    end: int,
    report: Report | None,
    v: Vocabulary,
    asked: list[tuple[int, int]] | None = None,
) -> MentionContext:
    """``asked``: the report's ``asked_spans`` (computed here when not given)."""
    text = report.text if report is not None else ""
    sent = _sentence(text, start, end)
    ctx = MentionContext(start, end, sent, region=report.region if report else "", text=text)
    section = (m.section or "").upper()
    if section.startswith(REASON_SECTIONS) and report is not None:
        asked = asked_spans(report) if asked is None else asked
        ctx.reason = not asked or any(a <= start < b for a, b in asked)
    if not text:
        return ctx
    sentence = text[sent[0] : sent[1]]
    before = text[sent[0] : start]
    if not section.startswith(OBSERVATION_SECTIONS) and (
        _heading_in(before) or in_referral(text, sent, _REASON_HEADING)
    ):
        ctx.reason = True  # the heading's sentence, or the referral run on after it
    ctx.comparison = bool(_COMPARISON.search(sentence))
    own = text[start:end]
    ctx.other = bool(_OTHER.search(before[-60:]) or OWN_OTHER.match(own)) or (
        m.type != DEVICE and bool(_OTHER_POSITION.search(before[-60:]))
    )
    ctx.new = bool(_NEW.search(before[-40:]))
    ctx.anaphor = m.type != DEVICE and points_back(before[-40:] + own)
    lo, hi = _clause_span(text, start, end, sent)
    title = heading(report, start) if report is not None else ""
    ctx.levels = place_levels(text, (lo, hi), sent, start, title, names_finding(v), end)
    anaphor = _ANAPHOR_SITE.search(text, sent[0], start)
    if not ctx.levels and anaphor:
        # "deformity of the 8th rib; if findings localize to this region, ... fracture"
        ctx.levels = _levels(text, sent[0], anaphor.start())
    if not ctx.levels and anaphor and sent[0] > 0:
        # "... in the mid-segment of the LAD. Calcified plaques are also present in this
        # segment": the level the sentence before names (round 8)
        ctx.levels = attached_levels(text, *_sentence(text, sent[0] - 1, sent[0] - 1))
    if not ctx.levels and _ALSO.search(text, sent[0], start):
        ctx.levels = _added_to(text, sent[0])
    ctx.several_sites = bool(_SEVERAL_SITES.search(sentence))
    if m.type == DEVICE:
        ctx.replaced = bool(
            _REPLACED.search(text, lo, hi) or _REPLACED.search(text, sent[0], start)
        )
        role = exchange_role(text, start, end, sent)  # "X exchanged for Y": X old, Y new
        if role is not None:
            ctx.replaced = role == "new"
        hit = _REMOVAL.search(sentence)
        if m.change == "removed" or (hit and not _PARTIAL.search(sentence[: hit.start()])):
            ctx.event = "removed"
        if role is not None:
            ctx.event = "removed" if role == "old" else None
    elif m.change == "resolved" or (m.assertion == "absent" and _RESOLUTION.search(sentence)):
        ctx.event = "resolved"
    return ctx


def enrich(
    infos: list[MentionInfo],
    spans: dict[str, tuple[int, int]],
    reports: dict[str, Report],
    v: Vocabulary,
) -> None:
    """Read each mention's context and fold it into its prepared attributes."""
    asked: dict[str, list[tuple[int, int]]] = {}
    for info in infos:
        s, e = spans[info.id]
        report = reports.get(info.report)
        if report is not None and info.report not in asked:
            asked[info.report] = asked_spans(report)
        if report is not None and not concluding(info.section):
            begins = numbered_conclusion(report.text or "")
            if begins is not None and s >= begins:
                info.section = "IMPRESSION"  # "X-ray findings:\n1. ..." after the prose
        ctx = info.ctx = read_context(info, s, e, report, v, asked.get(info.report))
        ctx.kinds = v.relation_kind
        if ctx.event == "removed":
            info.change = "removed"
        elif ctx.event == "resolved":
            info.change = "resolved"
        if report is None:
            continue
        text = report.text
        tail = after_mention(ctx, _clause(text, ctx.start, ctx.end, ctx.sentence))
        if info.type == DEVICE:
            device_wording(info, text, s, e, ctx.sentence)
        if info.generic_device:
            # "tip in the right atrium": where the tip lies is not the device's side
            near = " ".join(WORD.findall(text[max(ctx.sentence[0], s - 40) : e])[-5:])
            info.lat = side_of(near)
            info.access = None
            if info.lat is None:
                info.lat = device_side_after(info, tail, v)
            continue
        if info.type == DEVICE and info.durable and info.site is None:
            info.site = device_place(v, text[max(ctx.sentence[0], s - 40) : s])
        if info.type == DEVICE and info.lat is None:
            info.lat = device_side_after(info, tail, v)
            if info.lat and info.site:
                info.site = v.sided(info.site, info.lat)
        if info.type != DEVICE and generic_site(info, v):
            # "Right knee: Moderate joint effusion.": the sub-heading names the structure
            title = heading(report, s)
            named = last_structure(v, title) if title else None
            if named and heading_names_site(info, named, v):
                info.site = named
        if info.type != DEVICE:
            # the side the finding's own words or sentence name beats one read past them
            side = clause_side(text[s:e], text[ctx.sentence[0] : ctx.sentence[1]])
            if side and info.lat and side != info.lat:
                info.lat = side
                if info.site and v.laterality_of(info.site) not in (None, side):
                    info.site = v.sided(info.site, side)
            drop_compared_side(info, ctx, v)
            if tissue_of_density(info, ctx, v):
                info.site, info.site_by_name = None, False
            if site_of_other_item(info, ctx, v):
                # "right upper lobe nodule, cardiomegaly, and atelectasis": not the lobe's
                if info.lat and info.lat == v.laterality_of(info.site or ""):
                    info.lat = None
                info.site, info.site_by_name = None, False
            foreign_default(info, ctx, text, v)  # a lung default in a thyroid US
            cervical_sense(info, ctx, text, v)  # "cervical arteries": the neck
            site_outside_phrase(info, ctx, text, tail, v)
            subject_site(info, ctx, text, v)
            ctx.sites = coordinated_sites(
                info, text[max(ctx.sentence[0], s - 60) : s], v, text[e : ctx.sentence[1]]
            )
            sides = {v.laterality_of(x) for x in ctx.sites} - {None}
            if {"left", "right"} <= sides:
                info.lat = "bilateral"  # "right and left lower lobe": GUIDELINE 3
            elif len(sides) == 1 and info.lat is None:
                info.lat = sides.pop()  # "left upper lobe and lingula": one side, not both
            ctx.spread = spread_only(info, text[max(ctx.sentence[0], s - 30) : e], v)
            info.lat = info.lat or side_after(info, tail, v)
        if info.type != DEVICE:
            ctx.read = reading(ctx, v, info)
            ctx.read_root = v.broader_concepts(ctx.read)[-1] if ctx.read else None
            ctx.reads_findings = reads_findings(ctx, v)
        if info.type != DEVICE and info.site is None:
            sentence = text[ctx.sentence[0] : ctx.sentence[1]]
            if _ANAPHOR_SITE.search(sentence):
                para = text.rfind("\n\n", 0, ctx.sentence[0])
                named = last_structure(v, text[max(0, para) : ctx.sentence[0]])
                if named:
                    info.site = named
                    info.lat = info.lat or v.laterality_of(named)
        if info.lat is None:
            info.lat = (
                side_of(heading(report, s))
                or side_of(report.exam)
                or scope_side(info, text, ctx.sentence[0], v)
                or plural_pair_side(info, v)
            )
        if info.type != DEVICE and info.site:
            around = [x for _, x in named_structures(v, _clause(text, s, e, ctx.sentence), 0)]
            around += [x for _, x in named_structures(v, heading(report, s), 0)]
            opening = named_structures(v, text[ctx.sentence[0] : s], 0)
            around += [x for _, x in opening[:1]]  # the sentence's subject: "The pancreas is ..."
            regions = named_regions(v, _clause(text, s, e, ctx.sentence))
            regions += named_regions(v, heading(report, s))
            ctx.loose_site = loose_site(info, around, v) and not placed_by_region(info, regions, v)
        ctx.beside = beside(info, text[s:e], tail)
        if ctx.anaphor and not names_place(info, v):
            # "The described mass likely corresponds to glandular parenchyma": it is where the
            # finding it points back to is; its sentence's structures are not its site
            info.site, info.site_by_name, info.lat = None, False, side_of(text[s:e])
