"""GUIDELINE 11, round 11 (wb-extremity): an extremity exam's body part is its limb, read from
the title ("MR LEFT KNEE": the lower limb), else from the limb its text names most (an exam
titled only "MR MSK"), so senses by body part apply there: a bare "effusion" in a knee or
shoulder exam is the joint's, not the pleura's. Wording made up here."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.regions import title_region
from radtrack_gui.nlp.extractors.rules import RuleExtractor
from radtrack_gui.nlp.metadata import limb_of, region_of


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _exam(title: str, text: str) -> Report:
    return Report("r", text, exam=title, region=region_of(title))


def _concept(ex: RuleExtractor, report: Report, word: str) -> str:
    found = [m for m in ex.extract(report) if word in m.text.lower()]
    assert found, report.text
    return found[0].concept or ""


@pytest.mark.parametrize(
    ("title", "limb"),
    [
        ("MR LEFT KNEE WITHOUT CONTRAST", "lower extremities"),
        ("XR ANKLE 3 VIEWS RIGHT", "lower extremities"),
        ("US RIGHT SHOULDER", "upper extremities"),
        ("XR WRIST AND HAND LEFT", "upper extremities"),
        ("MR MSK", ""),
        ("MR RIGHT HIP", ""),
    ],
)
def test_the_limb_of_an_extremity_title(title: str, limb: str) -> None:
    assert region_of(title) == "extremity"
    assert limb_of(title) == limb


def test_an_msk_title_lets_only_a_limb_be_read_from_the_text() -> None:
    region, among = title_region(_exam("MR MSK", "Normal study."))
    assert region is None and among is not None and "thorax" not in among
    assert title_region(_exam("CT CHEST", "Normal study.")) == ("thorax", None)


@pytest.mark.parametrize(
    ("title", "text"),
    [
        ("MR LEFT KNEE", "There is a small effusion. The cruciate ligaments are unremarkable."),
        ("XR RIGHT SHOULDER", "A moderate effusion is present without a fracture."),
        ("MR MSK", "A small effusion is seen. The patellar tendon and the tibia are normal."),
        ("US MSK", "The rotator cuff of the shoulder looks intact, with a small effusion."),
    ],
)
def test_a_bare_effusion_in_a_limb_exam_is_the_joints(
    ex: RuleExtractor, title: str, text: str
) -> None:
    assert _concept(ex, _exam(title, text), "effusion") == "joint effusion"


def test_an_effusion_in_a_chest_exam_stays_pleural(ex: RuleExtractor) -> None:
    # counter-example: the chest's bare effusion keeps its usual reading
    report = _exam("XR CHEST PA AND LATERAL", "There is a small effusion on the left.")
    assert _concept(ex, report, "effusion") == "pleural effusion"


def test_a_limb_gives_a_generic_word_no_kind(ex: RuleExtractor) -> None:
    # a limb holds many bones: a bare "fracture" is not the humerus's (nor a cyst a Baker cyst)
    report = _exam("CT LEFT FOREARM", "Findings:\nThere is a fracture with slight angulation.")
    assert _concept(ex, report, "fracture") == "fracture"
