"""A finding does not take the structure its sentence opens with when the sentence says the
finding acts on it ("The stomach is displaced by a mass": the stomach is another structure,
verb_objects). Sentences are our own."""

from __future__ import annotations

from linker_cases import Case

from radtrack_gui.nlp.linkers.mentions import prepare


def _site(text: str, words: str) -> str | None:
    c = Case((0, f"Exam: CT ABDOMEN\n\nFINDINGS: {text}"))
    mid = c.mark(0, words)
    return next(i.site for i in prepare(c.patient) if i.id == mid)


def test_a_structure_acted_on_is_not_the_subject_site() -> None:
    assert _site("The stomach is displaced by a large mass.", "mass") != "stomach"
    assert _site("The duodenum is compressed by a rounded lesion.", "lesion") != "duodenum"


def test_the_subject_site_stays_without_such_a_verb() -> None:
    assert _site("The liver is enlarged, without focal changes.", "focal changes") == "liver"
