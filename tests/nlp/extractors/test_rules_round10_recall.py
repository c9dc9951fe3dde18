"""Round 10 (wb-mentions16): two findings joined by "and" or a comma that end their phrase
are two mentions (a noun after them, a phrase term or a hyphen keeps the modifier reading);
a negated bare "changes" is a generic negative, a comparison is not
(docs/evaluation-mentions.md, "Round 10: CT/MR/NM/XR recall and span boundaries")."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _spans(ex: RuleExtractor, text: str, region: str = "abdomen") -> list[str]:
    return [m.text for m in ex.extract(Report("r", text, region=region))]


@pytest.mark.parametrize(
    ("text", "first", "second"),
    [
        ("The small bowel wall appears thickened and edematous.", "thickened", "edematous"),
        ("The left kidney is enlarged, hyperechoic.", "enlarged", "hyperechoic"),
        ("Fracture of the ulna with displacement and angulation.", "displacement", "angulation"),
    ],
)
def test_the_first_of_two_findings_that_end_their_phrase_is_kept(
    ex: RuleExtractor, text: str, first: str, second: str
) -> None:
    got = _spans(ex, text, "upper limb" if "ulna" in text else "abdomen")
    assert first in got and second in got


@pytest.mark.parametrize(
    ("text", "modifier"),
    [
        # a noun after the list: the words describe it
        ("Dilated and tortuous veins in the left thigh.", "Dilated"),
        # a hyphen joins one compound word
        ("Atelectatic-inflammatory changes in the right base.", "Atelectatic"),
    ],
)
def test_a_modifier_of_a_noun_after_the_list_is_no_mention_of_its_own(
    ex: RuleExtractor, text: str, modifier: str
) -> None:
    assert modifier not in _spans(ex, text)


# -- a negated bare "changes" (negated_changes) -------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "The splenic vessels show no significant morphological changes.",
        "No changes are seen in the soft parts of the orbit.",
        "The survey did not reveal any recent, acute changes.",
    ],
)
def test_a_negated_bare_changes_is_a_generic_negative(ex: RuleExtractor, text: str) -> None:
    got = [(m.text, m.assertion) for m in ex.extract(Report("r", text, region="head"))]
    assert ("changes", "absent") in got


@pytest.mark.parametrize(
    "text",
    [
        # a comparison is a course statement, not a mention
        "No changes compared to the March scans.",
        "There are no changes since the prior study.",
        # a statement about the image
        "No changes in the pulmonary image.",
        # the diagnosis named after it is the mention
        "The ribs show no changes suggestive of a fracture.",
        # another noun between the negation and "changes" ends its reach
        "No calcifications of the wall and changes of the fat.",
    ],
)
def test_a_comparison_or_an_unnegated_changes_is_no_generic_negative(
    ex: RuleExtractor, text: str
) -> None:
    got = [(m.text, m.assertion) for m in ex.extract(Report("r", text, region="head"))]
    assert ("changes", "absent") not in got


def test_a_kind_word_before_negated_changes_keeps_the_kind_reading(ex: RuleExtractor) -> None:
    got = [m.text for m in ex.extract(Report("r", "Adrenals without nodular changes.", "abdomen"))]
    assert "nodular changes" in got and "changes" not in got
