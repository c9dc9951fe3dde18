"""Rule extractor: devices, their course words, and generic device words."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Mention, Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _mentions(ex: RuleExtractor, text: str) -> list[Mention]:
    ms = ex.extract(Report(id="r1", text=text))
    for m in ms:
        assert text[m.start : m.end] == m.text
    return ms


@pytest.mark.parametrize(
    ("text", "span", "concept"),
    [
        ("ETT in good position.", "ETT", "endotracheal tube"),
        ("The ET tube is 4 cm above the carina.", "ET tube", "endotracheal tube"),
        ("NG tube in the stomach.", "NG tube", "nasogastric tube"),
        ("OG tube coiled in the esophagus.", "OG tube", "orogastric tube"),
        ("Dobhoff tube in the duodenum.", "Dobhoff tube", "feeding tube"),
        (
            "Swan-Ganz catheter in the right pulmonary artery.",
            "Swan-Ganz catheter",
            "pulmonary artery catheter",
        ),
        ("Left pigtail catheter in the pleural space.", "pigtail catheter", "pigtail catheter"),
        ("Tracheostomy tube in place.", "Tracheostomy tube", "tracheostomy tube"),
        (
            "Dual-chamber pacemaker with leads in the right atrium and ventricle.",
            "pacemaker",
            "pacemaker",
        ),
        ("Median sternotomy wires are intact.", "sternotomy wires", "sternotomy wires"),
        ("IVC filter in the infrarenal IVC.", "IVC filter", "ivc filter"),
        ("Right frontal EVD terminates in the third ventricle.", "EVD", "ventriculostomy catheter"),
        ("VP shunt catheter tubing is intact.", "VP shunt catheter", "shunt catheter"),
        ("Foley catheter in the bladder.", "Foley catheter", "foley catheter"),
        ("JP drain in the pelvis.", "JP drain", "jp drain"),
        ("PEG tube in the stomach.", "PEG tube", "gastrostomy tube"),
        ("Pedicle screws at L4 and L5.", "Pedicle screws", "spinal hardware"),
        ("Left total hip arthroplasty.", "total hip arthroplasty", "arthroplasty"),
    ],
)
def test_device_names(ex: RuleExtractor, text: str, span: str, concept: str) -> None:
    ms = [m for m in _mentions(ex, text) if m.type == "device"]
    assert (ms[0].text, ms[0].concept) == (span, concept), [(m.text, m.concept) for m in ms]


def test_access_site_and_side(ex: RuleExtractor) -> None:
    (m,) = _mentions(ex, "Right IJ catheter terminates in the SVC.")
    assert (m.text, m.concept, m.laterality) == (
        "IJ catheter",
        "internal jugular catheter",
        "right",
    )
    assert m.anatomy[0] == "right internal jugular vein"
    m, tip = _mentions(ex, "Right internal jugular central venous catheter, tip in the SVC.")
    assert (m.text, m.concept, m.anatomy[0]) == (
        "central venous catheter",
        "internal jugular catheter",
        "right internal jugular vein",
    )
    assert (tip.text, tip.concept) == ("tip", m.concept)  # the tip stands for the catheter
    (m,) = _mentions(ex, "Left subclavian line is unchanged.")
    assert (m.concept, m.laterality, m.change) == ("subclavian catheter", "left", "stable")


@pytest.mark.parametrize(
    ("text", "change", "assertion"),
    [
        ("Interval placement of a nasogastric tube.", "inserted", "present"),
        ("New left chest tube.", "inserted", "present"),
        ("The endotracheal tube has been removed.", "removed", "absent"),
        ("The feeding tube has been withdrawn.", "withdrawn", "present"),
        ("The NG tube was advanced into the stomach.", "advanced", "present"),
        ("The PICC has been repositioned.", "repositioned", "present"),
        ("ETT in unchanged position.", "stable", "present"),
        ("Lines and the ET tube remain in place.", "stable", "present"),
    ],
)
def test_device_course(ex: RuleExtractor, text: str, change: str, assertion: str) -> None:
    ms = [m for m in _mentions(ex, text) if m.type == "device"]
    assert (ms[-1].change, ms[-1].assertion) == (change, assertion), (text, ms)


def test_device_words_continue_the_device_before(ex: RuleExtractor) -> None:
    text = "A right PICC is present. Its tip is in the SVC. The line is unchanged."
    ms = _mentions(ex, text)
    assert [(m.text, m.concept) for m in ms] == [
        ("PICC", "picc"),
        ("tip", "picc"),
        ("line", "picc"),
    ]
    assert {m.laterality for m in ms} == {"right"}
    assert ms[2].change == "stable"


def test_nearest_device_wins_and_name_parts_are_skipped(ex: RuleExtractor) -> None:
    text = (
        "ET tube tip 3 cm above the carina. NG tube in the stomach; the tube tip is in the fundus."
    )
    ms = _mentions(ex, text)
    assert [m.text for m in ms] == ["ET tube", "NG tube", "tube"]
    assert ms[2].concept == "nasogastric tube"
    assert ms[0].measurements == ["3 cm"]


def test_device_words_alone_are_not_mentions(ex: RuleExtractor) -> None:
    assert _mentions(ex, "The tip is in the SVC. The line is unchanged.") == []
    text = "Chest tube in place. No visible pleural line. Kerley lines."
    assert [m.text for m in _mentions(ex, text)] == ["Chest tube", "Kerley lines"]


def test_device_words_do_not_cross_paragraphs(ex: RuleExtractor) -> None:
    text = "FINDINGS: NG tube in the stomach.\n\nIMPRESSION: The tip is satisfactory."
    assert [m.text for m in _mentions(ex, text)] == ["NG tube"]


def test_clip_number_is_not_a_device(ex: RuleExtractor) -> None:
    text = "CHEST (PA AND LAT) Clip # 123\nSurgical clips in the right upper quadrant."
    assert [m.text for m in _mentions(ex, text)] == ["Surgical clips"]
