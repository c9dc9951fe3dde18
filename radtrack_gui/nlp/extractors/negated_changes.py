"""A negated "changes" said of a structure (round 10, wb-recall; GUIDELINE "Units": generic
negatives at their noun are mentions): "The posterior fossa structures show no changes", "No
changes are noted in the bony parts of the skull", "with no changes in the walls", "did not
reveal any acute, fresh changes". The open readings leave "changes" out as a vague report word
(``open_heads.NOT_A_HEAD``: "changes" after a finding word is that finding's), but after a
negation it is the report's statement that a structure has nothing abnormal, the way "no
abnormalities" is.

A mention (assertion from the negation as for any finding, concept "changes") at the plural
"changes" when, within one clause,

* a negation opens the phrase it heads: "no", "without", "nor", or "any" after "not" (``NOT_ANY``
  words back), over at most ``MAX_BETWEEN`` describing words and commas ("no evident changes",
  "any acute, fresh changes"), none of them a table term (``covered``: "no focal changes" is the
  table's mention) nor a word that ends a noun phrase;
* no degree word of a course statement stands between ("no significant changes" is no
  significant change: ``COURSE_DEGREES``);
* "changes" is not compared with an earlier exam or the describing noun of a finding named
  after it ("no changes compared to the prior scan", "no changes suggestive of fracture":
  ``NOT_BEFORE``; "no changes in the lungs since 2019": ``COMPARING`` later in the sentence; "no changes in the pulmonary image": a report noun
  later, ``REPORT_NOUNS``);
* and the sentence names a structure (an anatomy term of the tables; the caller's gate):
  "No changes observed." in a follow-up report is the course, said of nothing.

The singular "no change" is a course word (stability), never read here.
"""

from __future__ import annotations

from collections.abc import Collection

CHANGES = "changes"
NEGATORS = frozenset({"no", "without", "nor"})
NOT_ANY = 3  # "did not reveal any": "any" this many words after "not"
MAX_BETWEEN = 3
# words right after "changes" that make it a comparison with an earlier exam or the noun of a
# finding named after it
NOT_BEFORE = frozenset(
    {
        *("compared", "comparison", "since", "from", "relative", "versus", "vs", "to"),
        *("suggestive", "indicative", "typical", "consistent", "compatible", "characteristic"),
        *("suspicious", "of", "related", "due", "attributable", "secondary", "after"),
    }
)
# words later in the sentence that compare with an earlier exam
COMPARING = frozenset({"since", "compared", "comparison", "previous", "prior", "preceding"})
# report nouns later in the sentence: the changes are the image's ("in the pulmonary image")
REPORT_NOUNS = frozenset({"image", "images", "picture"})
# degree words of a course statement ("no significant changes": no significant change)
COURSE_DEGREES = frozenset(
    {"significant", "relevant", "major", "substantial", "essential", "interval", "further"}
)
# words that end the phrase a negation opens before "changes" (another clause or phrase)
BREAKS = frozenset(
    {
        *("and", "or", "but", "with", "in", "of", "at", "on", "is", "are", "was", "were"),
        *("the", "a", "an", "this", "that", "which", "other", "further", "new", "more"),
        *(".", ";", ":", "(", ")", "-"),
    }
)


def negated_changes(
    toks: list[str], covered: Collection[int]
) -> list[tuple[int, int, str, str, str]]:
    """Templates ``(t0, t1, "changes", "finding", "changes")`` of each negated "changes" of
    ``toks`` (lower-case tokens of one sentence; see the module docstring); ``covered``: the
    tokens of table terms and other readings."""
    out: list[tuple[int, int, str, str, str]] = []
    n = len(toks)
    for k, tok in enumerate(toks):
        if tok != CHANGES or k in covered:
            continue
        if k + 1 < n and toks[k + 1] in NOT_BEFORE:
            continue
        if not COMPARING.isdisjoint(toks[k + 1 :]):
            continue  # "no changes in the lungs since 2019": the course, not a finding
        if not REPORT_NOUNS.isdisjoint(toks[k + 1 :]):
            continue  # "no changes in the pulmonary image": the image's course
        if _negated(toks, k, covered):
            out.append((k, k + 1, CHANGES, "finding", CHANGES))
    return out


def _negated(toks: list[str], k: int, covered: Collection[int]) -> bool:
    """A negation opens the phrase that ``toks[k]`` heads (over describing words and commas)."""
    words = 0
    i = k - 1
    while i >= 0 and words <= MAX_BETWEEN:
        tok = toks[i]
        if tok in NEGATORS:
            return True
        if tok == "any":  # "did not reveal any", "without any"
            return (i > 0 and toks[i - 1] in NEGATORS) or "not" in toks[max(0, i - NOT_ANY) : i]
        if i in covered or tok in BREAKS or tok in COURSE_DEGREES:
            return False
        if not (tok == "," or tok.isalpha()):
            return False
        words += tok != ","
        i -= 1
    return False
