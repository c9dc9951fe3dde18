"""Round 10 (wb-recall): a normal predicate after a past-tense copula ("was", "were") is a normal
statement about its subject, as after "is"/"are" (normal_subject.COPULAS); a lesion, a device or
a procedure as the subject stays none. Wording made up, not from any corpus."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _normals(ex: RuleExtractor, text: str) -> list[tuple[str, str]]:
    found = ex.extract(Report("r", text, region="abdomen"))
    return [(m.text, m.concept) for m in found if m.concept.startswith("normal ")]


@pytest.mark.parametrize(
    ("text", "span", "concept"),
    [
        ("The liver was homogeneous.", "homogeneous", "normal liver"),
        ("Both kidneys were symmetrical.", "symmetrical", "normal kidneys"),
        ("The portal veins were properly contrasted.", "properly contrasted", "normal portal vein"),
    ],
)
def test_a_normal_predicate_after_was_or_were_is_a_normal_statement(
    ex: RuleExtractor, text: str, span: str, concept: str
) -> None:
    assert _normals(ex, text) == [(span, concept)]


@pytest.mark.parametrize(
    "text",
    [
        # counter-examples: a lesion's or a device's property, a procedure
        "The lesion was smooth.",
        "The cyst was homogeneous.",
        "The examination was performed without contrast.",
    ],
)
def test_a_lesion_device_or_procedure_subject_is_no_normal_statement(
    ex: RuleExtractor, text: str
) -> None:
    assert _normals(ex, text) == []
