"""Round 5c mention mechanisms (issue #18, docs/vocabulary.md "Round 5c (wb-left-mentions)"):
a predicate adjective before a comma starts no attribute of the next noun; a property named
as the subject of a normal predicate is no finding even when a negation of the clause before
ran into it. Each with counter-examples (wording made up, not from any corpus)."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.modifiers import predicate_before_comma
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _got(ex: RuleExtractor, text: str, region: str = "abdomen") -> list[tuple[str, str]]:
    return [(m.text, m.assertion) for m in ex.extract(Report("r", text, region=region))]


# -- a predicate before a comma ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "span", "assertion"),
    [
        ("The liver is not enlarged, echogenicity is normal.", "enlarged", "absent"),
        ("The spleen is not enlarged, echogenicity normal.", "enlarged", "absent"),
        ("The spleen is enlarged, hypoechoic mass in segment 6.", "enlarged", "present"),
        ("The kidneys appear slightly enlarged, hypoechoic cortex.", "enlarged", "present"),
    ],
)
def test_predicate_before_comma_is_its_own_mention(
    ex: RuleExtractor, text: str, span: str, assertion: str
) -> None:
    assert (span, assertion) in _got(ex, text)


@pytest.mark.parametrize(
    "text",
    [
        # attributive adjectives in a row still describe the noun after them
        "A spindle-shaped, hypoechoic mass in the liver.",
        "Enlarged, hypoechoic lymph node in the neck.",
    ],
)
def test_attributive_adjectives_before_a_comma_still_describe(ex: RuleExtractor, text: str) -> None:
    spans = [t for t, _ in _got(ex, text, "neck")]
    assert "hypoechoic" not in spans and "Enlarged" not in spans


def test_predicate_before_comma_reads_the_copula() -> None:
    toks = ["the", "liver", "is", "not", "enlarged", ",", "echogenicity"]
    assert predicate_before_comma(toks, 4, 5, 6)
    assert not predicate_before_comma(["an", "enlarged", ",", "hypoechoic", "mass"], 1, 2, 4)
    # no comma: an attribute as ever ("is enlarged hypoechoic" reads on)
    assert not predicate_before_comma(["it", "is", "enlarged", "hypoechoic"], 2, 3, 3)


# -- a property as the subject of a normal predicate -----------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "The liver is not enlarged, echogenicity is normal.",
        "The spleen is not enlarged, its echogenicity is normal.",
    ],
)
def test_negated_property_subject_of_a_normal_predicate_is_dropped(
    ex: RuleExtractor, text: str
) -> None:
    got = _got(ex, text)
    assert not [t for t, _ in got if t == "echogenicity"]
    assert ("normal", "present") in got


def test_property_after_normal_word_keeps_its_negation(ex: RuleExtractor) -> None:
    # counter-example: a negated property that is no normal predicate's subject stays
    got = _got(ex, "The liver shows no increased echogenicity.")
    assert ("increased echogenicity", "absent") in got
