"""Round 10 (wb-anatomy2): a joint lies in its limb region and among the joints (a second
parent, ``Vocabulary.also``), so a meniscal tear restated at the knee is one finding, while two
structures of one knee and two limb regions stay apart."""

from __future__ import annotations

from linker_cases import Case

from radtrack_gui.nlp.linkers.mentions import prepare
from radtrack_gui.nlp.vocabulary import vocabulary

KNEE = "Exam: MR KNEE\n\nFindings:\n"


def _sites(c: Case, *ids: str) -> tuple[str | None, ...]:
    infos = {m.id: m for m in prepare(c.patient, vocabulary(), enrich=True)}
    return tuple(infos[i].site for i in ids)


def test_a_meniscal_tear_restated_at_the_knee_joins() -> None:
    # fails on the round-9 tables: "medial meniscus" (under "knee joint") and "knees" were
    # two unrelated sites ("different site")
    c = Case(
        (0, KNEE + "Tear of the medial meniscus.\n\nImpression:\nMeniscal tear of the knee.\n")
    )
    a, b = c.mark(0, "Tear"), c.mark(0, "tear")
    assert _sites(c, a, b) == ("medial meniscus", "knees")
    assert c.same(a, b)


def test_two_menisci_of_one_knee_stay_apart() -> None:
    c = Case((0, KNEE + "Tear of the medial meniscus. Tear of the lateral meniscus.\n"))
    a, b = c.mark(0, "Tear"), c.mark(0, "Tear", nth=1)
    assert _sites(c, a, b) == ("medial meniscus", "lateral meniscus")
    assert not c.same(a, b)


def test_the_knee_and_the_shoulder_stay_apart_across_reports() -> None:
    c = Case(
        (0, KNEE + "Degenerative changes of the knee.\n"),
        (30, "Exam: MR SHOULDER\n\nFindings:\nDegenerative changes of the shoulder.\n"),
    )
    a, b = c.mark(0, "Degenerative changes"), c.mark(1, "Degenerative changes")
    assert _sites(c, a, b) == ("knees", "shoulders")
    assert not c.same(a, b)


def test_a_meniscal_tear_and_a_knee_tear_a_month_apart_stay_apart() -> None:
    # the restatement joins within one report only: at a follow-up the knee is a vaguer
    # place than the meniscus ("sub-part vs whole"), as for any organ and its part
    c = Case(
        (0, KNEE + "Tear of the medial meniscus.\n"),
        (30, KNEE + "Tear of the knee.\n"),
    )
    a, b = c.mark(0, "Tear"), c.mark(1, "Tear")
    assert _sites(c, a, b) == ("medial meniscus", "knees")
    assert not c.same(a, b)
