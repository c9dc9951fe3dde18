"""Issue #18 §2, round 5 (``linkers/listed.py``, ``glosses.after_dash``,
vocabulary synonyms): more ways one report reads a sign as a
diagnosis, found on fresh whole-body reports (``pairs_wholebody_dev4.tsv``); each with a
counter-example that must stay apart. Sentences are written for these tests (made-up words
where the vocabulary must not know the diagnosis)."""

from __future__ import annotations

from linker_cases import Case


def _case(exam: str, text: str) -> Case:
    return Case((0, f"Exam: {exam}\n\n{text}"))


# -- the diagnosis first, its signs listed after it ------------------------------------------
def test_signs_listed_after_a_colon_are_the_diagnosis() -> None:
    c = _case(
        "MRI KNEE",
        "Signs of advanced glarbosis of the left knee joint: subchondral cysts, marginal "
        "osteophytes and joint space narrowing.",
    )
    dx = c.mark(0, "glarbosis")
    assert c.same(dx, c.mark(0, "subchondral cysts"))
    assert c.same(dx, c.mark(0, "joint space narrowing"))


def test_signs_listed_in_another_sentence_are_not_read() -> None:
    # counter-example: the list ends with its sentence
    c = _case(
        "MRI KNEE",
        "Signs of advanced glarbosis of the left knee joint: marginal osteophytes. "
        "Subchondral cysts in the tibial plateau.",
    )
    assert not c.same(c.mark(0, "glarbosis"), c.mark(0, "Subchondral cysts"))


def test_signs_attached_by_with_are_the_diagnosis() -> None:
    c = _case(
        "MRI ABDOMEN",
        "Signs of possible chronic pancreatitis in the tail and body with "
        "dilation of the main pancreatic duct and relative atrophy of the gland.",
    )
    dx = c.mark(0, "chronic pancreatitis")
    assert c.same(dx, c.mark(0, "dilation of the main pancreatic duct"))
    assert c.same(dx, c.mark(0, "relative atrophy"))


def test_a_finding_of_its_own_attached_by_with_is_not_a_sign() -> None:
    # counter-examples: an effusion is no sign of the pneumonia; without "signs of" the
    # finding after "with" is no listed sign either
    c = _case(
        "CT CHEST", "Signs of pneumonia in the right lower lobe with a small pleural effusion."
    )
    assert not c.same(c.mark(0, "pneumonia"), c.mark(0, "pleural effusion"))
    d = _case("MRI ABDOMEN", "Chronic glarbitis of the pancreas with atrophy of the parenchyma.")
    assert not d.same(d.mark(0, "Chronic glarbitis"), d.mark(0, "atrophy"))


def test_listed_signs_at_a_part_of_the_diagnosis_site_are_one() -> None:
    c = _case(
        "MRI LUMBAR SPINE",
        "Manifestations of lumbar spondyloarthrosis with bridging marginal osteophytes and "
        "hypertrophy of the facet joints.",
    )
    assert c.same(c.mark(0, "spondyloarthrosis"), c.mark(0, "hypertrophy of the facet joints"))


# -- a later sentence points back at the sign --------------------------------------------------
def test_a_generic_subject_reads_the_sentence_right_before() -> None:
    c = _case(
        "MRI ABDOMEN",
        "Liver of normal size; a 5.0 x 4.0 cm mass sits in the right lobe. "
        "The change shows heterogeneous signal, enhancing after contrast, suggesting a "
        "glarboma.",
    )
    assert c.same(c.mark(0, "mass"), c.mark(0, "glarboma"))


def test_a_generic_subject_does_not_reach_past_a_sentence() -> None:
    # counter-example: "The change" points at the sentence right before only
    c = _case(
        "MRI ABDOMEN",
        "A mass in the right lobe of the liver measuring 5.0 x 4.0 cm. The spleen is of "
        "normal size. The change shows heterogeneous signal, suggesting a glarboma.",
    )
    assert not c.same(c.mark(0, "mass"), c.mark(0, "glarboma"))


def test_a_named_subject_reads_the_finding_of_its_kind() -> None:
    c = _case(
        "MRI HEAD",
        "Nodular lesion in the right superior frontal gyrus, showing ring enhancement. There "
        "is a surrounding hyperintense area. This lesion is suspected to be a glarboma.",
    )
    assert c.same(c.mark(0, "Nodular lesion"), c.mark(0, "glarboma"))


def test_a_named_subject_does_not_read_the_sentence_before_of_another_kind() -> None:
    # counter-example: the area right before is not "this lesion"
    c = _case(
        "MRI HEAD",
        "Nodular lesion in the right superior frontal gyrus, showing ring enhancement. There "
        "is a surrounding hyperintense area. This lesion is suspected to be a glarboma.",
    )
    assert not c.same(c.mark(0, "hyperintense area"), c.mark(0, "glarboma"))


# -- a reading after a dash ---------------------------------------------------------------------
def test_a_quantity_after_the_dash_does_not_stop_the_reading() -> None:
    c = _case(
        "XR CHEST",
        "Flattening of the right costophrenic angle - a small amount of fluid in the right "
        "pleural cavity.",
    )
    assert c.same(c.mark(0, "Flattening"), c.mark(0, "fluid in the right pleural cavity"))


def test_a_dash_reading_of_the_other_side_stays_apart() -> None:
    # counter-example: side still decides
    c = _case(
        "XR CHEST",
        "Flattening of the right costophrenic angle - a small amount of fluid in the left "
        "pleural cavity.",
    )
    assert not c.same(c.mark(0, "Flattening"), c.mark(0, "fluid in the left pleural cavity"))


def test_the_appearance_after_the_dash_reads_the_sign() -> None:
    c = _case(
        "CT CHEST",
        "In the right lung, confluent areas of consolidation take up about a quarter of "
        "its volume, chiefly in segments 2 and 6 - the CT appearance points to an "
        "atelectatic-inflammatory nature.",
    )
    assert c.same(c.mark(0, "areas of consolidation"), c.mark(0, "atelectatic-inflammatory"))


def test_the_appearance_of_the_other_side_after_the_dash_stays_apart() -> None:
    # counter-example: the reading is about the other lung (side decides)
    c = _case(
        "CT CHEST",
        "Areas of consolidation in the right lung - the CT appearance of the left lung "
        "suggests a glarbitic nature.",
    )
    assert not c.same(c.mark(0, "Areas of consolidation"), c.mark(0, "glarbitic"))


# -- vocabulary: words for metastases, small vessel disease ----------------------------------
def test_secondary_and_metastatic_changes_are_one_finding() -> None:
    c = _case(
        "CT CHEST",
        "Numerous focal changes in both lungs. Suspected metastatic changes. Changes in the "
        "lung parenchyma are considered secondary neoplastic changes.",
    )
    assert c.same(c.mark(0, "metastatic changes"), c.mark(0, "secondary neoplastic changes"))


def test_metastatic_changes_of_two_organs_stay_apart() -> None:
    # counter-example: location decides (GUIDELINE 1)
    c = _case(
        "CT ABDOMEN",
        "Metastatic changes in the liver. The spleen is normal. Metastatic changes in the "
        "left adrenal gland.",
    )
    assert not c.same(c.mark(0, "Metastatic changes"), c.mark(0, "Metastatic changes", 1))


def test_vascular_leukoencephalopathy_is_small_vessel_disease() -> None:
    c = _case(
        "MRI HEAD",
        "RESULTS: Periventricular white matter T2 hyperintensities, consistent with Fazekas "
        "grade 2 vascular leukoencephalopathy.\n\nCONCLUSION: Moderate vascular "
        "leukoencephalopathy.",
    )
    assert c.same(c.mark(0, "T2 hyperintensities"), c.mark(0, "vascular leukoencephalopathy", 1))


# -- the diagnosis's own organ, its subject restating it, "presenting as" -----------------
def test_the_conclusion_reads_a_sign_of_the_organ_its_diagnosis_names() -> None:
    c = _case(
        "US NECK",
        "Findings:\nThe thyroid tissue is heterogeneous and darker than normal.\n\n"
        "Conclusion:\nThere is no goiter. The appearance is consistent with thyroiditis.",
    )
    assert c.same(c.mark(0, "heterogeneous"), c.mark(0, "thyroiditis"))


def test_a_diagnosis_naming_another_organ_does_not_read_the_sign() -> None:
    # counter-example: the parotid is not the thyroid
    c = _case(
        "US NECK",
        "Findings:\nThe thyroid tissue is heterogeneous and darker than normal.\n\n"
        "Conclusion:\nThe appearance is consistent with parotitis.",
    )
    assert not c.same(c.mark(0, "heterogeneous"), c.mark(0, "parotitis"))


def test_a_subject_naming_the_diagnosis_itself_gives_it_to_no_other_sign() -> None:
    c = _case(
        "MRI HEAD",
        "FINDINGS:\nFocal hyperintensities in the periventricular and subcortical white "
        "matter.\n\nIMPRESSION:\nPeriventricular and subcortical white matter changes, "
        "suggestive of chronic microvascular disease.",
    )
    assert c.same(c.mark(0, "Focal hyperintensities"), c.mark(0, "chronic microvascular disease"))


def test_a_sign_presenting_as_another_is_one_finding() -> None:
    c = _case(
        "CT CHEST",
        "Multifocal areas of glarbled air content in the left lung, presenting as "
        "ground-glass opacities.",
    )
    assert c.same(c.mark(0, "glarbled air content"), c.mark(0, "ground-glass opacities"))


def test_presenting_as_on_the_other_side_stays_apart() -> None:
    # counter-example: side decides
    c = _case(
        "CT CHEST",
        "Multifocal areas of glarbled air content in the left lung, presenting as "
        "ground-glass opacities in the right lung.",
    )
    assert not c.same(c.mark(0, "glarbled air content"), c.mark(0, "ground-glass opacities"))
