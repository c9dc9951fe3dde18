"""Round 7 (wb-mentions10): an observation said absent that no table names ("without
retropulsion") is a mention (GUIDELINE rule 7); the technique's, history's and degree words
after a negation are not, nor a list of sites or a property after "or". The reading is
wb-mentions9's ``open_negated`` since the merge of main (this branch's own reading of the same
construction was dropped for it); these cases pin what both agreed on. Wording made up, not
from any corpus."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _got(ex: RuleExtractor, text: str, region: str) -> list[tuple[str, str]]:
    return [(m.text, m.assertion) for m in ex.extract(Report("r", text, region=region))]


@pytest.mark.parametrize(
    ("text", "region", "want"),
    [
        ("Compression fracture of L1 without retropulsion.", "spine", ("retropulsion", "absent")),
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
        ("MRI of the knee without contrast indicates:", "lower limb", "indicates"),
    ],
)
def test_no_technique_or_history_word_after_a_negation(
    ex: RuleExtractor, text: str, region: str, never: str
) -> None:
    assert all(never not in span for span, _ in _got(ex, text, region))


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


# Ported by wb-negated2 from wb-mentions10's reading (dropped at the merge): later list items,
# the describing words of the span, and the word classes no negated head may be.


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
        # the span keeps the describing words before the head
        ("Pars defect without isthmic lysis.", "spine", ("isthmic lysis", "absent")),
        (
            "A nodule without posterior signal attenuation.",
            "breast",
            ("posterior signal attenuation", "absent"),
        ),
        # a table term first in the list: the gate still opens for the later item
        ("No pleural effusion or septations.", "chest", ("septations", "absent")),
    ],
)
def test_a_later_item_of_a_negated_list_and_its_describing_words(
    ex: RuleExtractor, text: str, region: str, want: tuple[str, str]
) -> None:
    assert want in _got(ex, text, region)


@pytest.mark.parametrize(
    ("text", "region", "never"),
    [
        # counter-examples: technique, procedure, artefact, and a later item past a clause end
        ("T1 sequences with and without fat suppression techniques.", "lower limb", "techniques"),
        ("No biopsies; no surgeries.", "abdomen", "biopsies"),
        ("No artifact distortions.", "head", "distortions"),
        ("No evidence of hepatic or thyrotropic deficiency after delivery.", "head", "delivery"),
    ],
)
def test_no_technique_procedure_or_artefact_in_a_negated_list(
    ex: RuleExtractor, text: str, region: str, never: str
) -> None:
    assert all(never not in span for span, _ in _got(ex, text, region))


def test_a_determiner_or_word_of_seeing_starts_no_span(ex: RuleExtractor) -> None:
    got = _got(ex, "Tendinosis without a clearly delineable defect.", "upper limb")
    assert ("defect", "absent") in got
    assert not [s for s, _ in got if s.startswith(("a ", "clearly", "delineable"))]


def test_the_span_stops_at_a_de_identified_word() -> None:
    from radtrack_gui.nlp.extractors.open_negated import negated_templates

    toks = ["no", "XXXX", "isthmic", "lysis", "."]
    assert [t[4] for t in negated_templates(toks, {3: "lysis"})] == ["isthmic lysis"]
    # counter-example: describing words before the head are kept up to the negation
    toks = ["no", "isthmic", "lysis"]
    assert [t[4] for t in negated_templates(toks, {2: "lysis"})] == ["isthmic lysis"]
