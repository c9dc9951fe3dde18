"""A general normal predicate ("normal", "unremarkable") closing a present-tense clause is a
normal statement whatever its subject (open_normal_subject); a weaker word, a past tense, a
pronoun subject or a predicate that goes on ("normal in size") are left to the other readings."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.candidates import Cand
from radtrack_gui.nlp.extractors.open_normal_subject import normal_of_open_subject
from radtrack_gui.nlp.extractors.rules import RuleExtractor
from radtrack_gui.nlp.text import word_tokens


@pytest.fixture(scope="module")
def extractor() -> RuleExtractor:
    return RuleExtractor()


def _normals(ex: RuleExtractor, sentence: str) -> list[tuple[str, str]]:
    text = f"Exam: US ABDOMEN\n\nFINDINGS:\n{sentence}\n"
    return [
        (text[m.start : m.end].lower(), m.concept)
        for m in ex.extract(Report(id="r", text=text))
        if m.concept.startswith("normal")
    ]


@pytest.mark.parametrize(
    ("sentence", "word", "concept"),
    [
        # subjects no anatomy table lists: a property, a function, a long coordinated phrase
        ("The resistive behaviour of the arterial tree is normal.", "normal", "normal resistive"),
        ("Hemodynamics are normal, with no stenosis.", "normal", "normal hemodynamics"),
        (
            "Otherwise, the layering and the echo pattern of the scanned compartments appear normal.",
            "normal",
            "normal layering and",
        ),
    ],
)
def test_a_clause_final_normal_word_is_a_statement_about_any_subject(
    extractor, sentence, word, concept
):
    found = _normals(extractor, sentence)
    assert any(w == word and c.startswith(concept) for w, c in found), found


@pytest.mark.parametrize(
    "sentence",
    [
        "It is normal.",  # a pronoun names nothing
        "The tissue planes are normal in thickness and echo pattern.",  # not the clause's end
        "The tissue planes appear clear.",  # a weaker word still needs its structure
    ],
)
def test_no_open_statement_without_its_construction(sentence):
    low = word_tokens(sentence)[1]
    low = [w.lower() for w in low]
    at = next(i for i, w in enumerate(low) if w in ("normal", "clear"))
    c = Cand(at, at + 1, "normal", "finding", term=low[at])
    assert not normal_of_open_subject(c, low)
    assert c.concept == "normal"


def test_a_past_tense_is_no_open_statement():
    low = ["the", "echogenic", "banding", "was", "normal", "."]
    c = Cand(4, 5, "normal", "finding", term="normal")
    assert not normal_of_open_subject(c, low)
    low[3] = "is"
    assert normal_of_open_subject(c, low)
    assert c.concept == "normal echogenic banding"
