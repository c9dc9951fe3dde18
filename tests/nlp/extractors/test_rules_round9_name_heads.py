"""Round 9 diagnosis names (docs/vocabulary.md "Round 9: diagnosis names from RadLex"): a
noun phrase headed by "disease" or "syndrome" (the most frequent heads of RadLex's multiword
clinical-finding names no table holds alone) is a finding, with the kind word before it; and
the things RadLex files under "imaging observation > enhancement" are found by the table.
Words are made up where the reading must not depend on a table."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.open_disorders import DISORDER_NOUNS, NAME_HEADS
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _got(ex: RuleExtractor, text: str, region: str = "abdomen") -> list[tuple[str, str]]:
    return [(m.text, m.assertion) for m in ex.extract(Report("r", text, region=region))]


def test_the_name_heads_are_read_like_disorder_nouns() -> None:
    assert NAME_HEADS <= DISORDER_NOUNS
    assert {"disease", "syndrome"} <= NAME_HEADS


@pytest.mark.parametrize(
    ("text", "span"),
    [
        (
            "Findings suggestive of florbite deposition disease adjacent to the bone.",
            "deposition disease",
        ),
        ("The findings are compatible with active disease.", "active disease"),
        ("Moderate glarpic syndrome.", "glarpic syndrome"),
        # a structure before the head stays out of the span: the head alone
        ("Echotexture typical of steatotic liver diseases.", "diseases"),
    ],
)
def test_a_disease_or_syndrome_name_is_a_finding(ex: RuleExtractor, text: str, span: str) -> None:
    assert span in [t for t, _ in _got(ex, text)]


def test_a_negated_name_is_an_absent_finding(ex: RuleExtractor) -> None:
    # the "evidence of" frame takes the head first (its span is the head alone)
    got = _got(ex, "No evidence of glarpic syndrome.")
    assert [a for t, a in got if t.endswith("syndrome")] == ["absent"]
    got = _got(ex, "There is no glarpic syndrome.")
    assert [a for t, a in got if t.endswith("syndrome")] == ["absent"]


@pytest.mark.parametrize(
    ("text", "table_term"),
    [
        # a table term in the two words before names it already: no second mention
        ("Neither a focal lesion nor a mass syndrome is seen.", "mass"),
        ("The conus is intact, without tumor syndrome.", "tumor"),
    ],
)
def test_a_name_holding_a_table_term_gets_no_second_mention(
    ex: RuleExtractor, text: str, table_term: str
) -> None:
    spans = [t for t, _ in _got(ex, text)]
    assert any(table_term in t for t in spans)
    assert "syndrome" not in spans


def test_a_name_in_the_reason_for_the_exam_is_a_question_not_a_finding(ex: RuleExtractor) -> None:
    got = _got(ex, "Indication: known glarpic syndrome.\n\nFindings: the liver is normal.")
    assert not [t for t, _ in got if "syndrome" in t]


def test_things_radlex_files_under_enhancement_are_found(ex: RuleExtractor) -> None:
    got = [t for t, _ in _got(ex, "Subpleural reticulations with basal bronchiectasis.", "chest")]
    assert any("reticulation" in t for t in got)
    got = [t for t, _ in _got(ex, "A pseudolesion at the falciform ligament.")]
    assert any("pseudolesion" in t for t in got)
    # counter-example: a destruction pattern's adjective is a descriptor, no mention alone
    got = [t for t, _ in _got(ex, "A geographic lytic lesion of the femur.", "lower limb")]
    assert "geographic" not in got
