"""GUIDELINE 11, round 11 (wb-senses): "T1"/"T2" beside a signal or weighting word names an MR
sequence, not a thoracic vertebra: no spine in the finding's anatomy, no spine in the
sentence's body regions, no level for the linker. Wording made up here; each with the
counter-example where the vertebra stays."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor
from radtrack_gui.nlp.linkers.levels import levels
from radtrack_gui.nlp.mr_sequences import mr_sequence
from radtrack_gui.nlp.text import word_bounds


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _anatomy(ex: RuleExtractor, text: str, word: str) -> list[str]:
    found = [m for m in ex.extract(Report("r", text)) if word in m.text.lower()]
    assert found, text
    return found[0].anatomy


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Scattered bleeding foci, T2* hypointense, near the thalamus.", "bleeding"),
        ("Two tiny bleeding foci are noted with T2 hypointensity.", "bleeding"),
        ("A small haemorrhage that is dark on T2 and bright on T1.", "haemorrhage"),
    ],
)
def test_a_sequence_name_gives_no_spine(ex: RuleExtractor, text: str, word: str) -> None:
    anatomy = _anatomy(ex, text, word)
    assert "spine" not in anatomy and "t2" not in anatomy and "t1" not in anatomy


def test_a_vertebra_named_alone_stays_a_vertebra(ex: RuleExtractor) -> None:
    # counter-example: no signal word beside it
    assert "t2" in _anatomy(ex, "A compression fracture of T2 is seen.", "fracture")


@pytest.mark.parametrize(
    ("text", "sequence"),
    [
        ("foci T2* hypointense", True),
        ("bright on T1", True),
        ("T2 / FLAIR hyperintense", True),
        ("high T2 signal", True),
        ("fracture of T2 vertebra", False),
        ("at T1 level", False),
    ],
)
def test_the_word_beside_decides(text: str, sequence: bool) -> None:
    toks = word_bounds(text)[2]
    i = next(k for k, t in enumerate(toks) if t in ("t1", "t2"))
    assert mr_sequence(toks, i) is sequence


def test_a_sequence_after_of_is_no_level() -> None:
    assert levels("areas of T2 hyperintensity in the pons") == frozenset()
    assert levels("foci of T2* signal loss") == frozenset()
    assert levels("a fracture of T2 with height loss") == frozenset({"t2"})
