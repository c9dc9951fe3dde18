"""Subjects and sites named by RadLex's structure names the anatomy tables lack ("sella
turcica", "cisterna magna", "patella"): a predicate said of them is read; a non-structure
word after "the" stays no subject (docs/evaluation-mentions.md, "Round 10: structures the
tables lacked")."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor
from radtrack_gui.nlp.extractors.structure_names import names_structure


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _found(ex: RuleExtractor, text: str) -> list[tuple[str, str]]:
    return [(m.text, m.concept) for m in ex.extract(Report("r", text, region="head"))]


@pytest.mark.parametrize(
    "words",
    [
        ["sella", "turcica"],
        ["cisterna", "magna"],
        ["patella"],
        ["patellae"],  # a Latin plural
        ["enlarged", "cisterna", "magna"],  # the last words name it
        ["circle", "of", "willis"],
    ],
)
def test_structure_names_of_the_lexicon(words: list[str]) -> None:
    assert names_structure(words)


@pytest.mark.parametrize(
    "words", [["lesion"], ["procedure"], ["remainder"], ["wall"], ["patient"], ["3"], []]
)
def test_words_that_name_no_structure(words: list[str]) -> None:
    assert not names_structure(words)


@pytest.mark.parametrize(
    ("text", "span", "concept"),
    [
        ("The sella turcica is normal.", "normal", "normal sella turcica"),
        ("The patella is intact.", "intact", "normal patella"),
        ("The cisterna magna is symmetrical.", "symmetrical", "normal cisterna magna"),
    ],
)
def test_a_predicate_said_of_a_structure_the_tables_lack_is_read(
    ex: RuleExtractor, text: str, span: str, concept: str
) -> None:
    assert (span, concept) in _found(ex, text)


@pytest.mark.parametrize(
    "text",
    [
        "The procedure is normal.",
        "The technique is regular.",
        "The filling is homogeneous.",
        "The sequence is symmetrical.",
        "The remainder is unremarkable.",
    ],
)
def test_a_non_structure_word_after_the_stays_no_subject(ex: RuleExtractor, text: str) -> None:
    assert _found(ex, text) == []
