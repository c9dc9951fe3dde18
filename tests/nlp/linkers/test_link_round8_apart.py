"""Round 8 (wb-apart): findings the guideline keeps apart (``linkers/apart.py``), measured
over every whole-body dev set (docs/linking-wholebody.md, "Round 8: findings kept apart").

- ``other_structures``: two positive findings of one section, two sentences, one concept,
  each at its own structure, neither within the other, are two findings (GUIDELINE 1, 4);
- ``new_among_known``: a new one (singular) beside the known ones (plural) is one more
  lesion (GUIDELINE 10).

Each separation has a counter-example of the same kind that must still join. Sentences are
written for these tests."""

from __future__ import annotations

from linker_cases import Case

from radtrack_gui.nlp.linkers.apart import kept_apart
from radtrack_gui.nlp.linkers.features import concepts_related
from radtrack_gui.nlp.linkers.mentions import prepare
from radtrack_gui.nlp.vocabulary import vocabulary


def _case(exam: str, text: str) -> Case:
    return Case((0, f"Exam: {exam}\n\n{text}"))


def _why(c: Case, a: str, b: str) -> str | None:
    infos = {i.id: i for i in prepare(c.patient, vocabulary())}
    x, y = infos[a], infos[b]
    return kept_apart(x, y, vocabulary(), concepts_related(x, y))


def test_one_finding_at_two_structures_of_one_section_is_two() -> None:
    # joined before apart.py (no site conflict: the second is placed by its concept only)
    c = _case(
        "CT PELVIS",
        "Findings:\nTwo calcifications are present in the right thigh.\n"
        "Calcifications are seen in the lesser pelvis.",
    )
    a, b = c.mark(0, "calcifications"), c.mark(0, "Calcifications")
    assert _why(c, a, b) is not None
    assert not c.same(a, b)


def test_two_structures_need_one_placed_by_its_own_clause() -> None:
    # the same words, but neither is placed by its own words: no separation
    c = _case(
        "CT PELVIS",
        "Findings:\nTwo calcifications are present.\nCalcifications are seen in the lesser pelvis.",
    )
    a, b = c.mark(0, "calcifications"), c.mark(0, "Calcifications")
    assert _why(c, a, b) is None


def test_one_finding_at_one_structure_told_twice_still_joins() -> None:
    c = _case(
        "MR HEAD",
        "Findings:\nA hemorrhagic focus is seen in the right cerebellar hemisphere.\n"
        "The hemorrhagic focus in the right cerebellar hemisphere shows no mass effect.",
    )
    a, b = c.mark(0, "hemorrhagic focus"), c.mark(0, "hemorrhagic focus", nth=1)
    assert _why(c, a, b) is None
    assert c.same(a, b)


def test_a_structure_within_the_other_is_no_separation() -> None:
    c = _case(
        "CT ABDOMEN",
        "Findings:\nThere is a cyst in the liver.\nThe cyst lies in segment 7 of the liver.",
    )
    a, b = c.mark(0, "cyst"), c.mark(0, "cyst", nth=1)
    assert _why(c, a, b) is None


def test_a_finding_of_the_conclusion_is_left_to_the_restatement_rules() -> None:
    # the same pair split over findings and conclusion: not this module's to separate
    c = _case(
        "MR HEAD",
        "Findings:\nA hemorrhagic focus is seen in the brainstem on the right.\n\n"
        "Conclusion:\nHemorrhagic focus in the right cerebellar hemisphere.",
    )
    a, b = c.mark(0, "hemorrhagic focus"), c.mark(0, "Hemorrhagic focus")
    assert _why(c, a, b) is None


def test_negatives_are_not_separated_by_their_own_sites() -> None:
    # round 11: two negatives are kept apart only by the places both sentences name
    # (apart_places.py); one naming none stays as it was
    c = _case(
        "MR HEAD",
        "Findings:\nNo hemorrhagic focus in the brainstem.\nNo hemorrhagic focus is seen.",
    )
    a, b = c.mark(0, "hemorrhagic focus"), c.mark(0, "hemorrhagic focus", nth=1)
    assert _why(c, a, b) is None


def test_a_new_lesion_beside_the_known_ones_is_one_more() -> None:
    c = _case(
        "MR HEAD",
        "Findings:\nSeveral chronic microbleeds are seen, unchanged.\n\n"
        "Conclusion:\nA new chronic microbleed in the right basal ganglia.",
    )
    a, b = c.mark(0, "chronic microbleeds"), c.mark(0, "new chronic microbleed")
    assert _why(c, a, b) is not None
    assert not c.same(a, b)


def test_a_new_lesion_restated_as_the_lesion_still_joins() -> None:
    c = _case(
        "MR HEAD",
        "Findings:\nA chronic microbleed is seen in the right basal ganglia.\n\n"
        "Conclusion:\nA new chronic microbleed in the right basal ganglia.",
    )
    a, b = c.mark(0, "chronic microbleed"), c.mark(0, "new chronic microbleed")
    assert _why(c, a, b) is None
    assert c.same(a, b)
