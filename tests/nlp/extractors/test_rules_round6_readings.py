"""Round 6 assertion cues (wb-signs4, docs/linking-wholebody.md "Round 6: signs, synonyms and
negatives, fresh data"): a reading after a comma opens a new, hedged clause that a negation
before it does not reach; "is negative for X" negates X; "is no longer visible" negates what
it follows. Each with counter-examples (wording made up, not from any corpus)."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _got(ex: RuleExtractor, text: str, region: str) -> list[tuple[str, str]]:
    return [(m.text, m.assertion) for m in ex.extract(Report("r", text, region=region))]


@pytest.mark.parametrize(
    ("text", "region", "span", "assertion"),
    [
        (
            "Diffuse marrow infiltration of the spine without pathological fracture, "
            "suspicious for metastases.",
            "spine",
            "metastases",
            "possible",
        ),
        (
            "Hypodense area in the liver without enhancement, consistent with a cyst.",
            "abdomen",
            "cyst",
            "present",  # "consistent with" is no hedge; what counts: not negated
        ),
        # counter-examples: the negated members themselves stay negative, and a reading
        # with no comma before it stays inside the negation ("no X to suggest Y")
        (
            "Diffuse marrow infiltration of the spine without pathological fracture, "
            "suspicious for metastases.",
            "spine",
            "fracture",
            "absent",
        ),
        ("No focal opacity to suggest pneumonia.", "chest", "pneumonia", "absent"),
    ],
)
def test_a_reading_after_a_comma_opens_its_own_clause(
    ex: RuleExtractor, text: str, region: str, span: str, assertion: str
) -> None:
    assert (span, assertion) in _got(ex, text, region)


@pytest.mark.parametrize(
    ("text", "region", "span", "assertion"),
    [
        ("The examination is negative for sacroiliitis.", "pelvis", "sacroiliitis", "absent"),
        ("The study was negative for pulmonary embolism.", "chest", "pulmonary embolism", "absent"),
        ("The previously seen effusion is no longer visible.", "chest", "effusion", "absent"),
        # counter-examples: "negative" of a test, not of the finding after it; a finding
        # that is still visible
        ("The test is negative. Small pleural effusion.", "chest", "pleural effusion", "present"),
        ("The effusion is still visible.", "chest", "effusion", "present"),
    ],
)
def test_negative_for_and_no_longer_visible_negate(
    ex: RuleExtractor, text: str, region: str, span: str, assertion: str
) -> None:
    assert (span, assertion) in _got(ex, text, region)


# -- senses by body part (GUIDELINE 11) ----------------------------------------------------
def _where(ex: RuleExtractor, text: str, region: str, span: str) -> tuple[str | None, list[str]]:
    m = next(m for m in ex.extract(Report("r", text, region=region)) if m.text == span)
    return m.concept, m.anatomy


def test_the_renal_sinus_is_the_kidney_not_a_paranasal_sinus(ex: RuleExtractor) -> None:
    _, anatomy = _where(
        ex, "The renal sinus appears echogenic, with no stones.", "abdomen", "stones"
    )
    assert "kidneys" in anatomy and "paranasal sinuses" not in anatomy
    # counter-example: a sinus of the head stays one
    _, anatomy = _where(
        ex, "Mucosal thickening in the maxillary sinus.", "head", "Mucosal thickening"
    )
    assert "paranasal sinuses" in anatomy


def test_a_venous_shunt_is_a_vessel_not_a_device(ex: RuleExtractor) -> None:
    found = ex.extract(
        Report("r", "Intrahepatic venous shunts with collateral veins.", region="abdomen")
    )
    shunt = next(m for m in found if m.text.lower().startswith("shunt"))
    assert shunt.type == "finding" and shunt.concept == "collateral"
    # counter-example: a ventriculoperitoneal shunt is a device
    found = ex.extract(Report("r", "VP shunt in place.", region="head"))
    assert any(m.type == "device" and m.concept == "shunt catheter" for m in found)


def test_a_nodule_without_a_site_takes_the_exam_region(ex: RuleExtractor) -> None:
    _, anatomy = _where(ex, "Multiple hypervascular nodules.", "abdomen", "nodules")
    assert "lungs" not in anatomy
    # counter-example: in a chest exam a nodule is the lung's
    _, anatomy = _where(ex, "Multiple small nodules.", "chest", "nodules")
    assert "lungs" in anatomy


def test_tuberculosis_takes_the_site_named_with_it(ex: RuleExtractor) -> None:
    _, anatomy = _where(
        ex, "Tuberculous changes in the right kidney.", "abdomen", "Tuberculous changes"
    )
    assert "right kidney" in anatomy and "lungs" not in anatomy
    # counter-example: in a chest exam, named nowhere else, it is the lung's
    _, anatomy = _where(ex, "Reactivation tuberculosis.", "chest", "Reactivation tuberculosis")
    assert "lungs" in anatomy
