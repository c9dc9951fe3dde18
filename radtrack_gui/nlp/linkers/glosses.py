"""More ways one report reads a sign as a diagnosis (issue #18 §2, round 4; GUIDELINE: "a
vaguer or a more specific term for the same process" is one finding).

Found on fresh whole-body reports (``pairs_wholebody_dev2.tsv``), each a pattern of report
language, not of one sentence:

- ``attached``: the sign is the subject of its sentence and what is named between it and the
  reading is attached to it ("heterogeneous enhancing mass with internal hemorrhage ...
  measuring 2.5 cm in the right IAC, highly suggestive of X"; "porencephalic cavity,
  surrounded by peripheral gliosis, related to X"): only sign words stand before the first
  attaching word. A diagnosis as the subject ("pleural effusion with adjacent opacity, likely
  atelectasis") or another finding listed before the attachment keeps them apart;
- ``glossed``: a reading in parentheses right after the sign ("hypoechoic structure
  (edema)", "microbleed (possible micro-cavernoma?)"); not "(and ...)", not "(X or Y)";
- ``after_dash``: a spaced dash and at most three words that name no finding before the
  reading ("... – likely an enlarged lymph node", "- sonographic features of X", "- status
  post-fractures"), the findings between being signs only;
- ``this_appearance``: "This appearance is compatible with X", "These findings suggest X":
  a demonstrative subject reads the findings of the sentence right before it;
- ``opens_after``: "The findings are consistent with X" opening a closing paragraph reads
  the signs of the paragraph right before it (``signs.findings_reading``), not earlier ones;
- ``restated_subject``: a later sentence restates the sign as its subject and reads it
  ("Multiple rounded hypodensities with ring enhancement ..., suggestive of multiple
  abscesses" after "Hypodensities with ring enhancement in the vermis"): the sign's concept
  is the first finding that sentence names. A finding listed later in that sentence is not
  read ("A mass ..., accompanied by multiple nodules, consistent with lung cancer": the
  nodules are not the cancer).

All hold only between findings of one report, neither negated nor a question, the sign
first. ``signs.sign_reading`` uses them; ``features.conflict`` lets such a reading stand
across a sub-part and its whole (where the sign was seen inside the diagnosis's organ).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from radtrack_gui.core.model import DEVICE
from radtrack_gui.nlp.linkers.places import WORD, named_structures
from radtrack_gui.nlp.linkers.readings import (
    EXPLAINS,
    LONG,
    STOP,
    attached_before,
    descriptive,
    first_concept,
    names_finding_term,
    only_signs,
    sign_like,
)

if TYPE_CHECKING:
    from radtrack_gui.nlp.linkers.info import MentionContext, MentionInfo
    from radtrack_gui.nlp.vocabulary import Vocabulary

# "(edema)", "(possible micro-cavernoma?)", "(i.e. ...)": a reading in parentheses
_GLOSS_OPEN = re.compile(
    r"^\s*\(\s*(?:(?:most\s+)?(?:possible|possibly|probable|probably|likely|suspected"
    r"|presumed|presumably|suspicious\s+for|i\.\s?e\.,?|ie|=)\s+)?$",
    re.IGNORECASE,
)
_GLOSS_CLOSE = re.compile(r"^\s*\??\s*\)")
_DASH = re.compile(r"\s[-\u2013\u2014]\s+")
# words after a dash that neither read nor name a finding: a quantity ("a small amount of"),
# or the report's own findings as the subject of the reading ("the CT appearance suggests")
_DASH_LEAD = re.compile(
    r"^\s*(?:(?:a|an|some)\s+)?(?:(?:small|large|minimal|moderate|little|trace)\s+)?"
    r"(?:amount|quantity|volume)\s+of\s+"
    r"|^\s*(?:the|this)\s+(?:(?:ct|mr|mri|us|x-ray|radiological|imaging|sonographic)\s+)?"
    r"(?:appearance|image|picture)\s+",
    re.IGNORECASE,
)
_DEMONSTRATIVE = re.compile(
    r"^\W*(?:this|these|such)\s+(?:\w+\s+){0,2}?(?:findings?|appearances?|changes?|features?"
    r"|picture|pattern|aspects?|images?)\b",
    re.IGNORECASE,
)


def is_finding(m: MentionInfo) -> bool:
    """A positive or hedged finding seen in the report (not a question, not negated)."""
    return (
        m.type != DEVICE
        and m.assertion != "absent"
        and m.ctx is not None
        and not m.ctx.reason
        and not m.generic_statement
    )


def ordered(a: MentionInfo, b: MentionInfo) -> tuple[MentionInfo, MentionInfo] | None:
    """(first, second) by position when both are findings of one report, else None."""
    if a.report != b.report or not (is_finding(a) and is_finding(b)):
        return None
    assert a.ctx is not None and b.ctx is not None
    return (a, b) if a.ctx.start <= b.ctx.start else (b, a)


class Between(NamedTuple):
    """Two findings of one report in text order, their contexts and the text between them
    (in their sentence, or between their two sentences)."""

    first: MentionInfo
    second: MentionInfo
    fc: MentionContext
    sc: MentionContext
    text: str


def _in_order(a: MentionInfo, b: MentionInfo) -> Between | None:
    """``ordered`` findings with their contexts (no text between yet)."""
    pair = ordered(a, b)
    if pair is None:
        return None
    first, second = pair
    assert first.ctx is not None and second.ctx is not None
    return Between(first, second, first.ctx, second.ctx, "")


def one_sentence(a: MentionInfo, b: MentionInfo) -> Between | None:
    """``ordered`` findings of one sentence, the first ending before the second starts, with
    the text between them; None when not so."""
    hit = _in_order(a, b)
    if hit is None or hit.fc.sentence != hit.sc.sentence or hit.fc.end > hit.sc.start:
        return None
    return hit._replace(text=hit.fc.text[hit.fc.end : hit.sc.start])


def later_sentence(a: MentionInfo, b: MentionInfo) -> Between | None:
    """``ordered`` findings, the second in a later sentence, with the text between their
    two sentences; None when not so."""
    hit = _in_order(a, b)
    if hit is None or hit.fc.sentence[0] >= hit.sc.sentence[0]:
        return None
    return hit._replace(text=hit.sc.text[hit.fc.sentence[1] : hit.sc.sentence[0]])


def attached_read(lead: MentionInfo, between: str, v: Vocabulary) -> bool:
    """``between`` (from the sign to its reading) reads the sign: it ends in an interpreting
    word that names no finding after it, and what stands before that word is attached."""
    if len(between) > LONG or STOP.search(between) or not sign_like(lead, v):
        return False
    hits = list(EXPLAINS.finditer(between))
    if not hits or names_finding_term(between[hits[-1].end() :], v):
        return False
    return attached_before(between[: hits[-1].start()], v)


def attached(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> bool:
    hit = one_sentence(a, b)
    return hit is not None and attached_read(hit.first, hit.text, v)


def glossed(a: MentionInfo, b: MentionInfo) -> bool:
    """The second is given in parentheses right after the first: "X (Y)", "X (possible Y?)"."""
    hit = one_sentence(a, b)
    if hit is None or not _GLOSS_OPEN.match(hit.text):
        return False
    return bool(_GLOSS_CLOSE.match(hit.fc.text[hit.sc.end : hit.sc.end + 4]))


def after_dash(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> bool:
    """A spaced dash and at most three words naming no finding before the reading; the
    findings between the two are signs only."""
    hit = one_sentence(a, b)
    if hit is None or len(hit.text) > LONG or STOP.search(hit.text):
        return False
    first, between = hit.first, hit.text
    dashes = list(_DASH.finditer(between))
    if not dashes:
        return False
    dash, words = dashes[-1], between[dashes[-1].end() :]
    words = _DASH_LEAD.sub("", words)  # "- a small amount of X", "- the CT appearance suggests X"
    if len(words.split()) > 3 or names_finding_term(words, v):
        return False
    return sign_like(first, v) and only_signs(between[: dash.start()], v)


def this_appearance(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> bool:
    """ "This appearance is compatible with X": the sentence right before it is read."""
    hit = later_sentence(a, b)
    if hit is None or hit.sc.reads_findings != "paragraph":
        return False
    dc, gap = hit.sc, hit.text
    if not _DEMONSTRATIVE.match(dc.text[dc.sentence[0] : dc.start]):
        return False
    return len(WORD.findall(gap)) == 0  # no sentence between them


def restated_subject(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> bool:
    """A later sentence's subject restates the sign, and the sentence reads it as the
    diagnosis (an interpreting word right before it, no other finding after that word)."""
    hit = later_sentence(a, b)
    if hit is None or hit.first.concept is None:
        return False
    sign, dx, _, dc, _ = hit
    if descriptive(dx.concept, v) or not (
        sign_like(sign, v) or any(descriptive(c, v) for c in sign.concept_line)
    ):
        return False  # a sign (or a kind of one) read as what is no sign
    before = dc.text[dc.sentence[0] : dc.start]
    hits = list(EXPLAINS.finditer(before))
    if not hits or len(before) > LONG or names_finding_term(before[hits[-1].end() :], v):
        return False
    subject = first_concept(before[: hits[-1].start()], v)
    return subject is not None and subject in sign.concept_line


def opens_after(sc: MentionContext, dc: MentionContext) -> bool:
    """The reading sentence opens its own paragraph right after the sign's paragraph
    ("... marginal thrombotic masses.\n\nThe findings are consistent with deep vein
    thrombosis."): a closing paragraph reads the one before it."""
    text = dc.text
    start = text.rfind("\n\n", 0, dc.sentence[0])
    if start < sc.sentence[1] or WORD.search(text[start : dc.sentence[0]]):
        return False  # the sign is in its paragraph, or the sentence does not open it
    return text.rfind("\n\n", sc.sentence[1], start) < 0


def reading_names_site(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> bool:
    """The later one's sentence names the earlier one's site ("hypodensities ... in the
    vermis" read in "hypodensities ... in the posterior fossa and supratentorial region,
    suggestive of abscesses"): the reading is about where the sign was seen."""
    first, second = (a, b) if a.order <= b.order else (b, a)
    c = second.ctx
    if c is None or first.site is None or a.report != b.report:
        return False
    named = {x for _, x in named_structures(v, c.text[c.sentence[0] : c.sentence[1]], 0)}
    return any(x == first.site or v.is_part_of(first.site, x) for x in named)


def one_sentence_reading(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> bool:
    """A gloss, an attached reading or a reading after a dash, in one sentence."""
    return glossed(a, b) or attached(a, b, v) or after_dash(a, b, v)


def gloss_reading(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> bool:
    """Any of the readings above."""
    return one_sentence_reading(a, b, v) or this_appearance(a, b, v) or restated_subject(a, b, v)


def given_to_another(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> bool:
    """The report gives the diagnosis to another sign: its own sentence reads a finding of
    another concept as it ("Multiple hypodense foci ..., indicative of focal ischemic
    strokes"), and the other mention, in another sentence, is related to it only by the
    vocabulary ("cortico-subcortical edema", a sign of infarcts, elsewhere in the report).
    Not when the sentence's sign is the other mention's concept (a restatement)."""
    if a.report != b.report or a.ctx is None or b.ctx is None:
        return False
    if a.ctx.sentence == b.ctx.sentence:
        return False
    for dx, sign in ((a, b), (b, a)):
        if descriptive(dx.concept, v) or not sign_like(sign, v):
            continue
        c = dx.ctx
        assert c is not None
        before = c.text[c.sentence[0] : c.start]
        hits = list(EXPLAINS.finditer(before))
        if not hits or names_finding_term(before[hits[-1].end() :], v):
            continue
        read = first_concept(before[: hits[-1].start()], v)
        if (
            read is not None
            and read != dx.concept  # "white matter changes, suggestive of microvascular
            # disease": the subject names the diagnosis itself, no other sign (wb-signs3)
            and read not in sign.concept_line
            and sign.concept not in (v.broader_concepts(read))
        ):
            return True
    return False


# adjective endings of a finding noun ("myomatous", "cirrhotic", "atelectatic", "hemorrhagic")
_ADJECTIVE = re.compile(r"(?:atous|ous|otic|atic|ic|ed)$")


def adjective_names(tokens: tuple[str, ...], noun: str, v: Vocabulary) -> bool:
    """A word of ``tokens`` is the adjective of the finding noun ``noun`` ("myomatous uterus"
    / "myoma", "cirrhotic liver" / "cirrhosis"): it shares all of the noun but its last
    three letters (at least five); a word naming a structure ("hepatic") is no such
    adjective."""
    if len(noun) < 5:
        return False
    for word in tokens:
        if word == noun or not _ADJECTIVE.search(word) or word in v.anatomy_terms:
            continue
        common = 0
        for x, y in zip(word, noun, strict=False):
            if x != y:
                break
            common += 1
        if common >= max(5, len(noun) - 3):
            return True
    return False
