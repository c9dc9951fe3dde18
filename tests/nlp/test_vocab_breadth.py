"""Breadth of the shipped vocabulary (resources/vocab): name variants, two wordings of one
site, and sign-of / related rows, each with a counter-example that must stay apart."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from radtrack_gui.core.model import Patient, Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor
from radtrack_gui.nlp.linkers.knowledge import KnowledgeLinker
from radtrack_gui.nlp.vocabulary import vocabulary

T0 = datetime(2150, 3, 4, 8, 0)


def concepts_in(text: str) -> list[str | None]:
    """The concepts the rule extractor reads in one findings line."""
    report = Report("r.txt", f"FINDINGS: {text}\n", date=T0, date_known=True)
    return [m.concept for m in RuleExtractor().extract(report)]


def linked(first: str, second: str) -> bool:
    """Two one-line reports a day apart: are their (single) mentions in one chain?"""
    p = Patient(id="p")
    ex = RuleExtractor()
    ids = []
    for n, text in enumerate((first, second)):
        r = Report(f"r{n}.txt", f"FINDINGS: {text}\n", date=T0 + timedelta(days=n), date_known=True)
        p.reports.append(r)
        found = ex.extract(r)
        assert len(found) == 1, (text, [m.text for m in found])
        m = found[0]
        m.id = f"m{n}"
        p.mentions[m.id] = m
        ids.append(m.id)
    clusters = KnowledgeLinker().link(p).clusters
    return any(set(ids) <= set(c) for c in clusters)


@pytest.mark.parametrize(
    ("text", "concept"),
    [
        # compound pleural findings
        ("Moderate right hemopneumothorax.", "hemopneumothorax"),
        ("Small left pyopneumothorax.", "pyopneumothorax"),
        ("Right chylothorax.", "chylothorax"),
        # descriptive wordings of a diagnosis (copula variants)
        ("Heart size remains large.", "cardiomegaly"),
        ("The heart is enlarged.", "cardiomegaly"),
        ("Lung volumes are low.", "low lung volumes"),
        ("Prominent interstitium.", "interstitial disease"),
        ("Increased interstitial lung markings.", "interstitial disease"),
        # device name variants
        ("Enteric suction catheter below the diaphragm.", "enteric tube"),
        ("Pacemaker defibrillator in place.", "icd"),
        ("Hickman catheter tip in the SVC.", "central venous catheter"),
        ("Watchman device.", "cardiac occluder"),
        # diagnoses new to the vocabulary
        ("Primary lung cancer.", "lung cancer"),
        ("Vertebral hemangioma at L2.", "vertebral hemangioma"),
        ("Small right hydro-pneumothorax.", "hydropneumothorax"),
        ("Tree-in-bud opacities.", "tree-in-bud"),
        ("Lymphangitic carcinomatosis.", "lymphangitic spread"),
        ("Pectus excavatum.", "pectus deformity"),
    ],
)
def test_name_variants_are_read_as_their_concept(text, concept):
    assert concept in concepts_in(text)


def test_kinds_sit_under_their_broader_concept():
    v = vocabulary()
    assert "pneumothorax" in v.broader_concepts("hemopneumothorax")
    assert "pleural effusion" in v.broader_concepts("chylothorax")
    assert "malignancy" in v.broader_concepts("lung cancer")
    assert "pulmonary edema" in v.broader_concepts("ards")
    assert "nasogastric tube" not in v.broader_concepts("enteric tube")  # the generic stays generic


@pytest.mark.parametrize(
    ("term", "site"),
    [
        ("both lower lungs", "lung bases"),
        ("lower lobes", "lung bases"),
        ("left heart border", "lingula"),  # silhouette of the lingula, like RML/right border
        ("midlung", "mid lungs"),
        ("left perihilar region", "left mid lung"),
        ("upper zones", "lung apices"),
    ],
)
def test_two_wordings_of_one_site(term, site):
    assert vocabulary().anatomy_of(term) == site


def test_site_wordings_keep_side_and_level_apart():
    v = vocabulary()
    assert v.anatomy_of("left heart border") != v.anatomy_of("right heart border")
    assert not v.anatomy_related(v.anatomy_of("lower lobes"), v.anatomy_of("upper zones"))
    assert v.laterality_of(v.anatomy_of("left perihilar region")) == "left"


@pytest.mark.parametrize(
    ("sign", "diagnosis"),
    [
        ("silhouette sign", "airspace disease"),
        ("silhouette sign", "atelectasis"),
        ("calcification", "gallstones"),
        ("calcification", "granuloma"),
        ("nodule", "lung cancer"),
        ("mass", "lung cancer"),
        ("fissural fluid", "pleural effusion"),
        ("tree-in-bud", "pneumonia"),
        ("cavitation", "lung abscess"),
        ("gallbladder wall thickening", "cholecystitis"),
        ("bowel dilatation", "small bowel obstruction"),
        ("hemopneumothorax", "hemothorax"),
        ("pacemaker", "icd"),
        ("collection", "subdural hematoma"),
        ("transependymal flow", "hydrocephalus"),
    ],
)
def test_sign_and_diagnosis_are_related(sign, diagnosis):
    v = vocabulary()
    assert v.is_related(sign, diagnosis) and v.is_related(diagnosis, sign)


@pytest.mark.parametrize(
    ("sign", "other"),
    [
        ("silhouette sign", "pneumothorax"),  # a diagnosis the sign does not explain
        ("calcification", "pulmonary edema"),
        ("fissural fluid", "pneumothorax"),
        ("tree-in-bud", "pleural effusion"),
        ("lung cancer", "liver lesion"),  # another organ's lesion: default sites differ
        ("brain tumor", "liver lesion"),
        ("pyopneumothorax", "hemothorax"),  # pus is not blood
        ("gallbladder wall thickening", "pancreatitis"),
        ("collection", "hydrocephalus"),
        ("transependymal flow", "subdural hematoma"),
    ],
)
def test_counter_examples_stay_apart(sign, other):
    assert not vocabulary().is_related(sign, other)


def test_infection_is_read_by_its_site():
    v = vocabulary()
    assert v.refine("infection", "intervertebral discs") == "discitis"
    assert v.refine("infection", "urinary bladder") == "cystitis"
    assert v.refine("infection", "right lower lobe") == "pneumonia"  # unchanged by the new kinds
    assert v.refine_in_region("infection", "spine") == "infection"  # never from the region alone


def test_mass_and_lung_cancer_link_at_one_site_only():
    assert linked("Right upper lobe mass.", "Right upper lobe lung cancer.")
    assert not linked("Right upper lobe mass.", "Left upper lobe lung cancer.")


def test_hemopneumothorax_continues_the_pneumothorax_of_its_side():
    assert linked("Right pneumothorax.", "Right hemopneumothorax.")
    assert not linked("Left pneumothorax.", "Right hemopneumothorax.")


def test_heart_size_wording_continues_cardiomegaly():
    assert linked("Cardiomegaly.", "Heart size remains large.")
    assert not linked("Cardiomegaly.", "Lung volumes are low.")
