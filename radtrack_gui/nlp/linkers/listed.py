"""Readings a report gives in the other direction or by pointing back (issue #18 §2, round 5).

Found on fresh whole-body reports (``pairs_wholebody_dev4.tsv``); each a pattern of report
language, kept to findings of one report, neither negated nor a question:

- ``lists_signs``: the diagnosis comes first and the report lists its signs after it ("Signs
  of advanced osteoarthritis of the AC joint: capsular hypertrophy, subchondral cysts, ...";
  "Manifestations of lumbar spondyloarthrosis with bridging osteophytes and hypertrophy of
  the facet joints"; "possible signs of chronic pancreatitis ... with dilation of the duct
  and atrophy of the parenchyma"). After a colon every finding listed is a sign of it; after
  "with" / "including" a finding that the vocabulary reads as a diagnosis of its own (an
  effusion, an infection) is not ("signs of pneumonia with a small pleural effusion").
- ``anaphoric_reading``: a later sentence points back at the finding with a demonstrative
  or definite generic subject and reads it ("... a mass in the right lobe. The change shows
  heterogeneous signal ..., suggesting neoplastic changes"; "Nodular lesion ... . This
  lesion is suspected to be a secondary localization"). A generic noun ("change", "area",
  "finding") points at the sentence right before; a noun that is the finding's own head
  word ("lesion") at the nearest earlier sentence of the paragraph naming it.

``signs.sign_reading`` uses both; ``features.conflict`` lets ``lists_signs`` (one sentence)
stand across two sites, as the other one-sentence readings do; ``reading_lookup`` gives the
blocking keys with which such a diagnosis finds its sign (``signs.reading_keys``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from radtrack_gui.nlp.linkers.glosses import later_sentence, one_sentence
from radtrack_gui.nlp.linkers.places import WORD
from radtrack_gui.nlp.linkers.readings import (
    EXPLAINS,
    LONG,
    STOP,
    descriptive,
    names_finding_term,
    sign_like,
)
from radtrack_gui.nlp.linkers.sites import is_region

if TYPE_CHECKING:
    from radtrack_gui.nlp.linkers.info import MentionContext, MentionInfo
    from radtrack_gui.nlp.vocabulary import Vocabulary

# "Signs of (advanced) X", "manifestations of lumbar X", "features of X", "stigmata of X":
# the diagnosis introduced as what the following findings show
_SIGNS_OF = re.compile(
    r"\b(?:signs?|manifestations?|features?|stigmata|hallmarks?)\s+of\s+(?:[\w-]+\s+){0,2}$",
    re.IGNORECASE,
)
_SIGNS_OF_ANY = re.compile(
    r"\b(?:signs?|manifestations?|features?|stigmata|hallmarks?)\s+of\b", re.IGNORECASE
)
# what introduces the list after the diagnosis: a colon, "with", "including", "such as"
_COLON = re.compile(r":")
_INTRODUCES = re.compile(r"\b(?:with|including|such\s+as|namely)\b", re.IGNORECASE)
_NEGATION = re.compile(r"\b(?:no|not|without)\b", re.IGNORECASE)

# a sentence opening with a demonstrative or definite generic subject that points back:
# "This lesion", "The change", "These areas", "Such a formation"
_ANAPHOR = re.compile(
    r"^\W*(?:this|these|the|such(?:\s+an?)?|said)\s+(?P<noun>lesions?|areas?|changes?|findings?"
    r"|formations?|masses|mass|nodules?|foci|focus|structures?|abnormalit(?:y|ies)"
    r"|collections?|alterations?|zones?|regions?)\b",
    re.IGNORECASE,
)
# nouns that name no kind of finding: they point at the sentence right before
_GENERIC = frozenset(
    {"change", "area", "finding", "alteration", "zone", "region", "abnormality", "abnormalitie"}
)


def _diagnosis(m: MentionInfo, v: Vocabulary) -> bool:
    """A diagnostic word: no sign word (an unknown word may name a diagnosis too)."""
    return not descriptive(m.concept, v)


def _row_diagnosis(m: MentionInfo, v: Vocabulary) -> bool:
    """A concept that a sign-of row reads as a diagnosis (or a kind of one): a finding of
    its own, not a sign listed under another."""
    diagnoses = {d for ds in v.signs.values() for d in ds}
    return bool(diagnoses.intersection(m.concept_line))


def lists_signs(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> bool:
    """One sentence names the diagnosis as what its signs show, then lists them."""
    hit = one_sentence(a, b)
    if hit is None or not _diagnosis(hit.first, v):
        return False
    _, sign, dc, _, between = hit
    if not _SIGNS_OF.search(dc.text[dc.sentence[0] : dc.start]):
        return False
    if len(between) > LONG or STOP.search(between) or _NEGATION.search(between):
        return False
    if _COLON.search(between):
        return True  # "Signs of X: A, B, C": the report enumerates X's signs
    return bool(_INTRODUCES.search(between)) and not _row_diagnosis(sign, v)


def co_listed(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> bool:
    """Two signs listed under one diagnosis in its sentence ("Signs of X: cysts, osteophytes
    and narrowing"): signs of one process, so their concepts do not keep them apart."""
    hit = one_sentence(a, b)
    if hit is None:
        return False
    first, second, fc, sc, _ = hit
    hits = list(_SIGNS_OF_ANY.finditer(fc.text, fc.sentence[0], fc.start))
    if not hits:
        return False
    span = fc.text[hits[-1].end() : sc.start]
    if len(span) > LONG or STOP.search(span) or _NEGATION.search(span):
        return False
    if _COLON.search(span):
        return True
    return bool(_INTRODUCES.search(span)) and not (
        _row_diagnosis(first, v) or _row_diagnosis(second, v)
    )


def _anaphor(dc: MentionContext) -> str | None:
    """The generic noun the mention's sentence opens with, when it points back."""
    hit = _ANAPHOR.match(dc.text[dc.sentence[0] : dc.start])
    if hit is None:
        return None
    noun = hit.group("noun").lower()
    return {"masses": "mass", "foci": "focus", "abnormalities": "abnormality"}.get(
        noun, noun.rstrip("s") if noun.endswith("s") and noun != "focus" else noun
    )


def _reads(dx: MentionInfo, v: Vocabulary) -> bool:
    """The sentence reads its subject as ``dx``: an interpreting word before it and no other
    finding named between that word and it."""
    c = dx.ctx
    assert c is not None
    before = c.text[c.sentence[0] : c.start]
    hits = list(EXPLAINS.finditer(before))
    return bool(hits) and not names_finding_term(before[hits[-1].end() :], v)


def anaphoric_reading(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> bool:
    """A later sentence points back at the sign with a generic subject and reads it."""
    hit = later_sentence(a, b)
    if hit is None:
        return False
    sign, dx, _, dc, gap = hit
    if not _diagnosis(dx, v) or not sign_like(sign, v):
        return False
    noun = _anaphor(dc)
    if noun is None or not _reads(dx, v):
        return False
    if "\n\n" in gap:
        return False  # another paragraph
    if noun in _GENERIC:
        return not WORD.search(gap)  # "The change ...": the sentence right before
    # "This lesion": the nearest earlier sentence naming a finding of that kind
    return _names_kind(noun, sign, v) and not re.search(rf"\b{noun}", gap, re.IGNORECASE)


def _names_kind(noun: str, sign: MentionInfo, v: Vocabulary) -> bool:
    """``noun`` is the sign's head word, or a word for its concept or a broader one ("this
    lesion" for a nodule)."""
    if noun == sign.head or any(c.split()[-1] == noun for c in sign.concept_line):
        return True
    c = v.concept_of(noun)
    return (
        c is not None
        and sign.concept is not None
        and (c.name in sign.concept_line or c.name in v.broader_concepts(sign.concept))
    )


def reading_lookup(m: MentionInfo) -> list[str]:
    """Blocking keys a diagnosis looks up to meet the sign its sentence points back at
    ("This lesion is suspected to be ..."): the findings of its paragraph. (The head words of
    a subject restated in a conclusion were tried as keys too: one more fresh pair, one chest
    pair lost, so not kept.)"""
    c = m.ctx
    if c is None or _anaphor(c) is None:
        return []
    return [f"p:{m.report}:{c.text.rfind(chr(10) * 2, 0, c.sentence[0])}"]


def own_organ(dx: MentionInfo, v: Vocabulary) -> str | None:
    """The organ a diagnosis names in its own word: its concept's default structure, else an
    organ whose name (less its last letter, at least five letters) begins the diagnosis's
    word ("thyroiditis": the thyroid; "pancreatitis": the pancreas); never a region."""
    c = v.concepts.get(dx.concept) if dx.concept else None
    if c is not None and c.anatomy:
        return c.anatomy
    for word in dx.tokens:
        for n in range(len(word) - 3, 4, -1):
            site = v.anatomy_terms.get(word[:n]) or v.anatomy_terms.get(word[:n] + "s")
            if site is not None and len(word[:n]) >= 5:
                return None if is_region(v, site) else site
    return None
