"""Round 3 of the knowledge linker's context rules: a device's side given after it, a
differential list read as alternatives, coordinated sites."""

from __future__ import annotations

from linker_cases import Case

from radtrack_gui.core.model import DEVICE
from radtrack_gui.nlp.phrases import alternative_items


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


def test_items_of_a_differential_are_hypotheses_not_one_finding() -> None:
    c = Case(
        (0, "FINDINGS: Right basilar opacity may represent atelectasis, pneumonia, or aspiration."),
        (1, "IMPRESSION: Differential includes pneumonia, aspiration, and atelectasis."),
    )
    pneumonia, aspiration = c.mark(0, "pneumonia"), c.mark(0, "aspiration")
    assert not c.same(pneumonia, aspiration)  # related concepts, but two hypotheses
    assert not c.same(c.mark(1, "pneumonia"), c.mark(1, "aspiration"))
    assert c.same(pneumonia, c.mark(1, "pneumonia"))  # each hypothesis is still followed


def test_considerations_joined_by_and_are_alternatives_but_a_plain_list_is_not() -> None:
    text = "considerations include pneumonia and aspiration"
    first, second = text.index("pneumonia"), text.index("aspiration")
    assert alternative_items(text, (first, first + 9), (second, second + 10))
    # counter-example: a plain list of observed findings, and a finding read as one of them
    plain = "effusion, atelectasis, and cardiomegaly"
    assert not alternative_items(plain, (0, 8), (10, 21))
    read = "opacity may represent atelectasis, pneumonia, or aspiration"
    assert not alternative_items(read, (0, 7), (35, 44))


def test_a_finding_at_coordinated_sites_of_both_sides_is_bilateral() -> None:
    """GUIDELINE 1 and 3 (location and laterality decide): "right lower lobe and left lower
    lobe opacities" is one finding of both sides, so it is not the later left lower lobe
    opacity ("bilateral effusions" is not the left effusion), but it is a later bilateral
    one. Sites of one side are kept as the linker already reads them: the finding covers
    each coordinated lobe, and a later mention at one of them continues it."""
    c = Case(
        (0, "FINDINGS: Right lower lobe and left lower lobe opacities."),
        (3, "FINDINGS: Left lower lobe opacity."),
        (5, "FINDINGS: Bilateral lower lobe opacities."),
    )
    both = c.mark(0, "opacities")
    assert not c.same(both, c.mark(1, "opacity"))
    assert c.same(both, c.mark(2, "opacities"))


def test_coordinated_words_sharing_one_head_noun_name_each_site() -> None:
    c = Case(
        (
            0,
            "FINDINGS: Right lower and left lower lobe opacities. Right upper and middle lobe mass.",
        ),
        (3, "FINDINGS: Left lower lobe opacity. Right middle lobe mass."),
        (3, "FINDINGS: Right lower lobe mass."),
    )
    assert not c.same(c.mark(0, "opacities"), c.mark(1, "opacity"))  # both sides vs left
    two = c.mark(0, "mass")
    assert c.same(two, c.mark(1, "mass"))  # the middle lobe is one of its sites
    assert not c.same(two, c.mark(2, "mass"))  # another lobe


def test_sides_of_two_clauses_are_not_coordinated_sites() -> None:
    # counter-example: two changes, each with its own side; the finding is the left one
    c = Case(
        (0, "FINDINGS: Improved right and worsened left basilar opacity."),
        (2, "FINDINGS: Left basilar opacity."),
    )
    assert c.same(c.mark(0, "opacity"), c.mark(1, "opacity"))


def test_coordinated_sites_after_the_finding_are_its_sites() -> None:
    c = Case(
        (0, "FINDINGS: Opacities in the right lower lobe and left lower lobe."),
        (1, "FINDINGS: Opacity in the right lower lobe and nodule in the left lower lobe."),
        (3, "FINDINGS: Right lower lobe opacity."),
    )
    later = c.mark(2, "opacity")
    assert not c.same(c.mark(0, "Opacities"), later)  # both sides vs the right one
    # counter-example: the second site is another finding's
    assert c.same(c.mark(1, "Opacity"), later)


def test_coordinated_sites_of_one_side_keep_that_side() -> None:
    # a plural finding of the lungs with no side reads as bilateral: not when its
    # coordinated sites give one side
    c = Case(
        (0, "FINDINGS: Left upper lobe and lingula opacities."),
        (2, "FINDINGS: Left upper lobe opacity. Bilateral lung opacities."),
    )
    both = c.mark(0, "opacities")
    assert c.same(both, c.mark(1, "opacity"))
    assert not c.same(both, c.mark(1, "opacities"))
