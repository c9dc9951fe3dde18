"""Round 3 of the knowledge linker's context rules: a device's side given after it, a
differential list read as alternatives, coordinated sites."""

from __future__ import annotations

from linker_cases import Case

from radtrack_gui.core.model import DEVICE


def test_a_device_side_given_after_the_noun_is_its_side() -> None:
    c = Case(
        (0, "FINDINGS: A Mediport is seen on the right. A Mediport is also seen on the left."),
        (1, "FINDINGS: The Mediport on the right is unchanged."),
    )
    right = c.mark(0, "Mediport", kind=DEVICE)
    left = c.mark(0, "Mediport", 1, kind=DEVICE)
    later = c.mark(1, "Mediport", kind=DEVICE)
    assert not c.same(right, left)  # two ports, two sides
    assert c.same(right, later) and not c.same(left, later)


def test_a_bare_device_word_takes_the_side_of_the_body_it_projects_over() -> None:
    c = Case(
        (
            0,
            "FINDINGS: A catheter is seen projecting over the left hemithorax. A catheter "
            "projects over the right hemithorax.",
        )
    )
    assert not c.same(c.mark(0, "catheter", kind=DEVICE), c.mark(0, "catheter", 1, kind=DEVICE))


def test_where_a_device_tip_lies_or_a_heart_chamber_is_not_the_device_side() -> None:
    # counter-examples: the tip's place, and the side of a chamber of the (unpaired) heart
    c = Case(
        (0, "FINDINGS: A Mediport is present with tip in the right atrium."),
        (1, "FINDINGS: A Mediport is seen projecting over the right ventricle."),
        (2, "FINDINGS: Left chest wall Mediport unchanged."),
    )
    later = c.mark(2, "Mediport", kind=DEVICE)
    assert c.same(c.mark(0, "Mediport", kind=DEVICE), later)
    assert c.same(c.mark(1, "Mediport", kind=DEVICE), later)
