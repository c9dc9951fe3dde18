"""Round 4 (wb-restate2), GUIDELINE 9: restatements between findings and impression with the
site carried, negatives restated about the same structure. Each rule with a case that must
stay apart."""

from __future__ import annotations

from linker_cases import Case


def test_a_part_finding_restated_at_the_organ_in_the_impression_is_one() -> None:
    text = (
        "Exam: CT ABDOMEN\n\nFINDINGS:\nLiver: multiple rounded formations, the largest 27 mm "
        "in segment VII: cystic metastases?\n\nCONCLUSION:\nStrong suspicion of hepatic "
        "cystic metastases."
    )
    c = Case((0, text))
    assert c.same(c.mark(0, "cystic metastases?"), c.mark(0, "cystic metastases", 1))
    # counter-example: in one section a segment's lesion and the organ's are two statements
    text = (
        "Exam: CT ABDOMEN\n\nFINDINGS:\nA cyst in segment VII of the liver. Another simple "
        "hepatic cyst is seen.\n"
    )
    c = Case((0, text))
    assert not c.same(c.mark(0, "cyst"), c.mark(0, "simple hepatic cyst"))


def test_a_negative_is_about_its_own_organ() -> None:
    text = (
        "Exam: CT ABDOMEN\n\nFindings:\n- The liver is slightly enlarged, with no suspicious "
        "focal lesions.\n- There are no suspicious focal lesions in the pancreas.\n\n"
        "Conclusion:\n- Mild enlargement of the liver, with no suspicious focal lesions."
    )
    c = Case((0, text))
    liver = c.mark(0, "no suspicious focal lesions")
    pancreas = c.mark(0, "no suspicious focal lesions", 1)
    again = c.mark(0, "no suspicious focal lesions", 2)
    assert not c.same(pancreas, again)
    assert c.same(liver, again)  # counter-example: the liver's negative restated


def test_a_finding_restated_with_a_qualifier_is_one() -> None:
    text = (
        "Exam: CT CHEST\n\nFindings:\nOn the right side, ground-glass opacities are seen, "
        "associated with bronchovascular structures.\n\nImpression:\n-Focal ground-glass "
        "opacities in the right lung, consistent with atypical infiltrates."
    )
    c = Case((0, text))
    assert c.same(c.mark(0, "ground-glass opacities"), c.mark(0, "Focal ground-glass opacities"))


def test_qualified_words_are_look_or_degree_not_place() -> None:
    from radtrack_gui.nlp.linkers.restatement import qualified_words

    class M:
        def __init__(self, text: str) -> None:
            self.text, self.tokens = text, tuple(text.split())

    assert qualified_words(M("ground-glass opacities"), M("focal ground-glass opacities"))  # type: ignore[arg-type]
    # counter-examples: a side or a count is no qualifier; another head is other words
    assert not qualified_words(M("ground-glass opacities"), M("right ground-glass opacities"))  # type: ignore[arg-type]
    assert not qualified_words(M("nodules"), M("two nodules"))  # type: ignore[arg-type]
    assert not qualified_words(M("focal opacity"), M("focal lesion"))  # type: ignore[arg-type]


def test_two_phases_in_one_report_are_two_statements() -> None:
    text = (
        "Exam: CT HEAD\n\nNo early signs of ischemia. No dense artery sign. No subacute "
        "infarct demarcation.\n\nImpression:\nNo acute or subacute infarct demarcation."
    )
    c = Case((0, text))
    subacute = c.mark(0, "No subacute infarct demarcation")
    assert not c.same(c.mark(0, "No early signs of ischemia"), subacute)
    # counter-example: a phase shared with the impression's restatement
    assert c.same(subacute, c.mark(0, "No acute or subacute infarct demarcation"))
    # counter-example: across reports a finding ages, one chain
    c = Case(
        (0, "Exam: CT HEAD\n\nFindings:\nAcute infarct in the left frontal lobe."),
        (30, "Exam: CT HEAD\n\nFindings:\nChronic infarct in the left frontal lobe."),
    )
    assert c.same(c.mark(0, "Acute infarct"), c.mark(1, "Chronic infarct"))


def test_the_impression_finding_at_the_same_fine_place_is_the_finding_told_again() -> None:
    text = (
        "Exam: MR CERVICAL SPINE\n\nResults:\nAt C3-C4 the spinal cord has a slight signal "
        "anomaly, likely edema.\nA signal anomaly of the spinal cord at C6-C7.\n\n"
        "CONCLUSION:\nDisc herniation with early signs of distress at C3-C4."
    )
    c = Case((0, text))
    distress = c.mark(0, "early signs of distress")
    assert c.same(c.mark(0, "slight signal anomaly"), distress)
    # counter-example: the same words at another level
    assert not c.same(c.mark(0, "signal anomaly of the spinal cord at C6-C7"), distress)
    # counter-example: two findings of one section at one level stay two
    text = (
        "Exam: MR LUMBAR SPINE\n\nFindings:\nAt L4-L5 there is a disc bulge. Facet arthropathy "
        "at L4-L5.\n"
    )
    c = Case((0, text))
    assert not c.same(c.mark(0, "disc bulge"), c.mark(0, "Facet arthropathy"))


def test_a_structure_stated_normal_and_a_negative_there_are_one_statement() -> None:
    text = (
        "Exam: MG BREASTS\n\nFINDINGS\n\nMammography reveals:\nNo pathological "
        "calcifications.\nClear axillary regions.\n\nUltrasound findings include:\nNo "
        "axillary lymphadenopathy.\nNo suspicious lesions.\n"
    )
    c = Case((0, text))
    clear = c.mark(0, "Clear axillary regions")
    assert c.same(clear, c.mark(0, "No axillary lymphadenopathy"))
    # counter-example: a negative about something else
    assert not c.same(clear, c.mark(0, "No pathological calcifications"))
    # counter-example: a negative that only lies in the normal organ's region
    c = Case((0, "Exam: CT ABDOMEN\n\nFindings:\nNormal liver.\nNo ascites.\n"))
    assert not c.same(c.mark(0, "Normal liver"), c.mark(0, "No ascites"))


def test_a_normal_structure_and_a_negative_in_one_paragraph_are_a_checklist() -> None:
    text = (
        "Exam: MG BREASTS\n\nFINDINGS\n\nMammography reveals:\nClear axillary regions. No "
        "axillary lymphadenopathy.\n"
    )
    c = Case((0, text))
    assert not c.same(c.mark(0, "Clear axillary regions"), c.mark(0, "No axillary lymphadenopathy"))
