"""Words that stand for a device named in the same report, round 11 (wb-devices2; issue #18,
GUIDELINE devices 1): a part said of a device, the procedure that put the device in, a sheath
and the catheter through it, and a device seen (not introduced) a second time
(``linkers/device_words.py``, ``device_readings.sighted``). Sentences are our own."""

from __future__ import annotations

from linker_cases import Case

from radtrack_gui.core.model import DEVICE

HEAD = "Exam: CT HEAD\n\nFINDINGS: "
PROC = "Exam: ANGIOGRAPHY\n\nFINDINGS: "


# -- a part of a device said of it is the device --------------------------------------------


def test_the_loop_of_a_catheter_is_the_catheter() -> None:
    c = Case(
        (
            0,
            "Exam: US GROIN\n\nFINDINGS: Soft tissue swelling next to the external loop of "
            "the tunnelled Hickman catheter in the groin.",
        )
    )
    loop = c.mark(0, "loop")
    device = c.mark(0, "Hickman catheter", kind=DEVICE)
    assert c.same(loop, device)


def test_a_loop_of_something_else_is_no_device() -> None:
    c = Case(
        (
            0,
            "Exam: CT ABDOMEN\n\nFINDINGS: A dilated loop of small bowel. A Hickman catheter "
            "in the femoral vein.",
        )
    )
    loop = c.mark(0, "loop")
    device = c.mark(0, "Hickman catheter", kind=DEVICE)
    assert not c.same(loop, device)


# -- the procedure that put a device in names the device ---------------------------------------


def test_clipping_is_the_clip_the_report_describes() -> None:
    c = Case(
        (
            0,
            HEAD + "Condition after clipping of a basilar tip aneurysm. Next to the clip a "
            "small residual sac of 2 mm.",
        )
    )
    procedure = c.mark(0, "clipping")
    clip = c.mark(0, "clip", 1, kind=DEVICE)
    assert c.same(procedure, clip)


def test_clipping_without_a_clip_in_its_report_is_left_alone() -> None:
    c = Case(
        (0, HEAD + "Condition after clipping of a basilar tip aneurysm. No bleeding."),
        (9, HEAD + "A clip at the basilar tip. No bleeding."),
    )
    procedure = c.mark(0, "clipping")
    clip = c.mark(1, "clip", kind=DEVICE)
    assert not c.same(procedure, clip)


# -- a sheath and the catheter through it are two devices ----------------------------------------


def test_a_sheath_and_a_catheter_are_two_devices() -> None:
    c = Case(
        (
            0,
            PROC + "Femoral puncture and a 5F sheath. Selective angiography through a "
            "catheter. At the end the catheter and then the sheath were removed.",
        )
    )
    catheter = c.mark(0, "catheter", 1, kind=DEVICE)
    sheath = c.mark(0, "sheath", 1, kind=DEVICE)
    assert not c.same(catheter, sheath)


# -- a device seen again is not a device introduced again --------------------------------------


def test_a_stent_seen_again_with_a_is_the_same_stent() -> None:
    c = Case(
        (
            0,
            "Exam: US ABDOMEN\n\nFINDINGS: Endoscopy showed a plastic stent in the papilla. "
            "The common duct is wide, a stent seen as a bright line inside it.",
        )
    )
    first = c.mark(0, "stent", kind=DEVICE)
    seen = c.mark(0, "stent", 1, kind=DEVICE)
    assert c.same(first, seen)
