"""Synthetic gold spans follow the GUIDELINE: a modifier that is not part of the name
("calcified granuloma") is written but left out of the span, and a bare "tip" after its
device stands for it (a mention of the device's chain)."""

from __future__ import annotations

import re

import pytest

from radtrack_gui.core.model import Patient
from radtrack_gui.evaluation import synth
from radtrack_gui.evaluation.synth import phrases as P
from radtrack_gui.evaluation.synth import templates as T
from radtrack_gui.evaluation.synth.writer import _modifier

BRACKET = re.compile(r"\[([^\]]+)\] ")


@pytest.fixture(scope="module")
def corpus() -> list[Patient]:
    return synth.generate(30, 11)


def _modifiers() -> set[str]:
    words: set[str] = set()
    for kind in T.KINDS:
        for term in (*kind.terms, *kind.plural):
            words.update(m.lower() for m in BRACKET.findall(term))
    words.update(m.lower() for t in P.TIP_WORDS for m in BRACKET.findall(t))
    return words


def test_modifier_markup() -> None:
    assert _modifier("[calcified] granuloma") == ("calcified ", "granuloma")
    assert _modifier("granuloma") == ("", "granuloma")
    # a name whose first word belongs to it stays whole
    assert _modifier("small bowel obstruction") == ("", "small bowel obstruction")
    assert {"calcified", "hypodense", "enhancing"} <= _modifiers()


def test_modifiers_are_written_but_outside_the_span(corpus: list[Patient]) -> None:
    mods = _modifiers()
    written = 0
    for p in corpus:
        texts = {r.id: r.text for r in p.reports}
        for m in p.mentions.values():
            assert "[" not in m.text and "]" not in m.text
            first = m.text.split(" ", 1)[0].lower()
            assert first not in mods, m.text  # the modifier is not in the span
            before = texts[m.report][: m.start].rstrip().rsplit(" ", 1)[-1].lower()
            written += before in mods
    assert written > 0  # ... but it is still said, just before the mention


def test_a_tip_after_its_device_is_in_the_device_chain(corpus: list[Patient]) -> None:
    tips = 0
    for p in corpus:
        texts = {r.id: r.text for r in p.reports}
        for m in p.mentions.values():
            if m.text != "tip":
                continue
            before = texts[m.report][: m.start]
            if not re.search(r"\b(?:with its|with|its|, )\s*$", before):
                continue
            tips += 1
            # the nearest device mention before it in the report is of the same chain
            prior = [
                o
                for o in p.mentions.values()
                if o.report == m.report and o.type == "device" and o.end <= m.start
            ]
            assert prior and max(prior, key=lambda o: o.end).chain == m.chain
    assert tips > 0
