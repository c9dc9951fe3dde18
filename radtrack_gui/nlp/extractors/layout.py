"""A report's layout for the rule extractor: chunks between blank lines, paragraphs and
headers, where the reason for the exam is, sections, and sizes next to a mention."""

from __future__ import annotations

import re

from radtrack_gui.core.model import Section
from radtrack_gui.nlp.extractors.candidates import Sentence
from radtrack_gui.nlp.sections import canonical

MEASURE_RE = re.compile(
    r"(?<![\w.])\d+(?:\.\d+)?(?:\s*(?:x|×|by)\s*\d+(?:\.\d+)?)*\s*"
    r"(?:mm|cm|millimeters?|centimeters?|ml|cc)\b",
    re.I,
)
# Sections whose findings are the reason for the exam: questions, not observations.
QUESTION_SECTIONS = frozenset({"INDICATION"})
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
# The exam may be named by its modality and body part ("Brain MRI was performed using ...",
# "The CT of the chest was performed after ...", "The CT scan of the pelvis was performed in
# emergency mode", "MRI of the lumbar spine performed urgently"), also on a line of its own
# below a reason that ends without a full stop ("COVID+"); a comparison sentence likewise
# opens the report's own text ("Compared with images from the previous examination ...").
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
# performed urgently", "A multi-phase CT scan of the abdomen was performed"), one about the
# current exam ("The examination is of poor technical quality", "The current study shows"),
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
# A short reason run into the findings on its line ("Indication: trauma. Impacted fracture of
# the left femoral neck.", "Indication: headache. Bilateral subarachnoid hemorrhage ..."): a
# reason of at most SHORT_REASON words ends at its full stop when the next sentence has at least
# FINDING_WORDS words and it and the one after ask nothing, hold no heading and name no request,
# patient, history, suspicion, complaint, treatment or exam (a reason goes on in short history
# items or such words: "Pancreatitis. Active bleeding. Hemostasis requested.", "Glioma.
# Progression? New lesions?", "Lung tumor. Brain metastases.", "Post-fall. Head injury.",
# "Dyspnea. Emergency CT angiography for embolism.").
SHORT_REASON = 4
FINDING_WORDS = 6
_SENTENCE_END = re.compile(r"[.!][ \t]+(?=[A-Z])")
_TWO_SENTENCES = re.compile(r"[^\n\u2028]*?(?:[.!?](?:[ \t]+|$)|$)[^\n\u2028]*?(?:[.!?]|$)", re.M)
REASON_WORDS = re.compile(
    r"\?|\b(?:request|quer|question|please|desire|inquir|check|follow|evaluat|assess|investig"
    r"|exclu|rule[ \t]+out|r/o|suspect|suspicio|possibl|patient|history|status|s/p|referr"
    r"|clinical|indication|known|previous|prior|\d+[ \t-]*(?:years?|y)\b|injur|trauma|pain"
    r"|fall\b|fell\b|consult|CT|MRI?|X-?ray|radiograph|ultrasound|angiograph|scan|exam"
    r"|post(?![a-z])|since|ago\b|planned|therap|surger|resect|observation|colic)|:",
    re.IGNORECASE,
)


def short_reason_end(text: str, pos: int, end: int) -> int | None:
    """Where a short reason at ``pos`` ends when findings follow it on its line (see
    ``SHORT_REASON``), else None."""
    stop = _SENTENCE_END.search(text, pos, end)
    if stop is None or len(text[pos : stop.start()].split()) > SHORT_REASON:
        return None
    after = _TWO_SENTENCES.match(text, stop.end(), end)
    if after is None or REASON_WORDS.search(after.group()):
        return None
    first = _SENTENCE_END.search(after.group())
    if len(after.group()[: first.start() if first else None].split()) < FINDING_WORDS:
        return None
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


def section_at(sections: list[Section], offset: int) -> str | None:
    for s in sections:
        if s.start <= offset < s.end:
            return s.name
    return None
