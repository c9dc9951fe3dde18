"""Cheaper gates of the rule extractor (extract-speed2). The modifier rule of
``analysis.analyse`` decides lazily: the phrase-word marks are built only for a flagged
modifier with a finding at most ``MODIFIER_GAP`` words on, and the flag is read only then.
The open vocabulary's pathology-ending test looks at a token's last three letters before
its 21 endings. These cases pin each branch, with counter-examples, so a shortcut that
skips a needed check fails here."""

from __future__ import annotations

import re

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors import analysis, open_vocab
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
    # modifier; so does a finding more than MODIFIER_GAP (4) words on
    assert _texts("Hypodense and enlarging lesion.") == ["Hypodense", "lesion"]
    assert _texts("Hypodense right liver segment 6 anterior lesion.") == ["Hypodense", "lesion"]
    # a comma stops this rule; the later describing-modifier rule (``modifiers.py``: "a
    # hypoechoic, irregular mass" is the mass) then reads the modifier as the lesion's
    assert _texts("Hypodense, well defined lesion.") == ["lesion"]


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


def test_the_three_letter_prefilter_agrees_with_the_endings() -> None:
    # sound only while every ending is at least three letters long
    assert min(len(end) for end in open_vocab.SUFFIX_ENDS) >= 3
    # the regex the gate replaced: an ending at a token's end
    ending = re.compile(f"(?:{'|'.join(open_vocab.SUFFIX_ENDS)})(?:\x00|$)")
    sentences = [
        "mild colitis of the sigmoid .",
        "cardiomegaly is unchanged",
        "small hydroceles bilaterally",
        "diffuse white matter degeneration",
        "the heart is normal in size .",
        "itisfoo lungs clear",  # an ending inside a word, not at its end
        "osis oma emia",  # the endings alone
        "aa a ab",  # tokens shorter than three letters
        "",
    ]
    for text in sentences:
        toks = text.split()
        assert open_vocab.may_open(toks) == (
            not open_vocab.FRAME_NEEDS.isdisjoint(toks)
            or not open_vocab._OWN_WORDS.isdisjoint(toks)
            or ending.search("\x00".join(toks)) is not None
        ), text
    assert open_vocab.may_open(["mild", "colitis"])
    assert not open_vocab.may_open(["itisfoo", "lungs", "clear"])
