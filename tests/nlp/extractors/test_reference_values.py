"""Round 9 (wb-mentions13): "normal" opening a parenthesised reference value ("LVDD: 45
(normal up to 56 mm)") is no normal statement (reference_values.py). Wording made up."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _normals(ex: RuleExtractor, text: str, region: str = "chest") -> int:
    return sum(m.text.lower() == "normal" for m in ex.extract(Report("r", text, region=region)))


@pytest.mark.parametrize(
    "text",
    [
        "The left atrium is 41 mm (normal up to 40 mm).",
        "The aortic root measures 31 mm (normal 20-37 mm).",
        "The wall of the carotid artery is 1.1 mm thick (normal range 0.5-0.9 mm).",
        "The aortic bulb is 31 mm (normal: 20-37 mm).",
    ],
)
def test_a_reference_value_is_no_normal_statement(ex: RuleExtractor, text: str) -> None:
    assert _normals(ex, text) == 0


@pytest.mark.parametrize(
    ("text", "count"),
    [
        # counter-examples: a statement, also one in parentheses that names no value
        ("The pericardium is normal. LVDD: 45 (normal up to 56 mm).", 1),
        ("The carotid arteries are normal (normal flow).", 2),
        ("The ventricles are of normal size (normal for age).", 2),
    ],
)
def test_normal_statements_stay(ex: RuleExtractor, text: str, count: int) -> None:
    assert _normals(ex, text) == count
