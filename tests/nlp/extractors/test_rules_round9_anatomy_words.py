"""Round 9 (wb-mentions13): anatomy words the tables lacked, found as the subjects of normal
statements: "thoracic cage" (the rib cage; "cage" as an anatomy head noun) and "portal
system" (the portal venous system). Wording made up, not from any corpus."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _found(ex: RuleExtractor, text: str, region: str) -> list[tuple[str, str]]:
    return [(m.text, m.assertion) for m in ex.extract(Report("r", text, region=region))]


@pytest.mark.parametrize(
    ("text", "region", "expected"),
    [
        ("The thoracic cage is symmetrical.", "chest", [("symmetrical", "present")]),
        ("The rib cage is symmetrical.", "chest", [("symmetrical", "present")]),
        (
            "The portal system is patent and not dilated.",
            "abdomen",
            [("patent", "present"), ("dilated", "absent")],
        ),
    ],
)
def test_a_normal_statement_about_these_structures(
    ex: RuleExtractor, text: str, region: str, expected: list[tuple[str, str]]
) -> None:
    assert _found(ex, text, region) == expected


def test_counter_example_a_finding_of_the_structure_stays_one(ex: RuleExtractor) -> None:
    assert _found(ex, "Thoracic cage deformity is noted.", "chest") == [("deformity", "present")]
