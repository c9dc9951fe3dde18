"""Round 6b (wb-anatomy): a normal statement about two structures that share their head noun
("The anterior and posterior cruciate ligaments are intact") is about both, not about the
last one the anatomy table now names (``sites.elliptic_conjuncts``)."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor
from radtrack_gui.nlp.extractors.sites import elliptic_conjuncts
from radtrack_gui.nlp.vocabulary import vocabulary


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _concepts(ex: RuleExtractor, text: str, region: str = "lower extremities") -> list[str]:
    return [m.concept or "" for m in ex.extract(Report("r", text, region=region))]


def test_a_normal_statement_about_two_structures_with_one_head_is_about_both(
    ex: RuleExtractor,
) -> None:
    got = _concepts(ex, "The medial and lateral menisci are intact.")
    assert got == ["normal medial and lateral menisci"]
    got = _concepts(ex, "The medial and lateral collateral ligaments are intact.")
    assert got == ["normal medial and lateral collateral ligaments"]


def test_one_structure_or_a_side_pair_keeps_its_table_structure(ex: RuleExtractor) -> None:
    # counter-examples: one structure named alone, and sides joined ("left and right") are
    # the sides' reading
    assert _concepts(ex, "The lateral meniscus is intact.") == ["normal lateral meniscus"]
    v = vocabulary()
    toks = ["The", "left", "and", "right", "kidneys", "are", "normal", "."]
    anat = {3: (5, v.anatomy_of("right kidney") or "", "right")}
    assert elliptic_conjuncts(v, toks, anat) == set()
    # two structures that do not share the head ("liver and spleen") are no ellipsis
    toks = ["The", "liver", "and", "right", "kidney", "are", "normal", "."]
    anat = {1: (2, "liver", ""), 3: (5, "right kidney", "right")}
    assert elliptic_conjuncts(v, toks, anat) == set()
    toks = ["The", "anterior", "and", "posterior", "cruciate", "ligaments", "are", "intact", "."]
    anat = {3: (6, "posterior cruciate ligament", "")}
    assert elliptic_conjuncts(v, toks, anat) == {3}
