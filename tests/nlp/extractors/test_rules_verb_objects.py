"""A structure a finding acts on is not its site: the object of a mass-effect verb
("compressing", "displacing", passive "compressed by") is another structure; a verb that
puts the finding in its structure ("invading") keeps it. Sentences are our own."""

from __future__ import annotations

import pytest
from rules_cases import one_mention

from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


@pytest.mark.parametrize(
    ("text", "word", "other"),
    [
        ("A large mass compressing the duodenum.", "mass", "duodenum"),
        ("The duodenum is compressed by a large mass.", "mass", "duodenum"),
        ("A cystic lesion displacing the left kidney anteriorly.", "cystic lesion", "left kidney"),
    ],
)
def test_a_verbs_object_is_not_the_site(
    ex: RuleExtractor, text: str, word: str, other: str
) -> None:
    m = one_mention(ex, text, word, "abdomen")
    assert other not in m.anatomy
    assert m.concept != "renal cyst"


@pytest.mark.parametrize(
    ("text", "word", "site"),
    [
        ("A mass invading the duodenum.", "mass", "duodenum"),
        ("A mass in the pancreas compressing the duodenum.", "mass", "pancreas"),
    ],
)
def test_the_findings_own_place_stays(ex: RuleExtractor, text: str, word: str, site: str) -> None:
    m = one_mention(ex, text, word, "abdomen")
    assert m.anatomy[0] == site
