"""An image property under a normal word and a reference range are no findings
(``extractors.neutral_words``); counter-examples: an abnormal property, a property of a lesion,
and "normal" as a statement about a structure."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.neutral_words import (
    cause_adjectives,
    neutral_property,
    reference_normal,
)
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _found(ex: RuleExtractor, text: str, region: str = "abdomen") -> list[str]:
    return [m.text.lower() for m in ex.extract(Report("r", text, region=region))]


def test_normal_echogenicity_is_one_normal_statement(ex: RuleExtractor) -> None:
    got = _found(ex, "The liver shows normal echogenicity, no focal lesions.")
    assert "echogenicity" not in got
    # counter-example: an abnormal property is the finding
    got = _found(ex, "The liver shows increased echogenicity, no focal lesions.")
    assert any("echogenicity" in g for g in got)


def test_a_list_after_the_normal_word(ex: RuleExtractor) -> None:
    got = _found(
        ex,
        "Small bowel loops are of normal diameter, with normal wall thickness and "
        "contrast enhancement, without any masses.",
    )
    assert "contrast enhancement" not in got
    # counter-example: an abnormal word between them keeps the property
    text = "Normal size and increased echogenicity of the kidneys."
    assert not neutral_property(
        text, text.index("echogenicity"), text.index(" of the"), "echogenicity"
    )


def test_a_lesion_property_is_kept(ex: RuleExtractor) -> None:
    text = "A mass of 2 cm with calcifications and homogeneous enhancement, likely a meningioma."
    start = text.index("enhancement")
    assert not neutral_property(text, start, start + len("enhancement"), "enhancement")


def test_reference_ranges_are_no_statements(ex: RuleExtractor) -> None:
    got = _found(
        ex, "Aorta: AO 30 mm (normal up to 37 mm), LA: 35 mm (normal up to 40 mm).", "chest"
    )
    assert "normal" not in got
    text = "The course of the left internal carotid artery is normal up to its siphon."
    start = text.index("normal")
    assert not reference_normal(text, start, start + 6)  # "up to" a place: a statement
    assert reference_normal("filled with normal saline", 12, 18)


def test_the_origin_of_a_finding_is_no_second_mention(ex: RuleExtractor) -> None:
    got = _found(ex, "Grade 1 retrolisthesis of C4 of degenerative origin without lysis.", "spine")
    assert "retrolisthesis" in got and "degenerative" not in got
    got = _found(
        ex, "Decreased air content in both lung bases, primarily of an atelectatic nature.", "chest"
    )
    assert "atelectatic" not in got
    # counter-examples: a reading of its own ("likely inflammatory in nature") and an
    # adjective without a finding before it in its sentence
    text = "Prominent lymph node on the right side of the neck, likely inflammatory in nature."
    assert (
        cause_adjectives(text, [(0, 9, True), (text.index("inflam"), text.index(" in n"), True)])
        == set()
    )
    text = "Changes of degenerative origin."
    s = text.index("degenerative")
    assert cause_adjectives(text, [(s, s + 12, True)]) == set()
