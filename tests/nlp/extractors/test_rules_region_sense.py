"""Rule extractor: a finding word whose usual concept lies in another body region than the
exam's (or the named site's) takes that region's sense of the word, or a concept without a
site; where the region fits, the usual reading stays."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _got(ex: RuleExtractor, text: str, region: str) -> list[tuple[str, str, str]]:
    return [
        (m.text, m.concept or "", m.anatomy[0] if m.anatomy else "")
        for m in ex.extract(Report("r", text, region=region))
    ]


def test_infiltration_of_abdominal_fat_is_no_lung_infiltrate(ex: RuleExtractor) -> None:
    # the exam's region decides, and so does the site phrase without an exam region
    for region in ("abdomen", ""):
        got = _got(ex, "There is infiltration of the peri-appendicular fat.", region)
        assert got == [("infiltration", "soft tissue edema", "appendix")]
    got = _got(ex, "Mild infiltration of the mesenteric fat.", "abdomen")
    assert got == [("infiltration", "soft tissue edema", "mesentery")]


def test_infiltrate_in_the_chest_stays_a_lung_infiltrate(ex: RuleExtractor) -> None:
    assert _got(ex, "Right lower lobe infiltrate.", "chest") == [
        ("infiltrate", "infiltrate", "right lower lobe")
    ]
    assert _got(ex, "New infiltrate.", "chest") == [("infiltrate", "infiltrate", "lungs")]
    # a lung site named in an abdominal exam keeps the lung reading too
    assert _got(ex, "An infiltrate in the right lower lobe.", "abdomen") == [
        ("infiltrate", "infiltrate", "right lower lobe")
    ]


def test_mass_effect_outside_the_head_is_no_brain_finding(ex: RuleExtractor) -> None:
    got = _got(ex, "No hydronephrosis. No mass effect.", "abdomen")
    assert got[-1] == ("mass effect", "mass effect", "abdomen")
    # counter-example: in a head CT it is the brain's
    assert _got(ex, "No mass effect.", "head") == [("mass effect", "mass effect", "brain")]


def test_a_named_site_outside_the_region_kind_keeps_the_generic_word(
    ex: RuleExtractor,
) -> None:
    got = _got(ex, "There is protrusion of the sigmoid sinus.", "head")
    assert got == [("protrusion", "herniation", "dural venous sinuses")]
    # counter-examples: no site, or a site inside the kind's, or the region's usual kind
    assert _got(ex, "There is herniation.", "head") == [("herniation", "brain herniation", "brain")]
    assert _got(ex, "Protrusion at L4-5.", "spine") == [("Protrusion", "disc herniation", "l4-l5")]
    assert _got(ex, "Small effusion at the left base.", "chest")[0][1] == "pleural effusion"
