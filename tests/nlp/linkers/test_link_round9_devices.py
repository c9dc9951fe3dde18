"""Device episodes beyond the chest film, round 9 (wb-devices; issue #18 problem 7, GUIDELINE
devices 1-3): how a report's wording places a device (``linkers/device_readings.py``). Every
test that states a join fails on the base 263f7fb; every counter-example passes there and here."""

from __future__ import annotations

from linker_cases import Case

from radtrack_gui.core.model import DEVICE, Report
from radtrack_gui.nlp.linkers.device_readings import complication_negated, moved_side
from radtrack_gui.nlp.linkers.mentions import prepare
from radtrack_gui.nlp.registry import get_extractor

ANGIO = "Exam: HEPATIC ANGIOGRAPHY\n\nFINDINGS: "


def _moved(sentence: str, words: str) -> bool:
    start = sentence.index(words)
    return moved_side(sentence, start, start + len(words), (0, len(sentence)))


def _negated(sentence: str, words: str) -> bool:
    return complication_negated(sentence, sentence.index(words), 0)


# -- a negated complication says the device is there -------------------------------------


def test_a_negated_complication_of_a_device_is_said_of_the_complication() -> None:
    assert _negated("No displacement of either ventriculostomy shunt.", "shunt")
    assert _negated("No evidence of migration of the biliary stent.", "stent")
    assert _negated("Without loosening or fracture of the femoral prosthesis.", "prosthesis")


def test_a_negated_device_stays_negative() -> None:
    assert not _negated("No residual drain.", "drain")
    assert not _negated("No nephrostomy tube is seen.", "tube")
    # a complication of something else before the device's own negation
    assert not _negated("Dislocation of the shoulder. No sling.", "sling")


def test_the_shunts_not_dislocated_are_the_shunts_in_place() -> None:
    c = Case(
        (
            0,
            "Exam: MR HEAD\n\nFINDINGS: Two VP shunts, one each side, end within the ventricles. "
            "Small ventricles.\n\nIMPRESSION: No dislocation of the two shunts.",
        )
    )
    first = c.mark(0, "shunts", kind=DEVICE)
    again = c.mark(0, "shunts", 1, kind=DEVICE)
    assert c.same(first, again)


def test_a_device_said_absent_is_read_absent() -> None:
    c = Case(
        (0, "Exam: CT ABDOMEN\n\nFINDINGS: A pelvic drain is in place."),
        (9, "Exam: CT ABDOMEN\n\nFINDINGS: No dislocation of the shoulder. No pelvic drain."),
    )
    c.mark(0, "drain", kind=DEVICE)
    later = c.mark(1, "drain", kind=DEVICE)
    infos = {i.id: i for i in prepare(c.patient)}
    assert infos[later].assertion == "absent"


# -- a device moved to a side is not a device of that side ---------------------------------


def test_the_destination_of_a_move_is_a_position() -> None:
    assert _moved(
        "Embolisation followed once the microcatheter was moved into the left hepatic artery.",
        "microcatheter",
    )
    assert _moved("The catheter was advanced into the right atrium.", "catheter")
    assert _moved("The line has been pulled back to the left brachiocephalic vein.", "line")


def test_a_side_of_the_device_itself_or_no_move_stays_its_side() -> None:
    assert not _moved("The left chest tube was advanced to the apex.", "chest tube")
    assert not _moved("A microcatheter in the left hepatic artery.", "microcatheter")
    assert not _moved("Right nephrostomy tube; the stent was advanced into the bladder.", "tube")


def test_a_microcatheter_repositioned_to_the_other_side_is_one_device() -> None:
    c = Case(
        (
            0,
            ANGIO + "TACE of the right lobe through a microcatheter in the right hepatic artery. "
            "After repositioning the microcatheter into the left hepatic artery, TACE of the "
            "left lobe as well.",
        )
    )
    first = c.mark(0, "microcatheter", kind=DEVICE)
    moved = c.mark(0, "microcatheter", 1, kind=DEVICE)
    assert c.same(first, moved)


def test_two_microcatheters_on_two_sides_are_two_devices() -> None:
    c = Case(
        (
            0,
            ANGIO + "A microcatheter in the right hepatic artery. A second microcatheter in "
            "the left hepatic artery.",
        )
    )
    right = c.mark(0, "microcatheter", kind=DEVICE)
    left = c.mark(0, "microcatheter", 1, kind=DEVICE)
    assert not c.same(right, left)


# -- an abbreviation the report defines after a device is the device --------------------------


def test_an_abbreviation_defined_after_a_device_is_the_device() -> None:
    c = Case(
        (
            0,
            "Exam: CT POLYTRAUMA\n\nFINDINGS: Odontoid fracture. Left hip total "
            "endoprosthesis (TEP).",
        )
    )
    device = c.mark(0, "endoprosthesis", kind=DEVICE)
    short = c.mark(0, "TEP")
    assert c.same(device, short)


def test_an_abbreviation_defined_after_a_finding_is_no_device() -> None:
    c = Case(
        (
            0,
            "Exam: CT HEAD\n\nFINDINGS: Left hip total endoprosthesis. Normal pressure "
            "hydrocephalus (NPH) aspect.",
        )
    )
    device = c.mark(0, "endoprosthesis", kind=DEVICE)
    c.mark(0, "hydrocephalus")
    short = c.mark(0, "NPH")
    assert not c.same(device, short)
    infos = {i.id: i for i in prepare(c.patient)}
    assert infos[short].type != DEVICE


# -- a device of one kind introduced again in one section is another -------------------------

PCI = "Exam: CORONARY ANGIOGRAPHY\n\nFINDINGS: "


def test_a_device_introduced_again_in_one_section_is_another_device() -> None:
    c = Case(
        (
            0,
            PCI + "Guiding catheter, guidewire to the circumflex. A balloon was inflated. After "
            "securing the obtuse marginal branch with a guidewire, a stent was implanted.",
        )
    )
    first = c.mark(0, "guidewire", kind=DEVICE)
    second = c.mark(0, "guidewire", 1, kind=DEVICE)
    assert not c.same(first, second)


def test_the_device_named_again_with_the_is_the_same_device() -> None:
    c = Case(
        (
            0,
            PCI + "A guidewire was passed to the circumflex. A stent was implanted over the "
            "guidewire.",
        )
    )
    first = c.mark(0, "guidewire", kind=DEVICE)
    again = c.mark(0, "guidewire", 1, kind=DEVICE)
    assert c.same(first, again)


def test_a_conclusion_restating_a_device_with_a_is_the_same_device() -> None:
    c = Case(
        (
            0,
            "Exam: CT ABDOMEN\n\nFINDINGS: A pelvic drain is in place. No collection.\n\n"
            "IMPRESSION: A pelvic drain in place.",
        )
    )
    first = c.mark(0, "pelvic drain", kind=DEVICE)
    again = c.mark(0, "pelvic drain", 1, kind=DEVICE)
    assert c.same(first, again)


# -- two tips in two places of one section are the tips of two devices -------------------------


def test_two_tips_in_two_places_are_two_devices() -> None:
    c = Case(
        (
            0,
            "Exam: MR HEAD\n\nFINDINGS: Shunt catheters on both sides: the frontal one with the "
            "tip in the third ventricle, the parietal one with the tip in the lateral "
            "ventricle's occipital horn.",
        )
    )
    first = c.mark(0, "tip", kind=DEVICE)
    second = c.mark(0, "tip", 1, kind=DEVICE)
    assert not c.same(first, second)


def test_two_tips_at_two_levels_are_two_devices() -> None:
    c = Case(
        (
            0,
            "FINDINGS: Right internal jugular line, tip projecting over T6. Endotracheal tube "
            "with its tip projecting over T3.",
        )
    )
    first = c.mark(0, "tip", kind=DEVICE)
    second = c.mark(0, "tip", 1, kind=DEVICE)
    assert not c.same(first, second)


def test_one_tip_told_twice_in_one_place_or_in_the_conclusion_is_one_device() -> None:
    c = Case(
        (
            0,
            "FINDINGS: Right PICC with the tip in the superior vena cava. The tip is in the "
            "superior vena cava.\n\nIMPRESSION: PICC tip at the cavoatrial junction.",
        )
    )
    c.mark(0, "PICC", kind=DEVICE)
    first = c.mark(0, "tip", kind=DEVICE)
    again = c.mark(0, "tip", 1, kind=DEVICE)
    concluded = c.mark(0, "tip", 2, kind=DEVICE)
    assert c.same(first, again)
    assert c.same(first, concluded)


# -- words that name no device: peritoneal "implants" (GUIDELINE 11, senses.tsv) ---------------


def test_peritoneal_implants_are_tumour_deposits_not_a_device() -> None:
    text = "Exam: US ABDOMEN\n\nFINDINGS: Ascites. Suspicion of peritoneal implants."
    found = get_extractor("rules").extract(Report(id="r", text=text))
    implants = [m for m in found if m.text == "implants"]
    assert implants and implants[0].type != DEVICE


def test_a_breast_implant_stays_a_device() -> None:
    text = "Exam: MG BREAST\n\nFINDINGS: The implant in the right breast is intact."
    found = get_extractor("rules").extract(Report(id="r", text=text))
    assert any(m.text == "implant" and m.type == DEVICE for m in found)
