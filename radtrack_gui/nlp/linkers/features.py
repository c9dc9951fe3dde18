"""Pair features shared by the knowledge and the trainable linkers.

Every mention is prepared once (``info.MentionInfo``, by ``mentions.prepare``: normalized text, head word,
concept line, specified site, side, access site, course markers). A pair of prepared mentions then gives

- ``conflict(a, b)``: a hard reason why the two can never be one chain (GUIDELINE: location,
  hierarchy, laterality, generic statements per structure, access sites, unrelated concepts);
- ``features(a, b)``: a fixed-length vector (``FEATURES``) that a linear scorer weighs;
- ``evidence(a, b, x)``: the readable reasons behind a score.

Course rules that need the whole chain (removal, resolution, recurrence) live in
``clustering.py``.
"""

from __future__ import annotations

import math

from radtrack_gui.core.model import DEVICE
from radtrack_gui.nlp.linkers.apart import kept_apart
from radtrack_gui.nlp.linkers.apart_sites import region_restated
from radtrack_gui.nlp.linkers.both_sides import negative_told_from_both_sides
from radtrack_gui.nlp.linkers.class_signs import class_related
from radtrack_gui.nlp.linkers.concluded_signs import concluded_sign
from radtrack_gui.nlp.linkers.conflicts import continues, pair_conflict
from radtrack_gui.nlp.linkers.device_readings import introduced_twice, tips_apart
from radtrack_gui.nlp.linkers.device_words import sheath_apart
from radtrack_gui.nlp.linkers.episodes import design_conflict
from radtrack_gui.nlp.linkers.glosses import (
    adjective_names,
    given_to_another,
    one_sentence_reading,
    reading_names_site,
)
from radtrack_gui.nlp.linkers.info import HISTORY_SECTIONS, NEW_CHANGES, MentionInfo
from radtrack_gui.nlp.linkers.interpreted import interpreted
from radtrack_gui.nlp.linkers.listed import co_listed, lists_signs
from radtrack_gui.nlp.linkers.mentions import (
    DEVICE_END_CHANGES,
    FINDING_END_CHANGES,
    GENERIC_DEVICE_WORDS,
    TWO_YEARS,
    mention_order,
    prepare,
)
from radtrack_gui.nlp.linkers.names import abbreviation_match
from radtrack_gui.nlp.linkers.numbered import other_items
from radtrack_gui.nlp.linkers.places import cavity
from radtrack_gui.nlp.linkers.policy import concluded_in_organ
from radtrack_gui.nlp.linkers.readings import (
    defined_as,
    explained,
    one_organ,
    read_as,
    read_as_concept,
)
from radtrack_gui.nlp.linkers.restated_words import restated_in_words
from radtrack_gui.nlp.linkers.restatement import (
    normal_restated,
    restated,
    restated_negative,
    same_lesion,
    same_words_restated,
    shared_levels,
    vague_site_restated,
)
from radtrack_gui.nlp.linkers.signs import one_organ_sites, sign_reading
from radtrack_gui.nlp.linkers.sites import is_region, side_split
from radtrack_gui.nlp.linkers.spine import column_signs, concluded_whole, level_on_column
from radtrack_gui.nlp.linkers.together import joined
from radtrack_gui.nlp.linkers.uptake import uptake_at_site
from radtrack_gui.nlp.vocabulary import Vocabulary, singular_name, vocabulary

# Re-exported: the linkers import the prepared mentions and course markers from here.
__all__ = [
    "DEVICE_END_CHANGES",
    "FEATURES",
    "FINDING_END_CHANGES",
    "GENERIC_DEVICE_WORDS",
    "HISTORY_SECTIONS",
    "INDEX",
    "NEW_CHANGES",
    "MentionInfo",
    "abbreviation_match",
    "concepts_related",
    "conflict",
    "evidence",
    "features",
    "gap_days",
    "mention_order",
    "prepare",
]

FEATURES: tuple[str, ...] = (
    "same_text",  # identical lower-cased text
    "same_concept",  # same normalized concept (synonyms, abbreviations in the vocabulary)
    "broader_concept",  # one concept is a broader/narrower kind of the other
    "same_head",  # same head word (singular)
    "abbreviation",  # one text abbreviates the other, concepts not already the same
    "generic_device",  # a bare "tube"/"line"/"tip" continuing a named device
    "generic_statement",  # two "normal/unremarkable" statements about one structure
    "same_site",  # same specified anatomical site, or a level both name (segment, station)
    "site_unspecified",  # at least one has no specific site
    "same_laterality",  # same side given on both
    "same_access",  # same device access site given on both
    "same_report",  # both in one report
    "within_2_weeks",  # exam times at most 14 days apart
    "gap_log",  # log(1 + days) / log(1 + 730), capped at 1.5
    "gap_unknown",  # at least one report is undated
    "absent_continuation",  # one negated, the other positive
    "both_absent",  # both negated
    "hedged",  # one hedged (possible), the other confirmed
    "new_marker",  # the later one is new/inserted, in a later report (not history)
    "is_device",  # both devices
    "related_concept",  # related concepts: a descriptive and a diagnostic term for one process
    "durable_gap",  # gap_log again when both are durable (permanent device, chronic finding)
    "explained",  # one sentence reads the descriptive word as the other ("... represents")
    "restated",  # one finding told twice in other words (restatement.restated: GUIDELINE 9/10)
)
INDEX = {name: i for i, name in enumerate(FEATURES)}


def _restated(a: MentionInfo, b: MentionInfo) -> str:
    """``restatement.restated``, or an uptake at a lesion's site: a property of that lesion
    (``uptake.py``; kept here so that ``uptake`` may import ``restatement``)."""
    if why := restated(a, b):
        return why
    if uptake_at_site(a, b):
        return "uptake at the lesion's site: a property of the lesion"
    if concluded_in_organ(a, b, vocabulary()):
        return "the conclusion's lesion at the same organ (policy.py)"
    if concluded_sign(a, b, vocabulary()):
        return "the conclusion's diagnosis of the organ the findings describe (concluded_signs.py)"
    if why := joined(
        a, b, vocabulary()
    ):  # the conclusion reads the findings' finding (together.py)
        return why
    if why := restated_in_words(a, b, vocabulary()):
        return why  # the conclusion names the findings' finding in its words (restated_words.py)
    # the conclusion's diagnosis of the findings' sign (interpreted.py)
    return interpreted(a, b, vocabulary())


def concepts_related(a: MentionInfo, b: MentionInfo) -> str:
    """ "same", "broader" (one is a kind of the other), "related" (a descriptive and a
    diagnostic term for one process), "" (unrelated) or "unknown"."""
    if a.concept is None or b.concept is None or a.generic_device or b.generic_device:
        return "unknown"
    if a.concept == b.concept:
        return "same"
    if a.concept in b.concept_line or b.concept in a.concept_line:
        return "broader"
    if b.concept in a.related or a.concept in b.related:
        return "related"
    if class_related(a, b, vocabulary()):
        return "related"  # a bulk RadLex class relation (class_signs.py)
    if not (a.known and b.known):
        # a span's own words the vocabulary does not know ("dual-lumen catheter") are no
        # evidence of another concept; they name this one when the words agree ("adhesion" /
        # "rectal adhesion", "Crohn's disease in the active phase" / "... in an active phase";
        # findings only: a device's head word, "tube", names many devices)
        if a.type == DEVICE:
            return "unknown"
        own = _own_words(a.tokens, b.tokens)
        if own == "unknown" and (
            adjective_names(a.tokens, b.head, vocabulary())
            or adjective_names(b.tokens, a.head, vocabulary())
        ):
            return "same"  # "myomatous uterus" / "subserosal myoma": the adjective names it
        return own
    return ""


_FUNCTION_WORDS = frozenset(
    {"the", "a", "an", "of", "in", "on", "at", "to", "with", "and", "or", "is", "are", "s"}
)


def _own_words(x: tuple[str, ...], y: tuple[str, ...]) -> str:
    """ "same" when two spans have the same content words, "broader" when one's are within
    the other's with the same last word (head), else "unknown"."""
    wx = [w for w in x if w not in _FUNCTION_WORDS]
    wy = [w for w in y if w not in _FUNCTION_WORDS]
    if not wx or not wy or singular_name(wx[-1]) != singular_name(wy[-1]):
        return "unknown"
    sx, sy = {singular_name(w) for w in wx}, {singular_name(w) for w in wy}
    if sx == sy:
        return "same"
    return "broader" if sx <= sy or sy <= sx else "unknown"


def gap_days(a: MentionInfo, b: MentionInfo) -> float | None:
    if a.report == b.report:
        return 0.0
    if a.date is None or b.date is None:
        return None
    return abs((b.date - a.date).total_seconds()) / 86400.0


# -- hard constraints ------------------------------------------------------------------
def conflict(a: MentionInfo, b: MentionInfo, vocab: Vocabulary | None = None) -> str | None:
    """Why ``a`` and ``b`` can never be in one chain, or None; after every other rule, two
    findings of one report the guideline keeps apart (apart.py)."""
    v = vocab or vocabulary()
    return (
        _conflict(a, b, v)
        or kept_apart(a, b, v, concepts_related(a, b))
        or other_items(a, b)  # two items of one numbered list (numbered.py)
    )


def _conflict(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> str | None:
    if a.type != b.type:
        return f"{a.type} vs {b.type}"
    if a.lat and b.lat and a.lat != b.lat:
        return f"{a.lat} vs {b.lat}"
    if defined_as(a, b):
        return None  # "... white matter hyperintensity (DEHSI)": the report defines it so
    reason = pair_conflict(a, b, v, gap_days(a, b))
    if reason:
        return reason
    rel = concepts_related(a, b)
    if rel == "" and not (
        read_as(a, b, v)
        or read_as_concept(a, b)
        or sign_reading(a, b, v)
        or _restated(a, b)
        or co_listed(a, b, v)
    ):
        return f"different concepts '{a.concept}' vs '{b.concept}'"
    if rel == "related" and given_to_another(a, b, v) and not sign_reading(a, b, v):
        return "the report reads another sign as this diagnosis"
    if a.generic_statement or b.generic_statement:
        if not (a.generic_statement and b.generic_statement):
            return None if normal_restated(a, b, v) else "normal statement vs finding"
        if (
            a.report == b.report
            and a.text == b.text
            and not (a.statement_site and b.statement_site)
        ):
            return None  # "normal anatomical course" of the coronaries, restated without them
        if not a.statement_site or a.statement_site != b.statement_site:
            return (
                f"normal statements about different structures "
                f"'{a.statement_site or '?'}' vs '{b.statement_site or '?'}'"
            )
    if a.type == DEVICE:
        if a.access and b.access and a.access != b.access:
            return f"different access '{a.access}' vs '{b.access}'"
        # episodes.py / device_readings.py
        made = (
            design_conflict(a, b)
            or introduced_twice(a, b)
            or tips_apart(a, b, v)
            or sheath_apart(a, b)  # device_words.py
        )
        if made:
            return made
        if a.durable and b.durable and a.site and b.site:
            ca, cb = cavity(v, a.site), cavity(v, b.site)
            if ca and cb and ca != cb:  # a permanent device does not move to another cavity
                return f"permanent devices in the {ca} and the {cb}"
        return None
    if a.site and b.site and a.site != b.site:
        if side_split(v, a.site, b.site):
            return None
        if level_on_column(a.site, b.site, v):
            return None  # "disc protrusion" / "disc protrusion at L4-L5": the level given once
        if column_signs(a, b):
            return None  # "... in the thoracic spine, with osteophytes on the vertebral bodies"
        if (a.site_by_name or b.site_by_name) and same_lesion(a, b):
            return None  # one place and size beat the site a finding word implies
        if same_words_restated(a, b, v) or region_restated(a, b, v):
            return None  # a site read from beyond the clause, given once (GUIDELINE 9)
        if concluded_in_organ(a, b, v):
            return None  # the conclusion names the findings' lesion of one organ (policy.py)
        if concluded_sign(a, b, v):
            return None  # the conclusion's diagnosis of the organ described (concluded_signs.py)
        if joined(a, b, v):
            return None  # the conclusion restates and reads the findings' finding (together.py)
        if restated_in_words(a, b, v):
            return None  # the conclusion names the findings' finding again (restated_words.py)
        if interpreted(a, b, v):
            return None  # the conclusion's diagnosis of the findings' sign there (interpreted.py)
        if vague_site_restated(a, b, v):
            return None  # "arthrosis" at a level / of the bones, restated (GUIDELINE 9)
        if negative_told_from_both_sides(a, b, v):
            return None  # "no contusion" / "no intra- or extra-axial lesions" (both_sides.py)
        if read_as(a, b, v) or one_sentence_reading(a, b, v):
            # one sentence reads one as the other ("calcific shadow at L3/L4 - most likely a
            # stone in the right kidney"): where the sign was seen is where the diagnosis is
            return None
        if lists_signs(a, b, v) or co_listed(a, b, v):
            # "Signs of X of the AC joint: ..., joint space narrowing": the list's place is
            # the diagnosis's (listed.py)
            return None
        if (sign_reading(a, b, v) or read_as_concept(a, b)) and (
            v.anatomy_related(a.site, b.site) or reading_names_site(a, b, v)
        ):
            return None  # a sign seen in a part of the organ the report's diagnosis names
        if (
            rel == "related"
            and (a.site_by_name or b.site_by_name)
            and v.region_of(a.site) == v.region_of(b.site)
        ):
            # "collection along the convexity ... subdural hematoma": the diagnostic term
            # names its own structure, the descriptive one where it was seen
            return None
        if (a.ctx and b.site in a.ctx.sites) or (b.ctx and a.site in b.ctx.sites):
            return None  # "right middle and lower lobe pneumonia" covers both lobes
        if explained(a, b) and (
            one_organ(a, b, v)
            or _one_cavity(a.site, b.site, v)
            or (rel != "same" and one_organ_sites(a.site, b.site, v))
        ):
            # one sentence reads one as the other; where each was seen inside the organ is
            # how the process spreads, not another site (GUIDELINE 2)
            return None
        if a.ctx and b.ctx and a.ctx.spread and b.ctx.spread:
            return None  # "markings in the bases" / "interstitial markings": one process
        if v.anatomy_related(a.site, b.site):
            part = a if v.is_part_of(a.site, b.site) else b
            if part.ctx and part.ctx.spread:
                return None  # "interstitial edema" / "pulmonary edema": how it spreads
            if shared_levels(a, b):
                return None  # "liver lesion ... in segment 7": the same level names the part
            whole = b if part is a else a
            if (
                a.report == b.report
                and (whole.site_by_name or concluded_whole(part, whole))
                and (whole.lat != "bilateral" or part.lat == "bilateral")
            ):
                # "focal lesion in segment VI" restated as "focal liver lesion": the organ is
                # only the name's own; the segment given once applies to both (GUIDELINE 9).
                # Not a bilateral whole: "bilateral pleural effusions" is not the loculated
                # effusion in the fissure (a part lies on one side), unless the part is
                # bilateral too ("haziness around the hila bilaterally ... pulmonary edema").
                return None
            return f"sub-part vs whole: '{a.site}' vs '{b.site}'"
        return f"different site '{a.site}' vs '{b.site}'"
    return None


def _one_cavity(x: str, y: str, v: Vocabulary) -> bool:
    """Two sites of one body cavity and side, one named as vaguely as a region ("air-fluid
    levels in the right hemithorax ... representing hydropneumothorax" at the right pleura)."""
    if cavity(v, x) is None or cavity(v, x) != cavity(v, y):
        return False
    if v.laterality_of(x) != v.laterality_of(y):
        return False
    return is_region(v, v.parent.get(x, "")) or is_region(v, v.parent.get(y, ""))


# -- features --------------------------------------------------------------------------
def features(a: MentionInfo, b: MentionInfo) -> list[float]:
    """The feature vector of a pair (``a`` earlier than ``b``), aligned with FEATURES."""
    x = [0.0] * len(FEATURES)
    rel = concepts_related(a, b)
    x[0] = float(a.text == b.text)
    x[1] = float(rel == "same")
    x[2] = float(rel == "broader")
    x[3] = float(a.head == b.head)
    x[4] = float(
        rel != "same"
        and a.text != b.text
        and (abbreviation_match(a.tokens, b.tokens) or defined_as(a, b))
    )
    g, named = (b, a) if b.generic_device else (a, b)
    if (
        a.type == DEVICE
        and g.generic_device
        and not named.generic_device
        and (g is b or a.report == b.report)
    ):
        # a bare "tube"/"line"/"tip" continuing a named device (a later one, or one of the
        # same report: "catheter with its tip in the SVC")
        x[5] = float(continues(g.head, named.tokens, named.concept_line))
    x[6] = float(a.generic_statement and b.generic_statement)
    # the same site, or the same level, segment, station or labelled lesion (GUIDELINE 10)
    x[7] = float((a.site is not None and a.site == b.site) or bool(shared_levels(a, b)))
    x[8] = float(a.site is None or b.site is None)
    x[9] = float(a.lat is not None and a.lat == b.lat)
    x[10] = float(a.access is not None and a.access == b.access)
    x[11] = float(a.report == b.report)
    days = gap_days(a, b)
    if days is None:
        x[14] = 1.0
    else:
        x[12] = float(days <= 14.0)
        x[13] = min(1.5, math.log1p(days) / math.log1p(TWO_YEARS))
    a_abs, b_abs = a.assertion == "absent", b.assertion == "absent"
    # a removal or resolution ends the course it belongs to: no routine negative's penalty
    x[15] = float(a_abs != b_abs and not (a.event or b.event))
    # two routine negatives weigh against one chain, not one negative restated (GUIDELINE 9)
    x[16] = float(a_abs and b_abs and not restated_negative(a, b))
    x[17] = float({a.assertion, b.assertion} == {"possible", "present"})
    x[18] = float(
        b.change in NEW_CHANGES
        and a.report != b.report
        and not (b.section or "").upper().startswith(HISTORY_SECTIONS)
    )
    x[19] = float(a.type == DEVICE)
    v = vocabulary()
    # the report reads one as the other: as strong as the vocabulary relating them
    by_report = a.report == b.report and sign_reading(a, b, v)
    read = rel in ("", "unknown") and (read_as(a, b, v) or read_as_concept(a, b) or by_report)
    x[20] = float(rel == "related" or read)
    if (a.durable and b.durable) or same_lesion(a, b):
        x[21] = x[13]  # a lesion followed by place and size does not fade (GUIDELINE 10)
    x[22] = float((rel in ("related", "broader") and (explained(a, b) or by_report)) or read)
    x[23] = float(rel != "same" and bool(_restated(a, b)))
    return x


def evidence(a: MentionInfo, b: MentionInfo, x: list[float]) -> list[str]:
    """Readable reasons for a pair's score (``a`` the earlier member, ``b`` the newcomer)."""
    out: list[str] = []
    if x[INDEX["same_concept"]]:
        if x[INDEX["same_text"]]:
            out.append(f"same concept '{a.concept}'")
        else:
            out.append(f"same concept '{a.concept}' ('{b.text}' ~ '{a.text}')")
    elif x[INDEX["broader_concept"]]:
        out.append(f"broader/narrower concept '{a.concept}' ~ '{b.concept}'")
    elif x[INDEX["related_concept"]] and concepts_related(a, b) == "related":
        kinds = (a.ctx.kinds if a.ctx else None) or {}
        kind = kinds.get((a.concept or "", b.concept or ""), "")
        out.append(f"related concepts{f' ({kind})' if kind else ''} '{a.concept}' ~ '{b.concept}'")
    if x[INDEX["restated"]]:
        out.append(_restated(a, b))
    if x[INDEX["explained"]]:
        one = explained(a, b) or (a.ctx and b.ctx and a.ctx.sentence == b.ctx.sentence)
        out.append(
            "read as one in the same sentence" if one else "the report reads one as the other"
        )
    elif x[INDEX["same_text"]]:
        out.append(f"same text '{a.text}'")
    if x[INDEX["abbreviation"]]:
        out.append(f"abbreviation '{b.text}' ~ '{a.text}'")
    if x[INDEX["generic_device"]]:
        g, named = (b, a) if b.generic_device else (a, b)
        out.append(f"'{g.text}' continues '{named.text}'")
    if x[INDEX["generic_statement"]]:
        out.append(f"normal statement about '{a.statement_site}'")
    if x[INDEX["same_head"]] and not x[INDEX["same_text"]] and not x[INDEX["same_concept"]]:
        out.append(f"same head word '{a.head}'")
    if x[INDEX["same_site"]]:
        shared = shared_levels(a, b)
        out.append(f"site '{a.site}'" if a.site == b.site else f"level {'/'.join(sorted(shared))}")
    if x[INDEX["same_laterality"]]:
        out.append(str(a.lat))
    if x[INDEX["same_access"]]:
        out.append(f"access '{a.access}'")
    if b.assertion == "absent" and a.assertion != "absent":
        out.append(f"negated: continues ({_negation_reason(b)})")
    if x[INDEX["hedged"]]:
        out.append("hedged vs confirmed")
    if x[INDEX["same_report"]]:
        out.append(f"same report as {a.id}")
    else:
        days = gap_days(a, b)
        out.append(
            f"after {a.id} (undated)" if days is None else f"{_days_text(days)} after {a.id}"
        )
        if x[INDEX["durable_gap"]]:
            out.append("durable: the gap counts less")
    return out


def _days_text(days: float) -> str:
    if days < 1:
        return f"{days * 24:.0f} h"
    if days < 1.5:
        return "1 day"
    return f"{days:.0f} days"


def _negation_reason(b: MentionInfo) -> str:
    """Why a negated mention continues the chain (``context._negation_conflict``)."""
    c = b.ctx
    if c is not None and c.event:
        return f"said {c.event}"
    if c is not None and c.comparison:
        return "resolution: compared with the prior exam"
    return "resolution on the follow-up film"
