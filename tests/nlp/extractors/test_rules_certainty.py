"""Rule extractor: the certainty scale of hedges, alternatives and hypothetical context
(categories found by error analysis on the IU development half)."""

from __future__ import annotations

import pytest
from rules_cases import sentence_table

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _got(ex: RuleExtractor, text: str) -> dict[str, tuple[str, str | None]]:
    return {m.text.lower(): (m.assertion, m.concept) for m in ex.extract(Report("r", text))}


CERTAINTY = sentence_table("rules_certainty")  # text, term, the assertion it must get


@pytest.mark.parametrize(
    ("text", "term", "assertion"),
    [(r["text"], r["term"], r["assertion"]) for r in CERTAINTY],
    ids=[f"{r['assertion']}:{r['term']}" for r in CERTAINTY],
)
def test_certainty_of_hedges_and_committed_readings(
    ex: RuleExtractor, text: str, term: str, assertion: str
) -> None:
    assert _got(ex, text)[term][0] == assertion


def test_the_table_holds_both_readings() -> None:
    assert {r["assertion"] for r in CERTAINTY} == {"possible", "present"}


def test_alternative_after_versus_stays_possible(ex: RuleExtractor) -> None:
    got = _got(ex, "Left basilar atelectasis versus scarring.")
    assert got["scarring"][0] == "possible"


def test_rather_than_negates(ex: RuleExtractor) -> None:
    got = _got(ex, "This represents degenerative spurring rather than metastasis.")
    assert got["metastasis"][0] == "absent"


def test_not_well_seen_negates(ex: RuleExtractor) -> None:
    got = _got(ex, "The nodule described before is not well-seen on this film.")
    assert got["nodule"][0] == "absent"


def test_malignancy_is_not_a_mass(ex: RuleExtractor) -> None:
    got = _got(ex, "History of thyroid cancer. Right upper lobe mass.")
    assert got["cancer"][1] == "malignancy"
    assert got["mass"][1] == "mass"


def test_volume_loss_is_not_refined_to_atelectasis(ex: RuleExtractor) -> None:
    got = _got(ex, "Mild left-sided volume loss. Left basilar atelectasis.")
    assert got["volume loss"][1] != "atelectasis"
    assert got["atelectasis"][1] == "atelectasis"


def test_large_heart_phrases_are_cardiomegaly(ex: RuleExtractor) -> None:
    assert _got(ex, "The heart is large.")["heart is large"] == ("present", "cardiomegaly")
    assert _got(ex, "Borderline heart size.")["borderline heart size"][1] == "cardiomegaly"


def test_post_negation_reaches_back_over_a_coordination(ex: RuleExtractor) -> None:
    got = _got(
        ex,
        "Consolidation, atelectasis, and costophrenic blunting on the right side "
        "have cleared in the interval.",
    )
    assert {k: v[0] for k, v in got.items()} == {
        "consolidation": "absent",
        "atelectasis": "absent",
        "costophrenic blunting": "absent",
    }


def test_pre_negation_reaches_forward_over_a_long_list(ex: RuleExtractor) -> None:
    got = _got(
        ex,
        "No evidence of lobar airspace consolidation, sizable pleural effusion, "
        "pneumothorax, displaced rib fracture, or moderate pulmonary edema.",
    )
    assert {v[0] for v in got.values()} == {"absent"} and "pulmonary edema" in got


def test_coordination_stops_at_a_clause(ex: RuleExtractor) -> None:
    # counter-example: the list ends at "there is"; the effusion after it is present
    got = _got(ex, "Consolidation has cleared, and there is a small pleural effusion.")
    assert got["consolidation"][0] == "absent"
    assert got["pleural effusion"][0] == "present"


def test_pleural_air_is_pneumothorax(ex: RuleExtractor) -> None:
    got = _got(ex, "Thin apical right pleural air collection.")
    assert got["pleural air collection"][1] == "pneumothorax"


def test_there_may_be_is_a_hedge(ex: RuleExtractor) -> None:
    assert (
        _got(ex, "There may be a small left pleural effusion.")["pleural effusion"][0] == "possible"
    )
    assert (
        _got(ex, "There may also be trace bilateral pleural effusion.")["pleural effusion"][0]
        == "possible"
    )


def test_a_cue_works_before_and_after(ex: RuleExtractor) -> None:
    assert _got(ex, "Suspected small left lower lobe pneumonia.")["pneumonia"][0] == "possible"
    assert (
        _got(ex, "Small bilateral pleural effusions suspected.")["pleural effusions"][0]
        == "possible"
    )
    assert _got(ex, "Pneumonia ruled out.")["pneumonia"][0] == "absent"


def test_a_course_word_after_a_new_clause_does_not_undo_a_negation(ex: RuleExtractor) -> None:
    got = _got(ex, "There are no sizable pleural effusions No evidence of a displaced fracture.")
    assert got["pleural effusions"][0] == "absent"
    # counter-example: a course word right after the mention still means it is there
    assert _got(ex, "No change in the small effusion, unchanged.")["effusion"][0] == "present"
