"""Round 9 (wb-mentions13, wb-precision; folded into one rule by house-fold): "normal" opening
a reference value ("LV end-diastolic diameter 48 (normal up to 58 mm)", "normal range") or naming a solution
("normal saline") is no normal statement (reference_values.py). Wording made up."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.reference_values import reference_normal
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
        ("The pericardium is normal. LV end-diastolic diameter 48 (normal up to 58 mm).", 1),
        ("The carotid arteries are normal (normal flow).", 2),
        ("The ventricles are of normal size (normal for age).", 2),
    ],
)
def test_normal_statements_stay(ex: RuleExtractor, text: str, count: int) -> None:
    assert _normals(ex, text) == count


def test_reference_ranges_are_no_statements(ex: RuleExtractor) -> None:
    got = [
        m.text.lower()
        for m in ex.extract(
            Report("r", "Root 31 mm (normal up to 36 mm); atrium 38 mm (normal up to 41 mm).")
        )
    ]
    assert "normal" not in got
    text = "The right vertebral artery runs normal up to the skull base."
    start = text.index("normal")
    assert not reference_normal(text, start, start + 6)  # "up to" a place: a statement
    assert reference_normal("filled with normal saline", 12, 18)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # inside a parenthesis, the words that open a value there too
        ("wall 2 mm (normal: 1-3 mm)", True),
        ("wall 2 mm (normal below 3 mm)", True),
        ("wall 2 mm (normal between 1 and 3 mm)", True),
        # anywhere: a range, values, a number
        ("within the normal range", True),
        ("normal values for age", True),
        # counter-examples: the same words outside a parenthesis, or no value after them
        ("the flow is normal below the stenosis", False),
        ("the ventricles are normal: no dilatation", False),
        ("wall 2 mm (normal for age)", False),
        ("The aorta is normal.", False),
    ],
)
def test_reference_normal(text: str, expected: bool) -> None:
    start = text.index("normal")
    assert reference_normal(text, start, start + 6) is expected
