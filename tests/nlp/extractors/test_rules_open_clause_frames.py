"""Open vocabulary, round 4 (issue #18 §1): clause frames that assert a noun phrase as seen
or present ("X is seen/visible/observed", "no X observed", "there is X", "shows a X", "the
presence of X"), a lymph node described by its predicate, "<adjective> formations"; with
their counter-examples. Made-up words stand for terms no table will ever list."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.open_vocab import may_open, open_mentions
from radtrack_gui.nlp.extractors.rules import RuleExtractor
from radtrack_gui.nlp.lexicon_cache import lexicon_of
from radtrack_gui.nlp.text import word_tokens
from radtrack_gui.nlp.vocabulary import vocabulary


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _got(ex: RuleExtractor, text: str, region: str = "abdomen") -> list[tuple[str, str, str]]:
    return [
        (m.text, m.concept or "", m.assertion) for m in ex.extract(Report("r", text, region=region))
    ]


def test_made_up_words_are_in_no_table() -> None:
    v = vocabulary()
    for w in ("frobnitz", "blorpance", "quuxing"):
        assert v.concept_of(w) is None and v.anatomy_of(w) is None


@pytest.mark.parametrize(
    "text",
    [
        "A slightly hypodense, roundish frobnitz is visible in the liver.",
        "A frobnitz of the left lobe is seen.",
        "A small frobnitz was noted near the hilum.",
        "There is moderate dorsal frobnitz in the left kidney.",
        "The loop shows a frobnitz on its mesenteric axis.",
        "Signs of portal hypertension with the presence of frobnitz.",
    ],
)
def test_an_asserted_phrase_is_a_mention_with_its_head_as_concept(
    ex: RuleExtractor, text: str
) -> None:
    assert ("frobnitz", "frobnitz", "present") in _got(ex, text)


def test_a_negated_seen_phrase_is_an_absent_mention(ex: RuleExtractor) -> None:
    assert ("frobnitz", "frobnitz", "absent") in _got(ex, "A nodule with no frobnitz observed.")
    got = _got(ex, "No blorpance of the fluid is observed.")
    assert ("blorpance", "blorpance", "absent") in got  # the head before its "of" phrase


@pytest.mark.parametrize(
    "text",
    ["There is no frobnitz in the liver.", "The stems show no evident frobnitz in the bone."],
)
def test_a_negated_there_is_or_shows_phrase_is_an_absent_mention(
    ex: RuleExtractor, text: str
) -> None:
    assert ("frobnitz", "frobnitz", "absent") in _got(ex, text)


def test_a_quantity_word_passes_the_head_to_its_of_phrase(ex: RuleExtractor) -> None:
    assert ("frobnitz", "frobnitz", "present") in _got(
        ex, "A small amount of frobnitz is visible around the gallbladder."
    )
    assert ("frobnitz", "frobnitz", "present") in _got(
        ex, "There are areas of frobnitz in the periphery."
    )


@pytest.mark.parametrize(
    "text",
    [
        "The gallbladder is visualized.",  # a structure is no finding
        "There is good frobnitz of the vessels.",  # a quality word: technique, not a finding
        "The frobnitz study is seen below.",  # a report word heads the phrase
        "There is no evidence of it.",
        "Typical locations were visualized.",
        "Motion artifacts are seen.",
    ],
)
def test_no_mention_without_an_observation(ex: RuleExtractor, text: str) -> None:
    assert not [g for g in _got(ex, text) if g[1] in ("frobnitz", "location", "artifact")]
    assert not [g for g in _got(ex, text) if g[0].lower() in ("gallbladder", "study", "it")]


def test_a_table_term_in_the_subject_stands_for_the_phrase(ex: RuleExtractor) -> None:
    got = _got(ex, "A calcified nodule frobnitz is seen.")
    assert any(g[1] == "nodule" for g in got) and not any(g[1] == "frobnitz" for g in got)


def test_the_gate_opens_for_every_clause_word() -> None:
    v = vocabulary()
    lex = lexicon_of(v)
    for text in (
        "A frobnitz is seen.",
        "There is frobnitz.",
        "It shows a frobnitz.",
        "The presence of frobnitz.",
        "Axillary lymph nodes are reactive.",
    ):
        _, toks = word_tokens(text)
        concepts, others = lex.match(toks)
        covered = {k for t0, t1, _ in concepts for k in range(t0, t1)}
        others_at = {k for t0, t1, _ in others for k in range(t0, t1)}
        assert open_mentions(v, lex, toks, covered, others_at)
        assert may_open(toks)  # the gate never hides what open_mentions finds


def test_a_lymph_node_described_by_its_predicate_is_a_finding(ex: RuleExtractor) -> None:
    assert any(g[0] == "lymph nodes" for g in _got(ex, "Axillary lymph nodes are reactive."))
    got = _got(ex, "The lymph nodes in the examined area are not enlarged.")
    assert any(g[0] == "lymph nodes" for g in got)
    got = _got(ex, "Multiple small, oval, hypoechoic mesenteric lymph nodes at the root.")
    assert any(g[0] == "lymph nodes" for g in got)
    for text in ("Lymph node dissection was performed.", "The lymph nodes are listed below."):
        assert not any(g[0].startswith("lymph node") for g in _got(ex, text))


def test_a_kind_of_formation_is_a_lesion_by_its_kind(ex: RuleExtractor) -> None:
    got = _got(ex, "Diffuse microcystic formations consistent with adenomyosis.", "pelvis")
    assert ("microcystic formations", "microcystic formation", "present") in got
    for text in ("Technical formations of the staff.", "Bone formations of the staff."):
        assert not any("formation" in g[1] for g in _got(ex, text))
