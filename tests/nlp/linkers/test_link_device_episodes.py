"""GUIDELINE devices 1-3 beyond chest tubes: an exchanged or replaced stent, drain or tube is a
new device; sides and access sites are distinct devices; a permanent device's named vessel
tells two stents apart; "to drain" is a verb, not a device."""

from __future__ import annotations

import pytest
from linker_cases import Case

from radtrack_gui.core.model import DEVICE, Report
from radtrack_gui.nlp.registry import get_extractor

ABD = "Exam: CT ABDOMEN\n\n"


@pytest.mark.parametrize(
    "wording",
    [
        "The biliary stent has been exchanged.",
        "Interval exchange of the biliary stent.",
        "The biliary stent was replaced.",
    ],
)
def test_an_exchanged_device_is_a_new_one(wording: str) -> None:
    c = Case(
        (0, ABD + "FINDINGS: Biliary stent in place."),
        (5, ABD + f"FINDINGS: {wording} Pneumobilia."),
    )
    assert not c.same(
        c.mark(0, "Biliary stent", kind=DEVICE), c.mark(1, "biliary stent", kind=DEVICE)
    )


def test_a_device_in_place_on_follow_up_is_the_same_one() -> None:
    # counter-example: no exchange said; nor is a procedure name ("valve replacement") one
    c = Case(
        (0, ABD + "FINDINGS: Biliary stent in place."),
        (5, ABD + "FINDINGS: The biliary stent is unchanged in position."),
    )
    assert c.same(c.mark(0, "Biliary stent", kind=DEVICE), c.mark(1, "biliary stent", kind=DEVICE))
    c = Case(
        (0, "FINDINGS: Prosthetic valve. Status post aortic valve replacement."),
        (5, "FINDINGS: Prosthetic valve, status post aortic valve replacement, unchanged."),
    )
    assert c.same(
        c.mark(0, "Prosthetic valve", kind=DEVICE), c.mark(1, "Prosthetic valve", kind=DEVICE)
    )


def test_nephrostomy_tubes_of_two_sides_are_two_devices() -> None:
    c = Case(
        (0, ABD + "FINDINGS: Left nephrostomy tube in place. Right nephrostomy tube in place."),
        (3, ABD + "FINDINGS: The right nephrostomy tube is unchanged."),
    )
    left = c.mark(0, "nephrostomy tube", kind=DEVICE)
    right = c.mark(0, "nephrostomy tube", 1, kind=DEVICE)
    later = c.mark(1, "nephrostomy tube", kind=DEVICE)
    assert not c.same(left, right)
    assert c.same(right, later) and not c.same(left, later)


def test_stents_of_two_named_arteries_are_two_devices() -> None:
    c = Case(
        (
            0,
            "Exam: CT ANGIOGRAM\n\nFINDINGS: Stent in the superior mesenteric artery. Stent in "
            "the celiac artery.",
        )
    )
    assert not c.same(c.mark(0, "Stent", kind=DEVICE), c.mark(0, "Stent", 1, kind=DEVICE))


def test_a_tube_tip_moving_along_a_vein_is_still_one_device() -> None:
    # counter-example: open part names are not compared for devices that move
    c = Case(
        (0, "FINDINGS: Left PICC line with tip in the subclavian vein."),
        (1, "FINDINGS: Left PICC line, tip now in the brachiocephalic vein."),
    )
    assert c.same(c.mark(0, "PICC line", kind=DEVICE), c.mark(1, "PICC line", kind=DEVICE))


@pytest.mark.parametrize(
    ("text", "devices"),
    [
        ("A catheter was placed to drain the collection.", ["catheter"]),
        ("The kidney drains well.", []),
        ("Plan to stent the stricture.", []),
        ("Bilateral drains in place.", ["drains"]),
        ("JP drain to bulb suction.", ["JP drain"]),
        ("A drain was placed in the collection.", ["drain"]),
    ],
)
def test_a_device_word_used_as_a_verb_is_not_a_device(text: str, devices: list[str]) -> None:
    found = get_extractor("rules").extract(Report(id="r", text=text, region="abdomen"))
    assert [m.text for m in found if m.type == DEVICE] == devices


def test_two_calibres_are_two_devices() -> None:
    c = Case(
        (
            0,
            "Exam: ANGIOGRAPHY\n\nFINDINGS: Placement of a short 4F sheath. Placement of a short 6F "
            "sheath.",
        )
    )
    assert not c.same(c.mark(0, "4F sheath", kind=DEVICE), c.mark(0, "6F sheath", kind=DEVICE))
    # counter-example: the same calibre restated is one device
    c = Case(
        (0, "Exam: CT ABDOMEN\n\nFINDINGS: A 10 Fr pigtail drain in the collection."),
        (2, "Exam: CT ABDOMEN\n\nFINDINGS: The 10 Fr pigtail drain is unchanged."),
    )
    assert c.same(
        c.mark(0, "10 Fr pigtail drain", kind=DEVICE), c.mark(1, "10 Fr pigtail drain", kind=DEVICE)
    )
