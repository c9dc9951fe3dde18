"""Round 7 (wb-mentions10): an observation said absent that no table names ("without
retropulsion", "no isthmic lysis") is a mention (GUIDELINE rule 7), spanning its describing
words and head; the technique's, history's and degree words after a negation are not
(open_negated). Wording made up, not from any corpus."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.open_negated import (
    may_negate,
    negated_head_ok,
    negated_mentions,
    phrase_start,
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
        ("Compression fracture of L1 without retropulsion.", "spine", ("retropulsion", "absent")),
        ("Retrolisthesis of C4 without isthmic lysis.", "spine", ("isthmic lysis", "absent")),
        (
            "Dispersion of the contrast agent without compartmentalization.",
            "pelvis",
            ("compartmentalization", "absent"),
        ),
        # a degree word before the phrase is not part of its span
        ("The capsule shows no significant deformation.", "pelvis", ("deformation", "absent")),
        # a determiner and a word of seeing are no part of the span either
        ("Tendinosis without a clearly delineable defect.", "upper limb", ("defect", "absent")),
    ],
)
def test_an_open_finding_said_absent(
    ex: RuleExtractor, text: str, region: str, want: tuple[str, str]
) -> None:
    assert want in _got(ex, text, region)


@pytest.mark.parametrize(
    ("text", "region", "never"),
    [
        # counter-examples: the technique, the history, a table's term (its mention stands)
        ("CT of the abdomen without contrast injection.", "abdomen", "injection"),
        (
            "Scan performed without intravenous contrast administration.",
            "abdomen",
            "administration",
        ),
        ("Knee pain, no trauma.", "lower limb", "trauma"),
        ("No prior data for comparison.", "abdomen", "data"),
        ("T1 sequences with and without fat suppression techniques.", "lower limb", "techniques"),
        ("MRI of the knee without contrast indicates:", "lower limb", "indicates"),
        ("No biopsies; no surgeries.", "abdomen", "biopsies"),
        ("No artifact distortions.", "head", "distortions"),
    ],
)
def test_no_technique_or_history_word_after_a_negation(
    ex: RuleExtractor, text: str, region: str, never: str
) -> None:
    assert all(never not in span for span, _ in _got(ex, text, region))


@pytest.mark.parametrize(
    ("text", "region", "want"),
    [
        # the negation reaches a later item of its list
        ("The cysts show no wall thickening or septations.", "abdomen", ("septations", "absent")),
        (
            "No extension to the posterior wall or retropulsion.",
            "spine",
            ("retropulsion", "absent"),
        ),
    ],
)
def test_a_later_item_of_a_negated_list(
    ex: RuleExtractor, text: str, region: str, want: tuple[str, str]
) -> None:
    assert want in _got(ex, text, region)


@pytest.mark.parametrize(
    ("text", "region", "never"),
    [
        # counter-examples: a list of sites, a property, a clause after the list ended, and
        # a phrase running past a preposition
        ("No fracture of the fibula, femur, or patella.", "lower limb", "patella"),
        ("The ducts show no alteration in their course or caliber.", "abdomen", "caliber"),
        ("No effusion; mild thickening or retropulsion.", "spine", "retropulsion"),
        ("No evidence of deficiency after delivery.", "abdomen", "delivery"),
    ],
)
def test_what_a_negated_list_does_not_reach(
    ex: RuleExtractor, text: str, region: str, never: str
) -> None:
    got = _got(ex, text, region)
    assert all(never not in span or assertion != "absent" for span, assertion in got)


def test_a_table_term_after_a_negation_keeps_its_own_mention(ex: RuleExtractor) -> None:
    got = _got(ex, "No pleural effusion.", "chest")
    assert got == [("pleural effusion", "absent")]


def test_the_gate_the_head_and_the_span() -> None:
    assert may_negate(["no", "retropulsion"]) and may_negate(["without", "x"])
    assert not may_negate(["retropulsion", "is", "absent"])
    assert negated_head_ok("retropulsion")
    assert not negated_head_ok("injection") and not negated_head_ok("significant")
    toks = ["no", "foci", "suggesting", "neoplasia"]
    assert phrase_start(toks, 1, 3) == 3  # a verb form ends the describing words
    toks = ["no", "other", "obvious", "convexity", "detachment"]
    assert phrase_start(toks, 1, 4) == 3
    # no negation: nothing, whatever the words
    assert negated_mentions(vocabulary(), ["retropulsion", "."], set(), set()) == []
