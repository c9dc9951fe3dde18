"""Round 4b (wb-pelvis): words that name a structure in pelvis, spine and MSK reports are
anatomy, not findings (GUIDELINE 11), so a reading or a place is not cut off by them."""

from __future__ import annotations

from linker_cases import Case

KNEE = (
    "Exam: MR KNEE\n\nFindings:\nThere is a complex tear, grade 3, reaching the articular "
    "surface of the posterior horn of the lateral meniscus, and a grade 2 tear of the anterior "
    "horn of the lateral meniscus.\n"
)


def test_a_structure_word_is_no_finding_between_a_sign_and_its_reading() -> None:
    # "collateral" is a finding word (collateral vessels): inside the ligament's name it
    # named a finding between the sign and its reading (counter-examples: the next test)
    text = (
        "Exam: MR KNEE\n\nFindings:\nEdema of the fibular collateral ligament, in keeping with "
        "a low grade sprain.\n"
    )
    c = Case((0, text))
    assert c.same(c.mark(0, "Edema"), c.mark(0, "low grade sprain"))


def test_a_meniscal_horn_is_a_place_read_past_the_meniscus() -> None:
    c = Case((0, KNEE))
    # "meniscus" is also the chest sign's word: it no longer stops the horn being carried
    assert not c.same(c.mark(0, "complex tear"), c.mark(0, "grade 2 tear"))
    # counter-example: the same horn restated in the conclusion is one tear
    text = KNEE + "\nConclusion:\nTear of the posterior horn of the lateral meniscus.\n"
    c = Case((0, text))
    assert c.same(c.mark(0, "complex tear"), c.mark(0, "Tear of the posterior horn"))


def test_structure_words_are_anatomy_but_findings_near_them_stay_findings() -> None:
    from radtrack_gui.nlp.linkers.readings import names_finding_term
    from radtrack_gui.nlp.vocabulary import vocabulary

    v = vocabulary()
    assert not names_finding_term("of the medial collateral ligament", v)
    assert not names_finding_term("of the posterior horn of the lateral meniscus", v)
    assert not names_finding_term("along the cystic duct", v)
    # counter-examples: findings named with or near a structure word are still findings
    assert names_finding_term("with collateral vessels", v)
    assert names_finding_term("with a meniscal tear of the ligament", v)
    assert names_finding_term("and a cyst in the wall", v)


SPINE = (
    "Exam: CT THORAX\n\nFindings:\nModerate degenerative changes in the thoracic spine, with "
    "small marginal osteophytes along the vertebral bodies and vacuum phenomenon in several "
    "discs.\n"
)


def test_the_spines_signs_attached_to_its_degenerative_change_are_one_finding() -> None:
    c = Case((0, SPINE))
    lead = c.mark(0, "degenerative changes")
    assert c.same(lead, c.mark(0, "vacuum phenomenon"))
    # counter-example: in another sentence the discs' finding is not attached to it
    c = Case((0, SPINE.replace(", with small", ". There are small")))
    assert not c.same(c.mark(0, "degenerative changes"), c.mark(0, "vacuum phenomenon"))


def test_two_regions_of_the_spine_stay_two_even_when_attached() -> None:
    from radtrack_gui.nlp.linkers.mentions import prepare
    from radtrack_gui.nlp.linkers.spine import column_signs
    from radtrack_gui.nlp.vocabulary import vocabulary

    text = (
        "Exam: CT SPINE\n\nFindings:\nDegenerative changes in the cervical spine, with "
        "degenerative changes in the lumbar spine.\n"
    )
    c = Case((0, text))
    a, b = c.mark(0, "Degenerative changes"), c.mark(0, "degenerative changes")
    infos = {m.id: m for m in prepare(c.patient, vocabulary(), enrich=True)}
    assert (infos[a].site, infos[b].site) == ("cervical spine", "lumbar spine")
    assert not column_signs(infos[a], infos[b])
    assert not c.same(a, b)


def test_spinal_levels_written_with_a_slash_are_levels() -> None:
    from radtrack_gui.nlp.linkers.levels import levels

    def read(t: str) -> frozenset[str]:
        return levels(t, 0, len(t))

    assert read("most pronounced at the C2/C3 level") == {"c2-3"}
    assert read("in the C5/6 intervertebral space") == {"c5-6"}
    assert read("at L5/S1") == {"l5-s1"}
    # counter-examples: MR sequences are no levels
    assert read("a T1/T2 hyperintense lesion") == frozenset()
    assert read("hyperintense on T2/T1") == frozenset()
    text = (
        "Exam: XR CERVICAL SPINE\n\nFindings:\nDegenerative changes in the C5/6 intervertebral "
        "space.\nDegenerative changes in the intervertebral joints, worst at the C2/C3 "
        "level.\n"
    )
    c = Case((0, text))
    assert not c.same(c.mark(0, "Degenerative changes"), c.mark(0, "Degenerative changes", 1))
