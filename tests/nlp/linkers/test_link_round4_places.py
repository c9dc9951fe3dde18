"""Round 4 (wb-restate2): levels and sites of spine, MSK, nodes and vessels, and restatements
between findings and impression. Every rule has a case that must stay apart."""

from __future__ import annotations

from linker_cases import Case

SPINE_HEADINGS = (
    "Exam: MR CERVICAL SPINE\n\nResults:\n\n**At C2-C3:**\nNo foraminal abnormalities.\n"
    "No global or focal disc protrusion.\n\n**At C3-C4:**\nMedian disc herniation in contact "
    "with the spinal cord.\n\n**At C6-C7:**\nMedian disc herniation partially contacting the "
    "spinal cord.\nNo foraminal abnormalities.\n"
)


def test_a_level_heading_in_markdown_emphasis_or_after_at_sets_the_level() -> None:
    c = Case((0, SPINE_HEADINGS))
    assert not c.same(c.mark(0, "Median disc herniation"), c.mark(0, "Median disc herniation", 1))
    assert not c.same(
        c.mark(0, "No foraminal abnormalities"), c.mark(0, "No foraminal abnormalities", 1)
    )
    # counter-example: without the headings the two statements carry no level and join
    plain = SPINE_HEADINGS.replace("**At C2-C3:**\n", "").replace("**At C3-C4:**\n", "")
    plain = plain.replace("**At C6-C7:**\n", "")
    c = Case((0, plain))
    assert c.same(c.mark(0, "Median disc herniation"), c.mark(0, "Median disc herniation", 1))


def test_a_disc_finding_restated_at_its_level_is_one() -> None:
    text = (
        "Exam: MR LUMBAR SPINE\n\nFindings:\n\n**At L4-L5:\n- Global disc protrusion pressing "
        "on the L4 nerve roots.\n\nCONCLUSION:\n\nDisc protrusion at L4-L5 impinging on the L4 "
        "nerve roots. Disc protrusion at L2-L3."
    )
    c = Case((0, text))
    first = c.mark(0, "Global disc protrusion")
    assert c.same(first, c.mark(0, "Disc protrusion"))
    # counter-example: the same words at another level stay apart
    assert not c.same(first, c.mark(0, "Disc protrusion", 1))


def test_a_level_is_a_place_on_the_discs_not_on_another_spinal_structure() -> None:
    from radtrack_gui.nlp.linkers.spine import level_on_column
    from radtrack_gui.nlp.vocabulary import vocabulary

    v = vocabulary()
    assert level_on_column("intervertebral discs", "l4-l5", v)
    assert level_on_column("c3-c4", "spinal canal", v)
    # counter-examples: another part of the spine, another region of the spine, two levels
    assert not level_on_column("sacrum", "l4-l5", v)
    assert not level_on_column("cervical spine", "l4-l5", v)
    assert not level_on_column("l3-l4", "l4-l5", v)


def test_lists_and_ranges_of_levels_name_every_level() -> None:
    from radtrack_gui.nlp.linkers.spine import listed_levels

    assert listed_levels("in the vertebral bodies of L3 and L5") == {"l3", "l5"}
    assert listed_levels("osteophytes from L2 to L5") == {
        *("l2", "l3", "l4", "l5", "l2-3", "l3-4", "l4-5")
    }
    assert listed_levels("**At L1-L2 to L3-L4:") == {"l1-2", "l2-3", "l3-4"}
    assert listed_levels("at C3, T6-T7, T8, and T11-T12-L1") >= {"c3", "t6-7", "t8", "t12-l1"}
    assert listed_levels("a signal anomaly in the sacral segments") >= {"s1", "s5"}
    # counter-examples: MR sequences, the sacroiliac joints
    assert listed_levels("hyperintense on T1 and T2 sequences") == frozenset()
    assert listed_levels("T2 and T1 weighted images") == frozenset()
    assert listed_levels("intact sacroiliac joints") == frozenset()


def test_a_finding_at_listed_levels_is_not_the_one_of_the_sacrum() -> None:
    text = (
        "Exam: MR PELVIS\n\nResults:\nA signal anomaly is noted in the sacral segments.\n"
        "Signal anomalies also in the vertebral bodies of L3 and L5.\n\nConclusion:\n"
        "Signal anomaly in the vertebral body of L5."
    )
    c = Case((0, text))
    sacral, lumbar = c.mark(0, "signal anomaly"), c.mark(0, "Signal anomalies")
    assert not c.same(sacral, lumbar)
    # counter-example: the conclusion's L5 is one of the listed levels
    assert c.same(lumbar, c.mark(0, "Signal anomaly"))


def test_tendons_named_bare_are_places() -> None:
    text = (
        "Exam: US LEFT SHOULDER\n\nMild tendinosis of the subscapularis.\nMarked tendinopathy "
        "of the infraspinatus and supraspinatus tendons.\n\nImpression:\nSubscapularis "
        "tendinosis."
    )
    c = Case((0, text))
    sub = c.mark(0, "Mild tendinosis")
    assert not c.same(sub, c.mark(0, "Marked tendinopathy"))
    # counter-example: the same tendon named again is one finding
    assert c.same(sub, c.mark(0, "Subscapularis tendinosis"))


def test_a_ligament_and_a_meniscus_are_two_structures() -> None:
    from radtrack_gui.nlp.linkers.structures import different_tissues

    text = (
        "Exam: MR RIGHT KNEE\n\nFindings:\nThe anterior cruciate ligament has a chronic "
        "low-grade tear.\nThere is a vertical tear involving the posterior horn of the "
        "medial meniscus.\n\nConclusion:\nChronic low-grade tear of the ACL."
    )
    c = Case((0, text))
    acl = c.mark(0, "chronic low-grade tear")
    assert not c.same(acl, c.mark(0, "vertical tear"))
    assert c.same(acl, c.mark(0, "Chronic low-grade tear"))  # counter-example: the ACL again
    assert different_tissues("anterior cruciate ligament", "posterior horn")
    assert not different_tissues("patellar tendon", "patellar ligament")


def test_node_regions_tell_node_statements_apart() -> None:
    text = (
        "Exam: CT CHEST ABDOMEN PELVIS\n\nResults:\nNo mediastinal or axillary "
        "lymphadenopathy observed.\nAdrenals are normal. No deep lymphadenopathy.\n\n"
        "Conclusion:\nNO DEEP LYMPHADENOPATHY."
    )
    c = Case((0, text))
    chest = c.mark(0, "No mediastinal or axillary lymphadenopathy")
    deep, again = c.mark(0, "No deep lymphadenopathy"), c.mark(0, "NO DEEP LYMPHADENOPATHY")
    assert not c.same(chest, again)
    # counter-example: the deep nodes' negative restated in the conclusion is one
    assert c.same(deep, again)


def test_named_vessels_are_places() -> None:
    text = (
        "Exam: CTA HEAD AND NECK\n\nThe aortic arch is patent and shows atherosclerotic "
        "changes.\nCalcified atherosclerotic plaques are present in both ICAs.\n\n"
        "Conclusions:\nAtherosclerotic changes of the aortic arch."
    )
    c = Case((0, text))
    arch = c.mark(0, "atherosclerotic changes")
    assert not c.same(arch, c.mark(0, "Calcified atherosclerotic plaques"))
    # counter-example: the arch named again
    assert c.same(arch, c.mark(0, "Atherosclerotic changes"))


def test_a_coordinated_node_list_is_read_whole() -> None:
    text = (
        "Exam: XR CHEST\n\nFindings:\nBilateral hilar and subcarinal adenopathy is again "
        "seen.\n\nImpression:\nMediastinal and hilar adenopathy, known sarcoidosis. No axillary "
        "adenopathy."
    )
    c = Case((0, text))
    first = c.mark(0, "adenopathy")
    assert c.same(first, c.mark(0, "adenopathy", 1))
    # counter-example: another region's nodes
    assert not c.same(first, c.mark(0, "adenopathy", 2))


def test_breast_areas_without_the_word_quadrant_are_places() -> None:
    text = (
        "Exam: US BREASTS\n\nFindings:\nThe smallest cyst lies in the upper central left "
        "area. The hypoechoic lesion in the upper outer left area has decreased.\n\n"
        "Conclusion:\nStable cyst in the upper central left area."
    )
    c = Case((0, text))
    cyst = c.mark(0, "smallest cyst")
    assert not c.same(cyst, c.mark(0, "hypoechoic lesion"))
    assert c.same(cyst, c.mark(0, "Stable cyst"))  # counter-example: the same area again


def test_named_veins_do_not_split_a_line_whose_tip_moves() -> None:
    from radtrack_gui.core.model import DEVICE

    c = Case(
        (0, "Findings:\nLeft subclavian central venous catheter with tip in the SVC."),
        (1, "Findings:\nLeft subclavian central venous catheter, tip at the cavoatrial junction."),
    )
    first = c.mark(0, "central venous catheter", kind=DEVICE)
    assert c.same(first, c.mark(1, "central venous catheter", kind=DEVICE))
