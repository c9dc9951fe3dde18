"""Sides given outside a finding's noun phrase (GUIDELINE 3 and 9): the one side its own
words or its sentence name, and the side of an exam of one side named earlier in its
paragraph; and whether a finding lies in its structure or beside it. Used by
``context.enrich``."""

from __future__ import annotations

import re

from radtrack_gui.core.model import DEVICE
from radtrack_gui.nlp.folded import Folded
from radtrack_gui.nlp.linkers.info import MentionInfo
from radtrack_gui.nlp.linkers.places import SIDE_WORDS
from radtrack_gui.nlp.vocabulary import Vocabulary

_ANY_SIDE = re.compile(r"\b(left|right|bilateral(?:ly)?|both)\b", re.IGNORECASE)


def clause_side(own: str, sentence: str) -> str | None:
    """The one side a finding's own words name, else the one side its sentence names, any
    spelling counted ("there is hemorrhage in the right thalamus, as well as edema ...
    bilaterally": right, its own; a line "Ampullary obstruction of the left fallopian tube"
    below a right one: left); None when neither names exactly one ("right-sided
    pneumothorax on the left decubitus film": two)."""
    for words in (own, sentence):
        sides = {SIDE_WORDS.get(w.lower(), "bilateral") for w in _ANY_SIDE.findall(words)}
        if sides:
            return sides.pop() if len(sides) == 1 else None
    return None


# "Ultrasound of the left breast shows ...", "Examination of the right knee": the side of the
# structure an exam of one side covers
_SCOPE = re.compile(
    r"\b(?:ultrasound|sonography|mammography|mammogram|examination|exam|evaluation|imaging"
    r"|mri|mr|ct|scan|study|views?)\s+of\s+the\s+(left|right)\s+([a-z]+(?:\s+[a-z]+)?)",
    re.IGNORECASE,
)


_SCOPE_FOLDED = Folded(_SCOPE)


def scope_side(info: MentionInfo, text: str, sentence_start: int, v: Vocabulary) -> str | None:
    """The side of an exam of one side named earlier in the finding's paragraph
    ("Ultrasound of the left breast shows ... No suspicious lesions are observed. Ultrasound
    of the right breast ... No suspicious focal lesions."): it holds for the findings of that
    paired structure after it until another side's exam is named. Not for a finding of
    another structure ("Examination of the left knee ... no pleural effusion")."""
    if info.type == DEVICE or not info.statement_site:
        return None
    para = text.rfind("\n\n", 0, sentence_start)
    # (groups lower-cased on ASCII text: both are lower-cased below anyway)
    scopes = list(_SCOPE_FOLDED.finditer_lower(text, max(0, para), sentence_start))
    if not scopes:
        return None
    last = scopes[-1]
    named = v.anatomy_terms.get(last.group(2).lower()) or v.anatomy_terms.get(
        last.group(2).split()[0].lower()
    )
    if not named or not v.anatomy_related(named, info.statement_site):
        return None
    return last.group(1).lower()


# a locative before a structure: next to it, or in it
_LOCATIVE = (
    r"(?:(adjacent\s+to|next\s+to|close\s+to|near|around|surrounding|beside|outside"
    r"|abutting)|(in|within|inside))\s+the\b"
)
_OWN_LOCATIVE = re.compile(r"\b" + _LOCATIVE, re.IGNORECASE)
_TAIL_LOCATIVE = re.compile(r"^\W*(?:[\w-]+\s+){0,2}?" + _LOCATIVE, re.IGNORECASE)


def beside(info: MentionInfo, own: str, tail: str) -> bool | None:
    """Whether a finding lies next to its structure ("mass adjacent to the gallbladder":
    True) or in it ("mass in the gallbladder": False), read from its own words, else from
    the start of the rest of its clause (``tail``); None when they say neither."""
    if info.type == DEVICE:
        return None
    m = _OWN_LOCATIVE.search(own) or _TAIL_LOCATIVE.match(tail)
    if m is None:
        return None
    return m.group(1) is not None
