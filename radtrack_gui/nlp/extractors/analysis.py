"""One sentence of the rule extractor: the roles of its words (anatomy, sides, cues, course
words, device words), then each candidate's site, laterality, assertion and change."""

from __future__ import annotations

from radtrack_gui.core.model import DEVICE, FINDING
from radtrack_gui.nlp.extractors.candidates import Cand, Sentence
from radtrack_gui.nlp.extractors.change import change_of
from radtrack_gui.nlp.extractors.context import (
    INTERPRETS,
    assertion_of,
    coordinated,
    described_by,
)
from radtrack_gui.nlp.extractors.coordinated_findings import coordinated_finding
from radtrack_gui.nlp.extractors.device_tips import extend_to_tips
from radtrack_gui.nlp.extractors.devices import device_words, resolve_given, verb_not_device
from radtrack_gui.nlp.extractors.layout import measurements
from radtrack_gui.nlp.extractors.modifiers import (
    carrier_end,
    node_words_start,
    predicate_before_comma,
    without_covering_properties,
    without_described_modifiers,
)
from radtrack_gui.nlp.extractors.normal_contents import HOLDERS, without_normal_contents
from radtrack_gui.nlp.extractors.normal_quality import quality_statements
from radtrack_gui.nlp.extractors.normal_statement import (
    at_first_normal_word,
    both_normal,
    one_statement_per_clause,
)
from radtrack_gui.nlp.extractors.normal_subject import (
    bound_predicate_fails,
    normal_of_unlisted,
    one_normal_per_statement,
    said_of_unlisted_structure,
    subject_only_fails,
    without_normal_properties,
)
from radtrack_gui.nlp.extractors.open_described import (
    DESCRIBES,
    DESCRIPTORS,
    both_appearances,
    described_head,
)
from radtrack_gui.nlp.extractors.open_vocab import OPEN
from radtrack_gui.nlp.extractors.quality_lines import quality_lines
from radtrack_gui.nlp.extractors.reference_values import without_reference_values
from radtrack_gui.nlp.extractors.regions import sense_reading
from radtrack_gui.nlp.extractors.sites import (
    anat_ends,
    attributes,
    elliptic_conjuncts,
    node_phrase_end,
    phrase_window,
    previous_sites,
    side_word_ends,
)
from radtrack_gui.nlp.extractors.unlisted_sites import site_named_unlisted
from radtrack_gui.nlp.extractors.verb_objects import verb_objects
from radtrack_gui.nlp.extractors.word_marks import (
    AND,
    BACK_REF,
    CARRIER,
    COLON,
    COMMA,
    COMPARE,
    DIGIT,
    LYMPH,
    NODE_HEAD,
    QUALITY_WORD,
    SEMICOLON,
    sentence_mask,
)
from radtrack_gui.nlp.mr_sequences import mr_sequence
from radtrack_gui.nlp.phrases import compared, in_other_items, item_of, list_items
from radtrack_gui.nlp.vocabulary import NOT_A_MENTION, Concept, Vocabulary

# Words that open a comparison phrase (``phrases.compared`` reads it only when one is there).
COMPARISON_WORDS = frozenset(
    {
        "than",
        "compared",
        "relative",
        "versus",
        "vs",
        "opposed",
        "comparison",
        "similar",
        "symmetric",
    }
)
# A one-word term with these endings is an adjective ("consolidative", "infiltrative"):
# before another finding term it is that term's modifier, not a mention of its own.
ADJECTIVE_ENDINGS = ("ive", "tic", "ous", "ed", "ic", "al", "ar", "ary")
# A participle that completes a clause ("no effusion seen"): a comma right after it ends
# every scope, as a clause end does.
CLOSING_VERBS = frozenset(
    {
        *("seen", "identified", "noted", "demonstrated", "visualized", "appreciated", "evident"),
        *("observed", "detected", "found"),
    }
)


# At most this many words (structures, sides, levels) between a modifier and its finding.
MODIFIER_GAP = 4
_LEVEL_WORDS = frozenset({"segment", "level", "station", "lobe"})


def _phrase_words(
    toks: list[str], anat: dict[int, tuple[int, str, str]], sides: dict[int, tuple[int, str]]
) -> list[bool]:
    """Per token: a structure, side or level word ("pancreatic head", "right", "segment 6")
    that a noun phrase may hold between a modifier and its finding."""
    out = [t.isdigit() or t in _LEVEL_WORDS for t in toks]
    for t0, (t1, *_rest) in anat.items():
        for k in range(t0, min(t1, len(toks))):
            out[k] = True
    for t0, (t1, _side) in sides.items():
        for k in range(t0, min(t1, len(toks))):
            out[k] = True
    return out


def analyse(
    v: Vocabulary,
    sent: Sentence,
    prev: Sentence | None,
    region: str,
    devices: list[tuple[Cand, Sentence]],
    text: str,
    fixed: bool,
) -> bool:
    """The attributes of a sentence's candidates (``RuleExtractor._mentions`` without its
    cache); True when the result is context-free. ``fixed``: the candidates were given
    (annotate), none is dropped or added."""
    toks = sent.toks
    n = len(toks)
    # which word sets the sentence holds, one bit each (word_marks; carried in the cached row)
    mask = sent.mask if sent.mask is not None else sentence_mask(toks)
    # Per-token roles of the non-concept matches.
    anat: dict[int, tuple[int, str, str]] = {}  # start -> (end, name, side)
    sides: dict[int, tuple[int, str]] = {}
    triggers: list[tuple[int, int, str, str]] = []  # (start, end, kind, direction)
    changes: list[tuple[int, int, str]] = []
    terminators: list[int] = []
    devwords: list[tuple[int, int]] = []
    for t0, t1, entries in sent.others:
        for kind, value, direction, extra in entries:
            if kind == "anatomy":
                if toks[t0] in ("t1", "t2") and mr_sequence(toks, t0):
                    continue  # "T2 hyperintensity", "sagittal T1": an MR sequence
                anat[t0] = (t1, value, extra)
            elif kind == "bound-anatomy":
                # a shape word ("sulcus", "convexity"): the structure of the exam's region,
                # else of a region the sentence names; none when no reading agrees
                if direction == region or (not region and direction in sent.tops):
                    anat[t0] = (t1, value, extra)
            elif kind == "side":
                sides[t0] = (t1, value)
            elif kind in ("negate", "possible"):
                triggers.append((t0, t1, kind, direction))
            elif kind == "change":
                changes.append((t0, t1, value))
            elif kind == "terminate":
                terminators.append(t0)
            elif kind == "device-word":
                devwords.append((t0, t1))
    if not sent.cands and not devwords:
        if not fixed and mask & QUALITY_WORD:  # "Satisfactory bone mineralization"
            sent.cands = quality_lines(v, [], toks)
        return not fixed  # nothing else to analyse
    term_mark = [False] * (n + 1)
    for t in terminators:
        term_mark[t] = True
    for mark, bit in ((";", SEMICOLON), (":", COLON), (",", COMMA)):
        if not mask & bit:  # positions found by list.index (C), not a loop over toks
            continue
        i = toks.index(mark)
        while True:
            if mark != "," or (i and toks[i - 1] in CLOSING_VERBS):
                term_mark[i] = True  # "no effusion seen, nodule in the left lung": two clauses
            try:
                i = toks.index(mark, i + 1)
            except ValueError:
                break
    concept_at = [False] * n
    for c in sent.cands:
        for k in range(c.t0, c.t1):
            concept_at[k] = True

    # drop "Clip #" style non-mentions, and adjective-like observations that modify the
    # finding term right after them ("hypodense lesion", "calcified nodule")
    v_concepts = v.concepts
    kept0: list[Cand] = []
    phrase_at: list[bool] | None = None  # built for the first flagged modifier needing it
    for i, c in enumerate([] if fixed else sent.cands):
        if c.t1 < n and toks[c.t1] in ("#", "number", "no") and c.term in ("clip", "clips"):
            continue
        if c.type == DEVICE and verb_not_device(toks, c.t0, c.t1):
            continue  # "placed to drain the collection": a verb, not a device
        nxt = sent.cands[i + 1] if i + 1 < len(sent.cands) else None
        # both readings need a finding at most MODIFIER_GAP words on (1 <= MODIFIER_GAP)
        if nxt is not None and nxt.type == FINDING and nxt.t0 - c.t1 <= MODIFIER_GAP:
            flagged = "modifier" in getattr(v_concepts.get(c.concept), "flags", ())
            # a term ending in a noun ("heterogeneous echotexture and increased vascularity")
            # names a finding of its own, not the adjective of the next (round 6)
            adjective = " " not in c.term or c.term.endswith(ADJECTIVE_ENDINGS)
            if (
                (flagged or (" " not in c.term and c.term.endswith(ADJECTIVE_ENDINGS)))
                and adjective
                and nxt.t0 - c.t1 <= 1
                and all(toks[k] in (",", "and", "-") for k in range(c.t1, nxt.t0))
                and not predicate_before_comma(toks, c.t0, c.t1, nxt.t0)
                and not both_appearances(v, c, nxt, toks)
                and not coordinated_finding(c, nxt, toks)
                and not both_normal(
                    v, c, nxt, toks
                )  # "symmetric and normal", "enlarged and homogeneous"
            ):
                for k in range(c.t0, c.t1):
                    concept_at[k] = False
                continue
            if flagged:
                # "FDG-avid pancreatic head mass", "hypodense segment 6 lesion": a modifier
                # before the structure that names where its finding is
                if phrase_at is None:
                    phrase_at = _phrase_words(toks, anat, sides)
                if all(phrase_at[k] for k in range(c.t1, nxt.t0)):
                    for k in range(c.t0, c.t1):
                        concept_at[k] = False
                    continue
        kept0.append(c)
    if fixed:
        kept0 = sent.cands
        resolve_given(kept0, devices)
        devwords = []
    sent.cands = kept0

    context_free = not fixed and not devwords
    # device words continuing a device
    if devwords:
        device_words(sent, devwords, anat, devices, concept_at, sides)
        extend_to_tips(sent.cands, toks)  # "tip of the catheter" from its tip (device_tips)
        sent.cands.sort(key=lambda c: c.t0)

    # phrase windows: anatomy and sides next to each term
    ends = anat_ends(anat) if anat else {}
    side_ends = side_word_ends(sides) if sides else {}
    for c in sent.cands:
        if c.device_word:
            continue
        phrase_window(v, c, toks, anat, sides, concept_at, ends, side_ends)

    back_reference = bool(mask & BACK_REF)  # a word of sites.BACK_REFERENCE
    prev_sites = previous_sites(prev, sent) if back_reference else []
    used_sides = set()
    for c in sent.cands:
        used_sides |= c.used

    free_at = [t0 for t0 in sides if t0 not in used_sides] if sides else []
    # a side or structure named only as what is compared ("larger than on the left") is
    # no mention's own unless in its phrase (``used``): not a free side, not a near site;
    # a structure or side in another item of a list of findings ("right upper lobe nodule,
    # cardiomegaly, and atelectasis") is that item's
    compared_at: set[int] = set()
    items: list[tuple[int, int]] = []
    finding_items: set[int] = set()
    stext, tok_at = "", sent.starts
    if anat or free_at:
        stext = text[sent.start : sent.end]
        if mask & COMPARE:  # a word of COMPARISON_WORDS
            compared_at = {t0 for t0 in (*free_at, *anat) if compared(stext, 0, tok_at[t0])}
        if (fixed or len(sent.cands) > 1) and mask & COMMA and mask & AND:
            items = list_items(stext)
            # an item of a list of findings names one ("in the left perihilar and lingular
            # regions": the second item is no finding's, its structure not foreign)
            finding_items = {item_of(items, tok_at[c.t0]) for c in sent.cands}
    # the structures and free sides standing in an item of a list of findings: which item
    # holds each is the same for every candidate, so it is read once per sentence here
    listed: list[tuple[int, int, int]] = []  # (token, offset, item)
    if items:
        for t0 in (*anat, *free_at):
            item = item_of(items, tok_at[t0])
            if item in finding_items:
                listed.append((t0, tok_at[t0], item))
    free_sides = _free_sides(sides, free_at, compared_at) if free_at else set()

    kept: list[Cand] = []
    has_node = bool(mask & NODE_HEAD)  # a word of sites.NODE_HEADS
    # per-candidate readings that find nothing without their words, asked only where those
    # stand (round 11: a call that decides nothing costs more than most decisions)
    interprets = not INTERPRETS.isdisjoint(toks)  # ``described_by`` needs one between
    looked = list(sent.cands)
    starts = sorted([c.t0 for c in sent.cands])
    for c in sent.cands:
        if c.antecedent is not None:  # resolved by now (it comes first)
            a = c.antecedent
            c.concept, c.anatomy, c.side = a.concept, a.anatomy, c.side or a.side
        concept = v.concepts.get(c.concept)
        if concept is None and not fixed:
            # an open-vocabulary observation (open_vocab): a finding named by its head noun
            concept = Concept(c.concept, FINDING, (c.term,), flags=(OPEN,))
        if (
            concept is not None
            and "normal" in concept.flags
            and not fixed
            and (
                subject_only_fails(c, toks, v)
                or bound_predicate_fails(v, c, toks, kept)
                or (c.t0 > 0 and toks[c.t0 - 1] == "than")  # "smaller than normal"
            )
        ):
            continue  # "free" is normal only as a structure's predicate
        sense_term, sense_t0 = c.sense_term(toks)
        if v.sense_rules and not c.device_word and sense_term in v.sense_rules:
            # the word's sense in this body part and context (senses.tsv, GUIDELINE rule 11)
            sense = sense_reading(
                v, sense_term, toks, sense_t0, c.anatomy if c.anatomy_from_text else region
            )
            if sense == NOT_A_MENTION and not fixed:
                continue
            if sense and sense != NOT_A_MENTION:
                c.concept, concept = sense, v.concepts[sense]
                c.type = concept.type
        described = described_by(c, kept, toks, term_mark) if interprets else None
        near, free = anat, free_sides
        if compared_at or items:
            at = tok_at[c.t0]
            foreign = {t0 for t0 in anat if t0 not in c.used and t0 in compared_at}
            foreign.update(in_other_items(stext, items, at, listed))
            near = {t0: a for t0, a in anat.items() if t0 not in foreign}
            free = _free_sides(sides, [t0 for t0 in free_at if t0 not in foreign], compared_at)
        if c.type == FINDING and (acted_on := verb_objects(toks, near, c)):
            near = {t0: a for t0, a in near.items() if t0 not in acted_on}
        if (
            concept is not None
            and "normal" in concept.flags
            and (both := elliptic_conjuncts(v, toks, near))
        ):
            near = {t0: a for t0, a in near.items() if t0 not in both}
        if (
            concept is not None
            and not c.device_word
            and not attributes(
                v, c, concept, near, region, prev_sites, free, back_reference, described
            )
            and not fixed
            and not ("normal" in concept.flags and normal_of_unlisted(v, c, toks))
            and not said_of_unlisted_structure(v, c, concept, toks)
            and not site_named_unlisted(v, c, concept, toks)
        ):
            continue
        if triggers:
            c.assertion = assertion_of(c, triggers, term_mark, changes, starts, toks)
        else:  # no cue: what ``assertion_of`` answers without one
            c.assertion, c.cue_dir = "present", ""
        if c.type == FINDING and c.span is None and has_node:
            c.t1 = node_phrase_end(v, c, toks, concept_at)  # the node it describes
        if c.concept.startswith("normal "):
            c.assertion = "present"
        c.change = change_of(c, changes, term_mark, toks) if changes else None
        if c.type == FINDING and c.change == "resolved" and c.assertion == "present":
            c.assertion = "absent"
        if c.type == DEVICE and c.change == "removed" and c.assertion == "present":
            c.assertion = "absent"
        kept.append(c)
    # the four normal-statement rules change nothing without a normal statement, and the
    # rules between them only drop mentions: one test for all four (round 11)
    stated = any(c.concept.startswith("normal ") for c in kept)
    if len(kept) > 1 and stated:
        kept = without_normal_properties(kept, toks)
        kept = one_normal_per_statement(kept, toks)
    if len(kept) > 1:
        kept = without_described_modifiers(v, kept, toks)
        kept = without_covering_properties(v, kept)
    if kept and not fixed:  # one statement, at its first normal word (normal_statement)
        if stated:
            at_first_normal_word(v, kept, toks)
            kept = one_statement_per_clause(v, kept, toks)
        if mask & QUALITY_WORD:  # "Good opacification" (normal_quality)
            kept = quality_statements(v, kept, toks)
        if "(" in toks:  # "(normal up to 30 mm)" (reference_values)
            kept = without_reference_values(kept, sent, text)
    if not fixed and mask & QUALITY_WORD:  # "Satisfactory bone mineralization" (quality_lines)
        kept = quality_lines(v, kept, toks)
    # after the modifier rules, which read the term's own end; each only where its word is
    # (the tokens are lower case: ``text.word_bounds``)
    if not fixed and any(c.concept in DESCRIPTORS for c in kept):
        # "hypoechoic intraluminal material": the mention spans to the phrase's head; "a hypoechoic
        # 12 mm nodule": the nodule's describing word is no mention (open_described)
        findings = {c.t0 for c in kept if c.type == FINDING and c.concept not in DESCRIPTORS}
        places = {k for t0, (t1, _, _) in anat.items() for k in range(t0, t1)}
        places.update(k for t0, (t1, _) in sides.items() for k in range(t0, t1))
        heads_kept: list[Cand] = []
        for c in kept:
            head = (
                described_head(v, c, toks, concept_at, findings, places)
                if c.concept in DESCRIPTORS
                else None
            )
            if head == DESCRIBES:
                continue
            if head is not None:
                c.t1 = head + 1  # the phrase up to its head, the table's concept
            heads_kept.append(c)
        kept = heads_kept
    carrier = bool(mask & CARRIER)  # a word of modifiers.CARRIER_NOUNS
    lymph = bool(mask & LYMPH)
    if carrier or lymph:
        for c in kept:
            if c.span is None:
                if carrier:
                    c.t1 = carrier_end(c, toks, concept_at)  # "inflammatory [changes]"
                if lymph:
                    c.t0 = node_words_start(c, toks)  # "enlarged [lymph nodes]"
    if len(kept) > 1 and triggers:
        trigger_at = [False] * n
        for t0, t1, _, _ in triggers:
            for k in range(t0, t1):
                trigger_at[k] = True
        coordinated(kept, toks, term_mark, trigger_at)
    if kept and not fixed and not HOLDERS.isdisjoint(toks):
        kept = without_normal_contents(kept, toks)  # "the bladder contains clear fluid"
    sent.cands = kept
    for c in kept:
        if c.type == DEVICE:
            devices.append((c, sent))
    if mask & DIGIT:  # sizes need a digit (layout.measurements looks for one first)
        measurements(sent, text)
    return context_free and not any(c.looked_back for c in looked)


def _free_sides(
    sides: dict[int, tuple[int, str]], free_at: list[int], compared_at: set[int]
) -> set[str]:
    """The sides of the side words at ``free_at`` (taken by no mention's phrase); none when
    each is only what something is compared with ("larger than on the left"). A side
    compared with another free one ("left worse than right") names both of one finding."""
    if compared_at and all(t0 in compared_at for t0 in free_at):
        return set()
    return {sides[t0][1] for t0 in free_at}
