"""Report sections: ``FINDINGS:``, ``IMPRESSION:``, MIMIC's ``FINAL REPORT``, addenda ...

``find_sections(text)`` returns contiguous ``Section`` blocks; each runs from its header to
the next header (or the end). Text before the first header belongs to no section.

Names are canonical upper case for the usual headers (aliases below: HISTORY ->
INDICATION, CONCLUSION -> IMPRESSION, RESULTS -> FINDINGS, PROTOCOL -> TECHNIQUE, ...);
other headers are kept as written, upper-cased. Headers are recognised

- at a line start, in any case, followed by ``:`` (``Impression:``), optionally after a
  de-identification bracket (``[**Hospital 2**] MEDICAL CONDITION:``) or in Markdown bold
  (``**Reason for Exam:**``);
- alone on a line without a colon when known (``FINAL REPORT``, ``ADDENDUM``, ``Findings``);
- at a line start without a colon, before a capitalised sentence, for the usual headers
  (``Indication Characterization of a renal mass.``, ``Impression Left ...``);
- inline after text in upper case (``... normal. IMPRESSION: ...``) or, after a sentence
  end, in title case (``... normal. Impression: ...``).

An unknown upper-case ``WORDS:`` line is a section only outside FINDINGS / IMPRESSION /
ADDENDUM, so sub-headers such as ``LUNGS:`` stay inside the findings; one that names an
exam (``PORTABLE AP CHEST:``, ``CT OF THE HEAD:``) starts the FINDINGS.
"""

from __future__ import annotations

import re
from functools import lru_cache

from radtrack_gui.core.model import Section
from radtrack_gui.nlp.metadata import named_modality, region_of
from radtrack_gui.nlp.word_lists import word_table

# Header as written -> canonical section name (resources/vocab/sections.tsv).
ALIASES: dict[str, str] = {
    name: canon
    for canon, names in word_table("sections", "canonical", "names").items()
    for name in names.split("|")
}
_BODY = frozenset({"FINDINGS", "IMPRESSION", "ADDENDUM"})
# Sections before the report's own text: the reason for the exam (a question, not an
# observation), and those a report may run on into its findings without a header
# (``layout.body_after_reason`` cuts both where their own text ends).
QUESTION_SECTIONS = frozenset({"INDICATION"})
PRE_BODY = frozenset({"COMPARISON", "TECHNIQUE"})
# Headers recognised inline after other text on the same line.
_INLINE = (
    "IMPRESSION",
    "IMPRESSIONS",
    "FINDINGS",
    "CONCLUSION",
    "CONCLUSIONS",
    "COMPARISON",
    "INDICATION",
    "HISTORY",
    "CLINICAL HISTORY",
    "TECHNIQUE",
    "OPINION",
    "ADDENDUM",
    "RECOMMENDATION",
    "RECOMMENDATIONS",
    "REASON FOR EXAM",
    # the reason for the exam run into a paragraph after a sentence end ("Examination
    # performed urgently. Clinical data: jaundice. ...", PARROT's one-line reports)
    *("CLINICAL DATA", "CLINICAL INFORMATION", "CLINICAL INDICATION", "CLINICAL QUESTION"),
    *("REFERRAL DATA", "REFERRAL INFORMATION", "DATA ON REFERRAL", "REASON FOR EXAMINATION"),
)

# Possessive quantifiers: a header is short, so nothing here ever backtracks (MIMIC lines
# carry long runs of spaces that make a lazy pattern quadratic).
# A header may be set in Markdown bold ("**Reason for Exam:**", "**Findings**").
_LINE = re.compile(
    r"^[ \t]*+(?:\[\*\*[^\]\n]{0,80}\*\*\][ \t]*+)?(?:\*\*)?"
    r"(?P<h>[A-Za-z][A-Za-z0-9 /&()'#,\t\xa0-]{0,60}+)(?:\*\*[ \t]*+)?(?:(?P<colon>:)|\r?$)",
    re.MULTILINE,
)


def _alts(words: tuple[str, ...]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


# An inline header: white space, then a header in upper case (after any non-space character)
# or in title case (after a sentence end), then a colon. ``_inline`` reads it back from each
# colon (a few a report) instead of trying every written name at every capital after white
# space (an alternation of 60 names: 2.7 % of a PARROT pass, round 10; docs/performance.md).
_INLINE_UPPER = frozenset(_INLINE)
_INLINE_TITLE = frozenset({f(w) for w in _INLINE for f in (str.title, str.capitalize)})
# the lengths of the written names, longest first (the longest header ending at a colon is
# the one a scan from the left finds first)
_INLINE_LENGTHS = tuple(sorted({len(w) for w in _INLINE_UPPER | _INLINE_TITLE}, reverse=True))
# Headers that may run into their text without a colon at a line start ("Indication
# Assessment of ..."): only before a capitalised word, so "Findings are ..." stays text.
_RUN_IN = (
    "INDICATION",
    "HISTORY",
    "CLINICAL HISTORY",
    "CLINICAL INFORMATION",
    "CLINICAL IMPRESSION",
    "COMPARISON",
    "TECHNIQUE",
    "PROTOCOL",
    "FINDINGS",
    "RESULTS",
    "IMPRESSION",
    "CONCLUSION",
)
_RUN_IN_WRITTEN = tuple(
    sorted({f(w) for w in _RUN_IN for f in (str.upper, str.capitalize, str.title)})
)
_RUN_IN_RX = re.compile(rf"[ \t]*+(?P<h>{_alts(_RUN_IN_WRITTEN)})[ \t]++(?=[A-Z][a-z])")
_NUMBER = re.compile(r"[ \t]*#?[ \t]*\d+$")
_SPACES = re.compile(r"\s+")
_UNKNOWN_OK = re.compile(r"^[A-Z][A-Z &/-]{2,40}$")


# A header whose last word is one of these, after words that qualify it, is the section that
# word names ("DIAGNOSTIC IMPRESSION", "RADIOLOGICAL IMPRESSION", "EXAMINATION DESCRIPTION",
# "CLINICAL QUERY", "DIAGNOSTIC QUESTION", "URGENCY INDICATION"): the head noun of a noun phrase says what it is.
# ASSESSMENT is not among them ("BIOMETRIC ASSESSMENT" lists measurements); alone it is an alias.
HEAD_NOUNS: dict[str, str] = {
    **dict.fromkeys(("IMPRESSION", "IMPRESSIONS", "CONCLUSION", "CONCLUSIONS"), "IMPRESSION"),
    "DESCRIPTION": "FINDINGS",
    **dict.fromkeys(("QUESTION", "QUESTIONS", "QUERY"), "INDICATION"),
    # "URGENCY INDICATION", "MEDICAL HISTORY": the reason for the exam, however qualified
    **dict.fromkeys(("INDICATION", "INDICATIONS", "HISTORY"), "INDICATION"),
}
_QUALIFIED = re.compile(
    r"^(?!(?:THE|A|AN|THIS|THAT|MY|OUR|YOUR|ITS|NO|ANY|SOME|OTHER|PREVIOUS|PRIOR|OLD)\b)"
    r"[A-Z][A-Z-]*(?: [A-Z][A-Z-]*){0,3} (?P<head>[A-Z]+)$"
)


@lru_cache(maxsize=4096)
def canonical(header: str) -> str | None:
    """The canonical name of a known header (any case), else ``None``."""
    key = _SPACES.sub(" ", _NUMBER.sub("", header)).strip().upper()
    name = _named(key)
    if name is not None:
        return name
    # "IMPRESSION AND RECOMMENDATIONS", "CLINICAL INFORMATION, QUESTION, JUSTIFICATION ...",
    # "CLINIC, QUESTION, JUSTIFYING INDICATION": the first part that names a section
    for sep in (" AND ", "/", " & ", ","):
        parts = [p.strip() for p in key.split(sep)]
        if len(parts) < 2:
            continue
        for part in parts if sep == "," else parts[:1]:
            name = _named(part)
            if name is not None:
                return name
    return None


def _named(key: str) -> str | None:
    """An alias, or a qualified head noun (``HEAD_NOUNS``)."""
    if key in ALIASES:
        return ALIASES[key]
    m = _QUALIFIED.match(key) if " AND " not in f" {key} " else None
    return HEAD_NOUNS.get(m["head"]) if m else None


def _candidates(text: str) -> list[tuple[int, str]]:
    """(start, header as written) in text order."""
    out: list[tuple[int, str]] = []
    # ``_LINE`` at each line start (the text's start and after each "\n", where its ``^``
    # holds; a match never leaves its line): ``finditer`` of a pattern opening with ``^``
    # tried it at every character (round 10: 1.5 % of a PARROT pass)
    pos = 0
    while pos >= 0:
        m = _LINE.match(text, pos)
        if m is not None:
            h = m["h"].strip()
            if m["colon"] or canonical(h) is not None:
                out.append((m.start("h"), h))
        pos = text.find("\n", pos)
        if pos >= 0:
            pos += 1
    out.extend(_run_in(text))
    out.extend(_inline(text))
    out.sort(key=lambda c: c[0])
    return out


def _inline(text: str) -> list[tuple[int, str]]:
    """Inline headers, read back from each colon: an upper-case one right after white space that
    follows a non-space character, a title-case one after white space that follows a
    sentence end (``.``, ``!``, ``?``)."""
    out: list[tuple[int, str]] = []
    if ":" not in text:
        return out
    colon = text.find(":")
    while colon >= 0:
        end = colon
        while end > 0 and text[end - 1] in " \t\xa0":
            end -= 1  # white space between the header and its colon
        for size in _INLINE_LENGTHS:
            start = end - size
            if start < 1 or text[start - 1] not in " \t":
                continue  # white space before the header
            header = text[start:end]
            upper = header in _INLINE_UPPER
            if not upper and header not in _INLINE_TITLE:
                continue
            before = start - 1
            while before >= 0 and text[before] in " \t":
                before -= 1  # the character before that white space
            if before >= 0 and (
                (upper and not text[before].isspace()) or (not upper and text[before] in ".!?")
            ):
                out.append((start, header))
            break
        colon = text.find(":", colon + 1)
    return out


def _run_in(text: str) -> list[tuple[int, str]]:
    """Run-in headers, tried only at line starts that begin with a header word (cheaper than
    a multi-line regex scan of the whole text)."""
    out = []
    pos = 0
    while pos >= 0:
        head = pos + len(text[pos : pos + 8]) - len(text[pos : pos + 8].lstrip(" \t"))
        if text.startswith(_RUN_IN_WRITTEN, head):
            m = _RUN_IN_RX.match(text, pos)
            if m:
                out.append((m.start("h"), m["h"]))
        pos = text.find("\n", pos)
        pos = pos + 1 if pos >= 0 else -1
    return out


@lru_cache(maxsize=4096)
def _unknown(written: str) -> str:
    """An unknown upper-case header: one naming an exam (MIMIC's ``PORTABLE AP CHEST:``)
    introduces the findings; others are kept as written. Cached: a function of the text
    (templates repeat their headers, and reading an exam title takes dozens of regexes)."""
    plain = _SPACES.sub(" ", written).strip()
    if not plain.isupper() or not _UNKNOWN_OK.match(plain) or len(plain.split()) > 5:
        return ""
    return "FINDINGS" if named_modality(plain) or region_of(plain) else plain


def find_sections(text: str, begin: int = 0) -> list[Section]:
    """The sections of a report, in text order, contiguous from the first header on.
    Headers before ``begin`` (e.g. a ``Key: value`` block) are not looked at."""
    return sections_and_reasons(text, begin)[0]


def sections_and_reasons(
    text: str, begin: int = 0
) -> tuple[list[Section], list[tuple[int, int]] | None]:
    """``find_sections(text, begin)`` and, when it cut the report's own text out of a
    reason (``layout.body_after_reason``), the reasons for the exam it cut at (the
    ``layout.question_spans`` of the sections before the cut, computed once for both); None
    when nothing was cut (the caller reads ``question_spans`` of the sections then)."""
    starts: list[tuple[int, str]] = []
    current: str | None = None
    for start, written in _candidates(text):
        if start < begin:
            continue
        name = canonical(written)
        if name is None:
            name = "" if current in _BODY else _unknown(written)
            if not name:
                continue
        if starts and (starts[-1][0] == start or starts[-1][1] == name):
            continue  # same place, or the same section continued (merged)
        starts.append((start, name))
        current = name
    sections = []
    for i, (start, name) in enumerate(starts):
        end = starts[i + 1][0] if i + 1 < len(starts) else len(text)
        sections.append(Section(name=name, start=start, end=end))
    if any(name in QUESTION_SECTIONS or name in PRE_BODY for _, name in starts):
        # the report's own text written below the reason, comparison or technique without a
        # header is not theirs (layout reads this module, so it is imported here)
        from radtrack_gui.nlp.extractors.layout import body_and_reasons

        return body_and_reasons(text, sections)
    return sections, None


def section_at(sections: list[Section], offset: int) -> str | None:
    """The name of the section holding ``offset`` (``None`` before the first header)."""
    for s in sections:
        if s.start <= offset < s.end:
            return s.name
    return None
