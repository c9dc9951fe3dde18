"""Round 9 (wb-mentions13): a hollow organ's clear contents are no finding ("The bladder
contains clear fluid"), normal_contents.py. Wording made up, not from any corpus."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _fluid(ex: RuleExtractor, text: str) -> bool:
    found = ex.extract(Report("r", text, region="abdomen"))
    return any(m.text.startswith("fluid") for m in found)


@pytest.mark.parametrize(
    "text",
    [
        "The bladder, half filled, holds clear fluid.",
        "Bladder adequately filled with anechoic fluid.",
        "Urinary bladder distended, with non-lithiasic fluid inside.",
    ],
)
def test_clear_contents_of_a_hollow_organ_are_no_finding(ex: RuleExtractor, text: str) -> None:
    assert not _fluid(ex, text)


@pytest.mark.parametrize(
    "text",
    [
        # counter-examples: no organ named, contents not clear, another clause
        "A small amount of clear fluid in the pelvis.",
        "The gallbladder contains echogenic fluid with sludge.",
        "The bladder is distended; clear fluid is seen in the pouch of Douglas.",
    ],
)
def test_other_fluid_stays_a_finding(ex: RuleExtractor, text: str) -> None:
    assert _fluid(ex, text)
