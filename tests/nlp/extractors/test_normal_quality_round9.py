"""Round 9 (wb-mentions13): a quality word before a noun of a tissue's imaging property
("normal echogenicity", "homogeneous density") is the normal statement, as before a process
noun (round 8, normal_quality.py), also after a verb of having, "is of" or "with" where no
lesion comes first; a second quality phrase after "with" is the same statement. Wording made
up, not from any corpus."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _texts(ex: RuleExtractor, text: str, region: str) -> list[str]:
    return [m.text for m in ex.extract(Report("r", text, region=region))]


@pytest.mark.parametrize(
    ("text", "region", "word"),
    [
        ("The liver shows normal echogenicity, no focal lesions.", "abdomen", "normal"),
        ("The liver tissue has normal echogenicity, with no cysts.", "abdomen", "normal"),
        ("The shoulder muscles exhibit normal echogenicity.", "extremity", "normal"),
        ("The thyroid gland is of homogeneous density.", "chest", "homogeneous"),
    ],
)
def test_a_graded_property_noun_is_a_normal_statement_at_its_quality_word(
    ex: RuleExtractor, text: str, region: str, word: str
) -> None:
    found = _texts(ex, text, region)
    assert word in found
    assert not {"echogenicity", "density"} & set(found)


def test_a_second_quality_phrase_after_with_is_the_same_statement(ex: RuleExtractor) -> None:
    found = _texts(ex, "The liver is homogeneous, with normal echogenicity.", "abdomen")
    assert found == ["homogeneous"]


@pytest.mark.parametrize(
    ("text", "region", "kept", "never"),
    [
        # counter-examples: a lesion's attribute is no statement about the organ ...
        (
            "A 2 cm mass with homogeneous density is seen in the liver.",
            "abdomen",
            "mass",
            "homogeneous",
        ),
        # ... a graded property is a finding, and a quality word further away grades another
        # noun ("Symmetrical areas"), not the property
        ("The kidneys show increased echogenicity.", "abdomen", "increased echogenicity", "normal"),
        (
            "Symmetrical areas of decreased density in the white matter.",
            "head",
            "density",
            "Symmetrical",
        ),
    ],
)
def test_counter_examples(ex: RuleExtractor, text: str, region: str, kept: str, never: str) -> None:
    found = _texts(ex, text, region)
    assert any(kept in f for f in found) and never not in found
