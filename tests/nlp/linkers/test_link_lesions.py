"""GUIDELINE 10: lesions tracked one by one. Two lesions of one organ with the same words are
two chains when their labels ("target lesion 1" / "2"), sites or sizes in one report differ;
a lesion that grows or shrinks across follow-ups stays one chain."""

from __future__ import annotations

from linker_cases import Case

from radtrack_gui.nlp.linkers.mentions import sizes_mm

CT = "Exam: CT CHEST ABDOMEN PELVIS\n\n"


def test_sizes_in_mm() -> None:
    assert sizes_mm(["3.2 x 2.1 cm", "14 mm", "5 ml"]) == (32.0, 21.0, 14.0)


def test_recist_target_lesions_are_followed_by_their_number() -> None:
    c = Case(
        (
            0,
            CT + "FINDINGS:\nTarget lesion 1: hepatic lesion measuring 3.2 cm.\n"
            "Target lesion 2: hepatic lesion measuring 1.5 cm.",
        ),
        (
            60,
            CT + "FINDINGS:\nTarget lesion 1: hepatic lesion now 2.5 cm.\n"
            "Target lesion 2: hepatic lesion now 1.0 cm.",
        ),
    )
    t1, t2 = c.mark(0, "hepatic lesion"), c.mark(0, "hepatic lesion", 1)
    later1, later2 = c.mark(1, "hepatic lesion"), c.mark(1, "hepatic lesion", 1)
    assert not c.same(t1, t2)
    assert c.same(t1, later1) and c.same(t2, later2)  # shrinking: still one lesion each
    assert not c.same(t1, later2)


def test_target_and_non_target_groups_are_not_one() -> None:
    c = Case(
        (
            0,
            CT + "FINDINGS: Partial regression of the target hepatic lesions. Stable non-target "
            "hepatic lesions.",
        )
    )
    assert not c.same(c.mark(0, "hepatic lesions"), c.mark(0, "hepatic lesions", 1))


def test_two_lesions_of_one_organ_measured_apart_in_one_report_are_two() -> None:
    c = Case(
        (
            0,
            CT + "FINDINGS: Hypodense liver lesion measuring 3.2 cm. Hypodense liver lesion "
            "measuring 8 mm.\n\nIMPRESSION: Hypodense liver lesion measuring 3.2 cm.",
        )
    )
    big, small, impression = (c.mark(0, "liver lesion", n) for n in range(3))
    assert not c.same(big, small)
    assert c.same(big, impression)  # the same size restated: one lesion


def test_a_lesion_that_grows_across_exams_stays_one_chain() -> None:
    # counter-example to the size rule: sizes never split a lesion across reports
    c = Case(
        (0, CT + "FINDINGS: Liver lesion measuring 1.2 cm in segment 7."),
        (
            90,
            CT + "FINDINGS: The previously described liver lesion in segment 7 has grown, "
            "now measuring 3.4 cm.",
        ),
    )
    assert c.same(c.mark(0, "Liver lesion"), c.mark(1, "liver lesion"))
