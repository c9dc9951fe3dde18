"""Interventional devices (angiography catheters, microcatheters, guide wires, access needles,
embolic material), generic negatives ("no pathological findings") and needle procedures that
are no finding (concepts.tsv rows of issue #18 §1)."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def extractor() -> RuleExtractor:
    return RuleExtractor()


def _found(ex: RuleExtractor, sentence: str, exam: str = "XA ABDOMEN") -> list[tuple[str, ...]]:
    text = f"Exam: {exam}\n\nFINDINGS:\n{sentence}\n"
    return [
        (text[m.start : m.end].lower(), m.type, m.concept, m.assertion)
        for m in ex.extract(Report(id="r", text=text))
    ]


@pytest.mark.parametrize(
    ("sentence", "span", "concept"),
    [
        ("A C2 catheter was inserted.", "c2 catheter", "angiographic catheter"),
        ("Catheterization with a 2.7F microcatheter.", "microcatheter", "angiographic catheter"),
        ("A hydrophilic guidewire was advanced.", "hydrophilic guidewire", "guide wire"),
        ("Puncture using a micropuncture set.", "micropuncture set", "access needle"),
        ("Yttrium-90 spheres were administered.", "yttrium-90 spheres", "embolic material"),
        ("Embolization with PVA particles.", "pva particles", "embolic material"),
    ],
)
def test_interventional_devices_are_device_mentions(extractor, sentence, span, concept):
    assert (span, "device", concept) in [f[:3] for f in _found(extractor, sentence)]


def test_a_vertebra_before_catheter_no_longer_hides_the_catheter(extractor):
    # counter-example: the vertebra C2 itself is no device
    assert [f for f in _found(extractor, "Degenerative changes at C2.") if f[1] == "device"] == []


@pytest.mark.parametrize(
    "sentence",
    ["No pathological findings.", "No significant findings are observed in the tendons."],
)
def test_a_generic_negative_finding_is_an_absent_abnormality(extractor, sentence):
    got = _found(extractor, sentence, "MR KNEE")
    assert [(c, a) for _, _, c, a in got] == [("abnormality", "absent")]


def test_a_needle_procedure_is_no_finding(extractor):
    # "aspiration" alone is a finding (aspiration pneumonia); in a needle procedure it is not
    got = _found(extractor, "Fine needle aspiration of the axillary node was performed.", "US")
    assert [f for f in got if f[2] == "aspiration"] == []
    assert ("aspiration", "finding", "aspiration") in [
        f[:3] for f in _found(extractor, "Findings suggest aspiration.", "XR CHEST")
    ]
