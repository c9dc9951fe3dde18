"""Readings each closed by its own question mark ("(A? B?)") are two hypotheses (GUIDELINE:
alternatives are different findings); a reading glossed by one questioned name still joins. Texts written for these tests."""

from __future__ import annotations

from linker_cases import Case


def test_questioned_readings_side_by_side_are_two_hypotheses() -> None:
    c = Case(
        (
            0,
            "Exam: US PELVIS\n\nFINDINGS: The right ovary holds a 21 mm fluid-filled formation "
            "(dominant follicle? functional cyst?). The left ovary is normal.",
        )
    )
    follicle, cyst = c.mark(0, "dominant follicle"), c.mark(0, "functional cyst")
    assert not c.same(follicle, cyst)


def test_one_questioned_name_glossing_a_reading_still_joins() -> None:
    c = Case(
        (
            0,
            "Exam: US PELVIS\n\nFINDINGS: The right ovary holds a 21 mm dominant follicle "
            "(functional cyst?).",
        )
    )
    follicle, cyst = c.mark(0, "dominant follicle"), c.mark(0, "functional cyst")
    assert c.same(follicle, cyst)
