"""A bare "tip" is the device it belongs to (GUIDELINE: "tip" often stands for a device): it
joins that device's chain, and two tips of two devices stay apart."""

from __future__ import annotations

from linker_cases import Case

from radtrack_gui.core.model import DEVICE


def test_the_tip_of_a_named_device_is_that_device_not_the_one_before() -> None:
    c = Case(
        (
            0,
            "FINDINGS: Right IJ central venous catheter tip remains in the SVC. The tip of the "
            "left subclavian line is in the right atrium.",
        )
    )
    ij = c.mark(0, "Right IJ central venous catheter", kind=DEVICE)
    tip = c.mark(0, "tip", 1, kind=DEVICE)
    subclavian = c.mark(0, "left subclavian line", kind=DEVICE)
    assert c.same(tip, subclavian)
    assert not c.same(tip, ij)  # the device named just before is another line


def test_tips_of_two_devices_are_two_devices_across_reports() -> None:
    c = Case(
        (
            0,
            "FINDINGS: An NGT has been placed with its tip in the stomach. A right chest tube "
            "has been placed with its tip at the apex.",
        ),
        (1, "FINDINGS: The NG tube is unchanged. The right chest tube is unchanged."),
    )
    ngt, ngt_tip = c.mark(0, "NGT", kind=DEVICE), c.mark(0, "tip", kind=DEVICE)
    tube, tube_tip = c.mark(0, "chest tube", kind=DEVICE), c.mark(0, "tip", 1, kind=DEVICE)
    later_ngt = c.mark(1, "NG tube", kind=DEVICE)
    later_tube = c.mark(1, "chest tube", kind=DEVICE)
    assert c.same(ngt_tip, ngt) and c.same(ngt_tip, later_ngt)
    assert c.same(tube_tip, tube) and c.same(tube_tip, later_tube)
    assert not c.same(ngt_tip, tube_tip)  # the same word, two devices
