"""Cheaper gates of the rule extractor (extract-speed2). The modifier rule of
``analysis.analyse`` decides lazily: the phrase-word marks are built only for a flagged
modifier with a finding at most ``MODIFIER_GAP`` words on, and the flag is read only then.
The open vocabulary's pathology-ending test looks at a token's last three letters before
its 21 endings. The shared-head reading (``open_frames.elided_heads``) runs alone, without
``open_mentions``, for a sentence that only a coordinator before a table term lets in
(extract-speed3). These cases pin each branch, with counter-examples, so a shortcut that
skips a needed check fails here."""

from __future__ import annotations

import re

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors import analysis, candidates, open_vocab
from radtrack_gui.nlp.extractors.open_frames import COORDINATORS
from radtrack_gui.nlp.extractors.rules import RuleExtractor
from radtrack_gui.nlp.lexicon_cache import lexicon_of
from radtrack_gui.nlp.text import word_tokens
from radtrack_gui.nlp.vocabulary import vocabulary
from radtrack_gui.util.paths import resource


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
            or not open_vocab._GATE_WORDS.isdisjoint(toks)
            or ending.search("\x00".join(toks)) is not None
        ), text
    assert open_vocab.may_open(["mild", "colitis"])
    assert not open_vocab.may_open(["itisfoo", "lungs", "clear"])


def _counting(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    calls = {"open_mentions": 0, "elided_heads": 0}
    for name in calls:
        real = getattr(candidates, name)

        def counted(*args: object, _real: object = real, _name: str = name) -> object:
            calls[_name] += 1
            return _real(*args)  # type: ignore[operator]

        monkeypatch.setattr(candidates, name, counted)
    return calls


@pytest.mark.parametrize(
    ("text", "open_calls", "elided_calls", "found"),
    [
        # a coordinator before a table term: the shared-head reading alone, still found
        ("Small pleural or pericardial effusion.", 0, 1, ["pleural", "pericardial effusion"]),
        # a negation opens open_mentions (open_negated), which runs the shared-head reading
        ("No pleural or pericardial effusion.", 1, 0, ["pleural", "pericardial effusion"]),
        # a coordinator, no table term in the sentence: nothing runs
        ("The patient and the family were informed.", 0, 0, []),
        # a coordinator and a pathology ending: every reading runs inside open_mentions
        ("Mild colitis and pleural effusion.", 1, 0, ["colitis", "pleural effusion"]),
        # no coordinator, no other gate word: nothing runs
        ("Small pleural effusion.", 0, 0, ["pleural effusion"]),
    ],
)
def test_the_shared_head_reading_has_its_own_gate(
    monkeypatch: pytest.MonkeyPatch, text: str, open_calls: int, elided_calls: int, found: list[str]
) -> None:
    calls = _counting(monkeypatch)
    assert _texts(text, "chest") == found
    assert calls == {"open_mentions": open_calls, "elided_heads": elided_calls}


def _sample_sentences() -> list[str]:
    from radtrack_gui.nlp.text import sentences

    out = [
        "No pleural or pericardial effusion.",
        "Pleural and pericardial effusions are seen.",
        "Heart and pleural effusion.",
        "No focal or diffuse lesion and no colitis.",
        "Right and left pleural effusion or pneumothorax.",
        "and pleural effusion",
        "pleural effusion or",
    ]
    for folder in ("demo_patient", "oncology_patient"):
        for path in sorted(resource("samples", folder).glob("*.txt")):
            text = path.read_text(encoding="utf-8")
            out.extend(text[s:e] for s, e in sentences(text))
    return out


def test_the_gates_hide_nothing_open_mentions_would_find(monkeypatch: pytest.MonkeyPatch) -> None:
    """``tokens_and_terms`` gives what it gave when every sentence with a coordinator went
    through ``open_mentions`` (the gate before this change), on the sample patients and
    coordinations with and without a shared head."""
    v = vocabulary()
    lex = lexicon_of(v)
    sents = _sample_sentences()
    new = [candidates.tokens_and_terms(v, lex, key) for key in sents]
    monkeypatch.setattr(
        candidates,
        "may_open",
        lambda toks, pattern=None, concepts=None, mask=None: (
            open_vocab.may_open(toks, pattern, concepts) or not COORDINATORS.isdisjoint(toks)
        ),
    )
    # (round 8: word_marks' pre-test would skip the patched gate; let every sentence reach it)
    monkeypatch.setattr(candidates, "may_open_words", lambda mask: True)
    old = [candidates.tokens_and_terms(v, lex, key) for key in sents]
    assert new == old
    only_coordinator = [
        toks
        for _, toks in map(word_tokens, sents)
        if not open_vocab.may_open(toks) and not COORDINATORS.isdisjoint(toks)
    ]
    assert len(only_coordinator) >= 5  # the samples exercise the new path
    # "pleural" (token 1) shares "effusion": its own template
    assert (1, 2, lex.concepts["pleural effusion"]) in [t[:3] for t in new[0][6]]


def test_positions_are_the_indices_of_the_words_in_order() -> None:
    toks = ["new", "mass", "and", "new", "nodes", "new"]
    assert list(open_vocab.positions(toks, frozenset({"new"}))) == [0, 3, 5]
    assert list(open_vocab.positions(toks, frozenset({"node"}))) == []  # whole tokens only
    assert list(open_vocab.positions([], frozenset({"new"}))) == []


def test_nominal_places_exit_early_only_without_a_nominal_ending() -> None:
    from radtrack_gui.nlp.extractors.open_patterns import nominal_places

    # an "of" and clause starts, but no word with a nominal ending: nothing (the early exit)
    assert nominal_places(["thickening", "of", "the", "wall"]) == []
    # a nominal word at a place is found; one elsewhere is not (the full test still runs)
    assert nominal_places(["dilatation", "of", "the", "duct"]) == [0]
    assert nominal_places(["the", "duct", "shows", "dilatation", "of", "the", "wall"]) == []
