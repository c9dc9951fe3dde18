"""Rule extractor: which words are mentions (device words, side-only devices, normal
statements, descriptive findings, joint injuries, alternatives)."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _got(ex: RuleExtractor, text: str) -> list[tuple[str, str, str | None, str | None]]:
    return [
        (m.text, m.type, m.concept, m.laterality)
        for m in ex.extract(Report("r", text, region="chest"))
    ]


def test_tip_alone_is_not_a_device(ex: RuleExtractor) -> None:
    assert _got(ex, "The tip is in the SVC.") == []
    assert _got(ex, "The line projects over the lateral chest.") == []


def test_tip_continuing_a_device_is_that_device(ex: RuleExtractor) -> None:
    got = _got(ex, "Right IJ line with the tip in the SVC.")
    assert [g[0] for g in got] == ["IJ line", "tip"]
    assert got[1][2] == got[0][2] == "internal jugular catheter"


def test_tip_of_a_catheter_is_the_catheter(ex: RuleExtractor) -> None:
    got = _got(ex, "The tip of the catheter is in the right atrium.")
    # one mention, the catheter's, spanning from its tip (round 11: device_tips)
    assert got == [("tip of the catheter", "device", "unspecified device", None)]


def test_side_only_device(ex: RuleExtractor) -> None:
    # "the right line" is a device of its own side, not the left PICC named before
    got = _got(ex, "Left PICC. The right line has been removed.")
    assert got[1] == ("line", "device", "unspecified device", "right")
    # ... and continues the right-sided device when there is one
    got = _got(ex, "Right IJ line and left PICC. The right line is unchanged.")
    assert got[-1] == ("line", "device", "internal jugular catheter", "right")


def test_generic_device_heads(ex: RuleExtractor) -> None:
    assert _got(ex, "The catheter is kinked.") == [
        ("catheter", "device", "unspecified device", None)
    ]
    # counter-examples: a plural summary names no one device; septal lines are no device
    assert _got(ex, "Lines and tubes as described.") == []
    assert [m for m in _got(ex, "Septal lines.") if m[1] == "device"] == []


def test_normal_words_need_a_structure(ex: RuleExtractor) -> None:
    assert _got(ex, "Normal. Clear. Patent.") == []
    got = _got(ex, "The portal vein is patent. The lungs are clear.")
    assert [g[2] for g in got] == ["normal portal vein", "normal lungs"]


def test_descriptive_findings(ex: RuleExtractor) -> None:
    assert (
        _got(ex, "Prominence of the interstitial markings.")[0][0]
        == "Prominence of the interstitial markings"
    )
    assert _got(ex, "Increased density at the left base.")[0][2] == "opacity"
    assert _got(ex, "Thickening of the gallbladder wall.")[0][2] == "gallbladder wall thickening"


def test_joint_injury_words(ex: RuleExtractor) -> None:
    got = _got(ex, "AC joint separation. Widening of the scapholunate interval.")
    assert [g[2] for g in got] == ["joint separation", "joint separation"]
    assert _got(ex, "Mild widening of the left acromioclavicular joint.")[0][3] == "left"
    # counter-example: "separation" with no joint named is no mention
    assert [g[2] for g in _got(ex, "Separation of the fracture fragments.")] == ["fracture"]


@pytest.mark.parametrize(
    "text",
    ["Atelectasis/pneumonia in the left base.", "Atelectasis and/or pneumonia in the left base."],
)
def test_alternatives_are_two_mentions(ex: RuleExtractor, text: str) -> None:
    got = _got(ex, text)
    assert [g[2] for g in got] == ["atelectasis", "pneumonia"]
