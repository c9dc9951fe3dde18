"""The modifier rule of ``analysis.analyse`` decides lazily (extract-speed2): the phrase-word
marks are built only for a flagged modifier with a finding at most ``MODIFIER_GAP`` words on,
and the flag is read only then. These cases pin each branch, with counter-examples, so a
shortcut that skips a needed check fails here."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors import analysis
from radtrack_gui.nlp.extractors.rules import RuleExtractor


def _texts(text: str, region: str = "abdomen") -> list[str]:
    ms = RuleExtractor().extract(Report(id="r", text=text, region=region))
    return [m.text for m in ms]


def test_modifier_readings_keep_their_results() -> None:
    # adjacent modifier: folded into the finding
    assert _texts("Hypodense lesion in the liver.") == ["lesion"]
    # flagged modifier before the structure naming the finding's site (within the gap)
    assert _texts("Hypodense segment 6 liver lesion.") == ["liver lesion"]
    assert _texts("Calcified right lower lobe nodule.") == ["nodule"]
    # counter-examples: a word that is no structure, side or level between them keeps the
    # modifier; so does a finding more than MODIFIER_GAP (4) words on, and a comma
    assert _texts("Hypodense and enlarging lesion.") == ["Hypodense", "lesion"]
    assert _texts("Hypodense right liver segment 6 anterior lesion.") == ["Hypodense", "lesion"]
    assert _texts("Hypodense, well defined lesion.") == ["Hypodense", "lesion"]


def test_phrase_words_are_built_only_when_a_flagged_modifier_needs_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[int] = []
    real = analysis._phrase_words

    def counted(
        toks: list[str], anat: dict[int, tuple[int, str, str]], sides: dict[int, tuple[int, str]]
    ) -> list[bool]:
        calls.append(len(toks))
        return real(toks, anat, sides)

    monkeypatch.setattr(analysis, "_phrase_words", counted)
    # no flagged modifier before a finding: never built
    assert _texts("Small right pleural effusion. No pneumothorax.", "chest")
    assert calls == []
    # a flagged modifier with a structure before its finding: built once for the sentence
    assert _texts("Hypodense segment 6 liver lesion.") == ["liver lesion"]
    assert len(calls) == 1
