"""GUIDELINE 11, round 9 (wb-anatomy; senses.tsv rows appended): narrowing words in a sentence
about vessels named by class or by an aortic branch group (supra-aortic, visceral: mesenteric,
celiac; subclavian, brachiocephalic; angiography) are vascular stenosis, not the airway's.
Wording made up here; each with the counter-example where the usual reading stays."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _concepts(ex: RuleExtractor, text: str, region: str) -> list[str]:
    return [m.concept or "" for m in ex.extract(Report("r", text, region=region))]


@pytest.mark.parametrize(
    "text",
    [
        "Mild stenotic changes of the supra-aortic branches.",
        "No stenosis of the mesenteric vessels.",
        "Short narrowing at the origin of the celiac trunk.",
        "Angiography shows a focal stenosis proximally.",
        "Stenosis of the left subclavian.",
    ],
)
def test_narrowing_in_a_vessel_sentence_is_vascular_stenosis(ex: RuleExtractor, text: str) -> None:
    assert "vascular stenosis" in _concepts(ex, text, "chest")


def test_the_airway_keeps_its_narrowing_without_vessel_words(ex: RuleExtractor) -> None:
    # counter-examples: the trachea and a bronchus keep the airway reading
    assert "vascular stenosis" not in _concepts(ex, "Stenosis of the trachea.", "chest")
    assert "vascular stenosis" not in _concepts(
        ex, "Narrowing of the right main bronchus.", "chest"
    )
