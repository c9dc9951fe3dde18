"""Open vocabulary: an observation no table names is a mention when the sentence structure
says so (a pathology suffix, "consistent with X", "new X", "X measuring ..."), with its head
noun as its concept; anatomy, measurements, procedures, normal "-osis" words and questions
are not. Made-up words stand for terms no table will ever list."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor
from radtrack_gui.nlp.vocabulary import vocabulary


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _got(ex: RuleExtractor, text: str, region: str = "abdomen") -> list[tuple[str, str, str]]:
    return [
        (m.text, m.concept or "", m.assertion) for m in ex.extract(Report("r", text, region=region))
    ]


def test_made_up_words_are_in_no_table() -> None:
    v = vocabulary()
    for w in ("quuxitis", "quuxomas", "frobnitz", "blorpen", "quuxopathy"):
        assert v.concept_of(w) is None and v.anatomy_of(w) is None


def test_a_pathology_suffix_makes_a_mention(ex: RuleExtractor) -> None:
    assert _got(ex, "No evidence of quuxitis.") == [("quuxitis", "quuxitis", "absent")]
    assert _got(ex, "Two quuxomas in the liver.")[0][:2] == ("quuxomas", "quuxoma")
    assert ("quuxopathy", "quuxopathy", "present") in _got(ex, "Mild quuxopathy.")


def test_an_asserting_frame_makes_a_mention(ex: RuleExtractor) -> None:
    got = ex.extract(
        Report("r", "Findings compatible with frobnitz in the left kidney.", "abdomen")
    )
    assert [(m.text, m.concept, m.anatomy[0]) for m in got] == [
        ("frobnitz", "frobnitz", "left kidney")
    ]
    assert _got(ex, "New blorpen in the spleen.") == [("blorpen", "blorpen", "present")]
    assert _got(ex, "A blorpen measuring 3 cm.") == [("blorpen", "blorpen", "present")]


def test_anatomy_measurements_procedures_and_normal_words_are_not(ex: RuleExtractor) -> None:
    assert _got(ex, "The liver measures 15 cm.") == []
    assert _got(ex, "The right lobe measuring 5 cm.") == []
    assert _got(ex, "Status post bowel anastomosis.") == []
    assert _got(ex, "Compatible with prior surgery.") == []
    # ("increased signal" itself is a signal abnormality of concepts.tsv since round 3, and
    # "increased intensity" an abnormal property since round 4b: open_frames.abnormal_property)
    assert _got(ex, "Increased volume in the frobnitz region.") == []
    # a table term in the frame stays the table's mention, not a second one
    assert _got(ex, "Findings consistent with a simple cyst.") == [
        ("simple cyst", "cyst", "present")
    ]


def test_a_question_is_not_a_mention(ex: RuleExtractor) -> None:
    got = _got(ex, "INDICATION: Evaluate for quuxitis.\n\nFINDINGS: No free fluid.")
    assert all(t != "quuxitis" for t, _, _ in got)
