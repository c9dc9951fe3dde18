"""Words the extractor reads as findings that state nothing about the patient (round 9 precision).

Two constructions, each a rule about the language of reports, not about one sentence:

* **An image property under a normal word.** A property of the image (echogenicity, density,
  enhancement, contrast uptake, opacification) is a finding when it is abnormal ("increased
  echogenicity", "pathological contrast uptake"); under a normal word ("normal echogenicity",
  "good opacification", "normal wall thickness and contrast
  enhancement") the statement is the normal word's (GUIDELINE: a normal statement is a finding
  at the normal word), and the property is no second mention. A normal word before it counts
  when only property nouns, "and", commas and "with" stand between them; any other word (an
  abnormal one: "normal size, increased echogenicity"; a noun of its own) keeps the property.
  "homogeneous", "uniform" and "regular" are no normal words here: they describe lesions too
  ("a calcified dural mass with homogeneous enhancement").
* **A reference range.** "normal" that opens a reference value ("root 31 mm (normal up to 36
  mm)", "(normal 5-10 mm)", "normal range", "normal values") or names a solution ("normal
  saline") says what normal would be, not that a structure is normal: the rule's one home is
  ``reference_values.reference_normal``, used here.
"""

from __future__ import annotations

import re

from radtrack_gui.nlp.extractors.reference_values import REFERENCE_WORD, reference_normal

# the table concepts of image properties (the finding is the property when it is abnormal)
PROPERTY_CONCEPTS = frozenset({"echogenicity", "enhancement", "uptake"})
# "opacity" is the concept of many words; only these are properties of the image
PROPERTY_WORDS = frozenset({"density", "opacification", "contrast enhancement", "enhancement"})
# the property named alone (a span with its own modifier, "increased echogenicity", is kept)
BARE_PROPERTIES = PROPERTY_WORDS | {"echogenicity", "uptake", "contrast uptake"}
_NORMAL_WORD = (
    r"normal|good|satisfactory|adequate|preserved|usual|physiological|physiologic|"
    r"symmetric|symmetrical|age-appropriate"
)
# property nouns (and words of their list) allowed between the normal word and the property
_LIST_WORD = (
    r"size|shape|contour|contours|position|thickness|wall|walls|cortical|parenchymal|"
    r"echogenicity|echostructure|echotexture|density|enhancement|contrast|structure|"
    r"diameter|morphology|signal|intensity|appearance|and|with|,"
)
_BEFORE = re.compile(
    rf"\b(?:{_NORMAL_WORD})\b(?:[ \t\n,]+(?:{_LIST_WORD}))*[ \t\n,]*$",
    re.IGNORECASE,
)
_WINDOW = 80  # characters looked back for the normal word


def neutral_property(text: str, start: int, end: int, concept: str | None) -> bool:
    """Whether the finding ``text[start:end]`` (of ``concept``) is an image property under a
    normal word (no mention of its own)."""
    word = text[start:end].lower()
    if word not in BARE_PROPERTIES:
        return False
    if concept not in PROPERTY_CONCEPTS and word not in PROPERTY_WORDS:
        return False
    if concept == "opacity" and word not in PROPERTY_WORDS:
        return False
    head = text[max(0, start - _WINDOW) : start]
    return _BEFORE.search(head) is not None


def neutral_word(text: str, start: int, end: int, concept: str | None) -> bool:
    """Either of the above: the finding at ``start:end`` is no mention. The span is read
    once here: a word that is neither a bare property nor "normal" (most spans the
    extractor asks about) is answered without either reading (round 11)."""
    word = text[start:end].lower()
    if word in BARE_PROPERTIES:
        return neutral_property(text, start, end, concept)
    return word == REFERENCE_WORD and reference_normal(text, start, end)


# The lengths of the words :func:`neutral_word` can be true of (the span lower-cased must be
# one of them): a span of another length is no neutral word, known without slicing it (the
# rules extractor asks it of every finding it outputs; docs/performance.md "Round 10").
# Exact because ``str.lower`` changes the length of one character only (U+0130, to "i" and
# U+0307), and no such word holds U+0307 (tests/nlp/extractors/test_extraction_round10.py).
NEUTRAL_LENGTHS = frozenset(len(w) for w in (*BARE_PROPERTIES, REFERENCE_WORD))


# "of (a/an) ADJ nature / origin / etiology": the adjective names the cause of a finding named
# before it in the sentence. "likely inflammatory in nature" and "with a heterogeneous
# appearance" are not this: there the adjective is the reading (a diagnosis, a finding).
_CAUSE_AFTER = re.compile(
    r"(?:/[A-Za-z-]+)*[ \t]+(?:nature|origin|etiology|aetiology)\b", re.IGNORECASE
)
_CAUSE_BEFORE = re.compile(r"\bof[ \t]+(?:an?[ \t]+)?(?:[A-Za-z-]+/)?$", re.IGNORECASE)
_ADJECTIVE = re.compile(r"[a-z]+(?:ive|ic|ous|ory|al|ar|ant)$", re.IGNORECASE)
_SENTENCE_END = re.compile(r"[.;!?](?:\s|$)|\n\s*\n")


_CAUSE_NOUNS = ("nature", "origin", "etiology")  # "aetiology" holds "etiology"


def may_name_cause(text: str) -> bool:
    """False: no span of ``text`` is one of :func:`cause_adjectives` (an ASCII text holds
    none of the nouns ``_CAUSE_AFTER`` needs, in any case). Lower-casing and ``str.find`` run
    in C at a few instructions a character; round 10's gate, an IGNORECASE search of the
    same nouns, cost ``re``'s hundreds a character and was dropped (docs/performance.md
    "Round 11"). A non-ASCII text is always read: IGNORECASE also matches "ı" (U+0131)
    and "K" (U+212A) to ASCII letters, which ``str.lower`` does not."""
    if not text.isascii():
        return True
    low = text.lower()
    return any(noun in low for noun in _CAUSE_NOUNS)


def cause_adjectives(text: str, spans: list[tuple[int, int, bool]]) -> set[int]:
    """Indexes of the ``spans`` (start, end, is a finding; in text order) that are one
    adjective naming the nature or origin of a finding named earlier in the same sentence
    ("slight listhesis of L2 of [degenerative] origin", "basal volume loss, mainly of an
    [atelectatic] nature"): no mention of their own."""
    out: set[int] = set()
    for i, (s, e, finding) in enumerate(spans):
        word = text[s:e]
        if not finding or not _ADJECTIVE.fullmatch(word) or _CAUSE_AFTER.match(text, e) is None:
            continue
        if _CAUSE_BEFORE.search(text, max(0, s - 40), s) is None:
            continue
        for _ps, pe, pfinding in reversed(spans[:i]):
            if pe > s:
                continue
            if _SENTENCE_END.search(text, pe, s):
                break
            if pfinding:
                out.add(i)
                break
    return out
