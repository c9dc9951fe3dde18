"""Rule extractor: sides and sites that real report language names for something else than the
mention (a comparison, another item of a list), the side inside a given span, lists of
numbered segments. Each rule with a counter-example that must keep its place."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import DEVICE, FINDING, Mention, Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor
from radtrack_gui.nlp.linkers.levels import levels
from radtrack_gui.nlp.phrases import compared, in_other_item, list_items


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _found(ex: RuleExtractor, text: str, region: str = "chest") -> dict[str, list[Mention]]:
    out: dict[str, list[Mention]] = {}
    for m in ex.extract(Report(id="r", text=text, region=region)):
        out.setdefault(m.text.lower(), []).append(m)
    return out


@pytest.mark.parametrize(
    "text",
    [
        "Atelectasis is increased compared to the left.",
        "Opacity at the base is larger than on the left.",
        "Patchy opacity is slightly larger relative to the left.",
    ],
)
def test_a_side_named_only_as_what_is_compared_is_not_the_findings(
    ex: RuleExtractor, text: str
) -> None:
    (m,) = next(ms for word, ms in _found(ex, text).items() if word in ("atelectasis", "opacity"))
    assert m.laterality is None
    assert not any(a.startswith("left") for a in m.anatomy)


def test_a_side_in_the_compared_mentions_own_phrase_stays(ex: RuleExtractor) -> None:
    # "than the left effusion": the left is the second effusion's own side
    found = _found(ex, "The right effusion is larger than the left effusion.")
    assert [m.laterality for m in found["effusion"]] == ["right", "left"]
    # and two sides compared with each other name both of one finding, not the first alone
    (m,) = _found(ex, "Interstitial markings in the bases, left worse than right.")[
        "interstitial markings"
    ]
    assert m.laterality is None


def test_a_comparison_phrase_is_read_before_the_word() -> None:
    text = "larger than on the left; left effusion"
    assert compared(text, 0, text.index("left"))
    assert not compared(text, 0, text.rindex("left"))


def test_a_site_of_another_list_item_is_not_the_findings(ex: RuleExtractor) -> None:
    found = _found(ex, "Right upper lobe nodule, cardiomegaly, and atelectasis.")
    (nodule,), (atelectasis,) = found["nodule"], found["atelectasis"]
    assert nodule.anatomy[0] == "right upper lobe" and nodule.laterality == "right"
    assert "right upper lobe" not in atelectasis.anatomy and atelectasis.laterality is None
    # counter-example: the structure in the finding's own item stays its site
    (own,) = _found(ex, "Cardiomegaly, small effusions, and right upper lobe atelectasis.")[
        "atelectasis"
    ]
    assert own.anatomy[0] == "right upper lobe" and own.laterality == "right"


@pytest.mark.parametrize(
    ("text", "word", "site"),
    [
        # joined by "and" alone, two findings may share their modifiers
        (
            "Dense right upper lobe consolidation and atelectasis, likely pneumonia.",
            "atelectasis",
            "right upper lobe",
        ),
        # "and/or": alternatives, readings of one thing
        (
            "Hazy left basilar opacity, consolidation and/or aspiration.",
            "consolidation",
            "left lower lobe",
        ),
    ],
)
def test_findings_that_share_a_site_keep_it(
    ex: RuleExtractor, text: str, word: str, site: str
) -> None:
    (m,) = _found(ex, text)[word]
    assert m.anatomy[0] == site


def test_a_clause_is_no_list_of_findings() -> None:
    listed = "Right upper lobe nodule, cardiomegaly, and atelectasis."
    items = list_items(listed)
    assert in_other_item(listed, items, listed.index("atelect"), listed.index("Right"))
    clause = "Opacity in the right upper lobe, likely atelectasis, and small effusions."
    items = list_items(clause)  # "in", "likely": a clause reads its site across the commas
    assert not in_other_item(clause, items, clause.index("atelect"), clause.index("right"))
    assert list_items("Nodule and atelectasis.") == []  # no comma: no list


@pytest.mark.parametrize(
    ("text", "words", "kind", "side"),
    [
        ("The right central line ends in the SVC.", "right central line", DEVICE, "right"),
        ("Small left effusion and right pneumothorax.", "left effusion", FINDING, "left"),
        ("Right central line and left effusion.", "left effusion", FINDING, "left"),
        ("Right central line and left effusion.", "Right central line", DEVICE, "right"),
    ],
)
def test_annotate_takes_the_side_inside_the_given_span(
    ex: RuleExtractor, text: str, words: str, kind: str, side: str
) -> None:
    start = text.index(words)
    (m,) = ex.annotate(
        Report(id="r", text=text, region="chest"), [(start, start + len(words), kind)]
    )
    assert (m.start, m.end) == (start, start + len(words))
    assert m.laterality == side


def test_annotate_without_a_side_in_the_span_keeps_the_phrase_rules(ex: RuleExtractor) -> None:
    text = "Right central line and effusion on the left."
    start = text.index("effusion")
    (m,) = ex.annotate(Report(id="r", text=text, region="chest"), [(start, start + 8, FINDING)])
    assert m.laterality == "left"  # the side phrase after it, not the line's side


def test_each_listed_segment_is_a_level() -> None:
    assert levels("lesion in segments 6 and 7") == {"segment6", "segment7"}
    assert levels("cysts in segments 2, 3, and 4a") == {"segment2", "segment3", "segment4a"}
    assert levels("cyst in segment VI or VII") == {"segment6", "segment7"}
    assert levels("lesion in segment 6 and 7 mm cyst") == {"segment6"}  # a size, not a segment
    assert levels("lesion in segment 8") == {"segment8"}


def test_a_list_of_segments_is_the_structure_holding_them(ex: RuleExtractor) -> None:
    (m,) = _found(ex, "There is a hypodense lesion in segments 6 and 7.", "abdomen")["lesion"]
    assert m.concept == "liver lesion" and m.anatomy[0] == "right hepatic lobe"
    (m,) = _found(ex, "Hypodense lesion in segments 3 and 4.", "abdomen")["lesion"]
    assert m.anatomy[0] == "left hepatic lobe"
    # counter-example: a size after the first segment lists nothing
    (m,) = _found(ex, "Hypodense lesion in segment 6 and 7 mm cyst.", "abdomen")["lesion"]
    assert m.anatomy[0] == "hepatic segment 6"
