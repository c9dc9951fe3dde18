"""Round 11 (wb-joins): the levels a mention's own words name are its levels
(``levels.place_levels``), not those its clause goes on to list for other findings
(docs/linking-wholebody.md, "Round 11: places, levels and joins"). Sentences written for
these tests."""

from __future__ import annotations

from linker_cases import Case

from radtrack_gui.nlp.linkers.mentions import prepare
from radtrack_gui.nlp.vocabulary import vocabulary

_TEXT = (
    "Exam: MR CERVICAL SPINE\n\nFindings:\nC3-C4: mild spinal canal stenosis.\n\n"
    "Conclusion:\nSevere spinal canal stenosis at C6-C7, together with narrowed C3-C4 foramina."
)


def test_the_level_in_the_mentions_own_words_is_its_level() -> None:
    c = Case((0, _TEXT))
    b = c.mark(0, "spinal canal stenosis at C6-C7")
    info = {i.id: i for i in prepare(c.patient, vocabulary())}[b]
    assert info.ctx is not None and info.ctx.levels == {"c6-7"}


def test_a_stenosis_at_another_level_stays_apart() -> None:
    c = Case((0, _TEXT))
    a = c.mark(0, "mild spinal canal stenosis")
    b = c.mark(0, "spinal canal stenosis at C6-C7")
    assert not c.same(a, b)


def test_without_own_words_the_clause_gives_the_levels() -> None:
    c = Case((0, "Exam: MR LUMBAR SPINE\n\nFindings:\nMild disc bulging is seen at L4-L5."))
    a = c.mark(0, "disc bulging")
    info = {i.id: i for i in prepare(c.patient, vocabulary())}[a]
    assert info.ctx is not None and info.ctx.levels == {"l4-5"}
