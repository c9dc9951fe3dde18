"""The pieces a synthetic report is written from: entities (a finding or device over
time), pieces of text with their mention, the report writer, and the random draws."""

from __future__ import annotations

import math
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from radtrack_gui.evaluation.synth import templates as T

MAX_REPORTS = 35
TOKEN_RX = re.compile(r"\w+(?:[-'/.]\w+)*|[^\w\s]")


_SLOT = re.compile(r"\{(\w+)\}")


_MENTION_SLOTS = {"T", "T2", "tip"}


# -- the simulated world ------------------------------------------------------------------


@dataclass
class Entity:
    """One gold chain in the making: a finding or device of one patient."""

    uid: int
    kind: T.Kind
    place: T.Place
    house: str  # the term this patient's radiologists mostly use for it
    size: str
    born: int  # report index of its first mention
    active: bool = True
    ended_at: int = -1  # report index where it resolved or was removed
    malpositioned: bool = False
    mentions: list[str] = field(default_factory=list)
    course: str = ""  # overrides kind.course for normals/negatives/incidentals
    label: str = ""

    @property
    def type(self) -> str:
        return self.kind.type


@dataclass
class Piece:
    text: str
    entity: Entity | None = None
    assertion: str = "present"
    change: str | None = None


class ReportWriter:
    """Builds one report's text from templates, recording mention spans exactly."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.pieces: list[Piece] = []
        self.sections: list[tuple[str, int, int]] = []
        self._section: tuple[str, int] | None = None

    # plain text
    def text(self, s: str) -> None:
        if not s:
            return
        last = self.pieces[-1] if self.pieces else None
        if s[0] == "\n" and last is not None and last.entity is None:
            last.text = last.text.rstrip(" ")
        self.pieces.append(Piece(s))

    def length(self) -> int:
        return sum(len(p.text) for p in self.pieces)

    def begin_section(self, name: str, inline: bool) -> None:
        self.end_section()
        self._section = (name, self.length())
        self.text(f"{name}:" + (" " if inline else "\n"))

    def end_section(self) -> None:
        if self._section:
            name, start = self._section
            self.sections.append((name, start, self.length()))
            self._section = None

    def sentence(self, template: str, slots: dict[str, str], mentions: dict[str, Piece]) -> None:
        """Fill ``template``; ``mentions`` maps mention slots (T, T2, tip) to pieces."""
        out: list[Piece] = []
        pos = 0
        for m in _SLOT.finditer(template):
            out.append(Piece(template[pos : m.start()]))
            name = m.group(1)
            if name in _MENTION_SLOTS:
                src = mentions[name]
                said, name_text = _modifier(src.text)
                if said:
                    out.append(Piece(said))  # said, but not part of the span (GUIDELINE)
                out.append(Piece(name_text, src.entity, src.assertion, src.change))
            else:
                value = slots.get(name.lower(), "")
                if name[0].isupper() and value:
                    value = value[0].upper() + value[1:]
                out.append(Piece(value))
            pos = m.end()
        out.append(Piece(template[pos:]))
        self.pieces.extend(_tidy(out))
        self.text(" ")


_MODIFIER = re.compile(r"\[([^\]]+)\] ")


def _modifier(term: str) -> tuple[str, str]:
    """A term's bracketed modifier ("[calcified] granuloma") and its name: the modifier is
    written before the mention, outside its span ("calcified ", "granuloma")."""
    m = _MODIFIER.match(term)
    return (m.group(1) + " ", term[m.end() :]) if m else ("", term)


def _tidy(pieces: list[Piece]) -> list[Piece]:
    """Merge text pieces, collapse empty slots' spaces, fix articles, capitalise."""
    merged: list[Piece] = []
    for p in pieces:
        if p.entity is None and merged and merged[-1].entity is None:
            merged[-1] = Piece(merged[-1].text + p.text)
        elif p.entity is not None or p.text:
            merged.append(p)
    for i, p in enumerate(merged):
        if p.entity is not None:
            continue
        t = re.sub(r" {2,}", " ", p.text)
        t = re.sub(r" +([.,;:])", r"\1", t)
        t = re.sub(r"([,:]){2,}", r"\1", t)
        if i == 0:
            t = t.lstrip()
        nxt = merged[i + 1].text if i + 1 < len(merged) else ""
        t = re.sub(r"\b([Aa]) (?=[aeiouAEIOU8]|11\b|18\b|[FHLMNRSX][A-Z])", r"\1n ", t)
        if re.search(r"\b[Aa] $", t) and re.match(r"[aeiouAEIOU8]|[FHLMNRSX][A-Z]", nxt):
            t = t[:-1] + "n "
        p.text = t
    merged = [p for p in merged if p.text]
    for i, p in enumerate(merged):  # agreement with plural names ("effusions are")
        if p.entity is None or not _plural(p.text):
            continue
        if i > 0 and merged[i - 1].entity is None:
            before = merged[i - 1]
            before.text = re.sub(r"\b(?:[Aa]n?) ((?:[\w-]+ ){0,3})$", r"\1", before.text)
            before.text = re.sub(r"\b([Tt]here) is ((?:[\w-]+ ){0,3})$", r"\1 are \2", before.text)
        if i + 1 < len(merged) and merged[i + 1].entity is None:
            after = merged[i + 1]
            after.text = re.sub(
                r"^((?: [\w-]+){0,6}?) (is|has|appears|remains|was)\b",
                lambda m: f"{m[1]} {_PLURAL_VERB[m[2]]}",
                after.text,
                count=1,
            )
    merged = [p for p in merged if p.text]
    if merged:
        merged[0].text = merged[0].text[0].upper() + merged[0].text[1:]
    return merged


_PLURAL_VERB = {"is": "are", "has": "have", "appears": "appear", "remains": "remain", "was": "were"}


def _plural(term: str) -> bool:
    last = term.lower().split(" of ")[0].split()[-1]
    if term.lower().startswith("dilated loops") or last == "diverticula":
        return True
    return last.endswith("s") and not last.endswith(("ss", "is", "us", "ascites", "ptx"))


# -- sampling helpers -----------------------------------------------------------------------


def _weighted(rng: random.Random, items: Sequence[Any], weights: Sequence[float]) -> Any:
    return rng.choices(list(items), weights=list(weights), k=1)[0]


def _poisson(rng: random.Random, lam: float) -> int:
    limit, k, p = math.exp(-lam), 0, rng.random()
    while p > limit:
        k += 1
        p *= rng.random()
    return k


def _n_reports(rng: random.Random) -> int:
    """1-35 reports, mean about 10, long right tail."""
    return max(1, min(MAX_REPORTS, round(math.exp(rng.gauss(1.95, 0.78)))))


def _gap(rng: random.Random) -> timedelta:
    """Time to the next exam: hours (ICU) to two years; most within two weeks."""
    r = rng.random()
    if r < 0.32:
        return timedelta(hours=rng.uniform(3, 20))
    if r < 0.77:
        return timedelta(days=rng.uniform(1, 7))
    if r < 0.89:
        return timedelta(days=rng.uniform(7, 30))
    if r < 0.965:
        return timedelta(days=rng.uniform(30, 180))
    return timedelta(days=rng.uniform(180, 760))


def _modality_name(exam: T.Exam) -> str:
    return f"{exam.modality}/{exam.region}"
