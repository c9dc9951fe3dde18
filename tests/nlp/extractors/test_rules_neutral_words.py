"""An image property under a normal word is no finding (``extractors.neutral_words``);
counter-examples: an abnormal property, a property of a lesion. The reference-range cases are
in test_reference_values.py (the rule's one home, ``extractors.reference_values``)."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.neutral_words import (
    cause_adjectives,
    neutral_property,
)
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _found(ex: RuleExtractor, text: str, region: str = "abdomen") -> list[str]:
    return [m.text.lower() for m in ex.extract(Report("r", text, region=region))]


def test_normal_echogenicity_is_one_normal_statement(ex: RuleExtractor) -> None:
    got = _found(ex, "Liver of normal echogenicity; nothing focal in it.")
    assert "echogenicity" not in got
    # counter-example: an abnormal property is the finding
    got = _found(ex, "Liver of increased echogenicity; nothing focal in it.")
    assert any("echogenicity" in g for g in got)


def test_a_list_after_the_normal_word(ex: RuleExtractor) -> None:
    got = _found(
        ex,
        "Small bowel loops: normal calibre, with normal wall thickness and contrast enhancement.",
    )
    assert "contrast enhancement" not in got
    # counter-example: an abnormal word between them keeps the property
    text = "Normal size and increased echogenicity of the kidneys."
    assert not neutral_property(
        text, text.index("echogenicity"), text.index(" of the"), "echogenicity"
    )


def test_a_lesion_property_is_kept(ex: RuleExtractor) -> None:
    text = "A 2 cm dural mass, calcified, with homogeneous enhancement: meningioma probable."
    start = text.index("enhancement")
    assert not neutral_property(text, start, start + len("enhancement"), "enhancement")


def test_the_origin_of_a_finding_is_no_second_mention(ex: RuleExtractor) -> None:
    got = _found(ex, "Slight retrolisthesis of L2 on L3 of degenerative origin.", "spine")
    assert "retrolisthesis" in got and "degenerative" not in got
    got = _found(ex, "Volume loss at both bases, mainly of an atelectatic nature.", "chest")
    assert "atelectatic" not in got
    # counter-examples: a reading of its own ("likely inflammatory in nature") and an
    # adjective without a finding before it in its sentence
    text = "A bulky node at the left jaw angle, probably inflammatory in nature."
    assert (
        cause_adjectives(text, [(0, 9, True), (text.index("inflam"), text.index(" in n"), True)])
        == set()
    )
    text = "Changes of degenerative origin."
    s = text.index("degenerative")
    assert cause_adjectives(text, [(s, s + 12, True)]) == set()
