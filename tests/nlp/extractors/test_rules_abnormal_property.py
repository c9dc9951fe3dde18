"""An image property said to be abnormal or changed is a finding headed by the property
(open_frames.abnormal_property, docs/vocabulary.md "Round 4b"); counter-examples: a normal
or unqualified property, and a table term inside the phrase keeps its own mention."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _got(ex: RuleExtractor, text: str, region: str) -> list[tuple[str, str, str]]:
    return [
        (m.text, m.concept or "", m.assertion) for m in ex.extract(Report("r", text, region=region))
    ]


@pytest.mark.parametrize(
    ("text", "region", "span", "assertion"),
    [
        ("No areas of altered density in the brain parenchyma.", "head",
         "altered density", "absent"),
        ("No foci of increased or decreased intensity are seen.", "head",
         "increased or decreased intensity", "absent"),
        ("Decreased air content in both lower zones.", "chest",
         "Decreased air content", "present"),
        ("A diffuse decrease in liver parenchymal density is seen.", "abdomen",
         "decrease in liver parenchymal density", "present"),
        ("Reduced perfusion of the left kidney.", "abdomen", "Reduced perfusion", "present"),
    ],
)  # fmt: skip
def test_abnormal_property_is_a_finding(
    ex: RuleExtractor, text: str, region: str, span: str, assertion: str
) -> None:
    got = _got(ex, text, region)
    assert any(g[0] == span and g[1].startswith("abnormal ") and g[2] == assertion for g in got), (
        got
    )


@pytest.mark.parametrize(
    ("text", "region"),
    [
        ("The echotexture of the liver is homogeneous.", "abdomen"),  # no abnormality word
        ("Normal signal of the bone marrow.", "spine"),
        ("Increased, and the density is stable.", "abdomen"),  # a list join ends the phrase
    ],
)
def test_unqualified_property_is_no_abnormal_finding(
    ex: RuleExtractor, text: str, region: str
) -> None:
    assert not [g for g in _got(ex, text, region) if g[1].startswith("abnormal ")]


def test_table_term_inside_keeps_its_mention(ex: RuleExtractor) -> None:
    got = _got(ex, "Altered density in the right lung.", "chest")
    assert [g[1] for g in got] == ["opacity"], got
