"""Round 10 (wb-apart2): a body region named by a mention's own clause places it
(``linkers/apart_sites.py``), so the same words at two regions neither within the other are
two findings, while one place told by a region and by its part is still one
(docs/linking-wholebody.md, "Round 10: places kept apart"). Sentences written for these tests."""

from __future__ import annotations

from linker_cases import Case

from radtrack_gui.nlp.linkers.apart_sites import by_region, placed_by_region, region_restated
from radtrack_gui.nlp.linkers.features import conflict
from radtrack_gui.nlp.linkers.mentions import prepare
from radtrack_gui.nlp.linkers.places import named_regions
from radtrack_gui.nlp.vocabulary import vocabulary


def _pair(exam: str, text: str, words: str, nth: int = 1) -> tuple[Case, str, str]:
    c = Case((0, f"Exam: {exam}\n\n{text}"))
    return c, c.mark(0, words), c.mark(0, words, nth=nth)


def _infos(c: Case):  # type: ignore[no-untyped-def]
    return {i.id: i for i in prepare(c.patient, vocabulary())}


def test_the_probe_two_regions_are_two_findings() -> None:
    # joined on the base (one chain: same concept, same text, same report)
    c, a, b = _pair(
        "XR",
        "Findings: Osteoarthritis of the knee. Osteoarthritis of the shoulder.",
        "Osteoarthritis",
    )
    infos = _infos(c)
    assert conflict(infos[a], infos[b]) is not None
    assert not c.same(a, b)


def test_a_region_restated_by_its_joint_still_joins() -> None:
    # the shoulder and its glenohumeral joint: one place at two grains (the DAG's part-of)
    c, a, b = _pair(
        "XR SHOULDER",
        "Findings: Osteoarthritis of the shoulder. Osteoarthritis of the glenohumeral joint.",
        "Osteoarthritis",
    )
    infos = _infos(c)
    assert region_restated(infos[a], infos[b], vocabulary())
    assert c.same(a, b)


def test_one_region_told_twice_still_joins() -> None:
    c, a, b = _pair(
        "XR",
        "Findings: Osteoarthritis of the shoulder.\n\nConclusion: Osteoarthritis of the shoulder.",
        "Osteoarthritis",
    )
    assert c.same(a, b)


def test_the_region_placed_is_the_clauses_own() -> None:
    v = vocabulary()
    c, _, b = _pair(
        "XR",
        "Findings: Osteoarthritis of the knee. Osteoarthritis of the shoulder.",
        "Osteoarthritis",
    )
    infos = _infos(c)
    assert infos[b].site == "shoulders" and by_region(infos[b], v)
    assert "shoulders" in named_regions(v, "osteoarthritis of the shoulder")
    # a region the clause names that is not the mention's own site places nothing
    assert not placed_by_region(infos[b], ["abdomen"], v)
    # regions only: structures are named_structures' business
    assert named_regions(v, "cyst in the liver") == []


def test_two_regions_in_one_sentence_are_not_this_rule() -> None:
    # one sentence: left to the other rules (no restatement join made here)
    c = Case(
        (
            0,
            "Exam: XR\n\nFindings: Osteoarthritis of the shoulder and osteoarthritis of the "
            "glenohumeral joint.",
        )
    )
    a, b = c.mark(0, "Osteoarthritis"), c.mark(0, "osteoarthritis")
    infos = _infos(c)
    assert not region_restated(infos[a], infos[b], vocabulary())
