"""Round 8 (``linkers/concluded_signs.py``): the conclusion's diagnosis of an organ and the
findings' description of that organ are one finding (GUIDELINE 9; "a vaguer or a more
specific term for the same process"). Counter-examples: another organ (the same word at two
organs), a description its own sentence reads otherwise, a negative, another side, a focal
lesion, a specific sign whose terminology readings exclude the diagnosis. Sentences are
written for these tests."""

from __future__ import annotations

from linker_cases import Case

from radtrack_gui.nlp.linkers.concluded_signs import concluded_sign
from radtrack_gui.nlp.linkers.mentions import prepare
from radtrack_gui.nlp.vocabulary import vocabulary


def _case(exam: str, text: str) -> Case:
    return Case((0, f"Exam: {exam}\n\n{text}"))


def _fires(c: Case, a: str, b: str) -> bool:
    infos = {m.id: m for m in prepare(c.patient, vocabulary())}
    return concluded_sign(infos[a], infos[b], vocabulary())


def test_a_described_angle_is_the_impressions_effusion_of_that_pleura() -> None:
    c = _case(
        "CHEST RADIOGRAPH",
        "Findings:\nThe right costophrenic angle shows thickening. The heart is not enlarged.\n\n"
        "Impression:\nRight-sided pleural effusion.",
    )
    a, b = c.mark(0, "thickening"), c.mark(0, "Right-sided pleural effusion")
    assert _fires(c, a, b)
    assert c.same(a, b)


def test_the_same_word_at_another_organ_stays_apart() -> None:
    # the gallbladder wall's thickening is no sign of the pleura's effusion
    c = _case(
        "CT THORAX ABDOMEN",
        "Findings:\nThe right costophrenic angle shows thickening. The gallbladder wall shows "
        "thickening.\n\nImpression:\nRight-sided pleural effusion.",
    )
    pleura, gallbladder = c.mark(0, "thickening"), c.mark(0, "thickening", 1)
    dx = c.mark(0, "Right-sided pleural effusion")
    assert _fires(c, pleura, dx) and not _fires(c, gallbladder, dx)
    assert c.same(pleura, dx) and not c.same(gallbladder, dx)


def test_a_description_read_as_another_diagnosis_by_its_own_sentence_stays_apart() -> None:
    c = _case(
        "CHEST RADIOGRAPH",
        "Findings:\nThe right costophrenic angle shows thickening, consistent with pleural "
        "scarring.\n\nImpression:\nRight-sided pleural effusion.",
    )
    a, b = c.mark(0, "thickening"), c.mark(0, "Right-sided pleural effusion")
    assert not _fires(c, a, b)


def test_a_negative_description_is_not_the_conclusions_diagnosis() -> None:
    c = _case(
        "CHEST RADIOGRAPH",
        "Findings:\nThe right costophrenic angle shows no thickening.\n\n"
        "Impression:\nRight-sided pleural effusion.",
    )
    a, b = c.mark(0, "thickening"), c.mark(0, "Right-sided pleural effusion")
    assert not _fires(c, a, b)
    assert not c.same(a, b)


def test_another_side_keeps_them_apart() -> None:
    c = _case(
        "CHEST RADIOGRAPH",
        "Findings:\nThe left costophrenic angle shows thickening.\n\n"
        "Impression:\nRight-sided pleural effusion.",
    )
    a, b = c.mark(0, "thickening"), c.mark(0, "Right-sided pleural effusion")
    assert not _fires(c, a, b)
    assert not c.same(a, b)


def test_two_statements_of_one_section_are_not_paired() -> None:
    # the policy pairs a findings statement with the conclusion's, never two findings
    c = _case(
        "CHEST RADIOGRAPH",
        "Findings:\nThe right costophrenic angle shows thickening. Right-sided pleural effusion.",
    )
    a, b = c.mark(0, "thickening"), c.mark(0, "Right-sided pleural effusion")
    assert not _fires(c, a, b)
