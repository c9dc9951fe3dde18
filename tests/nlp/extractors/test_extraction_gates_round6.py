"""Gates computed once per sentence (extract-speed4). ``open_patterns.pattern_places`` is
``may_pattern`` and ``nominal_places`` in one step: ``candidates.tokens_and_terms`` finds it
once and passes it to ``may_open``, the structures set and ``open_mentions`` ->
``with_patterns`` -> ``pattern_mentions`` (before: ``may_pattern`` up to three times and
``nominal_places`` up to four per sentence). A sentence that needs a reading still gets
it; one that holds none runs none."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors import candidates, open_patterns
from radtrack_gui.nlp.extractors.open_measures import may_measure
from radtrack_gui.nlp.extractors.open_patterns import (
    CHANGE_WORDS,
    FLOW_HEADS,
    GENERIC_HEADS,
    may_pattern,
    nominal_places,
    pattern_places,
    with_patterns,
)
from radtrack_gui.nlp.extractors.rules import RuleExtractor
from radtrack_gui.nlp.extractors.word_marks import may_pattern_words, sentence_mask
from radtrack_gui.nlp.lexicon_cache import lexicon_of
from radtrack_gui.nlp.text import sentences, word_tokens
from radtrack_gui.nlp.vocabulary import vocabulary
from radtrack_gui.util.paths import resource

PATTERN_SENTENCES = [
    "Hepatic veins exhibit triphasic orthograde flow.",  # a flow noun, no nominal place
    "Elongation of the aorta.",  # a nominal place
    "No changes in the pancreas, kidneys, or spleen.",  # "changes" of structures
    "No thoracic or spinal anomalies.",  # a generic head
]
NO_PATTERN_SENTENCES = [
    "The heart is normal in size.",
    "Small right pleural effusion.",
    "thickening of the wall",  # an "of", no nominal ending
    "",
]


def _toks(text: str) -> list[str]:
    return word_tokens(text)[1]


def _old_may_pattern(toks: list[str]) -> bool:
    """The gate as it was written before this change (the reference), with the measure-change
    words the open_measures reading added later (wb-mentions8, round 6)."""
    return (
        not FLOW_HEADS.isdisjoint(toks)
        or not CHANGE_WORDS.isdisjoint(toks)
        or not GENERIC_HEADS.isdisjoint(toks)
        or bool(nominal_places(toks))
        or may_measure(toks)
    )


def _sample_sentences() -> list[str]:
    out = [*PATTERN_SENTENCES, *NO_PATTERN_SENTENCES]
    for folder in ("demo_patient", "oncology_patient"):
        for path in sorted(resource("samples", folder).glob("*.txt")):
            text = path.read_text(encoding="utf-8")
            out.extend(text[s:e] for s, e in sentences(text))
    return out


def test_pattern_places_is_the_old_gate_and_the_nominal_places() -> None:
    for text in _sample_sentences():
        toks = _toks(text)
        places = pattern_places(toks)
        assert (places is not None) == _old_may_pattern(toks) == may_pattern(toks), text
        if places is not None:
            assert places == nominal_places(toks), text
    # the examples cover each branch: a reading without a nominal place gives [], not None
    assert pattern_places(_toks(PATTERN_SENTENCES[0])) == []
    assert pattern_places(_toks(PATTERN_SENTENCES[1])) == [0]
    for text in NO_PATTERN_SENTENCES:
        assert pattern_places(_toks(text)) is None, text


def test_with_patterns_given_the_gate_equals_with_patterns_finding_it() -> None:
    v = vocabulary()
    lex = lexicon_of(v)
    for text in _sample_sentences():
        toks = _toks(text)
        args = (lex.concepts, [], toks, set(), set(), set())
        assert with_patterns(*args, pattern_places(toks)) == with_patterns(*args), text


def _count_nominal_places(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = open_patterns.nominal_places

    def counted(toks: list[str], mask: int | None = None) -> list[int]:
        calls.append(len(toks))
        return real(toks, mask)

    monkeypatch.setattr(open_patterns, "nominal_places", counted)
    return calls


@pytest.mark.parametrize("text", [PATTERN_SENTENCES[1], "Mild colitis. Elongation of the aorta."])
def test_the_gate_is_found_once_per_sentence(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    v = vocabulary()
    lex = lexicon_of(v)
    calls = _count_nominal_places(monkeypatch)
    for s, e in sentences(text):
        before = len(calls)
        candidates.tokens_and_terms(v, lex, text[s:e])
        # four times before this change; since round 8 not at all when the sentence's words
        # hold none of the gate's (word_marks: "Mild colitis." has no "of")
        asked = may_pattern_words(sentence_mask(_toks(text[s:e])))
        assert len(calls) - before == (1 if asked else 0), text[s:e]


def test_a_sentence_that_needs_a_reading_still_gets_it() -> None:
    ex = RuleExtractor()
    got = ex.extract(Report(id="r", text="Elongation of the aorta.", region="chest"))
    assert [m.text for m in got] == ["Elongation"]
    got = ex.extract(Report(id="r", text="Hepatic veins exhibit triphasic orthograde flow."))
    assert "triphasic orthograde flow" in [m.text for m in got]
    # counter-example: no reading's word, no open mention
    got = ex.extract(Report(id="r", text="The heart is normal in size.", region="chest"))
    assert "Elongation" not in [m.text for m in got]
    assert all(m.concept != "elongation" for m in got)


# -- what the sentence cache keeps -------------------------------------------------------


def _containers(obj: object) -> int:
    """The tuples and lists in ``obj``, itself included (what the garbage collector counts)."""
    if isinstance(obj, tuple | list):
        return 1 + sum(_containers(x) for x in obj)
    return 0


def test_word_bounds_are_word_tokens_unpaired() -> None:
    from radtrack_gui.nlp.text import word_bounds

    for text in _sample_sentences():
        starts, ends, words = word_bounds(text)
        spans, words2 = word_tokens(text)
        assert tuple(zip(starts, ends, strict=True)) == spans and words == words2, text
    assert word_bounds("") == ((), (), [])
    # a level written with spaces is one token, its offsets the written ones
    assert word_bounds("C5 - 6 disc") == ((0, 7), (6, 11), ["c5-6", "disc"])


def test_the_sentence_row_keeps_no_object_per_token() -> None:
    """A cached sentence's offsets are two flat tuples whatever its length (before: a pair
    per token, most of the objects a pass kept alive)."""
    v = vocabulary()
    lex = lexicon_of(v)
    long = "Heart size is normal and the mediastinal contours are within normal limits " * 3
    row = candidates.tokens_and_terms(v, lex, long)
    n = len(row[2])
    assert n >= 30
    assert len(row[0]) == len(row[1]) == n
    assert all(type(x) is int for x in (*row[0], *row[1]))
    assert _containers(row[0]) + _containers(row[1]) == 2
    # counter-check: the pairs ``word_tokens`` gives are one object per token
    assert _containers(word_tokens(long)[0]) == n + 1


# -- the carrier-noun and node-word spans run only where their word is ----------------------


def _count_calls(monkeypatch: pytest.MonkeyPatch, names: tuple[str, ...]) -> dict[str, int]:
    from radtrack_gui.nlp.extractors import analysis

    calls = dict.fromkeys(names, 0)
    for name in names:
        real = getattr(analysis, name)

        def counted(*args: object, _real: object = real, _name: str = name) -> object:
            calls[_name] += 1
            return _real(*args)  # type: ignore[operator]

        monkeypatch.setattr(analysis, name, counted)
    return calls


@pytest.mark.parametrize(
    ("text", "region", "spans", "carrier_calls", "node_calls"),
    [
        # a carrier noun after the finding word: the mention spans it
        ("Inflammatory changes in the colon.", "abdomen", ["Inflammatory changes"], 1, 0),
        ("Hypodense areas in the liver.", "abdomen", ["Hypodense areas"], 1, 0),
        # sign words of a node term: the mention starts at "lymph"
        ("Pathologically enlarged lymph nodes.", "abdomen", ["lymph nodes"], 0, 1),
        # neither word in the sentence: neither rule runs, the mention is the term
        ("Small right pleural effusion.", "chest", ["pleural effusion"], 0, 0),
    ],
)
def test_carrier_and_node_spans_run_only_where_their_word_is(
    monkeypatch: pytest.MonkeyPatch,
    text: str,
    region: str,
    spans: list[str],
    carrier_calls: int,
    node_calls: int,
) -> None:
    calls = _count_calls(monkeypatch, ("carrier_end", "node_words_start"))
    got = RuleExtractor().extract(Report(id="r", text=text, region=region))
    assert [m.text for m in got] == spans
    assert calls == {"carrier_end": carrier_calls, "node_words_start": node_calls}
