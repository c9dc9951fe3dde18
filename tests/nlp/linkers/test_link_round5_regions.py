"""Round 5 (wb-regions): negatives per kind of tissue, the reason paragraph without its own
heading, MR sequence names, knee compartments and spinal level ranges. Texts written here."""

from __future__ import annotations

from linker_cases import Case

SHOULDER = (
    "Exam: MR SHOULDER\n\nBone findings:\nAn osteolytic lesion of the humeral head.\n"
    "No abnormality is noted in the other bony structures, including the scapula.\n\n"
    "Muscle and tendon findings:\nNo abnormality is seen in the other muscles, including the deltoid.\n\n"
    "Conclusion:\nOsteolytic lesion of the humeral head.\nNo abnormality of the scapula.\n"
    "No involvement of the other musculo-tendinous structures.\n"
)


def test_negatives_about_other_tissues_are_two_statements() -> None:
    c = Case((0, SHOULDER))
    bones = c.mark(0, "No abnormality")
    muscles = c.mark(0, "No abnormality", 1)
    assert not c.same(bones, muscles)
    # the findings' bones and the conclusion's muscles, in the same words
    text = (
        "Exam: MR SHOULDER\n\nFindings:\nNo abnormality is noted in the bony structures.\n\n"
        "Conclusion:\nNo abnormality of the muscular structures.\n"
    )
    c = Case((0, text))
    assert not c.same(c.mark(0, "No abnormality"), c.mark(0, "No abnormality", 1))
    # counter-example: the bones in both is one negative told twice
    c = Case((0, text.replace("muscular", "osseous")))
    assert c.same(c.mark(0, "No abnormality"), c.mark(0, "No abnormality", 1))
    lungs = (
        "Exam: CT THORAX\n\nFindings:\nNo focal sign of metastatic disease is identified in the "
        "pulmonary parenchyma.\nNo clear sign of metastatic disease is found in the bones of "
        "the thoracic cage.\n"
    )
    c = Case((0, lungs))
    assert not c.same(c.mark(0, "metastatic disease"), c.mark(0, "metastatic disease", 1))
    # counter-example: the lungs' negative restated in the conclusion is one negative
    told_twice = lungs.replace(
        "No clear sign of metastatic disease is found in the bones of the thoracic cage.",
        "\nConclusion:\nNo sign of metastatic disease in the pulmonary parenchyma.",
    )
    c = Case((0, told_twice))
    assert c.same(c.mark(0, "metastatic disease"), c.mark(0, "metastatic disease", 1))
    # counter-example: one tissue named in both sentences is one negative told twice


def test_a_negative_about_one_tissue_is_restated_in_the_conclusion() -> None:
    c = Case((0, SHOULDER))
    bones = c.mark(0, "No abnormality")
    assert c.same(bones, c.mark(0, "No abnormality of the scapula"))
    muscles = c.mark(0, "No abnormality", 1)
    assert c.same(muscles, c.mark(0, "No involvement of the other musculo-tendinous structures"))
    # counter-example: the conclusion's bones are not the findings' muscles
    assert not c.same(muscles, c.mark(0, "No abnormality of the scapula"))


def test_a_vague_negative_restated_by_a_finding_that_names_its_tissue() -> None:
    text = (
        "Exam: MR HEAD\n\nFindings:\nThe brain parenchyma is normal.\n"
        "The intracranial arteries show no abnormality.\n\n"
        "Conclusion:\nNo vascular malformation.\n"
    )
    c = Case((0, text))
    assert c.same(c.mark(0, "no abnormality"), c.mark(0, "No vascular malformation"))
    # counter-example: within the findings the two are a checklist
    checklist = text.replace("\n\nConclusion:\n", "\n")
    c = Case((0, checklist))
    assert not c.same(c.mark(0, "no abnormality"), c.mark(0, "No vascular malformation"))
    # counter-example: a vague negative about bones is not the vessels' negative
    bones = text.replace("intracranial arteries", "skull bones")
    c = Case((0, bones))
    assert not c.same(c.mark(0, "no abnormality"), c.mark(0, "No vascular malformation"))


def test_tissue_words() -> None:
    from radtrack_gui.nlp.linkers.tissues import tissues

    assert tissues("in the other bony structures, including the clavicle") == {"bone"}
    assert tissues("no pulmonary embolism") == {"vessel"}
    assert tissues("in the pulmonary parenchyma") == {"lung"}
    assert tissues("of the osseous and articular structures") == {"bone", "joint"}
    assert tissues("no focal liver lesion") == frozenset()


REFERRAL = (
    "Exam: CT ABDOMEN\n\nReferral data: Known lymphoma treated last year. Now reports a "
    "palpable mass in the groin. Please perform CT of the abdomen. The examination was "
    "performed with contrast. The CT shows a mass in the left groin, 3 cm.\n"
)


def test_the_referral_runs_on_after_its_inline_heading_up_to_the_request() -> None:
    c = Case((0, REFERRAL))
    # the complaint two sentences after "Referral data:" is the question, not the mass seen
    assert not c.same(c.mark(0, "palpable mass"), c.mark(0, "mass", 1))
    # counter-example: without a request on the line only the heading's sentence is the
    # reason; the sentences after it are findings ("Indication: Hematuria. The kidney ...")
    plain = (
        "Exam: US ABDOMEN\n\nIndication: flank pain. A mass is seen in the left kidney, "
        "3 cm. The left kidney mass is solid.\n"
    )
    c = Case((0, plain))
    assert c.same(c.mark(0, "mass"), c.mark(0, "mass", 1))


def test_in_referral_stops_at_a_report_of_the_exam() -> None:
    from radtrack_gui.nlp.linkers.context import _REASON_HEADING
    from radtrack_gui.nlp.linkers.referral import in_referral

    text = REFERRAL
    complaint = text.index("Now reports")
    shown = text.index("The CT shows")
    assert in_referral(text, (complaint, text.index(".", complaint) + 1), _REASON_HEADING)
    assert not in_referral(text, (shown, len(text) - 1), _REASON_HEADING)
    # a report of the exam before the request ends the referral
    early = text.replace("Now reports", "The previous scan showed")
    start = early.index("The previous")
    assert not in_referral(early, (start, early.index(".", start) + 1), _REASON_HEADING)


def test_an_mr_sequence_is_no_thoracic_level() -> None:
    from radtrack_gui.nlp.linkers.sites import mr_sequence

    assert mr_sequence("t2", ("t2", "hypointensity"))
    assert mr_sequence("t1", ("high", "t1", "signal"))
    # counter-examples: a vertebra named with a finding; a sequence word elsewhere
    assert not mr_sequence("t2", ("t2", "fracture"))
    assert not mr_sequence("t2", ("hypointensity",))
    assert not mr_sequence("l2", ("l2", "signal"))
    text = (
        "Exam: MR PELVIS\n\nFindings:\nThere is an area in the transition zone with T2 "
        "hypointensity and restricted diffusion.\n\nConclusion:\nSignal abnormality of the "
        "prostate, suspicious for neoplasia.\n"
    )
    c = Case((0, text))
    assert c.same(c.mark(0, "T2 hypointensity"), c.mark(0, "Signal abnormality"))


KNEE = (
    "Exam: MR KNEE\n\nFindings:\nMedial compartment:\nThinning of the cartilage. Small "
    "marginal osteophytes.\n\nLateral compartment:\nThe meniscus is intact. Small marginal "
    "osteophytes.\n\nPatellofemoral compartment:\nCartilage defect at the lateral facet of the "
    "patella.\n"
)


def test_a_compartment_sub_heading_tells_the_same_words_apart() -> None:
    c = Case((0, KNEE))
    medial = c.mark(0, "marginal osteophytes")
    assert not c.same(medial, c.mark(0, "marginal osteophytes", 1))
    # counter-example: the conclusion's medial osteophytes are the medial ones
    text = KNEE + "\nConclusion:\nMarginal osteophytes in the medial compartment.\n"
    c = Case((0, text))
    medial = c.mark(0, "marginal osteophytes")
    assert c.same(medial, c.mark(0, "Marginal osteophytes"))
    assert not c.same(c.mark(0, "marginal osteophytes", 1), c.mark(0, "Marginal osteophytes"))


def test_bone_parts_at_a_joint_are_places() -> None:
    text = (
        "Exam: MR KNEE\n\nFindings:\nThere are areas of cartilage loss, mostly at the lateral "
        "facet of the patella.\nThere are areas of cartilage loss at the central part of the "
        "medial femoral condyle.\n"
    )
    c = Case((0, text))
    assert not c.same(c.mark(0, "cartilage loss"), c.mark(0, "cartilage loss", 1))
    # counter-example: the condyle named without its side in the conclusion is that one
    told = text + "\nConclusion:\nCartilage loss of the femoral condyle.\n"
    c = Case((0, told))
    assert c.same(c.mark(0, "cartilage loss", 1), c.mark(0, "Cartilage loss"))


def test_joint_site_words() -> None:
    from radtrack_gui.nlp.linkers.joints import joint_sites

    assert joint_sites("Internal compartment") == {"compartment:medial"}
    assert joint_sites("in the patellofemoral and lateral compartments") == {
        "compartment:patellofemoral",
        "compartment:lateral",
    }
    assert joint_sites("impaction of the humeral head") == {"joint:humeral head"}
    assert joint_sites("the medial femoral condyles") == {"joint:medial femoral condyle"}
    # counter-examples: the patellar tendon is no bone part, "the neck" no femoral neck
    assert joint_sites("thickening of the patellar tendon") == frozenset()
    assert joint_sites("nodes of the neck") == frozenset()


def test_a_pair_of_vertebrae_apart_is_a_range() -> None:
    from radtrack_gui.nlp.linkers.spine import spanned_levels

    assert spanned_levels("l3-5") == {"l3", "l4", "l5", "l3-4", "l4-5"}
    assert "t12-l1" in spanned_levels("t10-l1")
    # counter-examples: a disc space is no range
    assert spanned_levels("l4-5") == frozenset()
    assert spanned_levels("t12-l1") == frozenset()
    text = (
        "Exam: MR LUMBAR SPINE\n\nFindings:\nEdema of the interspinous ligaments at the "
        "L3-L5 levels.\n\nConclusion:\nInterspinous ligament edema at L4-L5.\n"
    )
    c = Case((0, text))
    assert c.same(c.mark(0, "Edema"), c.mark(0, "edema"))
    # counter-example: a level outside the range is another place
    c = Case((0, text.replace("at L4-L5", "at L1-L2")))
    assert not c.same(c.mark(0, "Edema"), c.mark(0, "edema"))


def test_a_lesion_named_after_its_bone_part_is_at_that_part() -> None:
    text = (
        "Exam: MR SHOULDER\n\nFindings:\nDislocation of the shoulder with a large Hill-Sachs "
        "lesion.\nA bone fragment at the anterior glenoid rim, an osseous Bankart lesion.\n"
    )
    c = Case((0, text))
    assert not c.same(c.mark(0, "Hill-Sachs lesion"), c.mark(0, "osseous Bankart lesion"))
    # counter-example: the humeral head's impaction in the conclusion is the Hill-Sachs lesion
    told = text + "\nConclusion:\nImpaction of the posterolateral humeral head.\n"
    c = Case((0, told))
    assert c.same(c.mark(0, "Hill-Sachs lesion"), c.mark(0, "Impaction"))


LUMBAR = (
    "Exam: XR CERVICAL SPINE\n\nThe cervical lordosis is straightened. The atlantoaxial "
    "joint appears asymmetrical, wider on the right than on the left. The vertebral bodies "
    "are of normal height.\n\nCervical spine X-ray findings:\n1. Atlantoaxial joint instability."
    "\n2. Straightened lordosis.\n"
)


def test_a_numbered_list_after_the_prose_is_the_conclusion() -> None:
    c = Case((0, LUMBAR))
    assert c.same(c.mark(0, "asymmetrical"), c.mark(0, "instability"))
    # counter-example: the same two statements in one section are two findings
    prose = LUMBAR.replace("\n\nCervical spine X-ray findings:\n1. ", " ").replace("2. ", "")
    c = Case((0, prose))
    assert not c.same(c.mark(0, "asymmetrical"), c.mark(0, "instability"))


def test_numbered_conclusion_needs_prose_before_it() -> None:
    from radtrack_gui.nlp.linkers.referral import numbered_conclusion

    start = numbered_conclusion(LUMBAR)
    assert start is not None and LUMBAR[start:].startswith("1. Atlantoaxial joint instability")
    # counter-examples: a numbered list that opens the report, or one without a findings line
    assert numbered_conclusion("CT abdomen findings:\n1. Liver cyst.\n2. No ascites.\n") is None
    assert numbered_conclusion(LUMBAR.replace("X-ray findings:", "levels:")) is None
