"""Reasons for the exam written inside the report's text, where no section starts (GUIDELINE 8).

``layout.question_spans`` reads the reason for the exam from the sections the section finder
made. Whole-body reports often run the reason into a paragraph of their own text without a
section of its own: "Scan done on call. Referral data: dyspnoea, leg edema.", "**Reason for
Exam:** control of a known cyst.", "Past history also lists: an old bleed ...". What such a
reason names is a question or the
patient's past, not an observation of this exam: the extractor leaves it out (rule 8).

:func:`inline_reason_spans` finds

* a **run-in reason heading**: at the start of a line or after a sentence's end, one to six
  words (optionally in Markdown bold) ending in a colon, whose name the section finder reads as
  the indication (``sections.canonical``: "Referral data", "Clinical data", "Reason for
  examination", "History") or that holds the word history, indication or referral ("Past
  history also lists", "Urgent indication"); its reason runs from the heading to the end of
  the first sentence after the colon (a heading alone on its line: the next line's sentence);

A sentence opening with "History of" is NOT read as a reason: round 9 measured it (dev union
precision +.0006, check union +.0040, no recall lost), but "Findings: History of a kidney
mass, bigger today." restates a finding with its change, and three tests of other rules keep
such sentences findings (wb-mentions13 reverted the same rule for that reason).

A heading the section finder reads as another section ("Findings:", "Diagnosis:") or a
sentence that only mentions a history in its middle ("Findings compatible with a history of
...") is no reason.
"""

from __future__ import annotations

import re

from radtrack_gui.nlp.sections import canonical

# where a run-in heading ends: its colon, or the closing bold of a heading alone on its line
_MARK = re.compile(r":|\*\*(?=[ \t]*(?:\n|$))")
# the heading before the mark: one to six words, optionally opened in bold, nothing before it
# on its line or since the sentence's end
_HEAD = re.compile(
    r"[ \t]*(?P<open>\*\*)?(?P<h>[A-Z][A-Za-z]+(?:[ \t]+[A-Za-z]+){0,5})[ \t]*"
    r"(?P<close>\*\*)?[ \t]*"
)
_LOOK_BACK = 70  # characters before the mark that may hold the heading
_REASON_WORDS = frozenset({"HISTORY", "INDICATION", "REFERRAL"})
# a sentence's end: . ! ? before white space or the text's end
_END = re.compile(r"[.!?](?=\s|$)|\n[ \t]*\n")


def _is_reason(heading: str) -> bool:
    name = " ".join(heading.upper().split())
    return canonical(name) == "INDICATION" or bool(_REASON_WORDS & set(name.split()))


def _sentence_end(text: str, pos: int) -> int:
    """The end of the sentence that starts at ``pos`` (its full stop included)."""
    while pos < len(text) and text[pos].isspace():
        pos += 1  # a heading alone on its line: the reason is on the next line
    stop = _END.search(text, pos)
    return stop.start() + 1 if stop else len(text)


def _marks(text: str) -> list[re.Match[str]]:
    """``_MARK.finditer(text)`` as a list: the colons found by ``str.find`` and the bold
    closings tried only where "**" stands (a scan of the pattern, which opens with a choice
    of two characters, costs ~80 instructions a character of the report; round 10)."""
    out: list[re.Match[str]] = []
    colon = text.find(":")
    while colon >= 0:
        m = _MARK.match(text, colon)
        if m is not None:  # always: a colon is a mark
            out.append(m)
        colon = text.find(":", colon + 1)
    bold = text.find("**")
    if bold >= 0:
        while bold >= 0:
            m = _MARK.match(text, bold)
            if m is not None:
                out.append(m)
            bold = text.find("**", bold + (2 if m is not None else 1))
        out.sort(key=lambda m: m.start())
    return out


def inline_reason_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of every reason for the exam run into the text."""
    out: list[tuple[int, int]] = []
    for mark in _marks(text):
        pos = mark.start()
        lo = max(0, pos - _LOOK_BACK)
        seg = text[lo:pos]
        ends = max(seg.rfind(". "), seg.rfind("? "), seg.rfind("! "), seg.rfind(".\t"))
        start = max(seg.rfind("\n") + 1, ends + 2 if ends >= 0 else 0)
        if start == 0 and lo > 0:
            continue  # no line start or sentence end within reach: no heading
        head = _HEAD.fullmatch(seg, start)
        if head is None or not _is_reason(head["h"]):
            continue
        colon = mark.group() == ":"
        if not colon and not head["open"]:
            continue  # "Word**" closes no bold heading
        if colon and head["close"] and not head["open"]:
            continue
        end = mark.end()
        if colon and text.startswith("**", end):
            end += 2  # "**Reason for Exam:**"
        out.append((lo + head.start("h"), _sentence_end(text, end)))
    return out
