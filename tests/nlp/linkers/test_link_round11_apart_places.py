"""Round 11 (wb-joins): two findings of one section, two sentences, kept apart by the
places their sentences name (``linkers/apart_places.py``), where their own sites (a
concept's default, the exam's region) do not tell them apart; negatives too
(docs/linking-wholebody.md, "Round 11: places, levels and joins"). Each separation has a
counter-example that must still join. Sentences are written for these tests."""

from __future__ import annotations

from linker_cases import Case

from radtrack_gui.nlp.linkers.apart import kept_apart
from radtrack_gui.nlp.linkers.apart_places import (
    other_places,
    places_related,
    previous_sentence,
    sentence_places,
)
from radtrack_gui.nlp.linkers.features import concepts_related
from radtrack_gui.nlp.linkers.mentions import prepare
from radtrack_gui.nlp.vocabulary import vocabulary


def _case(exam: str, text: str) -> Case:
    return Case((0, f"Exam: {exam}\n\n{text}"))


def _infos(c: Case):  # type: ignore[no-untyped-def]
    return {i.id: i for i in prepare(c.patient, vocabulary())}


def _why(c: Case, a: str, b: str) -> str | None:
    infos = _infos(c)
    x, y = infos[a], infos[b]
    return kept_apart(x, y, vocabulary(), concepts_related(x, y))


def test_two_vertebrae_named_beside_one_fracture_word_are_two_fractures() -> None:
    c = _case(
        "MR SPINE",
        "Findings:\nThe upper endplate of L2 is depressed, in keeping with a vertebral "
        "fracture.\nThe first coccygeal vertebra has lost height, in keeping with a vertebral "
        "fracture.",
    )
    a, b = c.mark(0, "vertebral fracture"), c.mark(0, "vertebral fracture", nth=1)
    assert "two places" in (_why(c, a, b) or "")
    assert not c.same(a, b)


def test_the_concepts_own_structure_is_no_place() -> None:
    v = vocabulary()
    c = _case(
        "MR SPINE",
        "Findings:\nThe upper endplate of L2 is depressed, in keeping with a vertebral "
        "fracture of the spine.",
    )
    a = c.mark(0, "vertebral fracture")
    assert sentence_places(_infos(c)[a], v) == {"l2"}  # not the spine, the fracture's own


def test_a_fracture_told_again_with_the_article_still_joins() -> None:
    c = _case(
        "MR SPINE",
        "Findings:\nThe upper endplate of L2 is depressed, in keeping with a vertebral "
        "fracture.\nEdema reaches the coccyx below the vertebral fracture.",
    )
    a, b = c.mark(0, "vertebral fracture"), c.mark(0, "vertebral fracture", nth=1)
    assert _why(c, a, b) is None


def test_a_sentence_opening_with_a_pronoun_gives_no_place() -> None:
    c = _case(
        "MR HEAD",
        "Findings:\nA ring enhancing mass lies in the right frontal lobe.\n"
        "It shows perilesional edema compressing the lateral ventricle.\n"
        "Comment: a right frontal mass with perilesional edema.",
    )
    a, b = c.mark(0, "perilesional edema"), c.mark(0, "perilesional edema", nth=1)
    v, infos = vocabulary(), _infos(c)
    x, y = sentence_places(infos[a], v), sentence_places(infos[b], v)
    assert x and y and not any(places_related(v, p, q) for p in x for q in y)
    assert other_places(infos[a], infos[b], v) is None  # "It shows ...": the mass's edema


def test_negatives_about_two_unrelated_places_are_two_statements() -> None:
    c = _case(
        "CT CHEST ABDOMEN",
        "Findings:\nIn the axillae and the pulmonary hila no enlarged lymph nodes are seen.\n"
        "The liver has a normal size.\n"
        "Across the abdominal cavity and the pelvis no enlarged lymph nodes appear.",
    )
    a, b = c.mark(0, "enlarged lymph nodes"), c.mark(0, "enlarged lymph nodes", nth=1)
    assert _why(c, a, b) is not None
    assert not c.same(a, b)


def test_the_subject_of_the_sentence_before_places_a_bare_negative() -> None:
    c = _case(
        "US ABDOMEN",
        "Findings:\nThe liver has a regular outline. There are no focal lesions.\n"
        "The pancreas has a regular outline. There are no focal lesions.",
    )
    a, b = c.mark(0, "focal lesions"), c.mark(0, "focal lesions", nth=1)
    assert _why(c, a, b) is not None
    assert not c.same(a, b)


def test_previous_sentence_stays_in_its_paragraph() -> None:
    text = "The liver is small. No lesions.\n\nNo stones."
    assert previous_sentence(text, text.index("No lesions")) == "The liver is small."
    assert previous_sentence(text, text.index("No stones")) == ""
    assert previous_sentence(text, 0) == ""


def test_a_side_does_not_make_two_places_of_one_organ() -> None:
    v = vocabulary()
    assert places_related(v, "right kidney", "kidneys")
    assert not places_related(v, "liver", "pancreas")
