"""Issue #18 §2, round 4 (``linkers/glosses.py``, ``readings.reading``/``read_as``,
``features.conflict``): more ways one report reads a sign as a diagnosis, found on fresh
whole-body reports; each with a counter-example that must stay apart. Sentences are written
for these tests (made-up words where the vocabulary must not know the diagnosis)."""

from __future__ import annotations

from linker_cases import Case


def _case(exam: str, text: str) -> Case:
    return Case((0, f"Exam: {exam}\n\n{text}"))


# -- the sign is the subject; what stands between is attached to it ------------------------
def test_findings_attached_to_the_sign_do_not_stop_its_reading() -> None:
    c = _case(
        "MRI HEAD",
        "There is a heterogeneous enhancing mass with internal hemorrhage and cystic changes "
        "measuring approximately 2.5 cm in the right cerebellopontine angle, highly "
        "suggestive of a glarboma.",
    )
    assert c.same(c.mark(0, "enhancing mass"), c.mark(0, "glarboma"))


def test_an_open_vocabulary_subject_with_attached_signs_is_read() -> None:
    c = _case(
        "MRI HEAD",
        "Left parietal porencephalic cavity, surrounded by peripheral gliosis, related to a "
        "glarbotic stroke.",
    )
    assert c.same(c.mark(0, "porencephalic cavity"), c.mark(0, "glarbotic stroke"))


def test_another_finding_listed_before_the_attachment_is_not_the_reading() -> None:
    # counter-example: the effusion is listed beside the opacity, not attached to it
    c = _case(
        "CT CHEST", "Opacity in the right base, pleural effusion with septations, likely glarbitis."
    )
    assert not c.same(c.mark(0, "Opacity"), c.mark(0, "glarbitis"))


def test_a_reading_with_attached_signs_carries_to_the_conclusion() -> None:
    c = _case(
        "MRI PELVIS",
        "FINDINGS: Both ovaries contain hemorrhagic cystic structures with T1 "
        "hyperintensity, suggestive of endometriomas.\n\n"
        "CONCLUSION: Bilateral ovarian endometriomas. Uterine adenomyosis.",
    )
    cysts = c.mark(0, "hemorrhagic cystic structures")
    assert c.same(cysts, c.mark(0, "ovarian endometriomas"))
    # counter-example: another diagnosis of the conclusion is not what the sentence read
    assert not c.same(cysts, c.mark(0, "adenomyosis"))


# -- a reading in parentheses ---------------------------------------------------------------
def test_a_reading_in_parentheses_is_the_sign() -> None:
    c = _case(
        "MRI HEAD",
        "There is a venous anomaly in the pons with a nearby flurbleed (possible micro-glarboma?).",
    )
    assert c.same(c.mark(0, "flurbleed"), c.mark(0, "micro-glarboma"))


def test_alternatives_in_parentheses_are_no_reading() -> None:
    # counter-example: "(X or Y)" offers two hypotheses (GUIDELINE: "X or Y")
    c = _case(
        "MRI HEAD",
        "There is a venous anomaly in the pons with a nearby flurbleed (micro-glarboma or "
        "telangiectasia?).",
    )
    assert not c.same(c.mark(0, "flurbleed"), c.mark(0, "micro-glarboma"))


# -- a dash and a few words before the reading ----------------------------------------------
def test_a_dash_with_hedging_words_reads_the_sign() -> None:
    c = _case(
        "XR LUMBAR SPINE",
        "Decrease in height of the L2 vertebral body by about 1/3 - status post-glarbture.",
    )
    assert c.same(c.mark(0, "Decrease in height"), c.mark(0, "glarbture"))


def test_a_dash_after_a_listed_diagnosis_reads_nothing() -> None:
    # counter-example: the ascites is listed between; the dash does not read the thickening
    c = _case("CT ABDOMEN", "Bowel wall thickening, small ascites - most likely glarbitis.")
    assert not c.same(c.mark(0, "Bowel wall thickening"), c.mark(0, "glarbitis"))


def test_one_sentence_reading_overrides_the_landmark_site() -> None:
    # a radiograph locates the shadow by a vertebral level; the sentence reads it as a stone
    c = _case(
        "XR ABDOMEN",
        "On the right, by the L3/L4 disc space, a calcific shadow of 1.6 cm "
        "appears - most likely a stone in the right kidney.",
    )
    assert c.same(c.mark(0, "calcific shadow"), c.mark(0, "stone"))


# -- "This appearance ..." reads the sentence right before it -------------------------------
def test_this_appearance_reads_the_sentence_before() -> None:
    c = _case(
        "MRI HEAD",
        "CONCLUSION: There is marked focal atrophy in the left pericentral region with "
        "cortical iron deposits. This appearance is compatible with glarbobasal degeneration.",
    )
    assert c.same(c.mark(0, "focal atrophy"), c.mark(0, "glarbobasal degeneration"))


def test_this_appearance_does_not_reach_past_another_sentence() -> None:
    # counter-example: a sentence between; the demonstrative points to that one
    c = _case(
        "MRI HEAD",
        "CONCLUSION: There is marked focal atrophy in the left pericentral region. The "
        "pituitary gland shows a cystic lesion. This appearance is compatible with "
        "glarbobasal degeneration.",
    )
    assert not c.same(c.mark(0, "focal atrophy"), c.mark(0, "glarbobasal degeneration"))


# -- the conclusion restates the sign as its subject and reads it ----------------------------
def test_the_conclusion_restating_the_sign_reads_it() -> None:
    c = _case(
        "CT HEAD",
        "FINDINGS:\n- In the posterior fossa: Hypodensities with ring enhancement in the vermis."
        "\n\nCONCLUSION: Several round hypodensities, ring-enhancing, in the posterior "
        "fossa and above the tentorium, suggestive of multiple abscesses.",
    )
    assert c.same(c.mark(0, "Hypodensities"), c.mark(0, "multiple abscesses"))


def test_a_finding_listed_after_the_restated_subject_is_not_read() -> None:
    # counter-example: the nodules are listed in the sentence; its subject is the mass
    c = _case(
        "CT CHEST",
        "FINDINGS: A soft tissue mass at the right hilum. Multiple nodules in both lungs.\n\n"
        "IMPRESSION: A mass at the right hilum, accompanied by multiple pulmonary nodules, "
        "consistent with lung cancer.",
    )
    assert c.same(c.mark(0, "soft tissue mass"), c.mark(0, "lung cancer"))
    assert not c.same(c.mark(0, "Multiple nodules"), c.mark(0, "lung cancer"))


# -- a closing paragraph reads the paragraph before it ---------------------------------------
def test_a_closing_findings_reading_reads_the_paragraph_before() -> None:
    c = _case(
        "US LEG VEINS",
        "The femoral vein is compressible.\n\n"
        "The popliteal vein is partially compressible with residual marginal glarbotic "
        "material.\n\n"
        "The findings are consistent with deep vein glarbosis.",
    )
    assert c.same(c.mark(0, "glarbotic material"), c.mark(0, "deep vein glarbosis"))


def test_a_closing_findings_reading_does_not_reach_two_paragraphs_back() -> None:
    # counter-example: another paragraph stands between the sign and the reading
    c = _case(
        "US LEG VEINS",
        "The popliteal vein holds residual marginal glarbotic material.\n\n"
        "The common femoral vein is compressible.\n\n"
        "The findings are consistent with deep vein glarbosis.",
    )
    assert not c.same(c.mark(0, "glarbotic material"), c.mark(0, "deep vein glarbosis"))


# -- changes left by surgery are a finding (RadLex "postoperative change") ------------------
def test_postoperative_changes_are_a_finding_a_sign_is_read_as() -> None:
    c = _case(
        "MRI BREAST",
        "A little fluid surrounds the implant, with edema of the medial breast tissue, "
        "consistent with postoperative changes.",
    )
    changes = c.mark(0, "postoperative changes")
    assert c.same(c.mark(0, "edema"), changes)
    # counter-example: surgical clips stay a device, never one chain with a finding
    clips = _case("CT ABDOMEN", "Surgical clips in the gallbladder fossa. Postoperative changes.")
    assert not clips.same(clips.mark(0, "Surgical clips"), clips.mark(0, "Postoperative changes"))


def test_postoperative_changes_are_typed_as_a_finding() -> None:
    from radtrack_gui.core.model import DEVICE, FINDING
    from radtrack_gui.nlp.vocabulary import vocabulary

    v = vocabulary()
    for words in ("postoperative changes", "post-surgical changes", "surgical changes"):
        c = v.concept_of(words)
        assert c is not None and c.type == FINDING, words
    clips = v.concept_of("surgical clips")
    assert clips is not None and clips.type == DEVICE


# -- a report's reading carries to the follow-up ---------------------------------------------
def test_a_reading_with_attached_signs_carries_to_a_follow_up() -> None:
    c = Case(
        (
            0,
            "Exam: MRI PELVIS\n\nFINDINGS: The left ovary contains hemorrhagic cystic "
            "structures with T1 hyperintensity, suggestive of endometriomas.",
        ),
        (10, "Exam: MRI PELVIS\n\nFINDINGS: Endometriomas of the left ovary, stable. Adenomyosis."),
    )
    cysts = c.mark(0, "hemorrhagic cystic structures")
    assert c.same(cysts, c.mark(1, "Endometriomas"))
    assert not c.same(cysts, c.mark(1, "Adenomyosis"))  # counter-example: another diagnosis


# -- a diagnosis the report gives to one sign is not another sign's by the vocabulary alone --
def test_a_diagnosis_given_to_another_sign_stays_apart() -> None:
    c = _case(
        "CT HEAD",
        "FINDINGS:\n- Right temporo-parietal cortico-subcortical edema with mass effect, "
        "suggestive of an ischemic stroke.\n- Multiple small hypodense foci, indicative of "
        "multiple focal ischemic strokes.",
    )
    edema = c.mark(0, "cortico-subcortical edema")
    assert c.same(edema, c.mark(0, "ischemic stroke"))
    assert not c.same(edema, c.mark(0, "multiple focal ischemic strokes"))


def test_a_diagnosis_given_to_the_restated_sign_still_joins() -> None:
    # counter-example: the impression's reading names the findings' own sign
    c = Case(
        (
            0,
            "FINDINGS: Opacity in the right lower lobe.\n\n"
            "IMPRESSION: Right lower lobe opacity, likely pneumonia.",
        )
    )
    assert c.same(c.mark(0, "Opacity"), c.mark(0, "pneumonia"))


# -- a property the vocabulary flags as a modifier is a sign word ----------------------------
def test_an_irregularity_is_a_sign_a_closing_reading_reads() -> None:
    c = _case(
        "CT ANGIOGRAPHY NECK",
        "Wall irregularity of the left internal carotid artery.\n\n"
        "Appearance consistent with glarbosis of the left internal carotid artery.",
    )
    assert c.same(c.mark(0, "irregularity"), c.mark(0, "glarbosis"))
    # counter-example (GUIDELINE 3): the reading is about the other side
    d = _case(
        "CT ANGIOGRAPHY NECK",
        "Wall irregularity of the left internal carotid artery.\n\n"
        "Appearance consistent with glarbosis of the right internal carotid artery.",
    )
    assert not d.same(d.mark(0, "irregularity"), d.mark(0, "glarbosis"))


# -- "ductal ectasia" is a dilated duct, not the aortic ectasia (GUIDELINE 11) ---------------
def test_ductal_ectasia_is_a_dilated_duct_restated_in_other_words() -> None:
    from radtrack_gui.nlp.vocabulary import vocabulary

    v = vocabulary()
    duct, aorta = v.concept_of("ductal ectasia"), v.concept_of("aortic ectasia")
    assert duct is not None and duct.anatomy != "aorta"
    assert aorta is not None and aorta.anatomy == "aorta"  # counter-example: still the aorta
    c = _case(
        "MAMMOGRAPHY",
        "FINDINGS: Milk duct dilation in both breasts.\n\nIMPRESSION: Bilateral ductal ectasia.",
    )
    assert c.same(c.mark(0, "Milk duct dilation"), c.mark(0, "ductal ectasia"))


# -- the adjective of a finding noun names that finding ("myomatous uterus" / "myoma") ------
def test_the_adjective_of_a_finding_noun_restates_it() -> None:
    c = _case(
        "MRI PELVIS",
        "FINDINGS: A sessile subserosal flurboma in the posterior body, 58 mm.\n\n"
        "CONCLUSION: Adenomyosis on a flurbomatous uterus.",
    )
    assert c.same(c.mark(0, "subserosal flurboma"), c.mark(0, "flurbomatous uterus"))


def test_an_adjective_of_another_noun_or_of_an_organ_is_no_restatement() -> None:
    # counter-examples: another noun's adjective; an organ adjective ("hepatic")
    c = _case(
        "MRI PELVIS",
        "FINDINGS: A sessile subserosal flurboma in the posterior body, 58 mm.\n\n"
        "CONCLUSION: Adenomyosis on a glarbomatous uterus.",
    )
    assert not c.same(c.mark(0, "subserosal flurboma"), c.mark(0, "glarbomatous uterus"))
    from radtrack_gui.nlp.linkers.glosses import adjective_names
    from radtrack_gui.nlp.vocabulary import vocabulary

    assert not adjective_names(("hepatic", "glarbosis"), "hepatitis", vocabulary())
