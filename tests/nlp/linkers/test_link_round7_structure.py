"""Issue #18 §2, round 7 (wb-signs5, ``linkers/noun_phrase.py``): a report's own reading
("These findings are consistent with acute edematous interstitial pancreatitis", "...,
suggestive of fibrotic sequelae") reads its signs even when the diagnosis carries modifiers
that are finding words themselves ("edematous", "interstitial"); another finding named in the
reading (after "and", "or", a comma) still stops it. Sentences written for these tests."""

from __future__ import annotations

import pytest
from linker_cases import Case

from radtrack_gui.nlp.linkers.noun_phrase import before_modifiers


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
    "Findings:\nThere is an enlargement of the pancreatic head with associated haziness of the "
    "peripancreatic fat. These findings are consistent with {reading}. Gallstones in the "
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
