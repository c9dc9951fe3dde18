"""The word marks (round 8): a sentence's bit mask says exactly which gate words it holds, and
the pre-tests built on it skip only gates that would have said no."""

from __future__ import annotations

import pytest

from radtrack_gui.nlp.extractors import word_marks as wm
from radtrack_gui.nlp.extractors.candidates import tokens_and_terms
from radtrack_gui.nlp.extractors.normal_adequacy import may_adequate
from radtrack_gui.nlp.extractors.open_frames import COORDINATORS
from radtrack_gui.nlp.extractors.open_patterns import pattern_places
from radtrack_gui.nlp.extractors.open_predicates import may_predicate
from radtrack_gui.nlp.extractors.open_vocab import (
    SUFFIX_ENDS,
    SUFFIX_LAST3,
    may_open,
    open_mentions,
)
from radtrack_gui.nlp.lexicon_cache import lexicon_of
from radtrack_gui.nlp.text import sentences, word_tokens
from radtrack_gui.nlp.vocabulary import vocabulary
from radtrack_gui.util.paths import resource

# one sentence per reading, and sentences that hold a gate word but no reading
CASES = [
    "Findings in keeping with blorpen.",
    "A frobnitz, measuring 2 cm.",
    "Decreased air content.",
    "Normal density of the liver.",
    "No pleural or pericardial effusion.",
    "No free intra-abdominal air or fluid.",
    "A lymph node in the cardiophrenic angle.",
    "The portocaval node measures 1.3 cm.",
    "Degenerative changes of the spine.",
    "The uterus is retroverted.",
    "There is hepatosplenomegaly.",
    "Loss of signal in the disc.",
    "Interval increase in size of the mass.",
    "Absent flow in the left portal vein.",
    "Evaluation of the abdomen.",
    "The heart and lungs.",
    "The bladder is well distended.",
    "",
]


def _sample_sentences() -> list[str]:
    out = list(CASES)
    for folder in ("demo_patient", "oncology_patient"):
        for path in sorted(resource("samples", folder).glob("*.txt")):
            text = path.read_text(encoding="utf-8")
            out.extend(text[s:e] for s, e in sentences(text))
    return out


def _toks(text: str) -> list[str]:
    return word_tokens(text)[1]


def test_each_bit_is_its_word_set() -> None:
    sets, nominal_ends, _, _ = wm._tables()
    for text in _sample_sentences():
        toks = _toks(text)
        mask = wm.sentence_mask(toks)
        for words, bit in sets:
            assert bool(mask & bit) == (not words.isdisjoint(toks)), (text, bit)
        assert bool(mask & wm.NOMINAL) == any(t.endswith(nominal_ends) for t in toks)
        assert bool(mask & wm.LAST3) == any(t[-3:] in SUFFIX_LAST3 for t in toks)
        assert bool(mask & wm.SUFFIX) == any(t.endswith(SUFFIX_ENDS) for t in toks)


def test_pre_tests_skip_only_gates_that_say_no() -> None:
    lex = lexicon_of(vocabulary())
    skipped = {"pattern": 0, "open": 0, "predicate": 0}
    for text in _sample_sentences():
        toks = _toks(text)
        mask = wm.sentence_mask(toks)
        concepts = lex.match(toks)[0]
        if not wm.may_pattern_words(mask):
            assert pattern_places(toks) is None, text
            skipped["pattern"] += 1
        if not wm.may_open_words(mask):
            assert not may_open(toks, False, concepts), text
            skipped["open"] += 1
        if not mask & wm.LINK:
            assert not may_predicate(toks), text
            skipped["predicate"] += 1
        assert bool(mask & wm.COORDINATOR) == (not COORDINATORS.isdisjoint(toks))
        if not mask & wm.ADEQUATE:
            assert not may_adequate(toks), text
    assert all(n > 10 for n in skipped.values()), skipped  # the pre-tests do skip


def test_open_mentions_with_every_pass_forced_equals_the_masked_one() -> None:
    # the mask only spares passes that find nothing: every pass forced to run (all bits
    # set) reads the same on the sample patients and on each reading's case
    v = vocabulary()
    lex = lexicon_of(v)
    found = 0
    for text in _sample_sentences():
        toks = _toks(text)
        concepts, others = lex.match(toks)
        covered = {k for t0, t1, _ in concepts for k in range(t0, t1)}
        others_at = {k for t0, t1, _ in others for k in range(t0, t1)}
        got = open_mentions(v, lex, toks, covered, others_at)
        assert got == open_mentions(v, lex, toks, covered, others_at, mask=-1), text
        found += len(got)
    assert found > 10


def test_tokens_and_terms_finds_the_open_readings_through_the_masks() -> None:
    # a counter-example per gate: the reading is found when its word is there, and the
    # sentence without that word reads no open mention
    v = vocabulary()
    lex = lexicon_of(v)

    def opened(text: str) -> list[str]:
        return [t[2] for t in tokens_and_terms(v, lex, text)[6]]

    pairs = [  # (the reading's word is there, the same sentence without it)
        ("Mild blorpitis.", "Mild blorpen."),  # a pathology ending
        ("Findings in keeping with blorpen.", "Findings with blorpen."),  # a frame
        ("The uterus is retroverted.", "The uterus retroverted."),  # a copula
        ("No blorpen.", "Blorpen."),  # a negator
        ("A shadow of about 5 cm.", "A shadow of about 5."),  # a measure unit (open_measured)
    ]
    for with_word, without in pairs:
        assert opened(with_word), with_word
        assert not opened(without), without


def test_word_masks_are_remembered_within_a_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    assert wm.sentence_mask([]) == 0
    assert wm.word_mask("no") & wm.NEGATOR
    assert wm.word_mask("changes") & wm.PATTERN_WORD and wm.word_mask("changes") & wm.CHANGE_NOUN
    assert wm.word_mask("cardiomegaly") & wm.SUFFIX
    assert not wm.word_mask("blorpen")
    monkeypatch.setattr(wm, "_MASKS", {})
    monkeypatch.setattr(wm, "_CAP", 3)
    wm.sentence_mask(["a", "b", "c", "d"])
    assert len(wm._MASKS) == 4
    wm.sentence_mask(["e"])  # past the cap: the table starts again
    assert set(wm._MASKS) == {"e"}
