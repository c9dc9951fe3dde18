"""Obstetric, vascular Doppler and MR signal rows of concepts.tsv (issue #18 §1): each
term a mention of its own concept, with counter-examples."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def extractor() -> RuleExtractor:
    return RuleExtractor()


def _found(ex: RuleExtractor, sentence: str, exam: str) -> list[tuple[str, str, str]]:
    text = f"Exam: {exam}\n\nFINDINGS:\n{sentence}\n"
    return [
        (text[m.start : m.end].lower(), m.concept, m.assertion)
        for m in ex.extract(Report(id="r", text=text))
    ]


@pytest.mark.parametrize(
    ("sentence", "exam", "found"),
    [
        ("Single intrauterine pregnancy.", "US OBSTETRIC", ("intrauterine pregnancy", "pregnancy")),
        ("A gestational sac with a yolk sac.", "US PELVIS", ("yolk sac", "yolk sac")),
        ("Fetal cardiac activity is present.", "US OBSTETRIC", ("fetal cardiac activity", None)),
        ("No placenta previa.", "US OBSTETRIC", ("placenta previa", "placenta previa")),
        ("Mild oligohydramnios.", "US OBSTETRIC", ("oligohydramnios", None)),
        ("Retrograde flow in the left vertebral artery.", "US NECK", ("retrograde flow", None)),
        ("Saphenous reflux at the junction.", "US LOWER LIMB", ("saphenous reflux", None)),
        ("Increased signal in the medial meniscus.", "MR KNEE", ("increased signal", None)),
        (
            "The nodule shows peripheral vascularization.",
            "US NECK",
            ("peripheral vascularization", None),
        ),
    ],
)
def test_obstetric_and_vascular_terms_are_mentions(extractor, sentence, exam, found):
    got = [(t, c) for t, c, _ in _found(extractor, sentence, exam)]
    assert any(t == found[0] and (found[1] is None or c == found[1]) for t, c in got), got


def test_an_ectopic_pregnancy_is_not_a_pregnancy(extractor):
    # counter-example: the longer name wins, its own concept (not the intrauterine one)
    got = _found(extractor, "Right tubal ectopic pregnancy.", "US PELVIS")
    assert [c for _, c, _ in got] == ["ectopic pregnancy"]


def test_normal_flow_is_no_flow_abnormality(extractor):
    got = _found(extractor, "Flow in the common carotid artery is normal.", "US NECK")
    assert [c for _, c, _ in got if c == "flow abnormality"] == []


def test_amniotic_fluid_is_a_structure_a_normal_statement_is_about(extractor):
    got = _found(extractor, "Amniotic fluid is normal.", "US OBSTETRIC")
    assert ("normal", "normal amniotic fluid", "present") in got


def test_weeks_of_gestation_is_an_age_not_a_pregnancy(extractor):
    got = _found(extractor, "Corresponding to 11 weeks and 4 days of gestation.", "US OBSTETRIC")
    assert got == []


def test_no_anomalies_is_an_absent_abnormality(extractor):
    got = _found(extractor, "No thoracic or spinal anomalies.", "US OBSTETRIC")
    assert ("anomalies", "abnormality", "absent") in got
