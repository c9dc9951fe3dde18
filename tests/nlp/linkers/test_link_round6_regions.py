"""Round 6 (wb-regions2): restatements under conclusion headers named by their head noun,
a history under a comma list of header words, the cervicothoracic level "C7-D1", and a
finding that "with" attaches to a level. Texts written here."""

from __future__ import annotations

from linker_cases import Case

from radtrack_gui.nlp.linkers.levels import attached_place, levels


def test_a_finding_restated_under_a_diagnostic_impression_is_one() -> None:
    text = (
        "Exam: CT ABDOMEN\n\nFindings:\nThe colon is redundant and filled with stool.\n"
        "The bladder wall is thickened up to 7 mm.\n\n"
        "Diagnostic impression:\nBladder wall thickening, suggestive of cystitis.\n"
    )
    c = Case((0, text))
    assert c.same(c.mark(0, "thickened"), c.mark(0, "Bladder wall thickening"))
    # counter-example: under an unknown heading the second line is one more finding line
    c = Case((0, text.replace("Diagnostic impression:", "Other remarks:")))
    assert not c.same(c.mark(0, "thickened"), c.mark(0, "Bladder wall thickening"))


def test_a_tendon_change_restated_under_assessment_is_one() -> None:
    text = (
        "Exam: MR HIP\n\nFindings:\nInsertional tendinopathy of the gluteus minimus tendon.\n"
        "The gluteus medius tendon is normal.\n\n"
        "Assessment:\n-Tendon insufficiency of the gluteus minimus.\n"
    )
    c = Case((0, text))
    assert c.same(c.mark(0, "Insertional tendinopathy"), c.mark(0, "Tendon insufficiency"))
    # counter-example: two lines of one findings list are two statements
    c = Case((0, text.replace("\n\nAssessment:\n", "\n")))
    assert not c.same(c.mark(0, "Insertional tendinopathy"), c.mark(0, "Tendon insufficiency"))


def test_the_history_under_a_comma_list_of_header_words_is_the_reason() -> None:
    text = (
        "Exam: CT FOREARM\n\nClinic, Question, Justifying Indication:\n"
        "Patient with a distal radius fracture on the left side.\n"
        "Findings and Conclusion:\nDisplaced, impacted radius fracture involving the radiocarpal "
        "joint.\n"
    )
    c = Case((0, text))
    assert not c.same(c.mark(0, "distal radius fracture"), c.mark(0, "radius fracture", 1))


def test_c7_d1_is_the_cervicothoracic_level() -> None:
    assert levels("C7-D1: Moderate facet osteoarthritis") == {"c7-t1"}
    assert levels("at C7-T1") == {"c7-t1"}
    # counter-example: a coronary branch alone is no level
    assert levels("stenosis of D1") == frozenset()
    text = (
        "Exam: MR CERVICAL SPINE\n\nFindings:\n"
        "C4-C5: Minimal disc bulge, with no significant neuroforaminal stenosis.\n"
        "C7-D1: Facet osteoarthritis, without significant neuroforaminal stenosis.\n"
    )
    c = Case((0, text))
    a = c.mark(0, "neuroforaminal stenosis")
    b = c.mark(0, "neuroforaminal stenosis", 1)
    assert not c.same(a, b)


def test_a_finding_attached_by_with_is_at_the_level_before() -> None:
    t = "The L5-S1 disc space is narrowed with degenerative changes alongside."
    assert attached_place(t, 0, t.index("degenerative")) == {"l5-s1"}
    # counter-examples: a "with" that a word before it governs, another item between
    t = "Nodules at S5, compatible with small hemangiomas."
    assert attached_place(t, 0, t.index("hemangiomas")) == frozenset()
    t = "Narrowing at L4-L5 and the facet joints with degenerative changes."
    assert attached_place(t, 0, t.index("degenerative")) == frozenset()
    text = (
        "Exam: XR LUMBAR SPINE\n\nFindings:\n"
        "Degenerative changes of the L3-L4 facet joints.\n"
        "The L5-S1 disc space is narrowed with degenerative changes alongside.\n"
    )
    c = Case((0, text))
    assert not c.same(c.mark(0, "Degenerative changes"), c.mark(0, "degenerative changes"))
    # counter-example: the same level restated in the conclusion is one finding
    c = Case((0, text.replace("L3-L4 facet joints.\n", "L5-S1 disc.\n\nConclusion:\n")))
    assert c.same(c.mark(0, "Degenerative changes"), c.mark(0, "degenerative changes"))


def test_long_bones_are_sites() -> None:
    from radtrack_gui.nlp.vocabulary import vocabulary

    v = vocabulary()
    assert v.anatomy_of("ulnar shaft") == "ulna"
    assert v.anatomy_of("distal radius") == "radius"
    assert v.anatomy_of("tibial shaft") == "tibia"
    assert v.anatomy_of("distal fibula") == "ankle"  # the lateral malleolus: the ankle
    # counter-examples: the adjective alone names vessels and nerves too
    assert v.anatomy_of("radial") != "radius"
    assert v.anatomy_of("ulnar") != "ulna"


def test_fractures_of_two_forearm_bones_are_two() -> None:
    text = (
        "Exam: CT FOREARM\n\nFindings:\nDisplaced fracture of the distal radius.\n"
        "Distal ulnar shaft fracture with 2 mm displacement.\n\n"
        "Conclusion:\nDistal radius fracture.\n"
    )
    c = Case((0, text))
    radius = c.mark(0, "fracture of the distal radius")
    assert not c.same(radius, c.mark(0, "ulnar shaft fracture"))
    # counter-example: the radius fracture restated in the conclusion is one
    assert c.same(radius, c.mark(0, "Distal radius fracture"))
    ankle = (
        "Exam: XR ANKLE\n\nFindings:\nFracture of the distal fibula with a step-off.\n\n"
        "Impression:\nWeber B fracture of the left ankle.\n"
    )
    c = Case((0, ankle))
    assert c.same(c.mark(0, "Fracture of the distal fibula"), c.mark(0, "Weber B fracture"))


def test_a_numbered_list_after_what_the_exam_shows_is_the_conclusion() -> None:
    from radtrack_gui.nlp.linkers.referral import numbered_conclusion

    prose = (
        "Exam: CT LUMBAR SPINE\n\nThe L4/5 disc bulges beyond the vertebral margins. "
        "The spinal canal is not narrowed. The facet joints are hypertrophic.\n\n"
    )
    text = (
        prose + "CT scan of the lumbar spine shows:\n1. Disc bulge at L4/5;\n2. Facet arthrosis.\n"
    )
    assert numbered_conclusion(text) == text.index("1. Disc")
    # counter-examples: an inline "shows:" with its finding on the line, and a list with
    # no prose before it, are no conclusion
    assert numbered_conclusion(prose + "The CT scan shows: a disc bulge at L4/5.\n") is None
    head = "Exam: CT LUMBAR SPINE\n\nCT scan of the lumbar spine shows:\n1. Disc bulge.\n"
    assert numbered_conclusion(head) is None
    brain = (
        "Exam: CT HEAD\n\nThe ventricles are normal in size. No hemorrhagic signs are seen in "
        "the brain parenchyma. The midline is central.\n\n"
        "Plain CT scan of the head shows:\n1. No hemorrhagic lesions;\n2. Normal ventricles.\n"
    )
    c = Case((0, brain))
    assert c.same(c.mark(0, "hemorrhagic signs"), c.mark(0, "hemorrhagic lesions"))
    # counter-example: the same two lines in one paragraph of prose are a checklist
    c = Case((0, brain.replace(" shows:\n1.", " was reviewed.")))
    assert not c.same(c.mark(0, "hemorrhagic signs"), c.mark(0, "hemorrhagic lesions"))


def test_a_predicate_restated_as_an_attribute_is_one() -> None:
    text = (
        "Exam: CT ABDOMEN\n\nFindings:\nThe colon is redundant, with abundant stool.\n"
        "The spleen is normal.\n\nDiagnostic impression:\nRedundant colon.\n"
    )
    c = Case((0, text))
    assert c.same(c.mark(0, "colon is redundant"), c.mark(0, "Redundant colon"))
    # counter-examples: other words, and the same words with the other assertion
    c = Case((0, text.replace("Redundant colon.", "Redundant sigmoid.")))
    assert not c.same(c.mark(0, "colon is redundant"), c.mark(0, "Redundant sigmoid"))
    c = Case((0, text.replace("Redundant colon.", "No redundant colon.")))
    assert not c.same(c.mark(0, "colon is redundant"), c.mark(0, "redundant colon"))


def test_negatives_about_menisci_and_ligaments_are_two() -> None:
    from radtrack_gui.nlp.linkers.tissues import tissues

    assert tissues("The menisci are unremarkable") == {"cartilage"}
    assert tissues("the cruciate ligaments are intact") == {"ligament"}
    text = (
        "Exam: MR KNEE\n\nFindings:\nThe menisci are unremarkable, with no tears evident.\n"
        "The cruciate ligaments are intact, with no signs of tears.\n"
    )
    c = Case((0, text))
    assert not c.same(c.mark(0, "tears"), c.mark(0, "tears", 1))
    # counter-example: the menisci's negative restated in the conclusion is one
    told_twice = text.replace(
        "The cruciate ligaments are intact, with no signs of tears.",
        "\nConclusion:\nThe menisci show no tears.",
    )
    c = Case((0, told_twice))
    assert c.same(c.mark(0, "tears"), c.mark(0, "tears", 1))


def test_a_finding_of_the_whole_column_is_not_the_one_at_a_level() -> None:
    from radtrack_gui.nlp.linkers.levels import level_conflict
    from radtrack_gui.nlp.linkers.spine import MULTI

    assert level_conflict(frozenset({MULTI}), frozenset({"l5-s1"})) is not None
    # counter-examples: two findings of the whole column, and a level with no place
    assert level_conflict(frozenset({MULTI}), frozenset({MULTI, "c5-6"})) is None
    assert level_conflict(frozenset({MULTI}), frozenset({"heading:alignment"})) is None
    text = (
        "Exam: XR LUMBAR SPINE\n\nFindings:\n"
        "Moderate degenerative changes with marginal osteophytes of lumbar vertebrae.\n"
        "The L5-S1 disc space is narrowed with degenerative changes alongside.\n"
    )
    c = Case((0, text))
    assert not c.same(c.mark(0, "degenerative changes"), c.mark(0, "degenerative changes", 1))
    # counter-example: without the whole column named, the level given once applies to both
    c = Case((0, text.replace(" with marginal osteophytes of lumbar vertebrae", "")))
    assert c.same(c.mark(0, "degenerative changes"), c.mark(0, "degenerative changes", 1))


def test_myoma_words_name_the_fibroid() -> None:
    from radtrack_gui.nlp.vocabulary import vocabulary

    v = vocabulary()
    for term in ("myoma", "uterine myomatosis", "polymyomatous uterus", "myomatous uterus"):
        assert v.concept_of(term).name == "uterine fibroid", term
    text = (
        "Exam: US PELVIS\n\nResults:\n- Multiple uterine fibroids, the largest 40 mm.\n"
        "- Regular endometrium.\n\nConclusion:\n- Polymyomatous uterus.\n"
    )
    c = Case((0, text))
    fibroids = c.mark(0, "Multiple uterine fibroids")
    assert c.same(fibroids, c.mark(0, "Polymyomatous uterus"))
    # counter-example: the endometrium is not the fibroid
    assert not c.same(fibroids, c.mark(0, "Regular endometrium"))


def test_a_lung_default_is_no_place_in_a_thyroid_ultrasound() -> None:
    text = (
        "Exam: US NECK\n\nFindings:\nThe thyroid gland is normal in size and echotexture.\n"
        "No nodules are present.\n\nConclusion:\nNo suspicious thyroid nodules are present.\n"
    )
    c = Case((0, text))
    assert c.same(c.mark(0, "No nodules"), c.mark(0, "suspicious thyroid nodules"))
    # counter-example: on a chest CT the bare word is the lungs' nodule, not the thyroid's
    chest = text.replace("US NECK", "CT CHEST")
    c = Case((0, chest))
    assert not c.same(c.mark(0, "No nodules"), c.mark(0, "suspicious thyroid nodules"))
    # counter-example: an abdominal exam sees the lung bases, so the lungs' reading stays
    abdomen = text.replace("US NECK", "CT ABDOMEN")
    c = Case((0, abdomen))
    assert not c.same(c.mark(0, "No nodules"), c.mark(0, "suspicious thyroid nodules"))
