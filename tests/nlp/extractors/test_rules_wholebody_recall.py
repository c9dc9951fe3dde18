"""Whole-body mention recall (issue #18 §1/§3): normal statements about structures the
anatomy tables lack, read from the noun phrase the normal predicate is said of."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.normal_subject import subject_phrase
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def extractor() -> RuleExtractor:
    return RuleExtractor()


def _normals(ex: RuleExtractor, sentence: str) -> list[tuple[str, str]]:
    text = f"FINDINGS:\n{sentence}\n"
    return [
        (text[m.start : m.end].lower(), m.concept)
        for m in ex.extract(Report(id="r", text=text))
        if m.concept.startswith("normal")
    ]


@pytest.mark.parametrize(
    ("sentence", "found"),
    [
        ("Muscle planes are unremarkable.", ("unremarkable", "normal muscle planes")),
        ("Flexor tendons: unremarkable.", ("unremarkable", "normal flexor tendons")),
        ("The synovial recesses appear normal.", ("normal", "normal synovial recesses")),
        ("Clear rectouterine pouch.", ("clear", "normal rectouterine pouch")),
        ("The median nerve is of normal size.", ("normal", "normal median nerve")),
        # the head of the "of" phrase is the structure
        ("Calibre of the iliac vessels is preserved.", ("preserved", None)),
        # a synonym of a listed structure becomes that structure
        ("The pouch of Douglas is clear.", ("clear", "normal pelvis")),
    ],
)
def test_a_normal_predicate_about_an_unlisted_structure_is_a_normal_statement(
    extractor, sentence, found
):
    got = _normals(extractor, sentence)
    assert len(got) == 1 and got[0][0] == found[0]
    assert found[1] is None or got[0][1] == found[1]
    assert got[0][1] != "normal study"


@pytest.mark.parametrize(
    "sentence",
    [
        "Technique: unremarkable.",  # a heading that is no structure
        "Function is preserved.",  # a subject that is no structure
        "Overall impression is normal.",
        "The fracture line is clear.",  # "clear" about no structure
    ],
)
def test_a_normal_predicate_about_no_structure_is_no_mention(extractor, sentence):
    assert _normals(extractor, sentence) == []


def test_subject_phrase_reads_copula_heading_and_opening_predicate():
    toks = ["the", "muscle", "planes", "are", "unremarkable"]
    assert subject_phrase(toks, 4, 5) == ["muscle", "planes"]
    toks = ["douglas", "pouch", ":", "clear"]
    assert subject_phrase(toks, 3, 4) == ["douglas", "pouch"]
    toks = ["clear", "douglas", "pouch", "."]
    assert subject_phrase(toks, 0, 1) == ["douglas", "pouch"]
    # counter-examples: a predicate inside a clause with no subject before a copula
    toks = ["with", "an", "unremarkable", "appearance"]
    assert subject_phrase(toks, 2, 3) == []
    toks = [
        "a",
        "b",
        "c",
        "d",
        "e",
        "f",
        "g",
        "h",
        "is",
        "normal",
    ]  # a subject too long to be a noun phrase
    assert subject_phrase(toks, 9, 10) == []


def _found(ex: RuleExtractor, sentence: str) -> list[tuple[str, str, str]]:
    text = f"FINDINGS:\n{sentence}\n"
    return [
        (text[m.start : m.end].lower(), m.concept, m.assertion)
        for m in ex.extract(Report(id="r", text=text))
    ]


@pytest.mark.parametrize(
    ("sentence", "found"),
    [
        ("The distal fragment is displaced dorsally by 8 mm.", ("displaced", "displacement")),
        ("No cortical discontinuity.", ("cortical discontinuity", "discontinuity")),
        ("Cholecystitis with pericholecystic exudate.", ("exudate", "exudate")),
        ("Lobar consolidation with air bronchograms.", ("air bronchograms", "air bronchogram")),
    ],
)
def test_descriptive_finding_words_of_the_new_rows_are_mentions(extractor, sentence, found):
    assert found in [(t, c) for t, c, _ in _found(extractor, sentence)]


def test_a_displacement_word_before_a_fracture_is_its_modifier(extractor):
    # counter-example: "displaced fracture" is one fracture, no displacement of its own
    got = _found(extractor, "Displaced fracture of the left ulna.")
    assert [c for _, c, _ in got if c == "displacement"] == []
    assert any("fracture" in c for _, c, _ in got)


@pytest.mark.parametrize(
    ("sentence", "concept"),
    [
        ("Ischiorectal fossae are free.", "normal ischiorectal fossae"),
        ("Rectouterine pouch: free.", "normal rectouterine pouch"),
    ],
)
def test_free_as_a_structures_predicate_is_a_normal_statement(extractor, sentence, concept):
    assert [c for _, c in _normals(extractor, sentence)] == [concept]


@pytest.mark.parametrize(
    "sentence",
    [
        "Lungs are free of nodules.",  # "free of": the nodules are what is absent
        "Free fluid in the pelvis.",  # a finding of its own
        "The patient is free of symptoms.",
    ],
)
def test_free_elsewhere_is_no_normal_statement(extractor, sentence):
    assert _normals(extractor, sentence) == []
