"""Round 11 (wb-negatives): a conclusion's collective negative told from both sides of its
place ("intra- or extra-axial", "intra- and peri-cerebral") restates a findings negative
inside or around that place of the same organ system (``linkers/both_sides.py``, GUIDELINE 9;
docs/linking-wholebody.md, "Round 11: negatives restated").

Each join below is kept apart without both_sides.py; each has a counter-example that must stay
apart. Sentences are written for these tests."""

from __future__ import annotations

from linker_cases import Case

from radtrack_gui.nlp.linkers.both_sides import told_from_both_sides, within_both_sides
from radtrack_gui.nlp.linkers.mentions import prepare
from radtrack_gui.nlp.linkers.restated import collective_negative
from radtrack_gui.nlp.vocabulary import vocabulary

HEAD = (
    "Findings:\nNo contusion of the cerebral hemispheres is visible.\n"
    "There is no subdural collection or epidural hematoma.\n"
    "No fracture line crosses the skull vault.\n\n"
    "Conclusion:\nNeither intra- nor extra-axial traumatic lesions today."
)


def _case(text: str) -> Case:
    return Case((0, f"Exam: CT HEAD\n\n{text}"))


def _infos(c: Case, a: str, b: str):  # type: ignore[no-untyped-def]
    infos = {i.id: i for i in prepare(c.patient, vocabulary())}
    return infos[a], infos[b]


AROUND = "There are no traumatic lesions, whether intra- or peri-cerebral, on this scan."


def test_a_collective_negative_told_from_both_sides_covers_a_space_around_the_brain() -> None:
    # the conclusion's place is read as the brain; "or pericerebral" adds what surrounds it
    c = _case(HEAD.replace("Neither intra- nor extra-axial traumatic lesions today.", AROUND))
    a, b = c.mark(0, "epidural hematoma"), c.mark(0, "traumatic lesions")
    x, y = _infos(c, a, b)
    assert told_from_both_sides(y)
    assert within_both_sides("epidural space", y, vocabulary())
    assert collective_negative(x, y, vocabulary())
    assert c.same(a, b)


def test_a_collective_negative_told_from_both_sides_covers_the_brain() -> None:
    c = _case(HEAD)
    a, b = c.mark(0, "contusion"), c.mark(0, "traumatic lesions")
    assert c.same(a, b)


def test_a_structure_of_another_system_in_that_whole_stays_its_own() -> None:
    # the skull lies in the head too, but it is bone: "intra- or extra-axial" is not about it
    c = _case(HEAD)
    a, b = c.mark(0, "fracture"), c.mark(0, "traumatic lesions")
    x, y = _infos(c, a, b)
    assert x.site is not None or x.statement_site is not None
    assert not within_both_sides(x.statement_site or x.site or "", y, vocabulary())
    assert not c.same(a, b)


def test_a_conclusion_told_from_one_side_only_is_not_widened() -> None:
    c = _case(HEAD.replace("Neither intra- nor extra-axial", "No extra-axial"))
    a, b = c.mark(0, "contusion"), c.mark(0, "traumatic lesions")
    _x, y = _infos(c, a, b)
    assert not told_from_both_sides(y)
    assert not c.same(a, b)
