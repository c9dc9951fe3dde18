"""Context rules found on real report language (pairs_dev2.tsv, issue #14 section 1), each on
short texts written for these tests, with a counter-example that must stay apart."""

from __future__ import annotations

from linker_cases import Case

from radtrack_gui.core.model import DEVICE
from radtrack_gui.nlp.linkers.sites import sided_site
from radtrack_gui.nlp.vocabulary import vocabulary


def test_a_side_given_after_a_paired_site_makes_it_the_sided_structure() -> None:
    c = Case(
        (0, "IMPRESSION: Minimal basilar atelectasis on the left."),
        (7, "IMPRESSION: Minimal left basilar atelectasis."),
        (14, "IMPRESSION: Minimal right basilar atelectasis."),
    )
    first, left, right = (
        c.mark(0, "atelectasis"),
        c.mark(1, "atelectasis"),
        c.mark(2, "atelectasis"),
    )
    assert c.same(first, left)
    assert not c.same(first, right)  # the other base stays apart


def test_a_site_read_from_another_sentence_takes_the_mentions_own_side() -> None:
    v = vocabulary()
    assert sided_site(v, "left pleura", "right") == "right pleura"
    assert sided_site(v, "left pleura", "left") == "left pleura"  # agreeing: unchanged
    assert sided_site(v, "lung bases", "left") == "left lower lobe"
    assert sided_site(v, "lung bases", None) == "lung bases"
    c = Case(
        (0, "FINDINGS: There is a small right pleural effusion."),
        (7, "IMPRESSION: 1. Left pleural effusion. 2. A right effusion is also present."),
    )
    earlier = c.mark(0, "pleural effusion")
    left, right = c.mark(1, "pleural effusion"), c.mark(1, "effusion", 1)
    # the extractor may carry the site of the sentence before over ("also")
    c.patient.mentions[right].anatomy = ["left pleura", "pleura"]
    assert c.same(earlier, right)
    assert not c.same(earlier, left) and not c.same(left, right)


def test_each_paranasal_sinus_is_its_own_site() -> None:
    c = Case(
        (
            0,
            "Exam: CT HEAD\n\nFINDINGS: Opacification of the ethmoid cells. Opacification of "
            "the frontal sinuses.\n\nIMPRESSION: Opacification of the ethmoid cells.",
        )
    )
    ethmoid, frontal = c.mark(0, "Opacification"), c.mark(0, "Opacification", 1)
    restated = c.mark(0, "Opacification", 2)
    assert c.same(ethmoid, restated)
    assert not c.same(ethmoid, frontal)


def test_the_removal_of_a_line_named_broader_ends_that_line() -> None:
    c = Case(
        (0, "FINDINGS: There is a right IJ central venous catheter with tip in the SVC."),
        (7, "FINDINGS: Interval removal of right-sided central venous catheter."),
        (14, "FINDINGS: No central venous catheter."),
    )
    line = c.mark(0, "central venous catheter", kind=DEVICE)
    removed = c.mark(1, "central venous catheter", kind=DEVICE)
    routine = c.mark(2, "central venous catheter", kind=DEVICE)
    assert c.same(line, removed)
    assert not c.same(line, routine)  # a routine negative of the wider kind stays apart


def test_a_catheter_word_of_no_kind_continues_the_catheter_named_before() -> None:
    c = Case(
        (
            0,
            "IMPRESSION: Endotracheal tube 4 cm above the carina. Right catheter tip upper SVC. "
            "No change in position of the catheter since the prior exam.",
        )
    )
    tube = c.mark(0, "Endotracheal tube", kind=DEVICE)
    tip, bare = c.mark(0, "catheter tip", kind=DEVICE), c.mark(0, "catheter", 1, kind=DEVICE)
    c.patient.mentions[bare].concept = "unspecified device"  # as the extractor may name it
    assert c.same(tip, bare)
    assert not c.same(tube, bare)  # a catheter is not the tube


def test_a_reading_in_one_sentence_joins_a_region_and_a_structure_of_it() -> None:
    c = Case(
        (
            0,
            "IMPRESSION: Two air-fluid levels in the right hemithorax most likely representing "
            "hydropneumothorax.",
        ),
        (7, "IMPRESSION: Air-fluid levels in the right hemithorax. Right hydropneumothorax."),
    )
    levels, read = c.mark(0, "air-fluid levels"), c.mark(0, "hydropneumothorax")
    later_levels, later = c.mark(1, "Air-fluid levels"), c.mark(1, "hydropneumothorax")
    assert c.same(levels, read)
    assert not c.same(later_levels, later)  # no reading between them: two findings


def test_suspect_reads_a_sign_as_the_diagnosis_in_its_sentence() -> None:
    c = Case(
        (0, "IMPRESSION: Contour deformity of the right 8th rib, suspect acute fracture."),
        (7, "IMPRESSION: Contour deformity of the right 8th rib. Suspect fracture of the hip."),
    )
    deformity, fracture = c.mark(0, "Contour deformity"), c.mark(0, "fracture")
    later, hip = c.mark(1, "Contour deformity"), c.mark(1, "fracture")
    assert c.same(deformity, fracture)
    assert not c.same(later, hip)  # another sentence: not a reading


def test_ribs_numbered_in_words_or_with_a_position_word_are_levels() -> None:
    c = Case(
        (0, "FINDINGS: Questionable old left posterior third and fourth rib fractures."),
        (7, "FINDINGS: Healed left 9th posterolateral rib fracture."),
        (14, "FINDINGS: Stable left 4th rib fracture."),
    )
    old, ninth, fourth = (
        c.mark(0, "rib fractures"),
        c.mark(1, "rib fracture"),
        c.mark(2, "rib fracture"),
    )
    assert not c.same(old, ninth)
    assert c.same(old, fourth)  # the same rib joins


def test_words_the_vocabulary_does_not_know_are_no_evidence_of_another_device() -> None:
    c = Case(
        (0, "FINDINGS: Left internal jugular central venous catheter with tip in the SVC."),
        (7, "FINDINGS: Left IJ dual-lumen catheter is visualized. Left chest tube."),
        (14, "FINDINGS: Right IJ dual-lumen catheter is visualized."),
    )
    line = c.mark(0, "central venous catheter", kind=DEVICE)
    later, tube = (
        c.mark(1, "dual-lumen catheter", kind=DEVICE),
        c.mark(1, "chest tube", kind=DEVICE),
    )
    right = c.mark(2, "dual-lumen catheter", kind=DEVICE)
    assert c.same(line, later)
    assert not c.same(line, tube) and not c.same(line, right)  # another kind, another side


def test_a_side_after_the_verb_places_a_finding_with_none_of_its_own() -> None:
    c = Case(
        (0, "IMPRESSION: Atelectasis in the right upper lobe."),
        (7, "IMPRESSION: Atelectatic change is present overlying the left ventricle."),
        (14, "IMPRESSION: Atelectatic change is present along the right hemidiaphragm."),
    )
    first = c.mark(0, "Atelectasis")
    left, later = c.mark(1, "Atelectatic change"), c.mark(2, "Atelectatic change")
    assert not c.same(first, left)
    assert c.same(first, later)  # the same side


def test_prominence_of_the_mediastinum_is_its_widening() -> None:
    c = Case(
        (
            0,
            "FINDINGS: Prominence of the mediastinum. Right hilar prominence.\n\n"
            "IMPRESSION: Widening of the mediastinum.",
        )
    )
    prominent, hilar = c.mark(0, "Prominence of the mediastinum"), c.mark(0, "hilar prominence")
    widened = c.mark(0, "Widening of the mediastinum")
    assert c.same(prominent, widened)
    assert not c.same(hilar, widened)  # the hila are another structure


def test_a_sign_read_as_a_diagnosis_in_its_sentence_joins_that_diagnosis_later() -> None:
    c = Case(
        (
            0,
            "FINDINGS: Left subphrenic crescentic lucency, this is concerning for "
            "pneumoperitoneum. Lucency in the right subphrenic space.\n\n"
            "IMPRESSION: Left subphrenic free air.",
        )
    )
    read, unread = c.mark(0, "lucency"), c.mark(0, "Lucency")
    free_air = c.mark(0, "free air")
    assert c.same(read, free_air)
    assert not c.same(unread, free_air)  # the other lucency, read as nothing, stays apart


def test_hilar_adenopathy_is_lymphadenopathy_at_the_hila() -> None:
    c = Case(
        (
            0,
            "FINDINGS: Bilateral hilar and subcarinal adenopathy is again seen. Right axillary "
            "adenopathy.\n\nIMPRESSION: Mediastinal and hilar adenopathy.",
        )
    )
    hilar, axillary = c.mark(0, "adenopathy"), c.mark(0, "adenopathy", 1)
    restated = c.mark(0, "adenopathy", 2)
    assert c.same(hilar, restated)
    assert not c.same(axillary, restated)  # nodes elsewhere stay apart


def test_device_words_unknown_to_the_vocabulary_differ_not_by_a_count_or_part() -> None:
    c = Case(
        (
            0,
            "FINDINGS: There are 2 leads terminating in the right atrium and right ventricle."
            "\n\nIMPRESSION: 2 distal leads terminating in the right atrium and right "
            "ventricle. 2 epicardial wires.",
        )
    )
    leads, restated = c.mark(0, "2 leads", kind=DEVICE), c.mark(0, "2 distal leads", kind=DEVICE)
    assert c.same(leads, restated)
    assert not c.same(leads, c.mark(0, "2 epicardial wires", kind=DEVICE))  # other words


def test_a_removal_a_week_later_continues_the_line_and_a_side_in_the_span_counts() -> None:
    for later, same in (("central line", True), ("right central line", False)):
        c = Case(
            (0, "FINDINGS: The left central venous catheter tip overlies the lower SVC."),
            (
                7,
                f"FINDINGS: Since the prior exam, there has been removal of the {later} and "
                "the enteric tube.",
            ),
        )
        line = c.mark(0, "central venous catheter tip", kind=DEVICE)
        assert c.same(line, c.mark(1, later, kind=DEVICE)) is same


def test_words_the_vocabulary_does_not_know_read_as_a_diagnosis_join_it() -> None:
    for word, same in (("suggesting", True), ("with", False)):
        c = Case(
            (
                0,
                f"FINDINGS: Lungs are hypoinflated with blunted costophrenic XXXX {word} small "
                "bilateral pleural effusions.\n\nIMPRESSION: Small bilateral pleural effusions.",
            )
        )
        unknown, restated = c.mark(0, "costophrenic XXXX"), c.mark(0, "pleural effusions", 1)
        assert c.same(unknown, restated) is same  # "with": named beside it, not read as it


def test_spans_naming_one_structure_in_other_words_are_one_finding() -> None:
    c = Case(
        (
            0,
            "FINDINGS: Slightly prominent pulmonary vascularity noted. Prominent mediastinal "
            "contours.\n\nIMPRESSION: Prominent pulmonary vasculature.",
        )
    )
    vascularity, contours = c.mark(0, "pulmonary vascularity"), c.mark(0, "mediastinal contours")
    assert c.same(vascularity, c.mark(0, "pulmonary vasculature"))
    assert not c.same(vascularity, contours)  # another structure


def test_the_prostates_median_lobe_is_the_prostate_not_the_bladder_it_bulges_into() -> None:
    c = Case(
        (
            0,
            "Exam: MR PROSTATE\n\nFINDINGS: Mild median lobe hypertrophy bulging into the "
            "urinary bladder. Diffuse hypertrophy of the bladder wall.\n\nIMPRESSION: Prostatic "
            "hypertrophy.",
        )
    )
    lobe, wall = c.mark(0, "hypertrophy"), c.mark(0, "hypertrophy", 1)
    assert c.same(lobe, c.mark(0, "hypertrophy", 2))
    assert not c.same(lobe, wall)


def test_an_mr_signal_word_is_a_descriptive_word_for_the_lesion_at_its_place() -> None:
    for later, same in (
        ("left peripheral zone lesion", True),
        ("right peripheral zone lesion", False),
    ):
        c = Case(
            (
                0,
                "Exam: MR PROSTATE\n\nFINDINGS: Left midgland posterolateral focal markedly "
                f"hyperintense on high b-value.\n\nIMPRESSION: High suspicion {later}.",
            )
        )
        assert c.same(c.mark(0, "hyperintense"), c.mark(0, "lesion")) is same


def test_permanent_devices_in_two_body_cavities_are_two_devices() -> None:
    c = Case(
        (
            0,
            "FINDINGS: There are sternotomy wires and mediastinal surgical clips from a CABG. "
            "There are cholecystectomy clips.\n\nIMPRESSION: Mediastinal surgical clips.",
        )
    )
    chest, gallbladder = c.mark(0, "clips", kind=DEVICE), c.mark(0, "clips", 1, kind=DEVICE)
    assert not c.same(chest, gallbladder)
    assert c.same(chest, c.mark(0, "clips", 2, kind=DEVICE))
