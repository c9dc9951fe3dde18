"""Round 11 (extract-speed9): interpreter work of the extractor that decides nothing, left out.

Each change keeps what is extracted; these tests pin what each one relies on:

* ``neutral_words.may_name_cause``: a report with none of the nouns ``cause_adjectives``
  needs after a span ("nature", "origin", "etiology", in any case) has no cause adjective,
  so the extractor skips the per-finding reading there (a non-ASCII text is always read);
* ``RuleExtractor.annotate`` and ``_sentences`` build ``Mention`` and ``Sentence`` with
  positional arguments: the field orders they write are the classes' own.
"""

from __future__ import annotations

import dataclasses
import random

from radtrack_gui.core.model import Mention, Report
from radtrack_gui.nlp.extractors.candidates import Sentence
from radtrack_gui.nlp.extractors.neutral_words import cause_adjectives, may_name_cause
from radtrack_gui.nlp.extractors.rules import RuleExtractor

# sentences written for these tests (no report text)
_CAUSE = "Mild narrowing of the canal, of a degenerative origin."
_NO_CAUSE = "Mild narrowing of the canal, degenerative."


def _spans(text: str) -> list[tuple[int, int, bool]]:
    """Every word of ``text`` as a finding span."""
    out, pos = [], 0
    for word in text.split(" "):
        core = word.rstrip(".,")
        out.append((pos, pos + len(core), True))
        pos += len(word) + 1
    return out


def test_the_gate_is_true_wherever_a_cause_adjective_is_found() -> None:
    assert cause_adjectives(_CAUSE, _spans(_CAUSE))  # "degenerative" before "origin"
    assert may_name_cause(_CAUSE)
    for noun in ("nature", "ORIGIN", "Etiology", "aetiology"):
        text = f"Thickening of the wall, of an inflammatory {noun}."
        assert cause_adjectives(text, _spans(text)), noun
        assert may_name_cause(text), noun


def test_the_gate_is_false_without_the_nouns_and_true_for_other_scripts() -> None:
    assert not may_name_cause(_NO_CAUSE)
    assert not cause_adjectives(_NO_CAUSE, _spans(_NO_CAUSE))
    # IGNORECASE reads the dotless "ı" as "i": such a text is always read in full
    turkish = "Thickening of the wall, of an inflammatory orıgın."
    assert may_name_cause(turkish)
    assert may_name_cause("Nodule, see the note \u00e9.")  # any non-ASCII text


def test_random_texts_gated_out_have_no_cause_adjective() -> None:
    rng = random.Random(11)
    words = [
        *("of", "an", "a", "degenerative", "inflammatory", "reactive", "cystic", "mass"),
        *("nature", "Origin", "etiology", "natural", "original", "wall", "/", "-", ".", ";"),
    ]
    for _ in range(3000):
        text = " ".join(rng.choice(words) for _ in range(rng.randint(1, 12)))
        found = cause_adjectives(text, _spans(text))
        if not may_name_cause(text):
            assert not found, text


def test_the_extractor_drops_a_cause_adjective_and_keeps_the_rest() -> None:
    ex = RuleExtractor()
    with_cause = {m.text for m in ex.extract(Report(id="a", text=_CAUSE))}
    without = {m.text for m in ex.extract(Report(id="b", text=_NO_CAUSE))}
    assert "degenerative" not in with_cause  # the cause of the narrowing, no mention
    assert "narrowing" in with_cause and "narrowing" in without


def test_mentions_and_sentences_are_built_in_their_field_order() -> None:
    assert [f.name for f in dataclasses.fields(Mention)] == [
        *("id", "report", "start", "end", "text", "type", "concept", "anatomy"),
        *("laterality", "assertion", "change", "section", "measurements", "chain"),
        *("source", "fragments", "question"),
    ]
    assert [f.name for f in dataclasses.fields(Sentence)] == [
        *("start", "end", "paragraph", "starts", "ends", "toks", "others", "cands"),
        *("tops", "templates", "device_word", "mask"),
    ]
    text = "Right pleural effusion. A left chest tube is in place."
    mentions = RuleExtractor().extract(Report(id="r1", text=text))
    assert mentions
    for m in mentions:
        assert (m.id, m.report, m.chain, m.fragments, m.source) == (
            "",
            "r1",
            None,
            [],
            "model:rules",
        )
        assert text[m.start : m.end] == m.text and isinstance(m.anatomy, list)
        assert isinstance(m.measurements, list) and m.question is False


def test_the_normal_statement_rules_change_nothing_without_a_normal_statement() -> None:
    """``analyse`` runs the four rules only when a candidate is a normal statement."""
    from radtrack_gui.nlp.extractors.candidates import Cand
    from radtrack_gui.nlp.extractors.normal_statement import (
        at_first_normal_word,
        one_statement_per_clause,
    )
    from radtrack_gui.nlp.extractors.normal_subject import (
        one_normal_per_statement,
        without_normal_properties,
    )

    v = RuleExtractor().vocab
    toks = [
        "normal",
        "and",
        "symmetric",
        "appearance",
        ",",
        "normal",
        "size",
        "and",
        "mild",
        "effusion",
    ]
    plain = [Cand(0, 1, "opacity", "finding", "normal"), Cand(2, 3, "effusion", "finding", "x")]
    plain.append(Cand(10, 11, "pleural effusion", "finding", "effusion"))
    before = [(c.t0, c.t1, c.concept) for c in plain]
    assert without_normal_properties(plain, toks) == plain
    assert one_normal_per_statement(plain, toks) == plain
    at_first_normal_word(v, plain, toks)
    assert one_statement_per_clause(v, plain, toks) == plain
    assert [(c.t0, c.t1, c.concept) for c in plain] == before
    # with normal statements they act: the second statement moves to the first normal word
    stated = [Cand(2, 3, "normal lung", "finding", "symmetric")]
    at_first_normal_word(v, stated, toks)
    assert (stated[0].t0, stated[0].t1) == (0, 1)


def test_neutral_word_reads_the_span_once_and_answers_as_both_readings() -> None:
    """``neutral_word`` equals ``neutral_property or reference_normal`` on every span."""
    from radtrack_gui.nlp.extractors.neutral_words import neutral_property, neutral_word
    from radtrack_gui.nlp.extractors.reference_values import reference_normal

    rng = random.Random(7)
    words = [
        *("Normal", "normal", "echogenicity", "Enhancement", "uptake", "density", "(", ")"),
        *("up", "to", "30", "mm", "range", "saline", "good", "and", "wall", "mass", ","),
    ]
    concepts = ("echogenicity", "enhancement", "uptake", "opacity", "normal liver", None)
    for _ in range(2000):
        text = " ".join(rng.choice(words) for _ in range(rng.randint(1, 10)))
        for s, e, _f in _spans(text):
            for concept in concepts:
                expected = neutral_property(text, s, e, concept) or reference_normal(text, s, e)
                assert neutral_word(text, s, e, concept) == expected, (text, s, e, concept)
    said = "Liver of normal echogenicity."
    at = said.index("echo")
    assert neutral_word(said, at, at + len("echogenicity"), "echogenicity")
    value = "Root 31 mm (normal up to 36 mm)."
    at = value.index("normal")
    assert neutral_word(value, at, at + len("normal"), "normal aorta")
    assert not neutral_word("Normal liver.", 0, 6, "normal liver")


def test_the_per_candidate_readings_answer_the_default_without_their_words() -> None:
    """``analyse`` asks ``described_by`` only where an interpreting word stands, and
    ``assertion_of`` / ``change_of`` only with a cue / a course word in the sentence."""
    from radtrack_gui.nlp.extractors.candidates import Cand
    from radtrack_gui.nlp.extractors.change import change_of
    from radtrack_gui.nlp.extractors.context import INTERPRETS, assertion_of, described_by

    rng = random.Random(5)
    words = ["mass", "in", "the", "liver", ",", "and", "small", "cyst", ";", "seen"]
    for _ in range(500):
        toks = [rng.choice(words) for _ in range(rng.randint(2, 12))]
        assert INTERPRETS.isdisjoint(toks)
        n = len(toks)
        term_mark = [t in (",", ";") for t in toks] + [False]
        prev = Cand(0, 1, "mass", "finding", "mass", anatomy="liver", anatomy_from_text=True)
        c = Cand(n - 1, n, "cyst", "finding", "cyst")
        assert described_by(c, [prev], toks, term_mark) is None
        assert assertion_of(c, [], term_mark, [], [0, n - 1], toks) == "present"
        assert c.cue_dir == ""
        assert change_of(c, [], term_mark, toks) is None
    # with their words they read: an interpreting word, a cue, a course word
    toks = ["mass", "in", "the", "liver", ",", "consistent", "with", "cyst"]
    prev = Cand(0, 1, "mass", "finding", "mass", anatomy="liver", anatomy_from_text=True)
    c = Cand(7, 8, "cyst", "finding", "cyst")
    assert described_by(c, [prev], toks, [False] * 9) is prev
    assert assertion_of(c, [(6, 7, "possible", "pre")], [False] * 9, [], [0, 7], toks) != "present"
    assert change_of(c, [(6, 7, "new")], [False] * 9, toks) is not None


def test_an_interpreting_clause_still_takes_its_site() -> None:
    text = "Fluid collection along the right convexity, consistent with a subdural hematoma."
    mentions = RuleExtractor().extract(Report(id="r", text=text))
    hematoma = [m for m in mentions if m.text == "subdural hematoma"]
    assert hematoma and hematoma[0].laterality == "right"  # the collection's side
