"""Round 8, mentions that pairs need (docs/evaluation-mentions.md "Round 8: mentions that pairs
need, again"): a typographic apostrophe reads as the plain one (same offsets), and an adverb
in -ly between a copula and its predicate does not hide the predicate; each with its
counter-example."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.open_predicates import between, may_predicate
from radtrack_gui.nlp.extractors.rules import RuleExtractor
from radtrack_gui.nlp.text import plain_apostrophes


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _got(ex: RuleExtractor, text: str, region: str = "abdomen") -> list[tuple[str, str]]:
    return [(m.text, m.concept or "") for m in ex.extract(Report("r", text, region=region))]


# -- typographic apostrophes ---------------------------------------------------------------


def test_plain_apostrophes_keeps_length_and_other_characters() -> None:
    text = "Crohn\u2019s \u2018disease\u2019 and Waldeyer\u02bcs ring \u201cquoted\u201d"
    out = plain_apostrophes(text)
    assert len(out) == len(text)
    assert out == "Crohn's 'disease' and Waldeyer's ring \u201cquoted\u201d"
    plain = "Crohn's disease"
    assert plain_apostrophes(plain) is plain  # nothing to change: the same object


@pytest.mark.parametrize(
    "text",
    ["Crohn\u2019s disease in an active phase.", "Crohn\u02bcs disease in an active phase."],
)
def test_an_eponym_with_a_typographic_apostrophe_is_its_term(ex: RuleExtractor, text: str) -> None:
    got = _got(ex, text)
    # the mention's text is the report's own (offsets unchanged), its concept the term's
    assert got == [(text[: text.index(" in")], "crohn disease")]
    assert got == [(t.replace("'", text[5]), c) for t, c in _got(ex, text.replace(text[5], "'"))]


def test_a_typographic_apostrophe_keeps_offsets_of_later_mentions(ex: RuleExtractor) -> None:
    text = "History of Crohn\u2019s disease. Small pleural effusion on the right."
    report = Report("r", text, region="chest")
    ms = ex.extract(report)
    assert [text[m.start : m.end] for m in ms] == [m.text for m in ms]
    assert "Crohn\u2019s disease" in [m.text for m in ms]
    assert any(m.text.endswith("effusion") for m in ms)


def test_a_quoted_word_is_no_possessive(ex: RuleExtractor) -> None:
    # an opening/closing quotation mark around a word stays outside it ("'kidney'")
    got = _got(ex, "The \u2018kidney\u2019 is normal.")
    assert [t for t, _ in got] == ["normal"]


# -- adverbs in -ly between a copula and its predicate -------------------------------------


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("The left posterior cerebral artery is concentrically stenosed.", "stenosed"),
        ("The globe is medially rotated.", "rotated"),
        ("The right kidney is anteriorly displaced.", "displaced"),
    ],
)
def test_a_predicate_after_an_ly_adverb_is_a_mention(
    ex: RuleExtractor, text: str, word: str
) -> None:
    assert word in [t for t, _ in _got(ex, text, "head")]


@pytest.mark.parametrize(
    "text",
    [
        "The kidneys are normally positioned.",
        "The ventricles are symmetrically distended.",
        "The uterus is normally anteverted.",
    ],
)
def test_a_normal_manner_adverb_reads_no_open_predicate(ex: RuleExtractor, text: str) -> None:
    words = text.rstrip(".").split()
    assert not any(c == words[-1] for _, c in _got(ex, text))


def test_between_words() -> None:
    assert between("medially") and between("concentrically") and between("slightly")
    assert not between("normally") and not between("symmetrically")
    assert not between("only") and not between("early")  # short: no adverb of manner
    assert not between("rotated") and not between("jelly-like")
    assert may_predicate(["the", "globe", "is", "medially", "rotated"])
    assert not may_predicate(["the", "globe", "is", "normally", "rotated"])


# -- a finding that needs a structure, said of one the tables lack (unlisted_sites) --------


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("The largest of the diverticula shows wall thickening.", "wall thickening"),
        ("Some fluid is present in the rectovesical pouch.", "fluid"),
        ("Thickening of the spring and talonavicular ligaments.", "Thickening"),
        ("Slight thickening of the subcoracoid/subscapular bursa.", "thickening"),
        ("There is dilation of the peripheral portal branches.", "dilation"),
    ],
)
def test_a_structure_named_by_its_phrase_keeps_the_finding(
    ex: RuleExtractor, text: str, span: str
) -> None:
    assert span in [t for t, _ in _got(ex, text)]


@pytest.mark.parametrize(
    "text",
    [
        "Thickening of the report.",
        "Fluid is present in the morning.",
        "Thickening of the medial and lateral aspects.",
        "Fluid is present.",
    ],
)
def test_a_phrase_naming_no_structure_keeps_nothing(ex: RuleExtractor, text: str) -> None:
    assert _got(ex, text) == []


def test_joined_site_phrase() -> None:
    from radtrack_gui.nlp.extractors.unlisted_sites import joined_site_phrase
    from radtrack_gui.nlp.vocabulary import vocabulary

    v = vocabulary()
    assert joined_site_phrase(v, ["of", "the", "deltoid", "and", "talonavicular", "ligaments"], 0)
    assert joined_site_phrase(v, ["in", "the", "subacromial", "/", "subdeltoid", "bursa"], 0)
    # the first phrase only: a preposition ends it, and it must open at k
    assert not joined_site_phrase(v, ["of", "the", "study", "in", "the", "bursa"], 0)
    assert not joined_site_phrase(v, ["the", "bursa"], 0)


# -- "changes" named by the word before them (open_changes) --------------------------------


@pytest.mark.parametrize(
    ("text", "span", "region"),
    [
        ("Polypoid changes in the left frontal sinus.", "Polypoid changes", "head"),
        ("Thyroid changes, recommend correlation with ultrasound.", "Thyroid changes", "neck"),
        ("This change will be biopsied under ultrasound.", "This change", "breast"),
        ("Similar changes are seen at the L4 body too.", "Similar changes", "spine"),
        ("A wall-related change at the gallbladder fundus.", "wall-related change", "abdomen"),
        ("No structural changes in the sacroiliac joints.", "structural changes", "pelvis"),
    ],
)
def test_changes_named_by_the_word_before_them(
    ex: RuleExtractor, text: str, span: str, region: str
) -> None:
    assert span in [t for t, _ in _got(ex, text, region)]


@pytest.mark.parametrize(
    "text",
    [
        "No significant interval change.",
        "No morphological changes compared to the prior study.",
        "No dimensional changes.",
        "Vascular changes since the last exam.",
        "The lesion shows this change.",  # an anaphor that opens no clause
        "There are changes.",  # nothing names them
    ],
)
def test_changes_of_course_or_unnamed_are_none(ex: RuleExtractor, text: str) -> None:
    # (other readings may still read "<kind> change" as their own open concept: not this one)
    assert not any("change" in t.lower() and c.endswith("abnormality") for t, c in _got(ex, text))


def test_a_table_term_keeps_its_reading_of_changes(ex: RuleExtractor) -> None:
    assert ("Degenerative changes", "degenerative changes") in _got(
        ex, "Degenerative changes of the spine.", "spine"
    )


def test_described_changes_reading() -> None:
    from radtrack_gui.nlp.extractors.open_changes import described_changes

    toks = ["polypoid", "changes", "and", "this", "change"]
    assert described_changes(toks, set(), set(), set()) == [(0, 2)]  # "this" opens no clause
    assert described_changes(toks, {0}, set(), set()) == []  # a table term holds the word
    toks = ["thyroid", "changes"]
    assert described_changes(toks, set(), {0}, set()) == [(0, 2)]
    assert described_changes(["interval", "changes"], set(), set(), set()) == []
