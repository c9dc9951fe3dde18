"""Cheaper passes of the open vocabulary (extract-speed5): ``open_mentions`` looks for a
frame where the word it needs stands (``FRAMES_BY_NEED``), not at every "in"; its node,
change and property passes run only where their words are (``property_may``); the node and
coordination readings and ``nominal_places`` loop over their words' positions, not every
token. Each is checked against the loop it replaced, with the cases that need a reading and
counter-examples that must get none."""

from __future__ import annotations

from itertools import pairwise

import pytest

from radtrack_gui.nlp.extractors import open_frames, open_vocab
from radtrack_gui.nlp.extractors.open_frames import (
    COORDINATORS,
    PROPERTY_NOUNS,
    abnormal_property,
    elided_modifiers,
    node_templates,
    property_may,
)
from radtrack_gui.nlp.extractors.open_vocab import FRAMES_BEFORE, open_mentions
from radtrack_gui.nlp.lexicon_cache import lexicon_of
from radtrack_gui.nlp.text import sentences, word_tokens
from radtrack_gui.nlp.vocabulary import vocabulary
from radtrack_gui.util.paths import resource


def _toks(text: str) -> list[str]:
    return word_tokens(text)[1]


def _sample_sentences() -> list[str]:
    out = [
        "Findings in keeping with blorpen.",
        "A frobnitz, measuring 2 cm.",
        "Decreased air content.",
        "Normal density of the liver.",
        "No pleural or pericardial effusion.",
        "No free intra-abdominal air or fluid.",
        "A lymph node in the cardiophrenic angle.",
        "The portocaval node measures 1.3 cm.",
        "",
    ]
    for folder in ("demo_patient", "oncology_patient"):
        for path in sorted(resource("samples", folder).glob("*.txt")):
            text = path.read_text(encoding="utf-8")
            out.extend(text[s:e] for s, e in sentences(text))
    return out


def _matches(text: str) -> tuple[list[str], set[int], set[int]]:
    toks = _toks(text)
    concepts, others = lexicon_of(vocabulary()).match(toks)
    covered = {k for a, b, _ in concepts for k in range(a, b)}
    others_at = {k for a, b, _ in others for k in range(a, b)}
    return toks, covered, others_at


@pytest.mark.parametrize("frame", FRAMES_BEFORE)
def test_every_frame_is_found_at_the_word_it_needs(frame: tuple[str, ...]) -> None:
    v = vocabulary()
    lex = lexicon_of(v)
    toks, covered, others_at = _matches(f"The findings are {' '.join(frame)} blorpen .")
    got = [t[4] for t in open_mentions(v, lex, toks, covered, others_at)]
    assert got == ["blorpen"], (frame, got)
    # the frame cut short before the word it needs, or after it: no frame, no mention
    if len(frame) > 1:
        for cut in (frame[1:], frame[:-1]):
            toks, covered, others_at = _matches(f"The findings are {' '.join(cut)} blorpen .")
            assert open_mentions(v, lex, toks, covered, others_at) == [], cut


def test_a_frame_whose_phrase_is_a_table_term_gives_no_open_mention() -> None:
    v = vocabulary()
    lex = lexicon_of(v)
    toks, covered, others_at = _matches("Findings in keeping with pneumonia.")
    assert covered  # "pneumonia" is a table term: its mention stands, no open one
    assert open_mentions(v, lex, toks, covered, others_at) == []


def _old_node_templates(toks, covered, taken):  # type: ignore[no-untyped-def]
    """``node_templates`` as written before round 7 (a list over every token first)."""
    f = open_frames
    out = []
    for i in [j - 1 for j, tok in enumerate(toks) if j and tok in f.NODE_WORDS]:
        concept = f"lymph {f.head_concept(toks[i + 1])}"
        if toks[i] == "lymph" and (
            f.node_seen(toks, i, covered)
            or f.node_described_after(toks, i)
            or f.node_opens_statement(toks, i, covered)
        ):
            out.append((i, i + 2, concept, "finding", "lymph node"))
        elif (
            f.site_node(toks, i)
            and i + 1 not in taken
            and (f.node_seen(toks, i, covered) or f.node_described_after(toks, i))
        ):
            out.append((i + 1, i + 2, concept, "finding", "lymph node"))
    return out


def test_node_templates_at_the_node_words_equal_the_loop_over_every_token() -> None:
    found = 0
    for text in [*_sample_sentences(), "Node 2 of the lymph chain.", "nodes"]:
        toks, covered, _ = _matches(text)
        got = node_templates(toks, covered, set())
        assert got == _old_node_templates(toks, covered, set()), text
        found += len(got)
    assert found >= 2  # the cardiophrenic lymph node, the portocaval node
    toks, covered, _ = _matches("Node 2 of the lymph chain.")  # a node word first: no place
    assert node_templates(toks, covered, set()) == []


def _old_elided_modifiers(lex, toks, covered, taken):  # type: ignore[no-untyped-def]
    """``elided_modifiers`` as written before round 7 (a loop over every token)."""
    out = []
    n = len(toks)
    for i, tok in enumerate(toks):
        b = i + 1
        if tok not in COORDINATORS or i < 2 or b >= n or i - 1 not in covered:
            continue
        if b in taken or not toks[b].isalpha() or (b in covered and b + 1 in covered):
            continue
        s = i - 1
        while s - 1 >= 0 and s - 1 in covered and i - s <= open_frames.HEAD_WORDS + 2:
            s -= 1
        for j in range(s, i - 1):
            term = " ".join([*toks[j : i - 1], toks[b]]).lower()
            name = lex.concepts.get(term)
            if name is not None:
                out.append((b, b + 1, name, "finding", term))
                break
    return out


def test_elided_modifiers_at_the_coordinators_equal_the_loop_over_every_token() -> None:
    lex = lexicon_of(vocabulary())
    found = 0
    for text in _sample_sentences():
        toks, covered, _ = _matches(text)
        got = elided_modifiers(lex, toks, covered, set())
        assert got == _old_elided_modifiers(lex, toks, covered, set()), text
        found += bool(got)
    assert found >= 1  # "No free intra-abdominal air or fluid": fluid (free fluid)


def test_property_may_false_means_no_abnormal_property() -> None:
    for text in [*_sample_sentences(), "increased density", "loss of signal"]:
        toks = _toks(text)
        if not property_may(toks):
            places = [i for i, t in enumerate(toks) if t in PROPERTY_NOUNS]
            assert all(abnormal_property(toks, i, set()) is None for i in places), text
    assert property_may(_toks("loss of signal"))
    assert property_may(_toks("Decreased air content."))
    assert not property_may(_toks("signal of the liver"))  # no abnormality word
    assert not property_may(_toks("decreased size"))  # no property noun
    v = vocabulary()
    lex = lexicon_of(v)
    toks, covered, others_at = _matches("Decreased air content.")
    assert [t[2] for t in open_mentions(v, lex, toks, covered, others_at)] == ["abnormal content"]


def test_open_mentions_positions_are_in_order() -> None:
    # the passes above rely on positions() giving each index once, ascending
    toks = ["in", "keeping", "with", "x", "and", "in", "keeping", "with", "y"]
    got = list(open_vocab.positions(toks, open_vocab.FRAME_NEEDS))
    assert got == [1, 6]
    assert all(a < b for a, b in pairwise(got))


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
