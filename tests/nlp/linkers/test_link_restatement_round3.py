"""GUIDELINE 9 and 10, round 3 (``linkers/restatement.py``): the reason for the exam ends
where the extractor says; negatives restated in a vaguer word or naming what was looked for;
one lesion by place and size; a finding that points back; one vs several; the side of a
finding's own words; a bilateral part restating a bilateral whole. Every rule with a case that
must stay apart."""

from __future__ import annotations

from linker_cases import Case

from radtrack_gui.core.model import DEVICE
from radtrack_gui.nlp.registry import get_extractor


def test_the_indication_ends_with_its_paragraph_when_no_findings_heading_follows() -> None:
    c = Case(
        (
            0,
            "Exam: XR LUMBAR SPINE\n\nIndication: Low back pain\n\n- Diffuse osteopenia of the "
            "lumbar spine.\n- Disc space narrowing at L4-L5.\n\nCONCLUSION\n\nDegenerative "
            "changes and diffuse osteopenia of the lumbar spine.",
        )
    )
    assert c.same(c.mark(0, "osteopenia"), c.mark(0, "osteopenia", 1))
    # counter-example: what the indication paragraph itself names is still a question
    c = Case(
        (
            0,
            "Exam: XR LUMBAR SPINE\n\nIndication: Known osteopenia, follow-up\n\n- Diffuse "
            "osteopenia of the lumbar spine.",
        )
    )
    assert not c.same(c.mark(0, "osteopenia"), c.mark(0, "osteopenia", 1))


def test_a_negative_restated_in_a_vaguer_word_is_one() -> None:
    c = Case(
        (
            0,
            "Exam: CT CERVICAL SPINE\n\nFINDINGS:\nNo acute fracture.\nMild disc disease at "
            "C5-6.\n\nIMPRESSION:\nNo acute traumatic injury of the cervical spine.",
        )
    )
    fracture, injury = c.mark(0, "acute fracture"), c.mark(0, "acute traumatic injury")
    assert {c.patient.mentions[m].assertion for m in (fracture, injury)} == {"absent"}
    assert c.same(fracture, injury)
    # counter-example: negatives sharing only "acute" are a checklist, not one statement
    c = Case(
        (
            0,
            "Exam: CT HEAD\n\nFINDINGS:\nNo acute hemorrhage.\n\nIMPRESSION:\nNo acute fracture.",
        )
    )
    assert not c.same(c.mark(0, "acute hemorrhage"), c.mark(0, "acute fracture"))


def test_a_negative_restated_in_the_impression_naming_what_was_looked_for_is_one() -> None:
    text = (
        "Exam: MR BRAIN\n\n{first}:\nNo hemorrhagic foci on susceptibility imaging.\n"
        "Normal ventricles.\n\n{second}:\nNo recent ischemic or hemorrhagic lesions."
    )
    c = Case((0, text.format(first="FINDINGS", second="IMPRESSION")))
    assert c.same(c.mark(0, "hemorrhagic foci"), c.mark(0, "hemorrhagic lesions"))
    # counter-example: within one section two negatives are a checklist
    c = Case((0, text.format(first="FINDINGS", second="FINDINGS")))
    assert not c.same(c.mark(0, "hemorrhagic foci"), c.mark(0, "hemorrhagic lesions"))


def test_a_statement_about_anything_keeps_its_structure() -> None:
    # counter-example to a site within another: "airspace" and "cardiopulmonary" are what
    # the two statements are about
    c = Case(
        (
            0,
            "FINDINGS: No acute airspace abnormality.\n\nIMPRESSION: No acute cardiopulmonary "
            "abnormality.",
        )
    )
    assert not c.same(c.mark(0, "abnormality"), c.mark(0, "abnormality", 1))


BREAST = (
    "Exam: US LEFT BREAST\n\nFINDINGS: In the upper outer quadrant of the left breast there is "
    "a round mass with a diameter of 3.5 cm and smooth borders. Ultrasound shows a "
    "heterogeneous conglomerate in the {where} quadrant of the left breast, measuring {size}."
)


def test_one_lesion_by_place_and_size_whatever_its_words() -> None:
    c = Case((0, BREAST.format(where="upper outer", size="3.4 cm")))
    assert c.same(c.mark(0, "round mass"), c.mark(0, "conglomerate"))
    # counter-examples: another size at the same place, the same size at another place
    c = Case((0, BREAST.format(where="upper outer", size="1.1 cm")))
    assert not c.same(c.mark(0, "round mass"), c.mark(0, "conglomerate"))
    c = Case((0, BREAST.format(where="lower inner", size="3.5 cm")))
    assert not c.same(c.mark(0, "round mass"), c.mark(0, "conglomerate"))


def test_a_lesion_followed_by_level_and_size_across_exams() -> None:
    c = Case(
        (
            0,
            "Exam: CT CHEST\n\nFINDINGS: In the soft tissues on the left at the level of C6 "
            "there is a rounded density measuring 30 mm.",
        ),
        (
            200,
            "Exam: CT CHEST\n\nFINDINGS: In the soft tissues on the left at the level of C6 "
            "there is a rounded lesion measuring 31 mm.",
        ),
    )
    assert c.same(c.mark(0, "rounded density"), c.mark(1, "rounded lesion"))
    # counter-example: a fracture at that level is no lesion of that size
    c = Case(
        (
            0,
            "Exam: CT CHEST\n\nFINDINGS: At the level of C6 there is a rounded density "
            "measuring 30 mm.",
        ),
        (200, "Exam: CT CHEST\n\nFINDINGS: At the level of C6 there is a fracture, 30 mm long."),
    )
    assert not c.same(c.mark(0, "rounded density"), c.mark(1, "fracture"))


def test_a_finding_that_points_back_is_the_one_before() -> None:
    c = Case(
        (
            0,
            "Exam: US RIGHT BREAST\n\nFINDINGS: Next to the scar there is an irregular hypoechoic "
            "area, most likely post-radiation. This lesion will be sampled for cytology.",
        )
    )
    assert c.same(c.mark(0, "hypoechoic area"), c.mark(0, "This lesion"))
    # counter-example: not back to a negative
    c = Case(
        (
            0,
            "Exam: US RIGHT BREAST\n\nFINDINGS: No suspicious hypoechoic change. A new area "
            "next to the scar. This change will be sampled.",
        )
    )
    assert not c.same(c.mark(0, "hypoechoic change"), c.mark(0, "This change"))
    # counter-example: words that do not point back ("a change") are not pulled to it
    c = Case(
        (
            0,
            "Exam: US RIGHT BREAST\n\nFINDINGS: Small effusion in the joint. A change will be "
            "sampled.",
        )
    )
    assert not c.same(c.mark(0, "effusion"), c.mark(0, "A change"))


def test_one_is_not_several_in_one_report() -> None:
    c = Case(
        (
            0,
            "Exam: CT CHEST\n\nFINDINGS: Multiple small nodules in both lungs.\n\nIMPRESSION: "
            "A solitary subpleural nodule.",
        )
    )
    assert not c.same(c.mark(0, "nodules"), c.mark(0, "subpleural nodule"))
    # counter-example: several restated as several
    c = Case(
        (
            0,
            "Exam: CT CHEST\n\nFINDINGS: Multiple small nodules in both lungs.\n\nIMPRESSION: "
            "Multiple pulmonary nodules.",
        )
    )
    assert c.same(c.mark(0, "nodules"), c.mark(0, "nodules", 1))


def test_the_side_of_its_own_words_beats_a_side_later_in_the_sentence() -> None:
    c = Case(
        (
            0,
            "Exam: CT HEAD\n\nFINDINGS: In the right thalamus there is a 15 mm parenchymal "
            "hemorrhage.\n\nIMPRESSION: There is hemorrhage in the right thalamus, as well as "
            "edema bilaterally in the thalami.",
        )
    )
    assert c.same(
        c.mark(0, "parenchymal hemorrhage"), c.mark(0, "hemorrhage in the right thalamus")
    )
    # counter-example: a line of its own names its own side
    c = Case(
        (
            0,
            "Exam: XR PELVIS\n\nCONCLUSION\n   Complete occlusion of the right fallopian tube\n"
            "   Distal occlusion of the left fallopian tube\n",
        )
    )
    assert not c.same(c.mark(0, "Complete occlusion"), c.mark(0, "Distal occlusion"))


def _extracted(c: Case, report: int, words: str, nth: int = 0) -> str:
    """The rule extractor's own mention at ``words`` (its site read from the sentence)."""
    r = c.patient.reports[report]
    start = -1
    for _ in range(nth + 1):
        start = r.text.index(words, start + 1)
    m = next(x for x in get_extractor("rules").extract(r) if x.start == start)
    m.id = f"m{len(c.patient.mentions) + 1}"
    c.patient.mentions[m.id] = m
    return m.id


def test_a_bilateral_part_restates_a_bilateral_whole() -> None:
    c = Case(
        (
            0,
            "FINDINGS: There is diffuse haziness around the hila bilaterally, suggestive of "
            "pulmonary edema.\n\nIMPRESSION: Bilateral pleural effusions and probable "
            "pulmonary edema.",
        )
    )
    at_hila = _extracted(c, 0, "pulmonary edema")
    assert c.patient.mentions[at_hila].anatomy[0] == "hila"
    assert c.same(at_hila, c.mark(0, "pulmonary edema", 1))
    # counter-example: a part on one side does not restate the bilateral whole
    c = Case(
        (
            0,
            "FINDINGS: There is diffuse haziness around the left hilum, suggestive of "
            "pulmonary edema.\n\nIMPRESSION: Bilateral pleural effusions and probable "
            "bilateral pulmonary edema.",
        )
    )
    assert not c.same(_extracted(c, 0, "pulmonary edema"), c.mark(0, "pulmonary edema", 1))


def test_a_normal_statement_restated_without_its_structure_is_one() -> None:
    c = Case(
        (
            0,
            "Exam: CT CORONARY ANGIOGRAM\n\nFINDINGS: Normal anatomical course of the coronary "
            "arteries. Ascending aorta of normal calibre.\n\nIMPRESSION: Normal anatomical course.",
        )
    )
    assert c.same(c.mark(0, "Normal anatomical course"), c.mark(0, "Normal anatomical course", 1))
    # counter-example: across exams a structure given once does not carry
    c = Case(
        (0, "Exam: CT CORONARY ANGIOGRAM\n\nFINDINGS: Normal course of the coronary arteries."),
        (30, "Exam: CT CORONARY ANGIOGRAM\n\nIMPRESSION: Normal course."),
    )
    assert not c.same(c.mark(0, "Normal course"), c.mark(1, "Normal course"))


SPINE = (
    "Exam: MR LUMBAR SPINE\n\nFINDINGS:\nLevel L5-S1: No foraminal stenosis. Mild endplate "
    "edema.\n\nNo canal narrowing. No foraminal stenosis.\n\nIMPRESSION: {impression}"
)


def test_a_level_heading_on_its_own_line_heads_its_paragraph_only() -> None:
    c = Case((0, SPINE.format(impression="Mild endplate edema at L5-S1.")))
    at_level, after = c.mark(0, "foraminal stenosis"), c.mark(0, "foraminal stenosis", 1)
    assert not c.same(at_level, after)
    # counter-example: the impression restates the level's negative (level given once)
    c = Case((0, SPINE.format(impression="No foraminal stenosis.")))
    at_level, restated = c.mark(0, "foraminal stenosis"), c.mark(0, "foraminal stenosis", 2)
    assert c.same(at_level, restated)


def test_the_side_of_an_exam_of_one_side_holds_for_its_paragraph() -> None:
    c = Case(
        (
            0,
            "Exam: US BREAST\n\nFINDINGS: Ultrasound of the left breast shows an implant in normal "
            "position. No suspicious lesions are seen. Ultrasound of the right breast shows "
            "fibrocystic changes. No suspicious focal lesions are seen.",
        )
    )
    assert not c.same(c.mark(0, "suspicious lesions"), c.mark(0, "suspicious focal lesions"))
    # counter-example: one side's exam restated stays one
    c = Case(
        (
            0,
            "Exam: US BREAST\n\nFINDINGS: Ultrasound of the left breast shows an implant in normal "
            "position. No suspicious lesions are seen.\n\nIMPRESSION: No suspicious focal lesions "
            "in the left breast.",
        )
    )
    assert c.same(c.mark(0, "suspicious lesions"), c.mark(0, "suspicious focal lesions"))


LIVER = (
    "Exam: {exam}\n\nFINDINGS: The liver is enlarged and holds multiple space-occupying "
    "processes, the largest 13 cm. These nodules show necrotic areas."
)


def test_a_default_site_outside_the_exam_does_not_hold() -> None:
    # GUIDELINE 11: "nodules" in an abdominal MR are not lung nodules
    c = Case((0, LIVER.format(exam="MR ABDOMEN")))
    assert c.same(c.mark(0, "space-occupying processes"), c.mark(0, "These nodules"))
    # counter-example: in a chest CT a nodule is the lung's, not the liver's
    c = Case((0, LIVER.format(exam="CT CHEST")))
    assert not c.same(c.mark(0, "space-occupying processes"), c.mark(0, "These nodules"))


def test_words_of_where_a_thing_stands_do_not_name_it() -> None:
    c = Case(
        (
            0,
            "Exam: CT ABDOMEN\n\nFINDINGS: Pelvicalyceal dilation after clamping of the bladder "
            "catheter. The bladder is empty, with a catheter in place.",
        )
    )
    named, bare = (
        c.mark(0, "bladder catheter", kind=DEVICE),
        c.mark(0, "catheter in place", kind=DEVICE),
    )
    assert c.same(named, bare)
    c = Case(
        (
            0,
            "Exam: XA ABDOMEN\n\nFINDINGS: The feeding artery of the AVM was embolized with "
            "coils. Flow is much reduced at the AVM site.",
        )
    )
    assert c.same(c.mark(0, "AVM"), c.mark(0, "AVM site"))
    # counter-examples: another device kind; another thing's site
    c = Case(
        (
            0,
            "Exam: CT ABDOMEN\n\nFINDINGS: Right nephrostomy tube. The bladder is empty, with a "
            "catheter in place.",
        )
    )
    named, bare = (
        c.mark(0, "nephrostomy tube", kind=DEVICE),
        c.mark(0, "catheter in place", kind=DEVICE),
    )
    assert not c.same(named, bare)
    c = Case(
        (
            0,
            "Exam: XA ABDOMEN\n\nFINDINGS: The feeding artery of the AVM was embolized. Small "
            "hematoma at the puncture site.",
        )
    )
    assert not c.same(c.mark(0, "AVM"), c.mark(0, "puncture site"))


def test_the_same_words_with_a_site_read_beyond_their_clause_are_one() -> None:
    c = Case(
        (
            0,
            "Exam: XA PELVIS\n\nFINDINGS: A high-flow vascular lesion was found, fed by branches "
            "of both internal iliac arteries. The high-flow vascular lesion is probably due to "
            "retained placenta.",
        )
    )
    first, second = (
        c.mark(0, "high-flow vascular lesion"),
        c.mark(0, "high-flow vascular lesion", 1),
    )
    assert c.same(first, second)
    # counter-examples: each clause names its own structure; each sentence opens with it
    c = Case(
        (
            0,
            "Exam: CT ABDOMEN\n\nFINDINGS: Simple cyst in the liver.\n\nIMPRESSION: Simple cyst "
            "in the right kidney.",
        )
    )
    assert not c.same(c.mark(0, "Simple cyst"), c.mark(0, "Simple cyst", 1))
    c = Case(
        (
            0,
            "Exam: CT ABDOMEN\n\nFINDINGS: The liver is enlarged, without focal changes. The "
            "pancreas is not enlarged, without focal changes.",
        )
    )
    assert not c.same(c.mark(0, "focal changes"), c.mark(0, "focal changes", 1))


def test_in_a_structure_is_not_next_to_it() -> None:
    c = Case(
        (
            0,
            "Exam: US ABDOMEN\n\nFINDINGS: No mass in the gallbladder. No mass adjacent to the "
            "gallbladder.",
        )
    )
    assert not c.same(
        c.mark(0, "mass in the gallbladder"), c.mark(0, "mass adjacent to the gallbladder")
    )
    # counter-example: the organ's mass restated in the impression stays one
    c = Case(
        (
            0,
            "Exam: US ABDOMEN\n\nFINDINGS: No mass in the gallbladder.\n\nIMPRESSION: No "
            "gallbladder mass.",
        )
    )
    assert c.same(c.mark(0, "mass in the gallbladder"), c.mark(0, "gallbladder mass"))
