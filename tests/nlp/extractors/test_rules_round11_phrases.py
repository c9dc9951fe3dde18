"""Round 11 (wb-precision): two mentions that only a space separates, the first ending in a
word that modifies a term in the tables, are one noun phrase and one mention; two readings of
one span are one mention; a list without its comma and a sentence run in without its full
stop keep their mentions apart; a finding named with its site ends before the site; "within
normal ... limits" is one statement (docs/evaluation-mentions.md, "Round 11: precision and
spans")."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Mention, Report
from radtrack_gui.nlp.extractors.adjacent_mentions import joined_mentions, modifier_words
from radtrack_gui.nlp.extractors.rules import RuleExtractor
from radtrack_gui.nlp.extractors.site_tails import site_cut
from radtrack_gui.nlp.extractors.within_normal import within_normal


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _found(ex: RuleExtractor, text: str, region: str) -> list[Mention]:
    return ex.extract(Report("r", text, region=region))


@pytest.mark.parametrize(
    ("text", "region", "phrase"),
    [
        (
            "Findings: Faint ground-glass opacities in both lower lobes.",
            "chest",
            "ground-glass opacities",
        ),
        (
            "Findings: Slight fluid distension of the knee joint recess.",
            "lower limb",
            "fluid distension",
        ),
        ("Findings: A tumor lesion fills the left sphenoid sinus.", "head", "tumor lesion"),
        (
            "Findings: There are no abscess collections in the flank.",
            "abdomen",
            "abscess collections",
        ),
    ],
)
def test_two_terms_of_one_noun_phrase_are_one_mention(
    ex: RuleExtractor, text: str, region: str, phrase: str
) -> None:
    got = [m.text for m in _found(ex, text, region)]
    assert phrase in got
    head = phrase.split()[-1]
    first = phrase.rsplit(" ", 1)[0]
    assert head not in got and first not in got


def test_the_joined_mention_keeps_the_heads_assertion(ex: RuleExtractor) -> None:
    found = _found(ex, "Findings: There are no abscess collections in the flank.", "abdomen")
    (m,) = [m for m in found if m.text == "abscess collections"]
    assert m.assertion == "absent"


def test_the_longer_term_gives_the_concept() -> None:
    text = "fatty liver infiltration"
    rows = [(0, 11, "finding", "hepatic steatosis", "x"), (12, 24, "finding", "edema", "y")]
    assert joined_mentions(text, rows, frozenset({"liver"})) == [
        (0, 24, "finding", "hepatic steatosis", "y")
    ]
    # on a tie the head's concept: English noun phrases end in their head
    rows = [(0, 5, "finding", "fatness", "x"), (6, 11, "finding", "liver mass", "y")]
    assert joined_mentions("fatty liver", rows, frozenset({"fatty"}))[0][3] == "liver mass"


@pytest.mark.parametrize(
    ("text", "region", "items"),
    [
        # two diagnoses that never modify a term: a list whose comma is missing
        (
            "Findings: Left basal atelectasis infiltrate and small effusion.",
            "chest",
            ("atelectasis", "infiltrate"),
        ),
        # a sentence run in without its full stop: a capital after a lower-case word
        (
            "Findings: Calcified granulomatous disease Pleural effusion on the right.",
            "chest",
            ("granulomatous disease", "Pleural effusion"),
        ),
        # anything but one space between them
        (
            "Findings: Ground-glass and reticular opacities at both bases.",
            "chest",
            ("Ground-glass", "reticular opacities"),
        ),
    ],
)
def test_a_list_or_a_run_in_sentence_keeps_its_mentions_apart(
    ex: RuleExtractor, text: str, region: str, items: tuple[str, str]
) -> None:
    got = [m.text for m in _found(ex, text, region)]
    assert all(item in got for item in items), got


def test_two_readings_of_one_span_are_one_mention(ex: RuleExtractor) -> None:
    found = _found(
        ex, "Findings: Several enlarged lymph nodes are visible along the iliac vessels.", "abdomen"
    )
    nodes = [m for m in found if m.text == "lymph nodes"]
    assert len(nodes) == 1
    assert nodes[0].concept == "lymphadenopathy"  # the first reading


def test_modifier_words_are_the_words_before_a_terms_last() -> None:
    assert modifier_words(["fluid collection", "ground-glass opacity", "atelectasis"]) == {
        "fluid",
        "ground-glass",
    }


# -- a finding named with its site (site_tails) ----------------------------------------------


@pytest.mark.parametrize(
    ("text", "region", "span"),
    [
        (
            "Findings: No dilation of the pelvicalyceal system on either side.",
            "abdomen",
            "dilation",
        ),
        ("Findings: Marked widening of the mediastinum on this film.", "chest", "widening"),
        ("Findings: Partial obliteration of the costophrenic angles.", "chest", "obliteration"),
    ],
)
def test_a_finding_named_with_its_site_ends_before_the_site(
    ex: RuleExtractor, text: str, region: str, span: str
) -> None:
    found = [m for m in _found(ex, text, region) if m.text.lower().startswith(span)]
    assert [m.text for m in found] == [span]
    assert found[0].anatomy  # the site still places it


@pytest.mark.parametrize(
    ("span", "cut"),
    [
        ("dilation of the pyelocaliceal cavities", "dilation"),
        ("blurring of outline in the right cardiophrenic recess", "blurring of outline"),
        # a term after the preposition: the finding is named there
        ("foci of enhancement", None),
        ("decrease in density", None),
        # lymph nodes after a change are the finding (labelling choices)
        ("enlargement of lymph nodes", None),
        # an adjective before it: the whole phrase is the statement
        ("normal in size", None),
    ],
)
def test_where_a_span_is_cut_before_its_site(span: str, cut: str | None) -> None:
    terms = {"enhancement", "density", "opacity"}
    at = site_cut(span, terms)
    assert (span[:at] if at is not None else None) == cut


# -- "within normal ... limits" (within_normal) ------------------------------------------------


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("Findings: The left kidney sits within normal size limits.", "within normal size limits"),
        ("Findings: Third ventricle within normal dimensions.", "within normal dimensions"),
        (
            "Findings: The gallbladder wall is within normal thickness limits.",
            "within normal thickness limits",
        ),
    ],
)
def test_within_normal_limits_with_a_word_inside_is_one_statement(
    ex: RuleExtractor, text: str, span: str
) -> None:
    assert span in [m.text for m in _found(ex, text, "abdomen")]


def test_a_normal_word_without_within_keeps_its_span() -> None:
    text = "normal size limits"
    rows = [(0, 6, "finding", "normal spleen")]
    assert within_normal(text, rows) == rows
