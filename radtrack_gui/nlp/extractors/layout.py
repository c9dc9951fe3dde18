"""A report's layout for the rule extractor: chunks between blank lines, paragraphs and
headers, where the reason for the exam is, sections, and sizes next to a mention."""

from __future__ import annotations

import re

from radtrack_gui.core.model import Section
from radtrack_gui.nlp.extractors.candidates import Sentence
from radtrack_gui.nlp.sections import PRE_BODY, QUESTION_SECTIONS, canonical

MEASURE_RE = re.compile(
    r"(?<![\w.])\d+(?:\.\d+)?(?:\s*(?:x|×|by)\s*\d+(?:\.\d+)?)*\s*"
    r"(?:mm|cm|millimeters?|centimeters?|ml|cc)\b",
    re.I,
)
_DIGIT = re.compile(r"\d")
SPACE_RE = re.compile(r"\n[ \t]*\n")
_HEADERISH = re.compile(r"[A-Z][A-Z0-9 /&()#,'-]*:?")


def measurements(sent: Sentence, text: str) -> None:
    """Sizes ("2.5 cm", "3 x 4 mm") go to the nearest mention of their sentence."""
    if not sent.cands or _DIGIT.search(text, sent.start, sent.end) is None:
        return
    starts, ends, base = sent.starts, sent.ends, sent.start
    for m in MEASURE_RE.finditer(text, sent.start, sent.end):
        best, bd = None, 1 << 30
        for c in sent.cands:
            cs, ce = base + starts[c.t0], base + ends[c.t1 - 1]
            d = cs - m.end() if m.end() <= cs else m.start() - ce
            if 0 <= d < bd:
                best, bd = c, d
        if best is not None and bd <= 60:
            best.measurements.append(" ".join(m.group().split()))


# A sentence that says how the exam was done ends the reason for it, even on its line (the
# order of a report: indication, technique, findings): "Examination conducted before and
# after contrast", "The study was performed with ...".
# The exam may be named by its modality and body part, up to four words after it, before a
# verb of doing ("Brain MRI was performed using ...", a knee MRI "done" after contrast, a
# pelvic CT "carried out" at night), also on a line of its own below a reason that ends
# without a full stop ("COVID+"); a comparison sentence likewise opens the report's own text
# ("Compared with" the earlier images or study ...).
# A procedure of the history ("A biopsy was performed in 2019") names no imaging exam and
# stays in the reason.
TECHNIQUE_SENTENCE = re.compile(
    r"(?:(?<=[.!?])[ \t]+|(?<=\n)[ \t]*)(?=(?:the[ \t]+|this[ \t]+)?(?:examination|exam|study|scan|imaging"
    r"|acquisition|images?)[ \t]+(?:was[ \t]+|were[ \t]+|is[ \t]+|are[ \t]+)?(?:performed"
    r"|conducted|acquired|obtained|carried[ \t]+out)\b"
    r"|(?:[A-Za-z0-9.-]+[ \t]+){0,2}(?:CT|MRI|MR|X-ray|radiograph|angiography|ultrasound"
    r"|scan)(?:[ \t]+[A-Za-z0-9-]+){0,4}[ \t]+(?:was[ \t]+|were[ \t]+)?(?:performed|conducted"
    r"|acquired|obtained|carried[ \t]+out)\b"
    r"|(?:compared|comparison)[ \t]+(?:with|to)[ \t]+(?:the[ \t]+)?(?:images|previous|prior"
    r"|earlier|last)\b)",
    re.IGNORECASE,
)
# A sentence that reports the exam itself ends the referral, after a sentence end or at a
# line start (PARROT writes "Referral data: <history>. <complaint>. <the exam>. <findings>"
# on one line, or the findings on the next): one whose verb says the exam was done ("CT
# performed urgently", a staged CT of the belly "was performed"), one about the current exam
# (the exam "is of" limited quality, "The current study shows"),
# or a comparison ("Compared with the study from ..."); not one that only names an exam (the
# referral cites earlier ones: "The prior CT scan reported ..."). A request ("Please perform ...") is the referral's
# own sentence, and the heading's first sentence is always the referral's.
EXAM_REPORT_SENTENCE = re.compile(
    r"(?:(?<=[.!?])[ \t]+|(?<=[\n\u2028])[ \t]*)(?="
    r"[^.!?\n\u2028]{0,120}?\b(?:performed|conducted|carried[ \t]+out)\b"
    r"|(?:the|this)[ \t]+(?:current|present)[ \t]+(?:examination|exam|study|scan)\b"
    r"|(?:the|this)[ \t]+(?:examination|exam|study)[ \t]+(?:is|was)[ \t]+"
    r"(?:of|limited|burdened|difficult|hindered)\b"
    r"|compared[ \t]+(?:with|to)\b|in[ \t]+comparison\b)",
    re.IGNORECASE,
)
# A heading run into the reason's paragraph after a sentence end ("... requested. Findings and
# Assessment: ...", "... Stone assessment. Examination Technique: ..."): up to five capitalised
# or joining words before a colon. It ends the reason unless it names the reason again
# ("History: pain. Question: fracture?").
RUN_IN_HEADING = re.compile(
    r"(?<=[.!?])[ \t]+(?P<h>[A-Z][A-Za-z]+(?:[ \t]+(?:[A-Za-z]+|/|&)){0,4})[ \t]*:"
)
# A line whose last character ends a sentence (".", "?" or "!" before the newline).
SENTENCE_LINE_END = re.compile(r"[.?!][ \t]*[\n\u2028]")
# A short reason run into the findings on its line ("Indication: fall. Impacted fracture of
# the right distal radius.", "Indication: headache. Subarachnoid hemorrhage ..."): a
# reason of at most SHORT_REASON words ends at its full stop when the next sentence has at least
# FINDING_WORDS words and it and the one after ask nothing, hold no heading and name no request,
# patient, history, suspicion, complaint, treatment or exam (a reason goes on in short history
# items or such words: "Pancreatitis. Active bleeding. Hemostasis requested.", "Glioma.
# Progression? New lesions?", "Lung tumor. Brain metastases.", "Post-fall. Head injury.",
# "Dyspnea. Emergency CT angiography for embolism."); "examined" is the findings' word ("in
# the examined bone marrow"), not an exam named.
SHORT_REASON = 4
FINDING_WORDS = 6
_SENTENCE_END = re.compile(r"[.!][ \t]+(?=[A-Z])")
_TWO_SENTENCES = re.compile(r"[^\n\u2028]*?(?:[.!?](?:[ \t]+|$)|$)[^\n\u2028]*?(?:[.!?]|$)", re.M)
REASON_WORDS = re.compile(
    r"\?|\b(?:request|quer|question|please|desire|inquir|check|follow|evaluat|assess|investig"
    r"|exclu|rule[ \t]+out|r/o|suspect|suspicio|possibl|patient|history|status|s/p|referr"
    r"|clinical|indication|known|previous|prior|\d+[ \t-]*(?:years?|y)\b|injur|trauma|pain"
    r"|fall\b|fell\b|consult|CT|MRI?|X-?ray|radiograph|ultrasound|angiograph|scan|exam(?!ined)"
    r"|post(?![a-z])|since|ago\b|planned|therap|surger|resect|observation|colic)|:",
    re.IGNORECASE,
)


# A longer reason ends there too when the next sentence states what the exam shows: a copula
# and an observation word ("No relevant signal changes are appreciable in ...", "A
# small effusion is noted"), with the same tests of the two sentences after it.
OBSERVED = re.compile(
    r"\b(?:is|are|was|were)[ \t]+(?:not[ \t]+|also[ \t]+|clearly[ \t]+)?(?:seen|visible|noted"
    r"|observed|appreciable|appreciated|identified|detected|evident|depicted|visualized)\b",
    re.IGNORECASE,
)


def short_reason_end(text: str, pos: int, end: int) -> int | None:
    """Where a short reason at ``pos`` ends when findings follow it on its line (see
    ``SHORT_REASON``; a longer one: ``OBSERVED``), else None."""
    stop = _SENTENCE_END.search(text, pos, end)
    if stop is None:
        return None
    after = _TWO_SENTENCES.match(text, stop.end(), end)
    if after is None or REASON_WORDS.search(after.group()):
        return None
    first = _SENTENCE_END.search(after.group())
    sentence = after.group()[: first.start() if first else None]
    if len(sentence.split()) < FINDING_WORDS:
        return None
    if len(text[pos : stop.start()].split()) > SHORT_REASON and not OBSERVED.search(sentence):
        return None
    return stop.start() + 1


# What keeps a reason run in mid-line going past its first sentence: a question, a request
# or a history word ("Clinical data: pain. Suspected fracture? Status post fall.").
REASON_GOES_ON = re.compile(
    r"\?|\b(?:request|please|suspect|suspicio|rule[ \t]+out|r/o|exclu|evaluat|assess|check"
    r"|control|history|status[ \t]+post|s/p|known|referr|follow-?up)",
    re.IGNORECASE,
)
_HEADING_START = re.compile(r"[ \t]*(?P<h>[A-Z][^.:!?\n]{0,40}):")


def run_in_reason_end(text: str, pos: int, end: int) -> int:
    """Where a reason that a header opened after a sentence end, mid-line ("Examination
    performed urgently. Clinical data: jaundice. The liver ..."), ends: after its first
    sentence and each next one as short as a history item (at most ``SHORT_REASON`` words:
    "Dissemination.") or asking, requesting or citing history (``REASON_GOES_ON``), unless it
    opens with a heading of its own ("Chest X-ray PA: ..."); the first other sentence is the
    report's own text."""
    while True:
        stop = _SENTENCE_END.search(text, pos, end)
        if stop is None:
            return end
        after = _SENTENCE_END.search(text, stop.end(), end)
        sentence = text[stop.end() : after.start() + 1 if after else end]
        heading = _HEADING_START.match(sentence)
        if heading and canonical(heading["h"]) not in QUESTION_SECTIONS:
            return stop.start() + 1
        if not heading and (
            len(sentence.split()) <= SHORT_REASON or REASON_GOES_ON.search(sentence)
        ):
            pos = stop.end()
            continue
        return stop.start() + 1


def question_spans(text: str, sections: list[Section]) -> list[tuple[int, int]]:
    """Where the reason for the exam is: each indication/history section from its header to
    the end of its first paragraph (a blank line ends it even when no header follows, as in
    reports whose findings carry no header of their own), or, after an inline header, to the
    end of the first line that ends a sentence."""
    out = []
    for sec in sections:
        if sec.name not in QUESTION_SECTIONS and canonical(sec.name) not in QUESTION_SECTIONS:
            continue
        pos = sec.start
        line_end = text.find("\n", pos, sec.end)
        colon = text.find(":", pos, line_end if line_end >= 0 else sec.end)
        pos = colon + 1 if colon >= 0 else (line_end if line_end >= 0 else sec.end)
        while pos < sec.end and text[pos].isspace():
            pos += 1  # the text may start after a blank line below the header
        blank = SPACE_RE.search(text, pos, sec.end)
        end = blank.start() if blank else sec.end
        if colon >= 0 and line_end >= 0 and colon < pos <= line_end:
            # an inline header ("Clinical data: ..."): its text ends with the first line
            # that ends a sentence; the lines after it are the report's own (PARROT writes
            # the findings right below the indication, without a header or blank line)
            stop = SENTENCE_LINE_END.search(text, pos, end)
            if stop:
                end = stop.start() + 1
        line_start = text.rfind("\n", 0, sec.start) + 1
        if colon >= 0 and text[line_start : sec.start].strip():
            end = run_in_reason_end(text, pos, end)  # run in after the exam's own sentence
        if colon >= 0 and colon < pos and (line_end < 0 or pos <= line_end):
            short = short_reason_end(text, pos, end if line_end < 0 else min(end, line_end))
            if short is not None:
                end = short
        technique = TECHNIQUE_SENTENCE.search(text, pos, end)
        if technique:
            end = technique.start()  # "... another facility. Examination performed with ..."
        done = EXAM_REPORT_SENTENCE.search(text, pos + 1, end)
        if done:
            end = done.start()  # "... Suspected stone. CT performed urgently. ..."
        for heading in RUN_IN_HEADING.finditer(text, pos, end):
            if canonical(heading["h"]) not in QUESTION_SECTIONS:
                end = heading.start()
                break
        out.append((sec.start, end))
    return out


# the report's own text below a reason, comparison or technique when no header names it
BODY = "FINDINGS"


def _inline_paragraph_end(text: str, sec: Section) -> int:
    """The end of a pre-body section's first paragraph when its text starts on the header's
    line, else the section's end."""
    line_end = text.find("\n", sec.start, sec.end)
    colon = text.find(":", sec.start, line_end if line_end >= 0 else sec.end)
    if colon < 0 or line_end < 0 or not text[colon + 1 : line_end].strip():
        return sec.end
    blank = SPACE_RE.search(text, line_end, sec.end)
    return blank.start() if blank else sec.end


def body_after_reason(text: str, sections: list[Section]) -> list[Section]:
    """SECTIONS with the report's own text cut out of the sections before it: an indication
    section ends where its reason ends (``question_spans``), a comparison or technique
    written on its header's line with its paragraph; the text after either, up to the next
    header, is the findings (GUIDELINE 8: the reason is a question, the rest is observed).
    White space between stays with the section before, so the sections stay contiguous."""
    return body_and_reasons(text, sections)[0]


def body_and_reasons(
    text: str, sections: list[Section]
) -> tuple[list[Section], list[tuple[int, int]]]:
    """``body_after_reason(text, sections)`` and the ``question_spans`` it cut at (read
    once: the rule extractor takes them as the report's reasons for the exam when it found
    the sections itself, instead of reading ``question_spans`` of the cut sections again)."""
    asked = question_spans(text, sections)
    reasons = dict(asked)
    out: list[Section] = []
    for sec in sections:
        if sec.start in reasons:
            end = reasons[sec.start]
        elif sec.name in PRE_BODY:
            end = _inline_paragraph_end(text, sec)
        else:
            end = sec.end
        rest = text[end : sec.end]
        if end >= sec.end or not rest.strip():
            out.append(sec)
            continue
        body = end + len(rest) - len(rest.lstrip())
        out.append(Section(name=sec.name, start=sec.start, end=body))
        out.append(Section(name=BODY, start=body, end=sec.end))
    merged: list[Section] = []
    for sec in out:  # the findings found here and the FINDINGS header after them: one
        if merged and merged[-1].name == sec.name == BODY and merged[-1].end == sec.start:
            merged[-1] = Section(name=BODY, start=merged[-1].start, end=sec.end)
        else:
            merged.append(sec)
    return merged, asked


def chunks(text: str) -> list[tuple[int, int]]:
    """Spans of the text between blank lines (those with some non-space character)."""
    out, pos = [], 0
    for m in SPACE_RE.finditer(text):
        if text[pos : m.start()].strip():
            out.append((pos, m.start()))
        pos = m.end() - 1  # the last newline starts the next chunk's line
    if text[pos:].strip():
        out.append((pos, len(text)))
    return out


def is_header(s: str) -> bool:
    s = s.strip()
    return bool(s) and s.endswith(":") and len(s) < 60 and _HEADERISH.fullmatch(s) is not None
