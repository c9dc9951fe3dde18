"""The first adjective of a coordination shares the table term's head after it ("No pleural
or pericardial effusion": two findings), open_frames.elided_heads, docs/vocabulary.md "Round
4b"; counter-examples: a structure noun or an adjective that makes no table term."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _got(ex: RuleExtractor, text: str, region: str) -> list[tuple[str, str, str]]:
    return [
        (m.text, m.concept or "", m.assertion) for m in ex.extract(Report("r", text, region=region))
    ]


@pytest.mark.parametrize(
    ("text", "first", "concept", "assertion"),
    [
        ("No pleural or pericardial effusion.", "pleural", "pleural effusion", "absent"),
        ("No pericardial or pleural effusion.", "pericardial", "pericardial effusion", "absent"),
        ("Pleural and pericardial effusions.", "Pleural", "pleural effusion", "present"),
    ],
)
def test_first_adjective_is_its_own_finding(
    ex: RuleExtractor, text: str, first: str, concept: str, assertion: str
) -> None:
    got = _got(ex, text, "chest")
    assert (first, concept, assertion) in got, got
    assert len(got) == 2, got


@pytest.mark.parametrize(
    "text",
    [
        "Heart and pleural effusion.",  # a structure noun: "heart effusion" is no term
        "No focal or diffuse lesion.",  # "focal lesion" reads as the one lesion
    ],
)
def test_no_elided_head_without_a_term(ex: RuleExtractor, text: str) -> None:
    assert len(_got(ex, text, "chest")) == 1
