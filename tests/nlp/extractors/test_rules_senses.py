"""Word senses by body part and context (senses.tsv, GUIDELINE rule 11), and anatomy named
like a finding or device: each sense with the counter-example where the usual one stays."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor
from radtrack_gui.nlp.vocabulary import NOT_A_MENTION, vocabulary


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _got(ex: RuleExtractor, text: str, region: str) -> list[tuple[str, str, str]]:
    return [(m.text, m.type, m.concept or "") for m in ex.extract(Report("r", text, region=region))]


def test_shunt_is_a_device_or_physiology(ex: RuleExtractor) -> None:
    got = _got(ex, "Small left-to-right shunt across the atrial septum.", "chest")
    assert all(t == "finding" for _, t, _ in got)
    assert ("VP shunt", "device", "shunt catheter") in _got(ex, "The VP shunt is intact.", "head")
    assert _got(ex, "The shunt is intact.", "head") == [("shunt", "device", "shunt catheter")]
    assert _got(ex, "Shunt through the ASD.", "chest") == []  # no device here


def test_bone_graft_is_tissue_vascular_graft_a_device(ex: RuleExtractor) -> None:
    assert _got(ex, "Bone graft at L4-5 is incorporated.", "spine") == []
    got = _got(ex, "The aortobifemoral graft is patent.", "abdomen")
    assert [t for _, t, _ in got] == ["device"]


def test_vessel_narrowing_is_no_airway_narrowing(ex: RuleExtractor) -> None:
    got = _got(ex, "Stenosis of the right internal carotid artery.", "neck")
    assert got[0][2] == "vascular stenosis"
    # counter-examples: the spinal canal and the trachea keep their own narrowing
    assert _got(ex, "Central canal stenosis at L4-5.", "spine")[0][2] == "spinal stenosis"
    assert _got(ex, "Tracheal stenosis.", "chest")[0][2] == "tracheal narrowing"


def test_urinary_obstruction_is_no_bowel_obstruction(ex: RuleExtractor) -> None:
    got = _got(ex, "Obstruction of the left ureter with hydronephrosis.", "abdomen")
    assert got[0][2] == "urinary obstruction"
    assert _got(ex, "Obstruction with dilated loops.", "abdomen")[0][2] == "bowel obstruction"


def test_tendon_tear_and_bone_disruption_are_no_lacerations(ex: RuleExtractor) -> None:
    got = _got(ex, "Full-thickness tear of the supraspinatus tendon.", "extremity")
    assert got[0][2] == "musculoskeletal tear"
    assert _got(ex, "Cortical disruption of the distal radius.", "extremity")[0][2] == "fracture"
    # counter-example: an organ's tear is a laceration
    assert _got(ex, "Tear of the splenic capsule.", "abdomen")[0][2] == "laceration"


def test_anatomy_named_like_a_finding_or_device_is_none(ex: RuleExtractor) -> None:
    assert _got(ex, "Intact fibular collateral ligament.", "extremity")[0][2].startswith("normal")
    assert all(
        c != "collateral" for _, _, c in _got(ex, "Fibular collateral ligament.", "extremity")
    )
    assert _got(ex, "The coronal suture is unremarkable.", "head")[0][1] == "finding"
    # counter-examples: the words alone are still mentions
    assert _got(ex, "Collateral vessels in the abdomen.", "abdomen")[0][2] == "collateral"
    assert _got(ex, "Suture material in the abdominal wall.", "abdomen")[0][1] == "device"


def test_every_sense_row_names_a_concept() -> None:
    v = vocabulary()
    assert v.sense_rules
    for term, rules in v.sense_rules.items():
        for r in rules:
            assert r.sense == NOT_A_MENTION or r.sense in v.concepts, (term, r.sense)
