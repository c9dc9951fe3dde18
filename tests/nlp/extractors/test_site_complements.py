"""Round 9 (wb-mentions13): a process noun's site is no part of its span ("[dilation] of the
pelvicalyceal system"); what the process changes is ("decrease in hepatic density").
site_complements.py. Wording made up, not from any corpus."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _found(ex: RuleExtractor, text: str, region: str) -> list[tuple[str, str]]:
    return [(m.text, m.concept) for m in ex.extract(Report("r", text, region=region))]


@pytest.mark.parametrize(
    ("text", "region", "span", "concept"),
    [
        (
            "There is dilation of the pelvicalyceal system on the left.",
            "abdomen",
            "dilation",
            "hydronephrosis",
        ),
        ("Enlargement of the liver.", "abdomen", "Enlargement", "hepatomegaly"),
        ("Widening of the mediastinum.", "chest", "Widening", "mediastinal widening"),
    ],
)
def test_the_span_ends_at_the_process_noun_and_keeps_its_concept(
    ex: RuleExtractor, text: str, region: str, span: str, concept: str
) -> None:
    assert (span, concept) in _found(ex, text, region)


@pytest.mark.parametrize(
    ("text", "region", "span"),
    [
        # counter-examples: the complement is the property the process changes
        ("There is a diffuse decrease in hepatic parenchymal density.", "abdomen", "density"),
        ("Reduction in brain volume.", "head", "volume"),
        ("Blurring of the outline of the heart.", "chest", "outline"),
        # ... or the lymph nodes a sign is said of
        ("There is no enlargement of lymph nodes in the pelvis.", "pelvis", "nodes"),
    ],
)
def test_a_changed_property_stays_in_the_span(
    ex: RuleExtractor, text: str, region: str, span: str
) -> None:
    assert any(text_.endswith(span) for text_, _ in _found(ex, text, region))
