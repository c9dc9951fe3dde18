"""Round 6 mention recall (issue #18; docs/vocabulary.md "Round 6: mention recall"): a change
of a structure's measure ("reduction in brain volume"), normal statements with a verb of having
("The tendon has normal thickness"), the meninges and PARROT's "middle shadow" as structures,
chronic blood products and lacunar defects, a "Comment:" heading, and the reason for the exam
that ends where the exam's own text starts ("Brain MRI was performed ..."); each with its
counter-example."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.open_measures import measure_concept, measure_mentions
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _got(ex: RuleExtractor, text: str, region: str = "head") -> list[tuple[str, str, str]]:
    return [
        (m.text.lower(), m.concept or "", m.assertion)
        for m in ex.extract(Report("r", text, region=region))
    ]


def _texts(ex: RuleExtractor, text: str, region: str = "head") -> set[str]:
    return {t for t, _, _ in _got(ex, text, region)}


@pytest.mark.parametrize(
    ("text", "span", "concept"),
    [
        ("There is a reduction in brain volume for age.", "reduction in brain volume", "volume"),
        (
            "Decrease in cerebral parenchymal volume.",
            "decrease in cerebral parenchymal volume",
            "volume",
        ),
        ("Brain volume reduction exceeding age expectations.", "volume reduction", "volume"),
        ("The ventricular system shows increased amplitude.", "increased amplitude", "amplitude"),
        ("Loss of volume of the left lower lobe.", "loss of volume", "volume"),
        (
            "Slippage with a reduction of the left cervico-femoral angle.",
            "reduction of the left cervico-femoral angle",
            "angle",
        ),
    ],
)
def test_a_change_of_a_structures_measure_is_a_mention(
    ex: RuleExtractor, text: str, span: str, concept: str
) -> None:
    got = _got(ex, text)
    assert any(t == span and concept in c and a == "present" for t, c, a in got), got


@pytest.mark.parametrize(
    "text",
    [
        # the course of a lesion, not a structure's measure
        "Decrease in size of the nodule.",
        "The nodule shows a decrease in size compared to the prior study.",
        "Increase in size since the previous examination.",
        "Reduction of the angle compared with the previous study.",
    ],
)
def test_the_course_of_a_lesion_is_no_measure_change(ex: RuleExtractor, text: str) -> None:
    got = _texts(ex, text, "chest")
    assert not any(t.startswith(("decrease", "increase")) for t in got), got


def test_measure_mentions_needs_a_structure_and_leaves_table_terms() -> None:
    toks = ["reduction", "in", "brain", "volume"]
    assert measure_mentions(toks, set(), {2}, set()) == [(0, 4, "volume loss")]
    assert measure_mentions(toks, set(), set(), set()) == []  # "brain" is no structure here
    assert measure_mentions(toks, {3}, {2}, set()) == []  # a table term in the phrase
    assert measure_concept("increase", "volume") == "increased volume"
    assert measure_concept("increased", "amplitude") == "increased amplitude"


def test_a_normal_property_after_a_verb_of_having_is_a_normal_statement(
    ex: RuleExtractor,
) -> None:
    got = _got(ex, "The patellar tendon has normal thickness and signal.", "lower limb")
    assert any(t == "normal" and c.startswith("normal ") for t, c, _ in got), got
    got = _got(ex, "The vessels of the circle of Willis show a normal course.")
    assert any(t == "normal" and c.startswith("normal ") for t, c, _ in got), got
    # counter-example: a lesion's property is no normal statement about a structure
    got = _got(ex, "The lesion has normal signal.")
    assert not any(c.startswith("normal ") for _, c, _ in got), got


def test_the_meninges_are_a_structure(ex: RuleExtractor) -> None:
    got = _got(ex, "Meninges without pathological thickening.")
    assert ("thickening", "thickening", "absent") in got
    # counter-example: "thickening" with no structure is still none
    assert "thickening" not in _texts(ex, "Without pathological thickening.")


def test_the_middle_shadow_is_the_mediastinum(ex: RuleExtractor) -> None:
    got = _got(ex, "The middle shadow is within normal limits.", "chest")
    assert ("within normal limits", "normal mediastinum", "present") in got
    assert not _got(ex, "The shadow is within normal limits.", "chest")


def test_chronic_blood_products_and_lacunar_defects(ex: RuleExtractor) -> None:
    got = _got(ex, "Residual hemosiderin deposits. Tiny lacunar defects in the basal ganglia.")
    concepts = {t: c for t, c, _ in got}
    assert "hemorrhage" in concepts.get("hemosiderin deposits", "")
    assert concepts.get("lacunar defects") == "infarct"
    # counter-example: "defect" alone (no site, no kind) stays no mention
    assert not _got(ex, "The child has a defect in attention.")


def test_a_comment_heading_makes_a_normal_examination(ex: RuleExtractor) -> None:
    got = _got(ex, "Findings:\nNo hemorrhage.\n\nImaging Comment:\nUnremarkable")
    assert any(t == "unremarkable" for t, _, _ in got), got
    got = _got(ex, "Findings:\nNo hemorrhage.\n\nComment:\nSee prior report.")
    assert not any(t == "see" for t, _, _ in got)


def test_the_reason_ends_where_the_exam_text_starts(ex: RuleExtractor) -> None:
    text = (
        "Data: suspected ischemic stroke. Brain MRI was performed using typical sequences. "
        "A porencephalic cyst is visible in the left frontal lobe."
    )
    got = _texts(ex, text)
    assert "ischemic stroke" not in got and "cyst" in got
    text = "Referral data: COVID+\nEmergency CT scan of the chest performed. Hiatal hernia."
    assert "hiatal hernia" in _texts(ex, text, "chest")
    text = "Referral data: pain. Compared with images from the previous examination, a cyst."
    assert "cyst" in _texts(ex, text, "abdomen")
    # counter-example: a procedure of the history names no imaging exam, the reason runs on
    text = "History: A biopsy was performed in 2019 for lymphoma. Staging.\n\nFindings: no mass."
    assert "lymphoma" not in _texts(ex, text, "chest")


def test_words_of_shape_and_border_said_of_a_structure(ex: RuleExtractor) -> None:
    got = _texts(
        ex, "Blurring of the left costophrenic angle. The fat planes are obscured.", "chest"
    )
    assert {"blurring", "obscured"} <= got, got
    assert "flattening" in _texts(ex, "Slight flattening of both costophrenic angles.", "chest")
    # counter-example: a technical limitation ("partially obscured by intestinal gases")
    got = _texts(ex, "The spleen is partially obscured by intestinal gases.", "abdomen")
    assert not any("obscured" in t for t in got), got


def test_loosening_dilated_calyces_and_bph(ex: RuleExtractor) -> None:
    got = _got(ex, "The stems of both prostheses show no evident loosening.", "pelvis")
    assert ("loosening", "arthroplasty loosening", "absent") in got
    got = _got(ex, "Segmentally dilated calyces of the right kidney.", "abdomen")
    assert any(t == "dilated calyces" and c == "hydronephrosis" for t, c, _ in got), got
    got = _got(ex, "Conclusion: BPH.", "pelvis")
    assert ("bph", "benign prostatic hyperplasia", "present") in got


def test_density_as_a_property_and_stability_as_a_course_word(ex: RuleExtractor) -> None:
    got = _texts(ex, "The density of gray and white matter in the brain is preserved.")
    assert "density" not in got, got
    got = _texts(ex, "Bony structures have preserved density.")
    assert "density" not in got, got
    got = _texts(ex, "Stability of the enlargement of the pituitary gland.")
    assert "stability" not in got, got
    # counter-examples: a density said of the lung is an opacity; a density change stays
    assert "density" in _texts(ex, "A density in the right lower lobe.", "chest")
    assert "density" in _texts(ex, "Areas of decreased density in the white matter.")


def test_a_surgery_after_status_post_is_no_device(ex: RuleExtractor) -> None:
    got = _texts(
        ex, "Status post bilateral hip arthroplasty. The stems of both prostheses.", "pelvis"
    )
    assert not any("arthroplasty" in t for t in got) and "prostheses" in got, got
    got = _texts(ex, "Status post posterior spinal fusion. Pedicle screws in place.", "spine")
    assert not any("fusion" in t for t in got) and "pedicle screws" in got, got
    # counter-example: without "status post" the arthroplasty is the device's mention
    assert any("arthroplasty" in t for t in _texts(ex, "Left hip arthroplasty in place.", "pelvis"))


def test_cross_sectional_and_nuclear_medicine_wording(ex: RuleExtractor) -> None:
    got = _got(ex, "Low signal on T1 in the vertebral body.", "spine")
    assert ("low signal", "signal abnormality", "present") in got
    got = _got(ex, "Focal tracer accumulation in the left iliac bone.", "pelvis")
    assert ("tracer accumulation", "abnormal uptake", "present") in got
    got = _got(ex, "Photopenic defect in the right kidney.", "abdomen")
    assert any(c == "abnormal uptake" for _, c, _ in got), got
    # counter-examples: the breast's composition is no density finding; a focal one is
    assert "density" not in _texts(ex, "Scattered areas of fibroglandular density.", "breast")
    assert "density" in _texts(ex, "A focal density in the upper outer quadrant.", "breast")


def test_in_the_midline_said_of_a_structure(ex: RuleExtractor) -> None:
    got = _got(ex, "Symmetrical cage, with the mediastinum and trachea in the midline.", "chest")
    assert any(t == "in the midline" and c.startswith("normal ") for t, c, _ in got), got
    assert "in the midline" in _texts(ex, "The trachea is in the midline.", "chest")
    # counter-examples: placed after a finding, it is the finding's site
    assert "in the midline" not in _texts(ex, "A cyst in the midline of the neck.", "neck")
    assert "in the midline" not in _texts(ex, "Lesion located in the midline.", "head")


def test_blood_vessels_are_no_blood(ex: RuleExtractor) -> None:
    got = _texts(ex, "Preserved flow void of the major intracranial blood vessels.")
    assert not any("blood" in t for t in got), got
    assert "intracranial blood" in _texts(ex, "No intracranial blood.")
    # the anatomy keeps its plural: a normal statement about the vessels
    got = _got(ex, "The major blood vessels are patent.")
    assert ("patent", "normal blood vessel", "present") in got, got


def test_negated_nominal_findings_and_definite_changes(ex: RuleExtractor) -> None:
    got = _got(ex, "Renal laceration without involvement of the urinary bladder.", "abdomen")
    assert ("involvement", "involvement", "absent") in got, got
    got = _got(ex, "Ultrasound is recommended for the changes in the left breast.", "breast")
    assert any(t == "changes" for t, _, _ in got), got
    # counter-examples: a course statement of a measure names no finding; "changes" after a
    # word that is no determiner or opener stays none
    assert not _got(ex, "No change in the size of the liver.", "abdomen")
    assert "changes" not in _texts(ex, "Compared to prior changes in the left breast.", "breast")


def test_the_open_vocabulary_gate_lets_measure_changes_through() -> None:
    from radtrack_gui.nlp.extractors.open_vocab import may_open
    from radtrack_gui.nlp.text import word_tokens

    assert may_open(word_tokens("Decrease in cerebral parenchymal volume.")[1])
    assert may_open(word_tokens("Brain volume reduction.")[1])
    # counter-example: a measure without a change word (or a change word without a measure)
    assert not may_open(word_tokens("The heart is normal in size.")[1])
    assert not may_open(word_tokens("Slight reduction since the last visit.")[1])


def test_a_flattened_or_blurred_costophrenic_angle_is_blunting(ex: RuleExtractor) -> None:
    got = _got(ex, "Flattening of the right diaphragmatic angle.", "chest")
    assert ("flattening", "costophrenic angle blunting", "present") in got, got
    got = _got(ex, "Blurring of the left costophrenic angle.", "chest")
    assert ("blurring", "costophrenic angle blunting", "present") in got, got
    # counter-examples: a flattened diaphragm or lordosis is no blunting
    assert not any(
        c == "costophrenic angle blunting"
        for _, c, _ in _got(ex, "The diaphragm is flattened.", "chest")
    )
    got = _got(ex, "Flattening of the lumbar lordosis.", "spine")
    assert ("flattening", "flattening", "present") in got, got
