"""The knowledge linker reads context (issue #14 section 1): each mechanism on short report
texts written for these tests, with a counter-example that must stay apart (or, for a rule
that keeps mentions apart, the case it must still join).

Mentions are placed on words of the text; their attributes come from the rule extractor's
attribute code for exactly that span (``RuleExtractor.annotate``), as for gold spans.
"""

from __future__ import annotations

from linker_cases import Case

from radtrack_gui.core.model import DEVICE
from radtrack_gui.nlp.linkers.features import prepare
from radtrack_gui.nlp.vocabulary import vocabulary
from radtrack_gui.nlp.word_lists import read_table
from radtrack_gui.util.paths import resource


def test_reason_for_the_exam_never_links_to_an_observation() -> None:
    c = Case(
        (
            0,
            "INDICATION: Rule out pneumonia.\n\nFINDINGS: Right lower lobe pneumonia.\n\n"
            "IMPRESSION: Right lower lobe pneumonia.",
        )
    )
    asked = c.mark(0, "pneumonia")
    seen, restated = c.mark(0, "pneumonia", 1), c.mark(0, "pneumonia", 2)
    assert not c.same(asked, seen) and not c.same(asked, restated)
    assert c.same(seen, restated)  # the observation and its restatement still join
    assert "reason for the exam" in c.linking().why[seen]


def test_a_device_named_in_the_reason_for_the_exam_is_that_device() -> None:
    c = Case(
        (
            0,
            "INDICATION: Intubated patient, check ETT position. Rule out pneumothorax.\n\n"
            "FINDINGS: The ETT terminates 4 cm above the carina. Small right pneumothorax.",
        )
    )
    asked_tube = c.mark(0, "ETT", kind=DEVICE)
    seen_tube = c.mark(0, "ETT", 1, kind=DEVICE)
    asked, seen = c.mark(0, "pneumothorax"), c.mark(0, "pneumothorax", 1)
    assert c.same(asked_tube, seen_tube)  # the tube exists; the question is its position
    assert not c.same(asked, seen)  # the finding asked about is still a question


def test_sign_and_the_diagnosis_it_stands_for_join_at_one_site() -> None:
    c = Case(
        (
            0,
            "FINDINGS: Blunting of the right costophrenic angle, which may represent a "
            "small right pleural effusion.\n\n"
            "IMPRESSION: Pulmonary vascular congestion with mild pulmonary edema.",
        )
    )
    blunting, effusion = c.mark(0, "Blunting"), c.mark(0, "effusion")
    congestion, edema = c.mark(0, "vascular congestion"), c.mark(0, "pulmonary edema")
    assert c.same(blunting, effusion) and c.same(congestion, edema)
    why = c.linking().why
    assert "sign-of" in why[effusion] and "read as one in the same sentence" in why[effusion]
    # counter-examples: the diagnosis explicitly absent, or at the other side
    c = Case(
        (
            0,
            "FINDINGS: Blunting of the right costophrenic angle. No pleural effusion.\n"
            "Pulmonary vascular congestion without pulmonary edema.\n"
            "Blunting of the left costophrenic angle may represent a small right pleural "
            "effusion.",
        )
    )
    assert not c.same(c.mark(0, "Blunting"), c.mark(0, "effusion"))
    assert not c.same(c.mark(0, "vascular congestion"), c.mark(0, "pulmonary edema"))
    assert not c.same(c.mark(0, "Blunting", 1), c.mark(0, "effusion", 1))


def test_descriptive_word_and_diagnosis_keep_the_site_rule() -> None:
    c = Case(
        (
            0,
            "FINDINGS: Patchy opacity in the right lower lobe. Opacity in the left lower "
            "lobe.\n\nIMPRESSION: Right lower lobe pneumonia.",
        )
    )
    right, left, pneumonia = c.mark(0, "opacity"), c.mark(0, "Opacity"), c.mark(0, "pneumonia")
    assert c.same(right, pneumonia)
    assert not c.same(left, pneumonia)


def test_relations_table_is_typed_and_names_known_concepts() -> None:
    v = vocabulary()
    rows = read_table(resource("vocab", "relations.tsv"))
    assert rows and {r["relation"] for r in rows} <= {"synonym", "broader", "sign-of", "related"}
    for r in rows:
        assert r["concept"] in v.concepts and r["other"] in v.concepts, r
    assert v.relation_kind[("costophrenic angle blunting", "pleural effusion")] == "sign-of"
    assert v.canonical["infiltrate"] == "airspace disease"  # a synonym row


def test_alternatives_are_two_hypotheses() -> None:
    c = Case(
        (
            0,
            "FINDINGS: Left basilar atelectasis or pneumonia. Left basilar atelectasis/"
            "pneumonia.\n\nIMPRESSION: Left basilar atelectasis.",
        )
    )
    atel, pneu = c.mark(0, "atelectasis"), c.mark(0, "pneumonia")
    atel2, pneu2 = c.mark(0, "atelectasis", 1), c.mark(0, "pneumonia", 1)
    restated = c.mark(0, "atelectasis", 2)
    assert not c.same(atel, pneu) and not c.same(atel2, pneu2)
    assert c.same(atel, restated)  # counter-example: one hypothesis restated still joins


def test_side_from_a_sub_heading() -> None:
    c = Case(
        (
            0,
            "FINDINGS:\nRight knee: Moderate joint effusion.\nLeft knee: Small joint "
            "effusion.\n\nIMPRESSION: Moderate right knee joint effusion.",
        )
    )
    right, left = c.mark(0, "joint effusion"), c.mark(0, "joint effusion", 1)
    restated = c.mark(0, "joint effusion", 2)
    assert not c.same(right, left)
    assert c.same(right, restated)


def test_a_sub_heading_does_not_replace_a_site_the_modifiers_give() -> None:
    c = Case(
        (
            0,
            "Exam: CT ABDOMEN\n\nFINDINGS:\nLUNG BASES: Small left pleural effusion with adjacent "
            "left basilar atelectasis.\n\nIMPRESSION: Left basilar atelectasis. Right upper "
            "lobe atelectasis.",
        )
    )
    seen, restated = c.mark(0, "atelectasis"), c.mark(0, "atelectasis", 1)
    assert c.same(seen, restated)
    assert not c.same(seen, c.mark(0, "atelectasis", 2))  # another lobe stays apart


def test_levels_and_segments_outside_the_noun_phrase() -> None:
    c = Case(
        (
            0,
            "FINDINGS:\nL4-L5: Disc protrusion with foraminal narrowing.\nL5-S1: Disc "
            "protrusion.\n\nIMPRESSION: Disc protrusion at L4-L5.",
        )
    )
    upper, lower = c.mark(0, "protrusion"), c.mark(0, "protrusion", 1)
    restated = c.mark(0, "protrusion", 2)
    assert not c.same(upper, lower)
    assert c.same(upper, restated)
    assert "different level" in c.linking().why[lower]
    c = Case(
        (0, "FINDINGS: Disc protrusion at C5-C6.\n\nIMPRESSION: Disc protrusion at C5-6."),
        (
            0,
            "FINDINGS: Fracture of the right 8th rib. Fracture of the right 9th rib.\n\n"
            "IMPRESSION: Right rib 8 fracture.",
        ),
    )
    assert c.same(c.mark(0, "protrusion"), c.mark(0, "protrusion", 1))  # one level, two ways
    eighth, ninth, restated = (
        c.mark(1, "Fracture"),
        c.mark(1, "Fracture", 1),
        c.mark(1, "fracture"),
    )
    assert c.same(eighth, restated) and not c.same(ninth, restated)


def test_side_from_the_exam_title() -> None:
    left1 = (
        0,
        "Exam: US LEFT LOWER EXTREMITY VENOUS DOPPLER\n\nFINDINGS: Occlusive thrombus "
        "in the femoral vein.",
    )
    left2 = (
        7,
        "Exam: US LEFT LOWER EXTREMITY VENOUS DOPPLER\n\nFINDINGS: Nonocclusive "
        "thrombus in the femoral vein.",
    )
    right = (
        7,
        "Exam: US RIGHT LOWER EXTREMITY VENOUS DOPPLER\n\nFINDINGS: Occlusive "
        "thrombus in the femoral vein.",
    )
    c = Case(left1, right)
    assert not c.same(c.mark(0, "thrombus"), c.mark(1, "thrombus"))
    c = Case(left1, left2)
    assert c.same(c.mark(0, "thrombus"), c.mark(1, "thrombus"))


def test_site_named_earlier_and_several_sites() -> None:
    first = (0, "FINDINGS: Hemorrhage in the left frontal lobe.")
    c = Case(first, (2, "FINDINGS: Fracture of the occipital bone. Hemorrhage in this region."))
    frontal, here = c.mark(0, "Hemorrhage"), c.mark(1, "Hemorrhage")
    assert not c.same(frontal, here)
    info = {i.id: i for i in prepare(c.patient)}[here]
    assert info.site == "occipital bone"
    c = Case(first, (2, "FINDINGS: Fracture of the occipital bone. Hemorrhage is decreasing."))
    assert c.same(c.mark(0, "Hemorrhage"), c.mark(1, "Hemorrhage"))  # no site: continues
    c = Case(first, (2, "FINDINGS: Hemorrhage at the sites described above."))
    assert not c.same(c.mark(0, "Hemorrhage"), c.mark(1, "Hemorrhage"))


def test_completed_removal_ends_a_device_but_a_reposition_does_not() -> None:
    line = "FINDINGS: Right internal jugular central venous catheter with tip in the SVC."
    for second, ends in (
        ("FINDINGS: The right internal jugular catheter has been removed.", True),
        ("FINDINGS: Interval removal of the right internal jugular catheter.", True),
        ("FINDINGS: The right internal jugular catheter is no longer visualized.", True),
        ("FINDINGS: The right internal jugular catheter has been withdrawn 2 cm.", False),
    ):
        c = Case((0, line), (1, second), (5, line))
        a, b = c.mark(0, "catheter", kind=DEVICE), c.mark(1, "catheter", kind=DEVICE)
        again = c.mark(2, "catheter", kind=DEVICE)
        assert c.same(a, b), second
        assert c.same(a, again) is not ends, second


def test_resolution_continues_and_a_return_is_a_new_chain() -> None:
    c = Case(
        (0, "FINDINGS: Small left pleural effusion."),
        (7, "FINDINGS: The left pleural effusion is no longer seen."),
        (200, "FINDINGS: Small left pleural effusion."),
    )
    first, gone, back = (c.mark(0, "effusion"), c.mark(1, "effusion"), c.mark(2, "effusion"))
    assert c.same(first, gone)
    assert "negated: continues (said resolved)" in c.linking().why[gone]
    assert not c.same(first, back)
    assert "recurrence is a new chain" in c.linking().why[back]


def test_routine_negative_is_not_a_continuation() -> None:
    positive = (0, "FINDINGS: Small right pleural effusion.")
    for later, days, joins in (
        ("FINDINGS: No pleural effusion.", 7, False),  # routine, a week later
        ("FINDINGS: No residual right pleural effusion.", 7, True),
        ("FINDINGS: Compared with the prior study, no pleural effusion.", 7, True),
        ("FINDINGS: No pleural effusion.", 1, True),  # the next day's follow-up film
        ("FINDINGS: No left pleural effusion.", 1, False),  # another side
        ("FINDINGS: No new pleural effusion.", 7, False),
    ):
        c = Case(positive, (days, later))
        a, b = c.mark(0, "effusion"), c.mark(1, "effusion")
        assert c.same(a, b) is joins, later
        if joins:
            assert "negated: continues (" in c.linking().why[b]
        if not joins and "left" not in later:
            assert "not c1" in c.linking().why[b]


def test_negative_of_another_region_does_not_continue() -> None:
    c = Case(
        (0, "Exam: CT CHEST\n\nFINDINGS: Small right pneumothorax."),
        (1, "Exam: CT ABDOMEN\n\nFINDINGS: No pneumothorax at the lung bases."),
    )
    assert not c.same(c.mark(0, "pneumothorax"), c.mark(1, "pneumothorax"))


def test_generic_device_words_continue_a_named_device() -> None:
    c = Case(
        (0, "FINDINGS: Left PICC with its tip in the right atrium."),
        (1, "FINDINGS: The line is unchanged. The right line is new."),
    )
    picc, tip = c.mark(0, "PICC", kind=DEVICE), c.mark(0, "tip", kind=DEVICE)
    line, right_line = c.mark(1, "line", kind=DEVICE), c.mark(1, "line", 1, kind=DEVICE)
    assert c.same(picc, tip) and c.same(picc, line)
    assert not c.same(picc, right_line)  # another side: another device


def test_plural_finding_of_a_paired_structure_is_bilateral() -> None:
    c = Case((0, "FINDINGS: Small pleural effusions.\n\nIMPRESSION: Small right pleural effusion."))
    assert not c.same(c.mark(0, "effusions"), c.mark(0, "effusion", 1))
    c = Case((0, "FINDINGS: Small pleural effusion.\n\nIMPRESSION: Small right pleural effusion."))
    assert c.same(c.mark(0, "effusion"), c.mark(0, "effusion", 1))


def test_another_one_in_the_same_report_is_apart() -> None:
    c = Case(
        (0, "FINDINGS: Nodule in the right upper lobe. Another nodule in the right upper lobe.")
    )
    assert not c.same(c.mark(0, "Nodule"), c.mark(0, "nodule"))
    c = Case(
        (
            0,
            "FINDINGS: Nodule in the right upper lobe. The nodule in the right upper lobe "
            "measures 5 mm.",
        )
    )
    assert c.same(c.mark(0, "Nodule"), c.mark(0, "nodule"))


def test_default_site_of_the_other_concept_in_another_cavity() -> None:
    c = Case((0, "FINDINGS: Gallbladder wall edema.\n\nIMPRESSION: Pulmonary edema."))
    assert not c.same(c.mark(0, "edema"), c.mark(0, "Pulmonary edema"))
    c = Case(
        (0, "FINDINGS: Interstitial edema in the lower lobes.\n\nIMPRESSION: Pulmonary edema.")
    )
    assert c.same(c.mark(0, "edema"), c.mark(0, "Pulmonary edema"))


def test_tip_before_its_named_device_is_compared() -> None:
    # the impression names the device after the findings gave only its tip (blocking keys)
    c = Case(
        (
            0,
            "FINDINGS: Left venous catheter with tip in the right atrium.\n\n"
            "IMPRESSION: Left venous catheter. Right subclavian catheter.",
        )
    )
    tip = c.mark(0, "tip", kind=DEVICE)
    left, right = c.mark(0, "catheter", 1, kind=DEVICE), c.mark(0, "catheter", 2, kind=DEVICE)
    assert c.same(tip, left)
    assert not c.same(tip, right)  # another side: another device


def test_site_read_in_another_cavity_than_the_exam_is_re_read() -> None:
    # "posterior sulcus" on a chest film is no brain sulcus: the blunting is the effusion's
    c = Case(
        (
            0,
            "FINDINGS: Mild blunting of the posterior sulcus, possibly a small effusion.",
        )
    )
    assert c.same(c.mark(0, "blunting"), c.mark(0, "effusion"))
    # "convexity of ... the right kidney" on an abdominal MR: the kidney, not the brain
    c = Case(
        (
            0,
            "Exam: MR ABDOMEN\n\nFINDINGS: A 47 mm mass on the convexity of the right kidney's "
            "lower pole.\n\nIMPRESSION: Right renal mass. Left renal mass.",
        )
    )
    mass = c.mark(0, "mass")
    assert c.same(mass, c.mark(0, "mass", 1))
    assert not c.same(mass, c.mark(0, "mass", 2))  # the other side stays apart


def test_descriptive_word_takes_the_site_its_clause_names() -> None:
    c = Case(
        (
            0,
            "FINDINGS: Focal opacity in the left upper lobe.\n\n"
            "IMPRESSION: Prominent soft tissue density in the upper mediastinum. "
            "Focal density in the left upper lobe.",
        )
    )
    lung = c.mark(0, "opacity")
    assert not c.same(lung, c.mark(0, "density"))
    assert c.same(lung, c.mark(0, "density", 1))
    # a diagnosis keeps its own structure: "at the apex" is where the pneumothorax lies
    c = Case(
        (
            0,
            "FINDINGS: Small right pneumothorax at the right apex.\n\n"
            "IMPRESSION: Small right pneumothorax.",
        )
    )
    assert c.same(c.mark(0, "pneumothorax"), c.mark(0, "pneumothorax", 1))


def test_a_more_inferior_one_is_another_one() -> None:
    c = Case(
        (
            0,
            "FINDINGS: Irregular opacity over the left apex. In addition, a "
            "more inferior left upper lobe opacity.",
        )
    )
    assert not c.same(c.mark(0, "opacity"), c.mark(0, "opacity", 1))
    c = Case(
        (
            0,
            "FINDINGS: Opacity in the left upper lobe. The left upper lobe opacity measures 6 mm.",
        )
    )
    assert c.same(c.mark(0, "Opacity"), c.mark(0, "opacity"))


def test_reason_heading_run_into_the_text() -> None:
    c = Case(
        (
            0,
            "Exam: MR ABDOMEN\n\nRenal MRI Report Indication Characterization of a right renal "
            "mass. Findings A 47 mm mass in the right kidney. Conclusion A right renal mass.",
        )
    )
    asked, seen, restated = c.mark(0, "mass"), c.mark(0, "mass", 1), c.mark(0, "mass", 2)
    assert not c.same(asked, seen) and not c.same(asked, restated)
    assert c.same(seen, restated)


def test_a_finding_read_directly_as_another_is_one() -> None:
    c = Case(
        (
            0,
            "Exam: CT ABDOMEN\n\nFINDINGS: Reduction in size of the pancreatic lesion, "
            "consistent with the evolution of a pseudocyst.",
        )
    )
    assert c.same(c.mark(0, "lesion"), c.mark(0, "pseudocyst"))
    # another finding named in between: the reading may be of that one
    c = Case(
        (0, "FINDINGS: Small left pleural effusion with adjacent opacity, likely atelectasis.")
    )
    assert not c.same(c.mark(0, "effusion"), c.mark(0, "atelectasis"))


def test_distribution_inside_one_organ_is_not_another_site_when_read_as_one() -> None:
    c = Case(
        (
            0,
            "IMPRESSION: Peri-bronchovascular consolidation at the bilateral hilar regions, "
            "suggestive of pulmonary edema.",
        )
    )
    assert c.same(c.mark(0, "consolidation"), c.mark(0, "edema"))
    c = Case(
        (
            0,
            "IMPRESSION: Consolidation in the right lower lobe. Atelectasis in the right "
            "middle lobe.",
        )
    )
    assert not c.same(c.mark(0, "Consolidation"), c.mark(0, "Atelectasis"))


def test_sites_joined_by_and_before_a_finding_are_all_its_sites() -> None:
    c = Case(
        (
            0,
            "FINDINGS: There is right basilar air space opacity.\n\n"
            "IMPRESSION: Right middle lobe and lower lobe pneumonia.",
        )
    )
    assert c.same(c.mark(0, "opacity"), c.mark(0, "pneumonia"))
    # two findings joined by "and": each keeps its own site
    c = Case(
        (
            0,
            "IMPRESSION: Scattered right hilar granulomas and calcified right apical granuloma.",
        )
    )
    assert not c.same(c.mark(0, "granulomas"), c.mark(0, "granuloma", 1))


def test_distribution_word_of_a_diffuse_process_is_not_a_new_site() -> None:
    c = Case(
        (0, "FINDINGS: Severe interstitial edema.\n\nIMPRESSION: Severe pulmonary edema."),
        (1, "FINDINGS: Bibasilar edema, improved."),
    )
    first, second = c.mark(0, "edema"), c.mark(0, "pulmonary edema")
    assert c.same(first, second) and c.same(second, c.mark(1, "edema"))
    # a distribution site is still a site against another structure of the organ
    c = Case((0, "FINDINGS: Bibasilar subsegmental atelectasis. Airspace opacity in the lingula."))
    assert not c.same(c.mark(0, "atelectasis"), c.mark(0, "opacity"))
