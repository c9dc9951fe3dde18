"""Modifier observations that describe another finding of their sentence are no mentions of
their own (nlp/extractors/modifiers.py, docs/vocabulary.md "Round 4b"); counter-examples:
a modifier said of a structure, or with no finding in its sentence, keeps its mention."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _texts(ex: RuleExtractor, text: str, region: str) -> list[str]:
    return [m.text.lower() for m in ex.extract(Report("r", text, region=region))]


@pytest.mark.parametrize(
    ("text", "region", "kept"),
    [
        # before the finding's noun phrase, across describing words
        ("A spindle-shaped, hypoechoic, relatively well-defined mass.", "breast", "mass"),
        ("There is a hypoechoic, irregular mass measuring 22 mm.", "breast", "mass"),
        # before a part noun of a finding named earlier
        ("An isoechoic lesion with a mildly hypoechoic rim.", "neck", "lesion"),
        # the predicate of a finding named earlier in the clause
        ("The lesion, which measures 2.2 cm, is hypoechoic.", "breast", "lesion"),
    ],
)
def test_modifier_of_a_finding_is_no_mention(
    ex: RuleExtractor, text: str, region: str, kept: str
) -> None:
    got = _texts(ex, text, region)
    assert kept in got and "hypoechoic" not in got, got


@pytest.mark.parametrize(
    ("text", "region"),
    [
        ("The thyroid is hypoechoic.", "neck"),  # said of a structure
        ("The liver is hyperechoic.", "abdomen"),
        # another clause: said of the right lobe, not of the nodule
        ("Nodule in the left lobe and the right lobe is hypoechoic.", "neck"),
        # a part noun with no finding before it
        ("The bladder wall has a hypoechoic rim.", "pelvis"),
    ],
)
def test_modifier_counter_examples_keep_it(ex: RuleExtractor, text: str, region: str) -> None:
    got = _texts(ex, text, region)
    assert any(t in ("hypoechoic", "hyperechoic") for t in got), got


def test_uptake_said_of_a_finding_stays_a_finding(ex: RuleExtractor) -> None:
    # counter-example: FDG avidity is a finding of its own (oncology demo gold)
    got = _texts(ex, "The segment 8 liver lesion is FDG avid, SUVmax 6.4.", "abdomen")
    assert "fdg avid" in got, got
