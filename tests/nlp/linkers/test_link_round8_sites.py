"""Round 8 (wb-sites2): sites and levels of pelvis, spine, MSK, neck and vessels read as
general mechanisms: the tendon or ligament a site is, a place attached by "with" past
descriptive words, a cause or background phrase at the place of the sentence before it, an
opening place phrase, tendons named bare, vessel stretches, prostate zones, a list line's
label, levels a finding extends to, and a vertebra named by ordinal as its level code. Texts
written here."""

from __future__ import annotations

from linker_cases import Case

from radtrack_gui.nlp.linkers.levels import (
    attached_place,
    cause_place,
    line_label,
    opening_levels,
    sub_sites,
)
from radtrack_gui.nlp.linkers.structures import places_of, structure_sites, tissue_of
from radtrack_gui.nlp.vocabulary import vocabulary


def test_a_site_that_is_one_tendon_or_ligament_is_its_part() -> None:
    assert tissue_of("left achilles tendon") == {"part:achilles tendon"}
    assert tissue_of("anterior talofibular ligament") == {"part:anterior talofibular ligament"}
    # counter-examples: an organ or a joint is no tendon, nor a bare head noun
    assert tissue_of("liver") == frozenset()
    assert tissue_of("ankle joint") == frozenset()
    assert tissue_of("tendon") == frozenset()
    # only for a finding seen there: a negative often lists several structures
    assert places_of(frozenset(), "supraspinatus tendon", True, True) == {
        "part:supraspinatus tendon"
    }
    assert places_of(frozenset(), "supraspinatus tendon", True, False) == frozenset()


def test_two_tears_of_two_tendons_of_one_shoulder_are_two() -> None:
    text = (
        "Exam: MR RIGHT SHOULDER\n\nFindings:\n"
        "There is a partial biceps tendon tear.\n"
        "The supraspinatus tendon shows an insertional tear.\n"
    )
    c = Case((0, text))
    assert not c.same(c.mark(0, "biceps tendon tear"), c.mark(0, "insertional tear"))
    # counter-example: the same tendon's tear restated in the conclusion is one
    text += "\nImpression:\nInsertional supraspinatus tear.\n"
    c = Case((0, text))
    assert c.same(c.mark(0, "insertional tear"), c.mark(0, "Insertional supraspinatus tear"))


def test_with_attaches_past_descriptive_words() -> None:
    t = "Calcified plaques are seen in the wall of the LAD, with mild eccentric luminal stenosis."
    assert attached_place(t, 0, t.index("stenosis")) == {"vessel:lad"}
    # counter-examples: a governed "with", an item joined by "and" between
    t = "Calcified plaques of the LAD, consistent with mild eccentric stenosis."
    assert attached_place(t, 0, t.index("stenosis")) == frozenset()
    t = "Plaques of the LAD with calcification and eccentric stenosis."
    assert attached_place(t, 0, t.index("stenosis")) == frozenset()
    # ... an open part name (the vein a thrombus lies in is the deep vein thrombosis' vein)
    t = "The popliteal vein is partially compressible with residual thrombotic material."
    assert attached_place(t, 0, t.index("thrombotic")) == frozenset()
    # ... and a word that puts the finding elsewhere (the oncology demo's ERCP)
    t = "There is a distal common bile duct stricture with upstream dilatation."
    assert attached_place(t, 0, t.index("dilatation")) == frozenset()
    t = "Soft plaque along the proximal portion of the circumflex with upstream slight stenosis."
    assert attached_place(t, 0, t.index("stenosis")) == frozenset()
    t = t.replace("upstream ", "")
    assert attached_place(t, 0, t.index("stenosis")) == {"vessel:lcx", "course:proximal"}


def test_stenoses_of_two_coronary_arteries_are_two() -> None:
    text = (
        "Exam: CT CORONARY ANGIOGRAPHY\n\nFindings:\n"
        "The LM wall carries a few dotted calcific plaques, with slight eccentric luminal "
        "stenosis.\n"
        "In the proximal portion of the LAD, there are mixed plaques, with marked eccentric "
        "luminal stenosis.\n"
    )
    c = Case((0, text))
    assert not c.same(c.mark(0, "stenosis"), c.mark(0, "stenosis", 1))
    # counter-example: the LAD stenosis restated in the impression is one
    text += "\nImpression:\nMarked stenosis of the LAD.\n"
    c = Case((0, text))
    assert c.same(c.mark(0, "stenosis", 1), c.mark(0, "stenosis", 2))


def test_a_cause_or_background_is_at_the_place_of_the_sentence_before_it() -> None:
    t = "The calcaneofibular ligament looks thickened, attributed to a remote partial tear."
    assert cause_place(t, 0, t.index("partial tear")) == {"part:calcaneofibular ligament"}
    t = "Peroneus longus tendon fissured lengthwise, on a background of marked tendinosis."
    assert cause_place(t, 0, t.index("tendinosis")) == {"part:peroneus longus tendon"}
    # counter-example: no cause phrase before the mention
    t = "The calcaneofibular ligament looks thickened. A remote partial tear."
    assert cause_place(t, 0, t.index("partial tear")) == frozenset()
    text = (
        "Exam: MR LEFT ANKLE\n\nFindings:\n"
        "An intratendinous tear sits in the Achilles tendon.\n"
        "The calcaneofibular ligament looks thickened, attributed to a remote partial "
        "tear.\n"
    )
    c = Case((0, text))
    assert not c.same(c.mark(0, "intratendinous tear"), c.mark(0, "partial tear"))


def test_tendinosis_of_two_tendons_of_one_ankle_are_two() -> None:
    text = (
        "Exam: MR LEFT ANKLE\n\nFindings:\n"
        "The peroneus brevis tendon is split lengthwise behind the fibula, intact further "
        "down, on a background of marked tendinosis.\n"
        "Achilles tendon: Slight insertional Achilles tendinosis.\n\n"
        "Conclusion:\n"
        "1. Lengthwise split of the peroneus brevis behind the fibula on a background "
        "of marked tendinosis.\n2. Slight insertional Achilles tendinosis.\n"
    )
    c = Case((0, text))
    brevis, achilles = c.mark(0, "tendinosis"), c.mark(0, "tendinosis", 1)
    brevis2, achilles2 = c.mark(0, "tendinosis", 2), c.mark(0, "tendinosis", 3)
    assert not c.same(brevis, achilles)
    assert not c.same(brevis2, achilles2)
    # counter-example: each tendon's tendinosis restated in the conclusion is one
    assert c.same(achilles, achilles2)


def test_a_tendon_named_bare_is_its_tendon() -> None:
    assert "part:peroneus brevis tendon" in structure_sites("a tear of the peroneus brevis")
    assert "part:tibialis posterior tendon" in structure_sites("tibialis posterior tenosynovitis")
    # counter-example: no muscle name
    assert not any(x.startswith("part:") for x in structure_sites("a tear at the malleolus"))


def test_an_opening_place_frames_the_sentence_past_with() -> None:
    t = "In the distal segment of the diagonal, soft plaque shows, with marked stenosis."
    assert opening_levels(t, 0, t.index("stenosis")) == {"vessel:d", "course:distal"}
    # counter-examples: no comma after the phrase; the mention inside the opening phrase
    t = "In the diagonal soft plaque shows with marked stenosis."
    assert opening_levels(t, 0, t.index("stenosis")) == frozenset()
    t = "In the distal segment of the diagonal, soft plaque shows."
    assert opening_levels(t, 0, t.index("segment")) == frozenset()


def test_a_vertebra_named_by_ordinal_is_its_level() -> None:
    v = vocabulary()
    assert v.anatomy_terms.get("second lumbar vertebra") == "l2"
    assert v.anatomy_terms.get("5th cervical vertebra") == "c5"
    # counter-example: a vertebra the hand table has no code for keeps its own name
    assert v.anatomy_terms.get("first coccygeal vertebra") == "first coccygeal vertebra"
    text = (
        "Exam: CT LUMBAR SPINE\n\nFindings:\n"
        "Impression fracture, second lumbar vertebra, top endplate, 20 percent height loss.\n\n"
        "Impression:\nFracture of L2.\n"
    )
    c = Case((0, text))
    assert c.same(c.mark(0, "Impression fracture"), c.mark(0, "Fracture"))
    c = Case((0, text.replace("Fracture of L2", "Fracture of L4")))
    assert not c.same(c.mark(0, "Impression fracture"), c.mark(0, "Fracture"))


def test_segments_of_one_vessel_are_read_and_kept_apart() -> None:
    assert {"course:proximal"} <= sub_sites("narrowing of the RCA, proximal segment")
    assert {"course:mid"} <= sub_sites("in the mid-segment")
    assert {"course:distal"} <= sub_sites("the fibula broken at its distal third")
    # counter-example: "proximal" alone names no stretch
    assert not any(x.startswith("course:") for x in sub_sites("the proximal RCA is patent"))
    text = (
        "Exam: CT CORONARY ANGIOGRAPHY\n\nFindings:\n"
        "In the proximal portion of the RCA, there is soft plaque, with slight "
        "stenosis. In the mid-segment, mixed plaque shows, with marked stenosis.\n"
    )
    c = Case((0, text))
    assert not c.same(c.mark(0, "stenosis"), c.mark(0, "stenosis", 1))
    # counter-example: one segment's stenosis restated
    text += "\nImpression:\nMarked stenosis of the mid-segment of the RCA.\n"
    c = Case((0, text))
    assert c.same(c.mark(0, "stenosis", 1), c.mark(0, "stenosis", 2))


def test_two_prostate_zones_are_two_sites() -> None:
    assert structure_sites("a lesion in the left peripheral zone") >= {"zone:pz"}
    assert structure_sites("TZ nodule") >= {"zone:tz"}
    # counter-example: a zone that is no prostate zone, an abbreviation in lower case
    assert not any(x.startswith("zone:") for x in structure_sites("a hypoechoic zone, tz"))
    text = (
        "Exam: MR PROSTATE\n\nFindings:\n"
        "A lesion in the left peripheral zone measuring 8 mm.\n"
        "A lesion in the left transition zone measuring 9 mm.\n"
    )
    c = Case((0, text))
    assert not c.same(c.mark(0, "lesion"), c.mark(0, "lesion", 1))
    # counter-example: the peripheral zone lesion restated in the impression is one
    text += "\nImpression:\nPeripheral zone lesion on the left, PI-RADS 4.\n"
    c = Case((0, text))
    assert c.same(c.mark(0, "lesion"), c.mark(0, "lesion", 2))


def test_a_list_line_label_holds_for_every_sentence_of_its_line() -> None:
    t = "Chest:\n- Main pulmonary artery: Calibre 31 mm, at the upper limit. No thrombus.\n"
    assert line_label(t, t.index("No thrombus")) == {"heading:main pulmonary artery"}
    # counter-examples: a sentence on a line of its own, a section name as the label
    t = "Chest:\nMain pulmonary artery unremarkable.\nNo thrombus.\n"
    assert line_label(t, t.index("No thrombus")) == frozenset()
    t = "Findings: Calibre 31 mm, at the upper limit. No thrombus.\n"
    assert line_label(t, t.index("No thrombus")) == frozenset()
    text = (
        "Exam: CT CHEST ANGIOGRAPHY\n\nFindings:\n"
        "- Aorta: Calibre within limits. No thrombus or dissection flap.\n"
        "- Main pulmonary artery: Calibre 31 mm, at the upper limit. No thrombus.\n"
    )
    c = Case((0, text))
    assert not c.same(c.mark(0, "thrombus"), c.mark(0, "thrombus", 1))


def test_a_finding_extending_to_further_levels_is_at_them() -> None:
    text = (
        "Exam: MR THORACOLUMBAR SPINE\n\nFindings:\n"
        "At T12-L1, both endplates show marrow edema, and there is interspinous "
        "ligament edema, extending to the T10-L1 levels on sagittal images.\n"
        "- Edema of the interspinous ligaments at the L3-L5 levels as well.\n"
    )
    c = Case((0, text))
    assert not c.same(c.mark(0, "ligament edema"), c.mark(0, "Edema of the"))
    # counter-example: when it reaches the L3-L5 levels it is the one edema
    c = Case((0, text.replace("T10-L1 levels", "L3-L5 levels")))
    assert c.same(c.mark(0, "ligament edema"), c.mark(0, "Edema of the"))


def test_this_segment_points_back_to_the_sentence_before() -> None:
    text = (
        "Exam: CT CORONARY ANGIOGRAPHY\n\nFindings:\n"
        "In the proximal portion of the LAD, there is mixed plaque, with marked "
        "luminal stenosis. The mid-segment of the LAD runs under a myocardial bridge. Soft "
        "plaque lies in this segment, with slight luminal stenosis.\n"
    )
    c = Case((0, text))
    assert not c.same(c.mark(0, "stenosis"), c.mark(0, "stenosis", 1))
    # counter-example: when the sentence before names the proximal segment it is that one
    c = Case((0, text.replace("The mid-segment of the LAD runs", "The proximal segment runs")))
    assert c.same(c.mark(0, "stenosis"), c.mark(0, "stenosis", 1))
