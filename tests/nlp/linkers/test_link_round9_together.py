"""Round 9 (wb-splits): findings the guideline joins although no vocabulary relation joins
their words (``linkers/together.py``), measured over every whole-body dev pair file at once
(docs/linking-wholebody.md, "Round 9: findings joined (false splits)").

- ``concluded_reading``: the conclusion's sentence restates the findings' finding by its head
  word, then reads it as its diagnosis: the two are one finding (GUIDELINE 9);
- ``findings_read_in_conclusion``: the conclusion reads "the findings" as a diagnosis, and
  the findings describe a sign at its place: one finding;
- ``site_given_once``: one concept in the findings and the conclusion, one site read from
  beyond its clause, the other given in its own words: one place told once.

Every join below is kept apart without together.py (the conflict named in each test); each
rule has a counter-example of the same kind that must stay apart. Sentences are written for
these tests."""

from __future__ import annotations

from linker_cases import Case

from radtrack_gui.nlp.linkers.features import conflict
from radtrack_gui.nlp.linkers.mentions import prepare
from radtrack_gui.nlp.linkers.together import (
    FINDINGS_READ,
    RESTATED_READING,
    SITE_GIVEN_ONCE,
    joined,
    restated_words,
)
from radtrack_gui.nlp.vocabulary import vocabulary


def _case(exam: str, text: str) -> Case:
    return Case((0, f"Exam: {exam}\n\n{text}"))


def _joined(c: Case, a: str, b: str) -> str:
    infos = {i.id: i for i in prepare(c.patient, vocabulary())}
    return joined(infos[a], infos[b], vocabulary())


def _conflict(c: Case, a: str, b: str) -> str | None:
    infos = {i.id: i for i in prepare(c.patient, vocabulary())}
    return conflict(infos[a], infos[b], vocabulary())


HILUM = (
    "Findings:\nAn irregular soft tissue mass lies in the left lower lobe, 42 x 30 mm.\n\n"
    "Impression:\nIrregular mass of the left lower lobe, most in keeping with primary "
    "bronchogenic carcinoma."
)


def test_the_conclusion_restating_the_findings_mass_reads_it_as_its_diagnosis() -> None:
    # without together.py: "different site 'soft tissues' vs 'left lower lobe'"
    c = _case("CT CHEST", HILUM)
    a, b = c.mark(0, "soft tissue mass"), c.mark(0, "bronchogenic carcinoma")
    assert _joined(c, a, b) == RESTATED_READING
    assert _conflict(c, a, b) is None
    assert c.same(a, b)


def test_a_generic_observation_restated_and_read_is_one_finding() -> None:
    # without together.py: "different concepts 'abnormality' vs 'malignancy'"
    c = _case(
        "MR PELVIS",
        "Findings:\nA signal anomaly involves the right sacral ala.\n\n"
        "Conclusion:\nMRI shows a signal anomaly of the right sacral ala, in keeping with a "
        "bone metastasis.",
    )
    a, b = c.mark(0, "signal anomaly"), c.mark(0, "bone metastasis")
    assert _joined(c, a, b) == RESTATED_READING
    assert c.same(a, b)


def test_the_restated_words_are_those_before_the_reading() -> None:
    c = _case("CT CHEST", HILUM)
    b = c.mark(0, "bronchogenic carcinoma")
    info = next(i for i in prepare(c.patient, vocabulary()) if i.id == b)
    words = restated_words(info)
    assert {"irregular", "mass", "lobe"} <= words
    assert "carcinoma" not in words  # the reading itself is not restated


def test_a_diagnosis_restated_and_read_as_another_stays_two() -> None:
    # the same construction, but the findings' finding is a diagnosis, not a look:
    # "L1 fracture, suspicious for a metastasis" reads a second diagnosis
    c = _case(
        "CT SPINE",
        "Findings:\nThere is a fracture of the L1 vertebral body.\n\n"
        "Conclusion:\nL1 fracture, suspicious for a metastasis.",
    )
    a, b = c.mark(0, "fracture"), c.mark(0, "metastasis")
    assert _joined(c, a, b) == ""
    assert not c.same(a, b)


def test_a_finding_the_conclusion_does_not_restate_is_not_read() -> None:
    c = _case(
        "CT CHEST",
        "Findings:\nGround-glass opacities in the right lower lobe. A small nodule in the right "
        "upper lobe.\n\nImpression:\nGround-glass opacities in the right lower lobe, consistent "
        "with atypical infiltrates.",
    )
    a, b = c.mark(0, "small nodule"), c.mark(0, "atypical infiltrates")
    assert _joined(c, a, b) == ""
    assert not c.same(a, b)


def test_two_statements_of_the_findings_are_not_this_rule() -> None:
    # both in the findings: no conclusion reads the other (GUIDELINE 10: two of one section)
    c = _case(
        "CT CHEST",
        "Findings:\nAn irregular soft tissue mass lies in the left lower lobe. Irregular mass "
        "of the left lower lobe, most in keeping with primary bronchogenic carcinoma.",
    )
    a, b = c.mark(0, "soft tissue mass"), c.mark(0, "bronchogenic carcinoma")
    assert _joined(c, a, b) == ""


def test_the_conclusion_reading_the_findings_joins_the_sign_at_its_place() -> None:
    # without together.py: "different concepts 'airspace disease' vs 'fibrosis'"
    c = _case(
        "CT CHEST",
        "Findings:\nInterstitial infiltration of both lungs with traction bronchiectasis.\n\n"
        "Impression:\nThe findings are suggestive of interstitial fibrosis.",
    )
    a, b = c.mark(0, "Interstitial infiltration"), c.mark(0, "interstitial fibrosis")
    assert _joined(c, a, b) == FINDINGS_READ
    assert c.same(a, b)


def test_the_conclusion_reading_the_findings_does_not_take_another_organs_sign() -> None:
    c = _case(
        "CT ABDOMEN",
        "Findings:\nThickening of the gallbladder wall.\n\n"
        "Impression:\nThe findings are suggestive of interstitial fibrosis.",
    )
    a, b = c.mark(0, "Thickening"), c.mark(0, "interstitial fibrosis")
    assert _joined(c, a, b) == ""
    assert not c.same(a, b)


def test_a_negative_of_the_findings_is_not_read_as_the_diagnosis() -> None:
    c = _case(
        "CT CHEST",
        "Findings:\nNo interstitial infiltration of the lungs.\n\n"
        "Impression:\nThe findings are suggestive of interstitial fibrosis.",
    )
    a, b = c.mark(0, "interstitial infiltration"), c.mark(0, "interstitial fibrosis")
    assert _joined(c, a, b) == ""
    assert not c.same(a, b)


ATELECTASIS = (
    "Findings:\nAt both bases, more on the left, bands resembling thickened interlobular septa "
    "are seen, in part atelectatic due to compression.\n\n"
    "Impression:\nAtelectatic changes in the left lung."
)


def test_a_site_read_from_afar_yields_to_the_site_the_conclusion_gives() -> None:
    # without together.py: "different site 'interlobular septa' vs 'left lung'"
    c = _case("CT CHEST", ATELECTASIS)
    a, b = c.mark(0, "atelectatic"), c.mark(0, "Atelectatic changes")
    assert _joined(c, a, b) == SITE_GIVEN_ONCE
    assert c.same(a, b)


def test_one_concept_at_two_structures_each_placed_by_its_own_words_stays_two() -> None:
    c = _case(
        "CT ABDOMEN",
        "Findings:\nThere is a small calcification in the spleen.\n\n"
        "Impression:\nCalcification in the pancreas.",
    )
    a, b = c.mark(0, "calcification"), c.mark(0, "Calcification")
    assert _joined(c, a, b) == ""
    assert not c.same(a, b)


def test_a_place_given_once_is_no_rule_within_one_section() -> None:
    c = _case(
        "CT CHEST",
        "Findings:\nAt both bases, more on the left, bands resembling thickened interlobular "
        "septa are seen, in part atelectatic due to compression. Atelectatic changes in the "
        "left lung.",
    )
    a, b = c.mark(0, "atelectatic"), c.mark(0, "Atelectatic changes")
    assert _joined(c, a, b) == ""


def test_the_findings_own_place_is_not_moved_to_the_conclusions() -> None:
    # the findings place it in their own words; the conclusion's site is read from afar:
    # two places (test_linker_boundaries.py, broken by a first version of the rule)
    c = _case(
        "CT CHEST",
        "Findings:\nRounded density within the right axillary soft tissues.\n\n"
        "Impression:\nAsymmetric right medial apical opacity.",
    )
    a, b = c.mark(0, "density"), c.mark(0, "opacity")
    assert _joined(c, a, b) == ""
    assert not c.same(a, b)
