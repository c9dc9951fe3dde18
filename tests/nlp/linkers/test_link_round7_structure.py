"""Issue #18 §2, round 7 (wb-signs5, ``linkers/noun_phrase.py``): a report's own reading
("These findings are consistent with acute edematous interstitial pancreatitis", "...,
suggestive of fibrotic sequelae") reads its signs even when the diagnosis carries modifiers
that are finding words themselves ("edematous", "interstitial"); another finding named in the
reading (after "and", "or", a comma) still stops it. Sentences written for these tests."""

from __future__ import annotations

import pytest
from linker_cases import Case

from radtrack_gui.nlp.linkers.noun_phrase import before_modifiers, without_appearance


@pytest.mark.parametrize(
    ("text", "rest"),
    [
        (
            "These findings are consistent with acute edematous interstitial ",
            "These findings are consistent with ",
        ),
        ("suggestive of ", "suggestive of "),
        ("consistent with edema and ", "consistent with edema and "),
        ("consistent with an ", "consistent with an "),
        ("likely a cyst, or a chronic ", "likely a cyst, or a "),
    ],
)
def test_the_modifier_run_before_a_mention_is_dropped_up_to_a_break_word(
    text: str, rest: str
) -> None:
    assert before_modifiers(text) == rest


def _case(exam: str, text: str) -> Case:
    return Case((0, f"Exam: {exam}\n\n{text}"))


_PANCREAS = (
    "Findings:\nThe pancreatic head shows an enlargement with associated haziness of the "
    "surrounding fat. These findings are consistent with {reading}. Gallstones in the "
    "gallbladder."
)


@pytest.mark.parametrize("sign", ["enlargement", "haziness"])
def test_a_findings_reading_with_modifiers_reads_the_paragraphs_signs(sign: str) -> None:
    c = _case("CT ABDOMEN", _PANCREAS.format(reading="acute edematous interstitial pancreatitis"))
    assert c.same(c.mark(0, sign), c.mark(0, "pancreatitis"))


def test_another_finding_named_in_the_reading_still_stops_it() -> None:
    # counter-example: "ascites and pancreatitis" names another finding before the diagnosis
    c = _case("CT ABDOMEN", _PANCREAS.format(reading="ascites and pancreatitis"))
    assert not c.same(c.mark(0, "haziness"), c.mark(0, "pancreatitis"))
    # and the gallstones after the reading are no sign it reads
    d = _case("CT ABDOMEN", _PANCREAS.format(reading="acute edematous interstitial pancreatitis"))
    assert not d.same(d.mark(0, "Gallstones"), d.mark(0, "pancreatitis"))


def test_a_look_given_to_a_finding_names_no_other_finding() -> None:
    assert without_appearance(
        " with a lamellar and ground-glass appearance suggestive of "
    ).split() == [
        "suggestive",
        "of",
    ]
    assert "effusion" in without_appearance(" with a small effusion, suggestive of ")


_LUNG = "Findings:\nBilateral diffuse interstitial infiltration {attached} suggestive of fibrotic sequelae."


def test_one_sentence_reads_a_finding_through_the_look_it_is_given() -> None:
    c = _case("CT CHEST", _LUNG.format(attached="with a lamellar and ground-glass appearance"))
    assert c.same(c.mark(0, "interstitial infiltration"), c.mark(0, "fibrotic sequelae"))


def test_another_finding_attached_by_with_still_stops_the_reading() -> None:
    # counter-example: a pleural effusion named between is another finding the reading may mean
    c = _case("CT CHEST", _LUNG.format(attached="with a small pleural effusion,"))
    assert not c.same(c.mark(0, "interstitial infiltration"), c.mark(0, "fibrotic sequelae"))
