"""The referral's sentences after an inline heading (GUIDELINE 8, round 5).

Reports without section headings often open with the referral run into the text, on one
line: "Referral data: <history>. <complaint>. Please perform CT of ... . The examination was
performed urgently. The CT showed ...". ``context.read_context`` takes the sentence that
opens with the heading as the reason for the exam; the sentences after it, up to the
request for the exam, are the referral too ("Currently reporting enlarged lymph nodes" is
the question, not the nodes the CT then shows).

``in_referral``: a sentence lies after an inline reason heading on the same line, no
sentence from the heading to it reports the exam ("the examination was performed", "the
CT showed"), and a request for the exam ("Please perform ...", "Please check ...") follows
at or after it on that line, with no report of the exam before the request. Without a
request on the line only the heading's own sentence is the reason (the findings may follow
"Indication: Hematuria." directly).
"""

from __future__ import annotations

import re
from functools import lru_cache

# A request for the exam, said by the referrer.
_REQUEST = re.compile(r"\b(?:please|kindly)\b|\brequested\b|\breferred\s+for\b", re.IGNORECASE)
# A sentence that reports the exam itself.
_REPORTS_EXAM = re.compile(
    r"\b(?:examination|exam|study|scan|imaging)\s+(?:was|were|is|has\s+been)\s+"
    r"(?:\w+\s+)?(?:performed|done|carried\s+out|conducted)\b"
    r"|\b(?:shows?|showed|revealed?|demonstrates?|demonstrated)\b",
    re.IGNORECASE,
)
_REACH = 600  # characters: how far a referral's heading and its request may lie
_SENTENCE = re.compile(r"[^.!?\n]+(?:[.!?]+|$)")


def in_referral(text: str, sentence: tuple[int, int], heading: re.Pattern[str]) -> bool:
    """Whether the sentence ``sentence`` of ``text`` belongs to the referral opened by an
    inline ``heading`` earlier on its line (see the module docstring)."""
    # a referral is short: look back and ahead a bounded stretch (linking stays near-linear
    # on a huge report written as one line)
    line_start = max(text.rfind("\n", 0, sentence[0]) + 1, sentence[0] - _REACH)
    line_end = text.find("\n", sentence[1], sentence[1] + _REACH)
    line_end = min(len(text), sentence[1] + _REACH) if line_end < 0 else line_end
    opened = heading.search(text, line_start, sentence[0])
    if opened is None:
        return False
    seen_self = False
    for m in _SENTENCE.finditer(text, opened.start(), line_end):
        if m.end() <= opened.end():
            continue
        words = m.group()
        if _REPORTS_EXAM.search(words):
            return False
        if m.start() >= sentence[0] or m.end() >= sentence[1]:
            seen_self = True
        if seen_self and _REQUEST.search(words):
            return True
    return False


# A conclusion without a section heading of its own (round 5): after the report's prose, a
# line that names the exam's findings or diagnosis and ends in a colon, followed by a
# numbered list ("Cervical spine X-ray findings:\n1. ...\n2. ..."); or (round 6) a line
# that says what the exam shows ("Chest HRCT plain scan indicates:\n1. ...", "CT scan of
# the lumbar spine and pelvis shows:\n1. ...": 38 PARROT reports).
_LIST_HEADING = re.compile(
    r"^[ \t]*[A-Za-z][^\n:.]{2,80}?\b(?:findings|diagnos[ie]s|impressions?|conclusions?"
    r"|shows?|indicated?|indicates|reveals?|suggests?|demonstrates?)"
    r"[ \t]*:[ \t]*\r?\n(?=[ \t]*1[.)][ \t]+\S)",
    re.IGNORECASE | re.MULTILINE,
)
_PROSE = re.compile(r"[a-z]{2}[.;][ \t]*(?:\r?\n|[ \t]+[A-Z])")


@lru_cache(maxsize=64)
def numbered_conclusion(text: str) -> int | None:
    """Where the numbered conclusion of a report without an impression heading starts: the
    last such heading line that follows at least two sentences of prose, or None."""
    found = None
    for m in _LIST_HEADING.finditer(text):
        if len(_PROSE.findall(text, 0, m.start())) >= 2:
            found = m.end()
    return found
