"""Round 10 (wb-restate): a conclusion's collective negative restates the findings' negatives
at its place (``linkers/restated.py``, GUIDELINE 9), measured over every whole-body dev pair
file, the check union and the chest files (docs/linking-wholebody.md, "Round 10:
restatements").

Every join below is kept apart without restated.py ("two negatives: a routine negative is its
own mention"); each has a counter-example of the same shape that must stay apart. Sentences
are written for these tests."""

from __future__ import annotations

from linker_cases import Case

from radtrack_gui.nlp.linkers.features import conflict
from radtrack_gui.nlp.linkers.mentions import prepare
from radtrack_gui.nlp.linkers.restated import collective_negative
from radtrack_gui.nlp.vocabulary import vocabulary

TRAUMA = (
    "Findings:\nNo cerebral contusion is seen.\nThe ventricles are of normal width.\n"
    "No fracture of the skull vault.\nNo abnormality at the craniocervical junction.\n\n"
    "Conclusion:\nNo traumatic lesions of the brain."
)


def _case(exam: str, text: str) -> Case:
    return Case((0, f"Exam: {exam}\n\n{text}"))


def _infos(c: Case, a: str, b: str):  # type: ignore[no-untyped-def]
    infos = {i.id: i for i in prepare(c.patient, vocabulary())}
    return infos[a], infos[b]


def test_the_conclusions_collective_negative_restates_a_findings_negative() -> None:
    c = _case("CT HEAD", TRAUMA)
    a, b = c.mark(0, "cerebral contusion"), c.mark(0, "traumatic lesions")
    x, y = _infos(c, a, b)
    assert collective_negative(x, y, vocabulary())
    assert conflict(x, y, vocabulary()) is None
    assert c.same(a, b)


def test_a_findings_negative_of_another_structure_stays_its_own() -> None:
    # the skull is not the brain the conclusion names (a conclusion naming no structure but
    # the body region, "no traumatic lesions", would sum it up: its place is the head)
    c = _case("CT HEAD", TRAUMA)
    a, b = c.mark(0, "fracture"), c.mark(0, "traumatic lesions")
    x, y = _infos(c, a, b)
    assert not collective_negative(x, y, vocabulary())
    assert not c.same(a, b)


def test_a_findings_negative_of_anything_is_no_specific_one() -> None:
    c = _case("CT HEAD", TRAUMA)
    a, b = c.mark(0, "abnormality"), c.mark(0, "traumatic lesions")
    x, y = _infos(c, a, b)
    assert not collective_negative(x, y, vocabulary())
    assert not c.same(a, b)


def test_two_negatives_of_one_findings_section_stay_a_checklist() -> None:
    c = _case(
        "MR BRAIN",
        "Findings:\nNo restriction of diffusion.\nNo focal lesions of the brain.\n\n"
        "Conclusion:\nNormal study.",
    )
    a, b = c.mark(0, "restriction"), c.mark(0, "focal lesions")
    x, y = _infos(c, a, b)
    assert not collective_negative(x, y, vocabulary())
    assert not c.same(a, b)


def test_a_conclusion_without_a_collective_word_is_not_summing_up() -> None:
    # a chest film's "no acute cardiopulmonary abnormality" is labelled apart (chest files)
    c = _case(
        "CHEST RADIOGRAPH",
        "Findings:\nNo focal airspace opacity.\n\nImpression:\nNo acute cardiopulmonary "
        "abnormality.",
    )
    a, b = c.mark(0, "focal airspace opacity"), c.mark(0, "acute cardiopulmonary abnormality")
    x, y = _infos(c, a, b)
    assert not collective_negative(x, y, vocabulary())
    assert not c.same(a, b)


def test_a_positive_finding_is_not_summed_up_by_the_negative() -> None:
    c = _case(
        "CT HEAD",
        "Findings:\nSmall cerebral contusion of the left frontal lobe.\n\n"
        "Conclusion:\nNo other intracranial traumatic lesions.",
    )
    a, b = c.mark(0, "cerebral contusion"), c.mark(0, "traumatic lesions")
    x, y = _infos(c, a, b)
    assert not collective_negative(x, y, vocabulary())
    assert not c.same(a, b)
