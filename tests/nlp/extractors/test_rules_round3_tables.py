"""Round 3 table rows (issue #18 §1/§3): "Clinical/Indication" is the reason for the exam, the
knee's meniscus is anatomy, CSF "fluid spaces" are a structure, "proton density" is an MR
sequence; each with its counter-example."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def extractor() -> RuleExtractor:
    return RuleExtractor()


def _found(ex: RuleExtractor, text: str, exam: str) -> list[tuple[str, str, str]]:
    text = f"Exam: {exam}\n\n{text}\n"
    return [
        (text[m.start : m.end].lower(), m.concept, m.assertion)
        for m in ex.extract(Report(id="r", text=text))
    ]


def test_a_clinical_indication_header_holds_the_question_not_findings(extractor):
    text = "Clinical/Indication: pleural effusion.\n\nFindings: No pneumothorax."
    assert [c for _, c, _ in _found(extractor, text, "CT")] == ["pneumothorax"]


def test_a_referral_data_line_keeps_the_findings_written_on_it(extractor):
    # counter-example: PARROT writes whole reports on the "Referral data:" line (27 of its
    # 60 such lines hold 3+ sentences), so it is no indication header: the findings stay
    text = "Referral data: back pain. MRI performed. Degenerative changes at L4-L5."
    assert "degenerative changes" in [c for _, c, _ in _found(extractor, text, "MR SPINE")]


def test_the_knee_meniscus_is_no_costophrenic_blunting(extractor):
    got = _found(extractor, "Tear of the posterior horn of the medial meniscus.", "MR KNEE")
    assert [c for _, c, _ in got if c == "costophrenic angle blunting"] == []
    chest = _found(extractor, "Meniscus of fluid in the left costophrenic angle.", "XR CHEST")
    assert "costophrenic angle blunting" in [c for _, c, _ in chest]


def test_csf_fluid_spaces_are_a_structure_not_fluid(extractor):
    got = _found(extractor, "Cerebrospinal fluid spaces are not enlarged.", "CT HEAD")
    # round 11 (senses.tsv, GUIDELINE 11): enlarged CSF spaces of the brain read as atrophy
    assert ("enlarged", "cerebral atrophy", "absent") in got
    assert [c for _, c, _ in got if c in ("fluid", "effusion")] == []


def test_proton_density_is_a_sequence_not_a_density(extractor):
    assert _found(extractor, "Proton density sequences with fat suppression.", "MR KNEE") == []
    got = _found(extractor, "Increased density in the right lower lobe.", "XR CHEST")
    assert any(c == "opacity" for _, c, _ in got)


def test_a_heterogeneous_structure_is_a_finding_but_a_heterogeneous_mass_is_the_mass(extractor):
    got = _found(extractor, "The thyroid is heterogeneous.", "US NECK")
    assert ("heterogeneous", "heterogeneity", "present") in got
    got = _found(extractor, "A heterogeneous mass in the liver.", "CT ABDOMEN")
    assert [c for _, c, _ in got] == ["mass"]


def test_free_from_negates(extractor):
    got = _found(extractor, "Lateral cervical spaces are free from lymphadenopathy.", "US NECK")
    assert ("lymphadenopathy", "lymphadenopathy", "absent") in got


def test_a_nerve_sheath_is_no_device_but_an_access_sheath_is(extractor):
    got = _found(extractor, "Dilation of the optic nerve sheaths.", "MR HEAD")
    assert all(t != "sheaths" for t, _, _ in got)
    got = _found(extractor, "A 6F sheath was placed in the right femoral artery.", "XA")
    assert any(t == "sheath" for t, _, _ in got)


def test_blood_flow_is_no_blood(extractor):
    got = _found(extractor, "Intrarenal blood flow is visible on power Doppler.", "US")
    assert [c for _, c, _ in got if "hemorrhage" in c or c == "blood"] == []
    assert _found(extractor, "Blood in the subarachnoid space.", "CT HEAD") != []


@pytest.mark.parametrize(
    ("sentence", "found"),
    [
        ("The mediastinum is shifted to the left.", ("shifted", "deviation", "present")),
        ("The liver has irregular contours.", ("irregular contours", "irregularity", "present")),
    ],
)
def test_deviation_and_irregularity_of_a_structure_are_findings(extractor, sentence, found):
    assert found in _found(extractor, sentence, "CT")


def test_deviation_and_irregularity_need_a_structure(extractor):
    # counter-examples: no structure named (needs-anatomy), a lesion's irregular margin word
    assert _found(extractor, "Standard deviation of the measurement.", "CT") == []
    got = _found(extractor, "An irregular mass.", "CT ABDOMEN")
    assert [c for _, c, _ in got] == ["mass"]
