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
    t = "Plaques in the proximal segment of the RCA with upstream mild stenosis."
    assert attached_place(t, 0, t.index("stenosis")) == frozenset()
    t = t.replace("upstream ", "")
    assert attached_place(t, 0, t.index("stenosis")) == {"vessel:rca", "course:proximal"}


def test_stenoses_of_two_coronary_arteries_are_two() -> None:
    text = (
        "Exam: CT CORONARY ANGIOGRAPHY\n\nFindings:\n"
        "The LM wall carries punctate calcified plaques, with mild eccentric luminal "
        "stenosis.\n"
        "In the proximal segment of the LAD, two calcified plaques, with moderate "
        "eccentric luminal stenosis.\n"
    )
    c = Case((0, text))
    assert not c.same(c.mark(0, "stenosis"), c.mark(0, "stenosis", 1))
    # counter-example: the LAD stenosis restated in the impression is one
    text += "\nImpression:\nModerate stenosis of the LAD.\n"
    c = Case((0, text))
    assert c.same(c.mark(0, "stenosis", 1), c.mark(0, "stenosis", 2))


def test_a_cause_or_background_is_at_the_place_of_the_sentence_before_it() -> None:
    t = "Altered signal in the anterior talofibular ligament, due to a partial tear long ago."
    assert cause_place(t, 0, t.index("partial tear")) == {"part:anterior talofibular ligament"}
    t = "Split tear of the peroneus brevis tendon, on a background of tendinosis (moderate)."
    assert cause_place(t, 0, t.index("tendinosis")) == {"part:peroneus brevis tendon"}
    # counter-example: no cause phrase before the mention
    t = "Altered signal in the anterior talofibular ligament. A partial tear long ago."
    assert cause_place(t, 0, t.index("partial tear")) == frozenset()
    text = (
        "Exam: MR LEFT ANKLE\n\nFindings:\n"
        "In the Achilles tendon there is an intratendinous tear.\n"
        "Altered signal in the anterior talofibular ligament, due to a partial tear "
        "long ago.\n"
    )
    c = Case((0, text))
    assert not c.same(c.mark(0, "intratendinous tear"), c.mark(0, "partial tear"))


def test_tendinosis_of_two_tendons_of_one_ankle_are_two() -> None:
    text = (
        "Exam: MR LEFT ANKLE\n\nFindings:\n"
        "The peroneus brevis tendon shows a longitudinal split tear, distally reconstituted, "
        "on a background of tendinosis (moderate).\n"
        "Achilles tendon: Mild insertional Achilles tendinosis.\n\n"
        "Conclusion:\n"
        "1. Peroneus brevis split tear behind the malleolus on a background "
        "of tendinosis (moderate).\n2. Mild insertional Achilles tendinosis.\n"
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
    t = "In the proximal segment of the LAD, plaques are present, with moderate stenosis."
    assert opening_levels(t, 0, t.index("stenosis")) == {"vessel:lad", "course:proximal"}
    # counter-examples: no comma after the phrase; the mention inside the opening phrase
    t = "In the LAD plaques are present with moderate stenosis."
    assert opening_levels(t, 0, t.index("stenosis")) == frozenset()
    t = "In the proximal segment of the LAD, plaques are present."
    assert opening_levels(t, 0, t.index("segment")) == frozenset()


def test_a_vertebra_named_by_ordinal_is_its_level() -> None:
    v = vocabulary()
    assert v.anatomy_terms.get("second lumbar vertebra") == "l2"
    assert v.anatomy_terms.get("5th cervical vertebra") == "c5"
    # counter-example: a vertebra the hand table has no code for keeps its own name
    assert v.anatomy_terms.get("first coccygeal vertebra") == "first coccygeal vertebra"
    text = (
        "Exam: CT LUMBAR SPINE\n\nFindings:\n"
        "Impression fracture of the upper endplate of the second lumbar vertebra.\n\n"
        "Impression:\nFracture of L2.\n"
    )
    c = Case((0, text))
    assert c.same(c.mark(0, "Impression fracture"), c.mark(0, "Fracture"))
    c = Case((0, text.replace("Fracture of L2", "Fracture of L4")))
    assert not c.same(c.mark(0, "Impression fracture"), c.mark(0, "Fracture"))


def test_segments_of_one_vessel_are_read_and_kept_apart() -> None:
    assert {"course:proximal"} <= sub_sites("in the proximal segment of the RCA")
    assert {"course:mid"} <= sub_sites("in the mid-segment")
    assert {"course:distal"} <= sub_sites("fracture of the distal third of the tibia")
    # counter-example: "proximal" alone names no stretch
    assert not any(x.startswith("course:") for x in sub_sites("the proximal RCA is patent"))
    text = (
        "Exam: CT CORONARY ANGIOGRAPHY\n\nFindings:\n"
        "In the proximal segment of the RCA, soft and calcified plaques, with mild "
        "stenosis. In the mid-segment, more calcified plaques, with moderate stenosis.\n"
    )
    c = Case((0, text))
    assert not c.same(c.mark(0, "stenosis"), c.mark(0, "stenosis", 1))
    # counter-example: one segment's stenosis restated
    text += "\nImpression:\nModerate stenosis of the mid-segment of the RCA.\n"
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
    t = "Chest:\n- Pulmonary artery trunk: Normal, 28 mm across. No thrombus.\n"
    assert line_label(t, t.index("No thrombus")) == {"heading:pulmonary artery trunk"}
    # counter-examples: a sentence on a line of its own, a section name as the label
    t = "Chest:\nPulmonary artery trunk normal.\nNo thrombus.\n"
    assert line_label(t, t.index("No thrombus")) == frozenset()
    t = "Findings: Diameter 28 mm (normal). No thrombus.\n"
    assert line_label(t, t.index("No thrombus")) == frozenset()
    text = (
        "Exam: CT CHEST ANGIOGRAPHY\n\nFindings:\n"
        "- Aorta: Normal caliber. No thrombus, dissection or hematoma.\n"
        "- Pulmonary artery trunk: Normal, 28 mm across. No thrombus.\n"
    )
    c = Case((0, text))
    assert not c.same(c.mark(0, "thrombus"), c.mark(0, "thrombus", 1))


def test_a_finding_extending_to_further_levels_is_at_them() -> None:
    text = (
        "Exam: MR THORACOLUMBAR SPINE\n\nFindings:\n"
        "At T12-L1, the endplates show marrow edema; we also see edema in the "
        "interspinous ligaments, spreading to the T10-L1 levels.\n"
        "- Edema of the interspinous ligaments is seen again at the L3-L5 levels.\n"
    )
    c = Case((0, text))
    assert not c.same(c.mark(0, "edema in the interspinous"), c.mark(0, "Edema of the"))
    # counter-example: when it reaches the L3-L5 levels it is the one edema
    c = Case((0, text.replace("T10-L1 levels", "L3-L5 levels")))
    assert c.same(c.mark(0, "edema in the interspinous"), c.mark(0, "Edema of the"))


def test_this_segment_points_back_to_the_sentence_before() -> None:
    text = (
        "Exam: CT CORONARY ANGIOGRAPHY\n\nFindings:\n"
        "In the proximal segment of the LAD, two calcified plaques, with moderate "
        "luminal stenosis. The LAD has a myocardial bridge in the mid-segment of the LAD. Soft "
        "plaques are seen in this segment, with mild luminal stenosis.\n"
    )
    c = Case((0, text))
    assert not c.same(c.mark(0, "stenosis"), c.mark(0, "stenosis", 1))
    # counter-example: when the sentence before names the proximal segment it is that one
    c = Case((0, text.replace("in the mid-segment of the LAD", "in the proximal segment")))
    assert c.same(c.mark(0, "stenosis"), c.mark(0, "stenosis", 1))
