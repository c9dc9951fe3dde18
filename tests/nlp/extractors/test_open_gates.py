"""The open vocabulary's two gates (extract-speed5, ``open_gates``): ``may_open`` from the
tokens, ``opens`` with the sentence's matches. Each is built from what a reading needs; a
sentence that needs a reading still gets it, one whose reading cannot stand (its head a
table term, no structure for a structure's reading, a clause word without its copula) does
not enter ``open_mentions``, and on the sample patients ``tokens_and_terms`` gives what it
gives with both gates always open."""

from __future__ import annotations

import pytest

from radtrack_gui.nlp.extractors import candidates, open_gates
from radtrack_gui.nlp.extractors.open_frames import (
    PROPERTY_NOUNS,
    abnormal_property,
    clause_heads,
    clause_may,
    property_may,
)
from radtrack_gui.nlp.extractors.open_patterns import pattern_places
from radtrack_gui.nlp.extractors.open_vocab import open_mentions
from radtrack_gui.nlp.lexicon_cache import lexicon_of
from radtrack_gui.nlp.text import sentences, word_tokens
from radtrack_gui.nlp.vocabulary import vocabulary
from radtrack_gui.util.paths import resource

# (sentence, the open term it needs): one per reading the gates test
NEEDS_A_READING = [
    ("A frobnitz is seen in the liver.", "frobnitz"),  # seen, a subject
    ("There is moderate dorsal compression in the fracture.", "compression"),  # there is
    ("The loop shows a twist on its mesenteric axis.", "twist"),  # shows
    ("The presence of frobnitz.", "frobnitz"),  # presence of
    ("Findings in keeping with blorpen.", "blorpen"),  # a frame
    ("A frobnitz, measuring 2 cm.", "frobnitz"),  # a measured thing
    ("Mild quuxopathy.", "quuxopathy"),  # a pathology ending
    ("Degenerative changes of the spine.", "degenerative changes"),  # a kind of change
    ("Decreased air content.", "decreased air content"),  # an abnormal property
    ("Elongation of the aorta.", "elongation"),  # a nominal finding of a structure
    ("Hepatic veins exhibit triphasic orthograde flow.", "triphasic orthograde flow"),
    ("A lymph node in the cardiophrenic angle.", "lymph node"),  # a node
    ("No dysfunction of the valve.", "dysfunction"),  # a disorder noun
]
# a reading's words with what it needs missing: no entry into open_mentions
NEEDS_NONE = [
    "No pleural effusion is seen.",  # the subject is a table term
    "There is no pneumothorax.",  # the phrase after "there is" starts with a table term
    "Is there",  # "there" with no copula after it
    "The film shows",  # "shows" with nothing after it
    "Findings in keeping with pneumonia.",  # the frame's phrase is a table term
    "in keeping with.",  # the frame with no phrase
    "Mild cardiomegaly.",  # the pathology word is a table term
    "Interval changes.",  # a course word before "changes"
    "Normal density of the liver.",  # a property noun, no abnormality word
    "Elongation of the frobnitz.",  # a nominal place, no structure after it
]


def _toks(text: str) -> list[str]:
    return word_tokens(text)[1]


def _gates(text: str) -> tuple[bool, bool]:
    """(may_open, opens) for a sentence, with its matches as ``tokens_and_terms`` finds them."""
    v = vocabulary()
    lex = lexicon_of(v)
    toks = _toks(text)
    concepts, others = lex.match(toks)
    places = pattern_places(toks)
    covered = {k for a, b, _ in concepts for k in range(a, b)}
    others_at = {k for a, b, _ in others for k in range(a, b)}
    structures = {
        k for a, b, es in others if any(e[0] == "anatomy" for e in es) for k in range(a, b)
    }
    return (
        open_gates.may_open(toks, places is not None),
        open_gates.opens(
            toks, covered, others_at, structures if places is not None else set(), places
        ),
    )


@pytest.mark.parametrize(("text", "term"), NEEDS_A_READING)
def test_a_sentence_that_needs_a_reading_passes_both_gates_and_gets_it(
    text: str, term: str
) -> None:
    assert _gates(text) == (True, True), text
    v = vocabulary()
    lex = lexicon_of(v)
    terms = [t[4] for t in candidates.tokens_and_terms(v, lex, text)[6]]
    assert term in terms, (text, terms)


@pytest.mark.parametrize("text", NEEDS_NONE)
def test_a_sentence_whose_reading_cannot_stand_does_not_enter(
    monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    assert _gates(text)[1] is False or _gates(text)[0] is False, text
    calls: list[str] = []
    real = candidates.open_mentions
    monkeypatch.setattr(
        candidates,
        "open_mentions",
        lambda *a: calls.append("x") or real(*a),  # type: ignore[func-returns-value]
    )
    v = vocabulary()
    before = candidates.tokens_and_terms(v, lexicon_of(v), text)
    assert calls == [], text
    # and the gate hid nothing: open_mentions run anyway finds no open term there
    monkeypatch.setattr(candidates, "may_open", lambda toks, pattern=None: True)
    monkeypatch.setattr(candidates, "opens", lambda *a: True)
    assert candidates.tokens_and_terms(v, lexicon_of(v), text) == before, text
    assert calls == ["x"]


def _sample_sentences() -> list[str]:
    out = [t for t, _ in NEEDS_A_READING] + NEEDS_NONE
    out += ["No pleural or pericardial effusion.", "No free intra-abdominal air or fluid.", ""]
    for folder in ("demo_patient", "oncology_patient"):
        for path in sorted(resource("samples", folder).glob("*.txt")):
            text = path.read_text(encoding="utf-8")
            out.extend(text[s:e] for s, e in sentences(text))
    return out


def test_the_gates_hide_nothing_on_the_sample_patients(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every sentence of both sample patients: what ``tokens_and_terms`` gives with the gates
    equals what it gives when every sentence enters ``open_mentions``; the gates keep out
    some sentences that hold a reading's words (the counter-example: they do narrow)."""
    v = vocabulary()
    lex = lexicon_of(v)
    sents = _sample_sentences()
    gated = [candidates.tokens_and_terms(v, lex, s) for s in sents]
    kept_out = sum(
        1 for s in sents if not open_gates._GATE_WORDS.isdisjoint(_toks(s)) and not all(_gates(s))
    )
    monkeypatch.setattr(candidates, "may_open", lambda toks, pattern=None: True)
    monkeypatch.setattr(candidates, "opens", lambda *a: True)
    assert [candidates.tokens_and_terms(v, lex, s) for s in sents] == gated
    assert kept_out >= 10


def test_clause_may_false_means_no_clause_frame_whatever_the_callbacks() -> None:
    # the most permissive callbacks: every token a head, every phrase its own first word
    for text in [*_sample_sentences(), "seen", "there is", "shows", "presence of", "is seen"]:
        toks = _toks(text)
        if not clause_may(toks):
            assert clause_heads(toks, lambda k: True, lambda j: j, set()) == {}, text
    assert clause_may(_toks("A mass is seen."))
    assert not clause_may(_toks("Seen."))  # nothing before the participle
    assert not clause_may(_toks("is seen"))  # only a copula before it


def test_property_may_false_means_no_abnormal_property() -> None:
    for text in [*_sample_sentences(), "increased density", "loss of signal"]:
        toks = _toks(text)
        if not property_may(toks):
            places = [i for i, t in enumerate(toks) if t in PROPERTY_NOUNS]
            assert all(abnormal_property(toks, i, set()) is None for i in places), text
    assert property_may(_toks("loss of signal"))
    assert not property_may(_toks("signal of the liver"))


def test_open_mentions_finds_nothing_where_opens_says_no() -> None:
    """``opens`` False: ``open_mentions`` itself, run on the sentence, gives nothing but the
    coordination readings (none in these sentences)."""
    v = vocabulary()
    lex = lexicon_of(v)
    for text in NEEDS_NONE:
        toks = _toks(text)
        concepts, others = lex.match(toks)
        covered = {k for a, b, _ in concepts for k in range(a, b)}
        others_at = {k for a, b, _ in others for k in range(a, b)}
        structures = {
            k for a, b, es in others if any(e[0] == "anatomy" for e in es) for k in range(a, b)
        }
        places = pattern_places(toks)
        got = open_mentions(v, lex, toks, covered, others_at, structures, places)
        assert got == [], (text, got)


def _old_nominal_places(toks: list[str]) -> list[int]:
    """``open_patterns.nominal_places`` as written before round 7 (a loop over every token)."""
    from radtrack_gui.nlp.extractors import open_patterns as op

    if "of" not in toks or not any(t.endswith(op.NOMINAL_ENDS) for t in toks):
        return []
    places = []
    for k, tok in enumerate(toks):
        if (
            k == 0
            or toks[k - 1] in op.OPENS_CLAUSE
            or toks[k - 1] in op.NEGATING
            or (toks[k - 1] in ("a", "an") and (k == 1 or toks[k - 2] in op.ARTICLE_AFTER))
        ):
            places.append(k)
            if tok in op.DEGREE:
                places.append(k + 1)
    return [k for k in places if k < len(toks) and toks[k].endswith(op.NOMINAL_ENDS)]


def test_nominal_places_at_nominal_words_equal_the_loop_over_every_token() -> None:
    from radtrack_gui.nlp.extractors.open_patterns import nominal_places

    extra = [
        "Mild elongation of the aorta.",  # after a degree word opening the clause
        "associated with a reduction of the angle",  # "a" after a joining word
        "the reduction of the angle",  # "the": no place
        "No elongation of the aorta; marked dilatation of the duct.",  # two clauses
        "mild",  # a degree word last
        "elongation",  # no "of"
    ]
    for text in [*_sample_sentences(), *extra]:
        toks = _toks(text)
        assert nominal_places(toks) == _old_nominal_places(toks), text
    assert nominal_places(_toks(extra[0])) == [1]
    assert nominal_places(_toks(extra[1])) == [3]
    assert nominal_places(_toks(extra[2])) == []
