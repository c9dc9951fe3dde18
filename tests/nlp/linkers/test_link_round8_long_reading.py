"""Round 8 (``readings.explained``): one sentence reads its sign as a diagnosis however many
words of place and comparison lie between ("small enhancing foci in the upper inner quadrant
..., has kept its size since ..., most likely fibrocystic changes"), up to
``readings.LONG`` characters; another finding named between still keeps them apart
(``readings.read_as``). Sentences are written for these tests."""

from __future__ import annotations

from linker_cases import Case

LONG_PLACE = (
    "A cluster of small enhancing foci in the upper inner quadrant of the left breast, near "
    "the areola and about four centimetres from the nipple, has kept its size since the study "
    "of two years ago, most likely fibrocystic changes."
)


def test_a_reading_after_a_long_place_reads_the_sign() -> None:
    c = Case((0, f"Exam: MR BREAST\n\n{LONG_PLACE}"))
    assert c.same(c.mark(0, "enhancing foci"), c.mark(0, "fibrocystic changes"))


def test_another_finding_named_between_keeps_them_apart() -> None:
    text = LONG_PLACE.replace("has kept", "beside a small simple cyst, has kept")
    c = Case((0, f"Exam: MR BREAST\n\n{text}"))
    assert not c.same(c.mark(0, "enhancing foci"), c.mark(0, "fibrocystic changes"))
