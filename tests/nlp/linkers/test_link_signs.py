"""Issue #18 §2, round 3 (``linkers/signs.py``): a sign and the diagnosis one report reads it
as are one chain, however the report says it (a dash, a queried colon, "these findings are
consistent with ...", the impression at the sign's site); two diagnoses, another site or a
sentence that names something else keep them apart. Sentences are written for these tests
(made-up words where the vocabulary must not know the diagnosis)."""

from __future__ import annotations

import pytest
from linker_cases import Case

from radtrack_gui.nlp.extractors.regions import default_site_fits
from radtrack_gui.nlp.linkers.readings import descriptive
from radtrack_gui.nlp.vocabulary import vocabulary
from radtrack_gui.util.paths import resource


def _case(exam: str, text: str) -> Case:
    return Case((0, f"Exam: {exam}\n\n{text}"))


# -- a reading after a spaced dash, or a queried one after a colon --------------------------
def test_a_reading_after_a_spaced_dash_is_the_sign() -> None:
    c = _case(
        "CT HEAD", "Soft tissue thickening of 0.4 cm in the right nasal vestibule – glarbitis."
    )
    assert c.same(c.mark(0, "Soft tissue thickening"), c.mark(0, "glarbitis"))


def test_a_dash_with_another_finding_between_reads_nothing() -> None:
    # counter-example: the dash lists findings; the last is not the reading of the first
    c = _case("CT ABDOMEN", "Bowel wall thickening, small ascites - glarbitis.")
    assert not c.same(c.mark(0, "Bowel wall thickening"), c.mark(0, "glarbitis"))


def test_a_queried_reading_after_a_colon_is_the_sign() -> None:
    c = _case("MRI ORBITS", "Bilateral globe elongation: glarbosis?")
    assert c.same(c.mark(0, "globe elongation"), c.mark(0, "glarbosis"))


def test_a_colon_without_a_question_is_a_heading_not_a_reading() -> None:
    c = _case("MRI ORBITS", "Bilateral globe elongation: glarbosis.")
    assert not c.same(c.mark(0, "globe elongation"), c.mark(0, "glarbosis"))


# -- "These findings are consistent with ..." -----------------------------------------------
def test_a_findings_reading_sentence_reads_the_signs_of_its_paragraph() -> None:
    c = _case(
        "US KNEE",
        "FINDINGS: Septated fluid collection of 3 x 4 cm in front of the patella. Marked "
        "hyperemia at its rim. The findings are consistent with prepatellar bursitis.\n\n"
        "The quadriceps tendon is normal.",
    )
    assert c.same(c.mark(0, "fluid collection"), c.mark(0, "bursitis"))


def test_a_findings_reading_does_not_take_a_diagnosis_or_another_paragraph() -> None:
    # counter-examples: a diagnosis named before is no sign of it ("cyst"); a sign of an
    # earlier paragraph the vocabulary does not relate to it stays apart
    c = _case(
        "US ABDOMEN",
        "FINDINGS: Mild wall thickening of the ascending colon.\n\nSimple cyst in the left "
        "kidney. Findings consistent with glarbitis.",
    )
    dx = c.mark(0, "glarbitis")
    assert not c.same(c.mark(0, "cyst"), dx)
    assert not c.same(c.mark(0, "wall thickening"), dx)


def test_a_diagnosis_without_a_findings_subject_reads_nothing_before_it() -> None:
    c = _case(
        "US KNEE",
        "Septated fluid collection in front of the patella. Glarbitis of the tibial plateau "
        "cannot be excluded.",
    )
    assert not c.same(c.mark(0, "fluid collection"), c.mark(0, "Glarbitis"))


def test_the_impression_reading_the_findings_finds_a_related_sign_anywhere() -> None:
    c = _case(
        "US ABDOMEN",
        "FINDINGS:\nLiver: normal size. Homogeneous echogenic parenchyma.\n\nSpleen: normal.\n\n"
        "IMPRESSION: Appearance consistent with hepatic steatosis.",
    )
    assert c.same(c.mark(0, "echogenic parenchyma"), c.mark(0, "hepatic steatosis"))


# -- the impression names a diagnosis where the findings describe a sign ---------------------
def test_an_impression_diagnosis_at_the_signs_site_is_the_sign() -> None:
    c = _case(
        "CT HEAD",
        "FINDINGS: Hypodensity in the right occipital lobe.\n\nIMPRESSION: Glarbosis of the "
        "right occipital lobe.",
    )
    assert c.same(c.mark(0, "Hypodensity"), c.mark(0, "Glarbosis"))


def test_two_findings_at_one_site_stay_apart() -> None:
    # counter-examples: two diagnoses at one site; a sign at another site
    c = _case(
        "CT ABDOMEN",
        "FINDINGS: Calculus in the left kidney. Hypodensity in the right kidney.\n\n"
        "IMPRESSION: Glarbosis of the left kidney.",
    )
    dx = c.mark(0, "Glarbosis")
    assert not c.same(c.mark(0, "Calculus"), dx)
    assert not c.same(c.mark(0, "Hypodensity"), dx)


# -- one sentence: signs attached by "with" before the reading ------------------------------
def test_signs_attached_by_with_are_read_as_the_diagnosis() -> None:
    c = _case(
        "CT ABDOMEN",
        "Concentric wall thickening of the terminal ileum, with mucosal hyperenhancement, "
        "suggestive of glarbitis.",
    )
    assert c.same(c.mark(0, "wall thickening"), c.mark(0, "glarbitis"))


def test_a_diagnosis_attached_by_with_is_not_read_as_the_later_word() -> None:
    # counter-example (GUIDELINE 1): the effusion is not the atelectasis
    c = Case((0, "FINDINGS: Left pleural effusion with adjacent opacity, likely atelectasis."))
    assert not c.same(c.mark(0, "pleural effusion"), c.mark(0, "atelectasis"))


def test_a_sentence_reading_with_no_vocabulary_relation_links() -> None:
    # the report itself reads the dilated arteries as raised pressure
    c = _case(
        "CT CHEST",
        "The pulmonary trunk is dilated to 3.4 cm, indicating glarbotension.",
    )
    assert c.same(c.mark(0, "dilated"), c.mark(0, "glarbotension"))


# -- sense by region (GUIDELINE 11) -------------------------------------------------------
def test_a_default_site_of_another_region_does_not_split_the_sign() -> None:
    c = _case(
        "US ABDOMEN",
        "Wedge-shaped area in the spleen with complete lack of enhancement after contrast, "
        "consistent with a splenic infarction.",
    )
    assert c.same(c.mark(0, "lack of enhancement"), c.mark(0, "splenic infarction"))


def test_default_sites_fit_their_region_only() -> None:
    v = vocabulary()
    assert default_site_fits(v, "brain", "head")
    assert not default_site_fits(v, "brain", "abdomen")
    assert default_site_fits(v, "bladder", "abdomen")  # an abdominal exam sees the pelvis
    assert not default_site_fits(v, "lungs", "neck")  # a neck nodule is no lung nodule
    assert default_site_fits(v, "lungs", "")  # an exam of no known region: no evidence
    assert default_site_fits(v, "bones", "abdomen")  # bones lie in every region


def test_a_region_bound_word_names_its_structure_only_in_that_region() -> None:
    from radtrack_gui.nlp.extractors.regions import own_structure

    v = vocabulary()
    assert own_structure(v, "echogenic parenchyma", "abdomen") == ""
    assert own_structure(v, "echogenic parenchyma", "head") == "brain"
    assert own_structure(v, "splenic laceration", "abdomen") == "spleen"


# -- RadLex concepts keep their own meaning --------------------------------------------------
def test_a_derived_concept_is_not_refined_to_a_sibling_or_a_regions_kind() -> None:
    v = vocabulary()
    assert v.refine("lymphangioleiomyomatosis", "lungs") == "lymphangioleiomyomatosis"
    assert v.refine_in_region("bursitis", "lower extremities") == "bursitis"
    assert v.refine_in_region("bursitis", "spine") == "bursitis"
    # hand concepts still are ("hematoma" in the subdural space, "edema" in a chest report)
    assert v.refine("hematoma", "subdural space") == "subdural hematoma"
    assert v.refine_in_region("edema", "thorax") == "pulmonary edema"


def test_narrower_kinds_of_a_sign_are_signs_but_not_its_diagnoses() -> None:
    v = vocabulary()
    assert descriptive("opacity", v) and descriptive("nodular opacity", v)
    assert not descriptive("abscess", v)  # a collection is read as an abscess
    assert not descriptive("pneumonia", v)


@pytest.mark.parametrize(
    ("exam", "sign_text", "diagnosis_text", "sign", "diagnosis"),
    [
        ("CT HEAD", "Midline shift of 9 mm to the left.", "subfalcine herniation",
         "Midline shift", "herniation"),
        ("MRI ANKLE", "Thickening of the anterior talofibular ligament.", "a sprain",
         "Thickening", "sprain"),
        ("US BREAST", "Oval circumscribed mass in the left breast.", "a fibroadenoma",
         "mass", "fibroadenoma"),
        ("CT ABDOMEN", "Contrast extravasation at the anastomosis.", "an anastomotic leak",
         "extravasation", "leak"),
        ("CT ABDOMEN", "Moderate left hydronephrosis.", "left ureteral obstruction",
         "hydronephrosis", "obstruction"),
        ("US KNEE", "Septated fluid collection in front of the patella.",
         "prepatellar bursitis", "fluid collection", "bursitis"),
        ("CT HEAD", "Hyperdensity in the right basal ganglia.", "hemorrhage",
         "Hyperdensity", "hemorrhage"),
        ("CT ABDOMEN", "Wall thickening of the terminal ileum.", "Crohn disease",
         "Wall thickening", "Crohn disease"),
    ],
)  # fmt: skip
def test_round_three_rows_link_a_sign_and_the_impressions_diagnosis(
    exam: str, sign_text: str, diagnosis_text: str, sign: str, diagnosis: str
) -> None:
    # the impression reads the findings of another paragraph: only the relation says which
    c = _case(
        exam, f"FINDINGS: {sign_text}\n\nIMPRESSION: Findings consistent with {diagnosis_text}."
    )
    assert c.same(c.mark(0, sign), c.mark(0, diagnosis))


def test_round_three_rows_take_effect() -> None:
    v = vocabulary()
    text = resource("vocab", "relations.tsv").read_text(encoding="utf-8")
    block = text.split("# ---- round 3 (wb-signs")[1]
    rows = [ln.split("\t") for ln in block.splitlines()[1:] if ln and not ln.startswith("#")]
    assert len(rows) >= 17
    for a, kind, b in rows:
        assert kind == "synonym" or v.is_related(a, b), (a, kind, b)


def test_round_three_rows_keep_location() -> None:
    # counter-example: the sign on the other side is not that diagnosis (GUIDELINE 3)
    c = _case(
        "MRI ANKLES",
        "Thickening of the right anterior talofibular ligament. Sprain of the left anterior "
        "talofibular ligament.",
    )
    assert not c.same(c.mark(0, "Thickening"), c.mark(0, "Sprain"))


# -- a bare hedged reading reads the sentence before -----------------------------------------
def test_a_bare_hedged_reading_reads_the_last_sentence_that_names_a_finding() -> None:
    c = _case(
        "CT NECK",
        "Rounded subcutaneous density at the level of C5. Clinical correlation is recommended. "
        "Possible glarboma?",
    )
    assert c.same(c.mark(0, "density"), c.mark(0, "glarboma"))


def test_a_bare_reading_does_not_reach_past_another_finding_or_a_listed_hypothesis() -> None:
    # counter-examples: a finding named between; "abscess or ..." lists hypotheses
    c = _case(
        "CT NECK",
        "Rounded subcutaneous density at the level of C5. Small effusion. Possible glarboma?",
    )
    assert not c.same(c.mark(0, "density"), c.mark(0, "glarboma"))
    d = _case(
        "US ABDOMEN",
        "Thickened gallbladder wall. Differential diagnosis: abscess or glarbitis.",
    )
    assert not d.same(d.mark(0, "Thickened gallbladder wall"), d.mark(0, "glarbitis"))


def test_the_look_a_finding_gives_is_that_finding() -> None:
    c = _case(
        "CT ABDOMEN",
        "Marked engorgement of the vasa recta along the ileum with the “comb sign” appearance.",
    )
    assert c.same(c.mark(0, "engorgement of the vasa recta"), c.mark(0, "comb sign"))


def test_a_finding_attached_by_with_is_not_a_look() -> None:
    # counter-example: "with a small abscess" names another finding, not a look
    c = _case("CT ABDOMEN", "Wall thickening of the sigmoid colon with a small abscess.")
    assert not c.same(c.mark(0, "Wall thickening"), c.mark(0, "abscess"))


@pytest.mark.parametrize(
    "words",
    ["in the sense of", "in terms of", "raising suspicion of", "suspicious for", "in line with"],
)
def test_more_interpreting_words_read_the_sign(words: str) -> None:
    c = _case("CT ABDOMEN", f"Hypodense area in the liver segment 6, {words} a glarboma.")
    assert c.same(c.mark(0, "Hypodense area"), c.mark(0, "glarboma"))


def test_a_neighbouring_finding_is_no_reading() -> None:
    # counter-example: "next to" names a place, not a reading
    c = _case("CT ABDOMEN", "Hypodense area in the liver segment 6 next to a glarboma.")
    assert not c.same(c.mark(0, "Hypodense area"), c.mark(0, "glarboma"))
