"""Round 9 (wb-regions): findings of the pelvis, spine, MSK, neck and vessels read as general
mechanisms of report language. A finding written as one word with its structure's combining
form ("spondylodegenerative changes", "coxarthrosis") is the finding the rest of the word
names, at that structure. Texts written here."""

from __future__ import annotations

from linker_cases import Case

from radtrack_gui.nlp.linkers.compounds import compound_reading
from radtrack_gui.nlp.vocabulary import vocabulary


def test_a_combining_form_and_a_known_finding_read_as_that_finding_at_its_structure() -> None:
    v = vocabulary()
    assert compound_reading("spondylodegenerative changes", v) == ("degenerative changes", "spine")
    assert compound_reading("osteodegenerative change", v) == ("degenerative changes", "bones")
    assert compound_reading("severe coxarthrosis", v) == ("degenerative changes", "hips")
    assert compound_reading("gonarthrosis", v) == ("degenerative changes", "knees")
    assert compound_reading("cholecystolithiasis", v) == ("calculus", "gallbladder")
    # counter-examples: a known word keeps its own concept; a form followed by no known
    # finding, or by too little, is no reading; a word merely starting like a form is none
    assert compound_reading("osteochondrosis", v) is None
    assert compound_reading("hydronephrosis", v) is None
    assert compound_reading("degenerative changes", v) is None
    assert compound_reading("spondylo-disc arthrosis", v) is None
    assert compound_reading("omission", v) is None
    assert compound_reading("cystic lesion", v) is None
    assert compound_reading("gonadal vein", v) is None


def test_a_compound_finding_joins_its_signs_and_keeps_its_structure() -> None:
    text = (
        "Exam: XR THORACIC SPINE\n\nFindings:\n"
        "Spondylodegenerative changes of the thoracic spine, with anterior osteophytes. "
        "Wedge-shaped deformity of the T8 vertebral body.\n"
    )
    c = Case((0, text))
    compound, sign = c.mark(0, "Spondylodegenerative changes"), c.mark(0, "osteophytes")
    other = c.mark(0, "Wedge-shaped deformity")
    assert c.same(compound, sign)
    # counter-example: the compound is not another finding of the same vertebrae
    assert not c.same(compound, other)


def test_the_structure_of_a_compound_tells_two_joints_apart() -> None:
    text = (
        "Exam: XR PELVIS AND KNEES\n\nFindings:\n"
        "Narrowing of the right knee joint space with osteophytes.\n\n"
        "Impression:\nSevere coxarthrosis on the right. Moderate gonarthrosis on the right.\n"
    )
    c = Case((0, text))
    # the hip's arthrosis is not the knee's
    assert not c.same(c.mark(0, "Severe coxarthrosis"), c.mark(0, "Moderate gonarthrosis"))


def test_an_annular_fissure_is_not_the_herniation_of_its_disc() -> None:
    v = vocabulary()
    fissure, herniation = v.concept_of("annular tear"), v.concept_of("disc protrusion")
    assert fissure is not None and herniation is not None
    assert (fissure.name, herniation.name) == ("annular fissure", "disc herniation")
    text = (
        "Exam: MR LUMBAR SPINE\n\nFindings:\n"
        "At L4-L5 there is a posterior annular tear and a small disc protrusion.\n"
    )
    c = Case((0, text))
    assert not c.same(c.mark(0, "annular tear"), c.mark(0, "small disc protrusion"))
    # counter-example: the fissure restated in the impression in other words is one
    text = (
        "Exam: MR LUMBAR SPINE\n\nFindings:\n"
        "There is a posterior annular tear at L3-L4.\n\n"
        "Impression:\nAnnular fissure at L3-L4.\n"
    )
    c = Case((0, text))
    assert c.same(c.mark(0, "annular tear"), c.mark(0, "Annular fissure"))


def test_a_finding_added_with_also_is_at_the_place_of_the_sentence_before() -> None:
    findings = (
        "Exam: MR RIGHT SHOULDER\n\nFindings:\n"
        "Small partial tear of the supraspinatus tendon. There is also increased signal "
        "compatible with degenerative changes. Mild degenerative changes of the biceps "
        "tendon.\n"
    )
    c = Case((0, findings))
    added, other = c.mark(0, "degenerative changes"), c.mark(0, "degenerative changes", nth=1)
    assert not c.same(added, other)
    # counter-example: restated at that place in the impression it is one finding
    c = Case((0, findings + "\nImpression:\nDegenerative changes of the supraspinatus tendon.\n"))
    added, restated = c.mark(0, "degenerative changes"), c.mark(0, "Degenerative changes")
    assert c.same(added, restated)


def test_also_does_not_reach_across_a_paragraph_or_past_its_own_place() -> None:
    from radtrack_gui.nlp.linkers.context import _added_to

    text = "The supraspinatus tendon shows a tear. There is also fluid."
    assert _added_to(text, text.index("There")) == {"part:supraspinatus tendon"}
    # counter-examples: a paragraph between, and a sentence before with no place
    text = "The supraspinatus tendon shows a tear.\n\nThere is also fluid."
    assert _added_to(text, text.index("There")) == frozenset()
    text = "There is a small effusion. There is also fluid."
    assert _added_to(text, text.index("There is also")) == frozenset()
    # a finding whose own sentence names its level keeps it
    text = (
        "Exam: MR LUMBAR SPINE\n\nFindings:\nDisc protrusion at L4-L5. There is also a disc "
        "protrusion at L5-S1.\n"
    )
    c = Case((0, text))
    assert not c.same(c.mark(0, "Disc protrusion"), c.mark(0, "disc protrusion"))


def _stated(text: str, words: str) -> str | None:
    from radtrack_gui.nlp.linkers.features import prepare

    c = Case((0, text))
    mid = c.mark(0, words)
    return next(i for i in prepare(c.patient, vocabulary()) if i.id == mid).statement_site


def test_cervical_names_the_cervix_or_the_neck_by_the_word_after_it_and_the_exam() -> None:
    hsg = "Exam: XR PELVIS\n\nFindings:\nThe cervical canal is patent. Normal uterine cavity.\n"
    assert _stated(hsg, "patent") == "cervix"
    cta = (
        "Exam: CT HEAD AND NECK\n\nFindings:\n"
        "Intracranial and cervical arteries are patent, no significant stenosis.\n"
    )
    assert _stated(cta, "significant stenosis") == "neck"
    # counter-examples: a spine exam's cervical canal is the spine's; a sentence naming
    # the spine keeps it
    spine = "Exam: MR CERVICAL SPINE\n\nFindings:\nThe cervical canal is patent.\n"
    assert _stated(spine, "patent") not in ("cervix", "neck")
    spine = "Exam: CT NECK\n\nFindings:\nCervical spine degenerative changes at C5-C6.\n"
    assert _stated(spine, "degenerative changes") not in ("cervix", "neck")


def test_two_items_of_one_numbered_conclusion_are_two_findings() -> None:
    text = (
        "Exam: CT ABDOMEN PELVIS\n\nFindings:\n"
        "Calcified plaques of the abdominal aorta. A small calcification in the right "
        "hemipelvis.\n\n"
        "Impression:\n1. Phlebolith in the right hemipelvis.\n"
        "2. Aortic atherosclerosis.\n"
    )
    c = Case((0, text))
    focus, athero = c.mark(0, "Phlebolith"), c.mark(0, "Aortic atherosclerosis")
    assert not c.same(focus, athero)
    # counter-examples: a finding and its item in the numbered conclusion are one (two
    # sections), and two items of a list without numbers are left to the other rules
    text = (
        "Exam: XR THORACIC SPINE\n\nFindings:\n"
        "The T11 vertebral body shows a compression fracture.\n\n"
        "Impression:\n1. Thoracic spine degenerative changes.\n"
        "2. Compression fracture of the T11 vertebral body.\n"
    )
    c = Case((0, text))
    assert c.same(c.mark(0, "compression fracture"), c.mark(0, "Compression fracture"))
    from radtrack_gui.nlp.text import item_number

    assert item_number("- Atherosclerosis;", 0) is None
    assert item_number("2. Atherosclerosis;", 0) == 2
    assert item_number("2.5 mm nodule", 0) is None
