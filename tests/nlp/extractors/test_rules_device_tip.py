"""Rule extractor: a bare "tip" after a named device stands for that device (GUIDELINE),
also across a word or a comma; a tip that is part of the device's name, or that follows no
device, is no mention of its own."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _got(ex: RuleExtractor, text: str) -> list[tuple[str, str | None]]:
    return [(m.text, m.concept) for m in ex.extract(Report("r", text, region="chest"))]


@pytest.mark.parametrize(
    "text",
    [
        "Right IJ catheter with tip in the right atrium.",
        "Right IJ catheter, tip in the right atrium.",
        "Right IJ catheter, with its tip in the right atrium.",
        "Right IJ catheter in place. The tip is in the right atrium.",
    ],
)
def test_tip_after_a_named_device_is_that_device(ex: RuleExtractor, text: str) -> None:
    got = _got(ex, text)
    assert [g[0].lower() for g in got] == ["ij catheter", "tip"]
    assert got[0][1] == got[1][1] == "internal jugular catheter"


def test_tip_in_the_name_or_without_a_device_is_no_mention(ex: RuleExtractor) -> None:
    assert _got(ex, "The ET tube tip is 4 cm above the carina.") == [
        ("ET tube", "endotracheal tube")
    ]
    assert _got(ex, "The tip projects over the stomach.") == []
    # the tip of a named device is that device's mention, spanning from its tip (round 11:
    # device_tips; the labelled files mark the tip)
    assert _got(ex, "The tip of the nasogastric tube is in the stomach.") == [
        ("tip of the nasogastric tube", "nasogastric tube")
    ]
