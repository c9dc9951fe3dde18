"""Round 7 (wb-mentions10, docs/evaluation-mentions.md "Round 7: mention recall and
boundaries (CT, MR, bone)"): findings stated as predicates of a structure. A table's finding
said after a negation or in a list of predicates ("is neither thickened nor deviated"); a
predicate no table names ("The uterus is retroverted", open_predicates); a normal word after
a structured report's line label ("Teres minor: Normal."). Each with counter-examples
(wording made up, not from any corpus)."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.open_predicates import (
    may_predicate,
    predicate_mentions,
    predicate_shape,
)
from radtrack_gui.nlp.extractors.rules import RuleExtractor
from radtrack_gui.nlp.vocabulary import vocabulary


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _got(ex: RuleExtractor, text: str, region: str) -> list[tuple[str, str]]:
    return [(m.text, m.assertion) for m in ex.extract(Report("r", text, region=region))]


@pytest.mark.parametrize(
    ("text", "region", "want"),
    [
        # a table finding after a negation, and the one after "nor" in its list
        (
            "The pituitary stalk is neither thickened nor deviated.",
            "head",
            [("thickened", "absent"), ("deviated", "absent")],
        ),
        ("The pituitary stalk is not thickened.", "head", [("thickened", "absent")]),
        # counter-example: the same word as no predicate of a structure stays unread
        ("The report is not thickened.", "head", []),
    ],
)
def test_a_negated_or_listed_predicate_of_a_structure(
    ex: RuleExtractor, text: str, region: str, want: list[tuple[str, str]]
) -> None:
    assert _got(ex, text, region) == want


@pytest.mark.parametrize(
    ("text", "region", "want"),
    [
        ("The uterus is retroverted.", "pelvis", [("retroverted", "present")]),
        ("The prostate is hypertrophic.", "pelvis", [("hypertrophic", "present")]),
        (
            "The right vertebral artery is slightly narrower than the left.",
            "neck",
            [("narrower", "present")],
        ),
        ("The left kidney is not compressed.", "abdomen", [("compressed", "absent")]),
        # counter-examples: participles of seeing, placing and doing; a subject that is no
        # structure; a predicate in a list a table reads
        ("The liver is located in the right upper quadrant.", "abdomen", []),
        ("The kidneys are visualized.", "abdomen", []),
        ("The examination is limited.", "abdomen", []),
        ("The patient is retroverted.", "pelvis", []),
        ("The bladder wall is thickened and trabeculated.", "pelvis", [("thickened", "present")]),
    ],
)
def test_an_open_predicate_of_a_structure(
    ex: RuleExtractor, text: str, region: str, want: list[tuple[str, str]]
) -> None:
    assert _got(ex, text, region) == want


def test_predicate_shapes_and_the_gate() -> None:
    assert predicate_shape("kinked") and predicate_shape("dysmorphic")
    assert predicate_shape("smaller") and predicate_shape("uneven")
    assert not predicate_shape("visualized") and not predicate_shape("normal")
    assert not predicate_shape("agreed")  # "-eed" is no participle of a change
    # no copula: the reading never runs, and finds nothing when forced
    toks = ["retroverted", "uterus", "."]
    assert not may_predicate(toks)
    assert predicate_mentions(vocabulary(), toks, set(), set()) == []


@pytest.mark.parametrize(
    ("text", "region", "want"),
    [
        (
            "Supraspinatus: Mild tendinosis.\nTeres minor: Normal.\n"
            "Neurovascular structures: Normal.",
            "upper limb",
            [("tendinosis", "present"), ("Normal", "present"), ("Normal", "present")],
        ),
        # counter-examples: a report section's header is no structure; a long phrase before
        # a colon is no line label
        ("Technique: normal dose.\nComparison: normal.", "upper limb", []),
        ("The images of the patient were read as follows: normal.", "upper limb", []),
    ],
)
def test_a_normal_word_after_a_line_label(
    ex: RuleExtractor, text: str, region: str, want: list[tuple[str, str]]
) -> None:
    assert _got(ex, text, region) == want
