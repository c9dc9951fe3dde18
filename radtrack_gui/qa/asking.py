"""What a question asks, read from the question's own words (Qt-free).

The words are data: ``resources/qa/question_words.tsv`` (category, pattern, value), read
once. This module answers:

- ``polarity(q)``: does the verb ask whether the thing is *present* ("still in", "persists")
  or *absent* now ("out", "removed", "extubated", "resolved", "cleared")? "" when neither.
- ``scope(q)``: a phrase that radiology reports do not answer (vitals, labs, medications,
  symptoms, billing...), with what it is; the span, so a concept named inside it ("blood" of
  "blood pressure") is not taken for a finding.
- ``body_regions(q)``: the exam regions that would image a body part the question names.
- ``size_units(q)``: the units a size question needs (or None: not a size question).
- ``exam_kind(q)``: show | new | changed | devices for whole-exam questions.
- ``normalise(q)``: referral phrases removed and abbreviations expanded, for the parser.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from radtrack_gui.core.errors import InputError

WORDS = ("qa", "question_words.tsv")


@dataclass(frozen=True)
class Entry:
    category: str
    pattern: re.Pattern[str]
    value: str


@cache
def entries() -> tuple[Entry, ...]:
    from radtrack_gui.util.paths import resource

    path = resource(*WORDS)
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) < 2:
            raise InputError(f"{path}:{n}: expected category<TAB>pattern[<TAB>value]")
        try:
            rx = re.compile(rf"(?<![\w/])(?:{parts[1]})(?![\w])", re.IGNORECASE)
        except re.error as exc:
            raise InputError(f"{path}:{n}: bad pattern ({exc})") from exc
        out.append(Entry(parts[0], rx, parts[2] if len(parts) > 2 else ""))
    return tuple(out)


def _of(category: str) -> list[Entry]:
    return [e for e in entries() if e.category == category]


def normalise(text: str) -> str:
    """Referral phrases out ("r/o pneumonia?" -> "pneumonia"), abbreviations expanded."""
    q = text
    for e in _of("referral"):
        q = e.pattern.sub(" ", q)
    for e in _of("expand"):
        q = e.pattern.sub(e.value, q)
    return " ".join(q.split())


def referral(text: str) -> bool:
    """Written as a referral ("r/o ptx", "eval for pneumonia", "effusion?")."""
    return any(e.pattern.search(text) for e in _of("referral"))


def polarity(text: str) -> tuple[str, str]:
    """(present | absent | "", the word said back). Referral phrases ask for presence."""
    q = text.lower()
    for e in _of("referral"):
        q = e.pattern.sub(" ", q)
    found: list[tuple[int, str, str]] = []
    for cat in ("absent", "present"):
        for e in _of(cat):
            m = e.pattern.search(q)
            if m:
                found.append((m.start(), cat, e.value))
    if not found:
        return "", ""
    # "still there or removed?" is rare; the last verb decides ("has the tube been removed")
    found.sort()
    _, cat, word = found[-1]
    if cat == "present" and any(c == "absent" for _, c, _ in found):
        # "is it still out?" / "remains removed": absence asked
        cat, word = next((c, w) for _, c, w in found if c == "absent")
    return cat, word


def scope(text: str) -> tuple[str, tuple[int, int]] | None:
    """(what it is, span) of a phrase radiology reports do not answer, or None."""
    q = text.lower()
    for e in _of("scope"):
        m = e.pattern.search(q)
        if m:
            return e.value, (m.start(), m.end())
    return None


def body_regions(text: str) -> tuple[str, set[str]] | None:
    """(the body part named, the exam regions that image it), or None."""
    q = text.lower()
    for e in _of("bodypart"):
        m = e.pattern.search(q)
        if m:
            return m.group(0), set(e.value.split())
    return None


def region_exams(region: str) -> set[str] | None:
    """The exam regions that image a vocabulary body region ("thorax"), None if unknown."""
    for e in _of("region"):
        if e.pattern.fullmatch(region):
            return set(e.value.split())
    return None


def size_units(text: str) -> str | None:
    """The units a size question needs: french | gauge | volume | length | any; None."""
    q = text.lower()
    for e in _of("size"):
        if e.pattern.search(q):
            return e.value
    return None


def size_word(text: str) -> re.Pattern[str]:
    words = "|".join(e.pattern.pattern for e in _of("size_word"))
    return re.compile(words, re.IGNORECASE)


def exam_kind(text: str) -> str:
    q = text.lower()
    for e in _of("exam"):
        if e.pattern.search(q):
            return e.value
    return ""


def line_device() -> re.Pattern[str]:
    """Device names that are lines or tubes (not clips, plates, pacemakers)."""
    words = "|".join(e.pattern.pattern for e in _of("line_device"))
    return re.compile(words, re.IGNORECASE)


def change_in(sentence: str) -> tuple[str, tuple[int, int]] | None:
    """(increased | decreased | unchanged, span) of a change word in a sentence."""
    for e in _of("change_word"):
        m = e.pattern.search(sentence)
        if m:
            return e.value, (m.start(), m.end())
    return None
