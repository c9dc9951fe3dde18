"""Rule extractor: anatomy, laterality, change, measurements, sections, spans."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Mention, Report, Section
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _mentions(ex: RuleExtractor, text: str, **kw: object) -> list[Mention]:
    report = Report(id="r1", text=text, **kw)  # type: ignore[arg-type]
    ms = ex.extract(report)
    for m in ms:
        assert text[m.start : m.end] == m.text
        assert m.id == "" and m.source == "model:rules"
    return ms


def _one(ex: RuleExtractor, text: str, word: str, **kw: object) -> Mention:
    hits = [m for m in _mentions(ex, text, **kw) if m.text.lower() == word]
    assert len(hits) == 1, (word, [m.text for m in _mentions(ex, text, **kw)])
    return hits[0]


def test_spans_are_the_term_without_modifiers(ex: RuleExtractor) -> None:
    ms = _mentions(
        ex, "Small left-sided pleural effusion and a moderate right apical pneumothorax."
    )
    assert [m.text for m in ms] == ["pleural effusion", "pneumothorax"]
    assert [m.laterality for m in ms] == ["left", "right"]


def test_anatomy_from_the_phrase_with_hierarchy(ex: RuleExtractor) -> None:
    m = _one(ex, "Patchy opacity in the left lower lobe.", "opacity")
    assert m.anatomy[:3] == ["left lower lobe", "left lung", "lungs"]
    assert m.laterality == "left"
    m = _one(ex, "Hypodense lesion in segment 7 of the liver.", "lesion")
    assert m.concept == "liver lesion" and m.anatomy[0] == "hepatic segment 7"
    assert "liver" in m.anatomy


def test_anatomy_and_side_from_elsewhere_in_the_sentence(ex: RuleExtractor) -> None:
    m = _one(ex, "The right lower lobe shows patchy consolidation.", "consolidation")
    assert (m.anatomy[0], m.laterality) == ("right lower lobe", "right")
    m = _one(ex, "On the left, there is a small effusion.", "effusion")
    assert m.laterality == "left" and m.anatomy[0] == "left pleura"


def test_anatomy_from_the_previous_sentence(ex: RuleExtractor) -> None:
    text = (
        "There is a fracture of the left frontotemporal skull. "
        "Hemorrhage is present adjacent to this region."
    )
    frac = _one(ex, text, "fracture")
    assert frac.concept == "skull fracture"
    assert frac.anatomy[:2] == ["left frontotemporal region", "frontotemporal region"]
    bleed = _one(ex, text, "hemorrhage")
    assert bleed.anatomy[0] == "left frontotemporal region" and bleed.laterality == "left"


def test_no_carry_over_into_a_new_paragraph(ex: RuleExtractor) -> None:
    text = "Fracture of the left frontotemporal skull.\n\nHemorrhage is present at this site."
    assert _one(ex, text, "hemorrhage").anatomy[:1] != ["left frontotemporal region"]


def test_concept_refined_by_site(ex: RuleExtractor) -> None:
    m = _one(ex, "Hemorrhage layering in the left sulci.", "hemorrhage")
    assert m.concept == "subarachnoid hemorrhage" and m.laterality == "left"
    m = _one(ex, "Acute fracture of C5.", "fracture")
    assert m.concept == "vertebral fracture" and m.anatomy[:2] == ["c5", "cervical spine"]
    m = _one(ex, "Disc bulge at C5-6.", "disc bulge")
    assert m.anatomy[0] == "c5-c6"
    m = _one(ex, "No edema.", "edema", region="chest")
    assert m.concept == "pulmonary edema"


def test_bilateral_words(ex: RuleExtractor) -> None:
    m = _one(ex, "Bibasilar atelectasis.", "atelectasis")
    assert m.laterality == "bilateral" and m.anatomy[0] == "lung bases"
    m = _one(ex, "Small pleural effusions bilaterally.", "pleural effusions")
    assert m.laterality == "bilateral"
    m = _one(ex, "Effusions, left greater than right.", "effusions")
    assert m.laterality == "bilateral"  # the one free side phrase of the sentence


@pytest.mark.parametrize(
    ("text", "word", "change"),
    [
        ("New right pleural effusion.", "pleural effusion", "new"),
        ("Interval increase in the left effusion.", "effusion", "increased"),
        ("The effusion is smaller.", "effusion", "decreased"),
        ("Cardiomegaly is unchanged.", "cardiomegaly", "stable"),
        ("Worsening pulmonary edema.", "pulmonary edema", "worsened"),
        ("Improving left basilar opacity.", "opacity", "improved"),
        ("The pneumothorax has resolved.", "pneumothorax", "resolved"),
        ("Nodule again seen in the right upper lobe.", "nodule", "stable"),
    ],
)
def test_change_of_findings(ex: RuleExtractor, text: str, word: str, change: str) -> None:
    assert _one(ex, text, word).change == change


def test_changes_go_to_the_nearest_mention(ex: RuleExtractor) -> None:
    ms = {m.text: m.change for m in _mentions(ex, "Stable cardiomegaly and new left effusion.")}
    assert ms == {"cardiomegaly": "stable", "effusion": "new"}


def test_measurements(ex: RuleExtractor) -> None:
    ms = _mentions(ex, "A 2.5 cm nodule in the right upper lobe. Cyst measuring 3 x 4 mm.")
    assert {m.text: m.measurements for m in ms} == {"nodule": ["2.5 cm"], "Cyst": ["3 x 4 mm"]}


def test_normal_statements_per_structure(ex: RuleExtractor) -> None:
    ms = _mentions(
        ex, "The heart is normal in size. The lungs are clear. The appendix is unremarkable."
    )
    assert [m.concept for m in ms] == ["normal heart", "normal lungs", "normal appendix"]
    assert all(m.type == "finding" for m in ms)
    assert _mentions(ex, "Normal.") == []  # no structure: no mention
    # "clear of" is no normal statement; "the tube" names a device (a generic one)
    assert [(m.text, m.type) for m in _mentions(ex, "The tube is clear of the carina.")] == [
        ("tube", "device")
    ]


def test_sections_from_the_report_or_found(ex: RuleExtractor) -> None:
    text = "INDICATION: Evaluate for pneumonia.\n\nFINDINGS: No pneumothorax.\n"
    ms = _mentions(ex, text)  # the reason for the exam is a question: left out by default
    assert [(m.text, m.section, m.assertion) for m in ms] == [
        ("pneumothorax", "FINDINGS", "absent")
    ]
    asking = RuleExtractor(questions=True)
    ms = _mentions(asking, text)
    assert [(m.text, m.section, m.assertion, m.question) for m in ms] == [
        ("pneumonia", "INDICATION", "possible", True),
        ("pneumothorax", "FINDINGS", "absent", False),
    ]
    given = [Section("HISTORY", 0, len(text))]
    # a history section: its first paragraph is the question, a blank line ends it
    assert [m.text for m in _mentions(ex, text, sections=given)] == ["pneumothorax"]
    assert {m.section for m in _mentions(asking, text, sections=given)} == {"HISTORY"}


def test_redactions_do_not_break_anything(ex: RuleExtractor) -> None:
    text = (
        "[**2150-3-4**] 10:22 AM\nCHEST (PORTABLE AP) Clip # [**Clip Number 123**]\n"
        "Reason: XXXX XXXX pneumonia?\n\nNo XXXX of a pleural effusion. Dr. [**Name**] "
        "was paged."
    )
    ms = _mentions(ex, text)  # the reason is a question; the effusion an observation
    assert [m.text for m in ms] == ["pleural effusion"]
    assert ms[0].assertion == "absent"
    ms = _mentions(RuleExtractor(questions=True), text)
    assert [(m.text, m.assertion, m.question) for m in ms] == [
        ("pneumonia", "possible", True),
        ("pleural effusion", "absent", False),
    ]


def test_empty_report(ex: RuleExtractor) -> None:
    assert _mentions(ex, "") == []
    assert _mentions(ex, "\n\n   \n") == []


def test_generic_terms_take_their_kind_from_site_or_region(ex: RuleExtractor) -> None:
    assert _one(ex, "No abdominopelvic effusion.", "effusion").concept == "free fluid"
    m = _one(ex, "Small effusion at the left base.", "effusion")
    assert (m.concept, m.anatomy[0], m.laterality) == ("pleural effusion", "left pleura", "left")
    assert _one(ex, "No effusion.", "effusion", region="abdomen").concept == "free fluid"
    assert _one(ex, "No effusion.", "effusion", region="chest").concept == "pleural effusion"
    assert _one(ex, "Knee effusion.", "knee effusion").concept == "joint effusion"


def test_mr_sequences_are_not_vertebrae(ex: RuleExtractor) -> None:
    m = _one(ex, "T2 hyperintensity in the spinal cord.", "hyperintensity")
    assert "t2" not in m.anatomy and m.anatomy[0] == "spinal canal"
    m = _one(ex, "Compression fracture of T2.", "compression fracture")
    assert m.anatomy[:2] == ["t2", "thoracic spine"]


def test_change_before_a_comma_does_not_reach_over(ex: RuleExtractor) -> None:
    ms = {
        m.text: m.change
        for m in _mentions(
            ex, "The opacity has slightly increased, likely atelectasis. Left effusion, unchanged."
        )
    }
    assert ms == {"opacity": "increased", "atelectasis": None, "effusion": "stable"}


def test_interpretation_takes_the_side_and_site_of_what_it_interprets(ex) -> None:
    text = (
        "There is a crescentic extra-axial hyperdense collection along the right "
        "frontotemporal convexity measuring up to 6 mm in thickness, consistent with an "
        "acute subdural hematoma."
    )
    sdh = _one(ex, text, "subdural hematoma")
    assert sdh.laterality == "right" and sdh.anatomy[0] == "right subdural space"
    pna = _one(ex, "Right lower lobe opacity, now consistent with pneumonia.", "pneumonia")
    assert pna.laterality == "right" and pna.anatomy[0] == "right lower lobe"
    # another clause: the interpretation does not reach back over it
    other = _one(ex, "Left effusion; findings consistent with pneumonia.", "pneumonia")
    assert other.laterality is None and other.anatomy[0] == "lungs"


def test_not_tracked_look_alikes_and_appearance_phrases(ex) -> None:
    assert _mentions(ex, "Streak artifact from dental hardware limits evaluation.") == []
    assert _mentions(ex, "The urinary bladder is partially distended.") == []
    pads = _one(
        ex, "External defibrillator pads overlie the left chest.", "external defibrillator pads"
    )
    assert pads.concept != "icd"
    hernia = _one(ex, "Unchanged appearance of the hiatus hernia.", "hiatus hernia")
    assert hernia.change == "stable"
    assert _one(ex, "Interval appearance of a nodule.", "nodule").change == "new"
    assert (
        _one(ex, "Nodular opacity in the left lower lobe.", "nodular opacity").concept
        == "nodular opacity"
    )
