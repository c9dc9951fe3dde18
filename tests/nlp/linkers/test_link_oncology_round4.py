"""Oncology follow-up wording (issue #18 §4, round 4): a negative about other lesions told
twice in one report is one statement; air in the bile ducts is not their dilatation; a
physiologic uptake is no finding."""

from __future__ import annotations

from linker_cases import Case

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.registry import get_extractor

MR = "Exam: MR LIVER W/WO CONTRAST\n\n"


def test_no_additional_lesion_told_twice_in_one_report_is_one_negative() -> None:
    c = Case(
        (
            0,
            MR + "FINDINGS: The segment 8 lesion measures 2.5 cm. No additional liver lesion."
            "\n\nIMPRESSION: Segment 8 liver lesion. No additional lesion.",
        ),
        (40, MR + "FINDINGS: The segment 8 lesion measures 2.0 cm. No additional liver lesion."),
    )
    lesion = c.mark(0, "lesion")
    findings = c.mark(0, "liver lesion")
    impression = c.mark(0, "lesion", 3)
    later = c.mark(1, "liver lesion")
    assert c.same(findings, impression)
    # counter-examples: "no additional" is not the known lesion; nor is it the next exam's
    # routine negative (GUIDELINE 7)
    assert not c.same(lesion, findings)
    assert not c.same(findings, later)


def _concepts(text: str) -> list[tuple[str, str]]:
    found = get_extractor("rules").extract(Report(id="r", text=text, region="abdomen"))
    return [(m.text, m.concept or "") for m in found]


def test_pneumobilia_is_not_biliary_dilatation() -> None:
    assert _concepts("The biliary stent is in place, with pneumobilia.")[1] == (
        "pneumobilia",
        "pneumobilia",
    )
    # counter-example: dilatation of the ducts is still read so
    assert _concepts("Mild intrahepatic biliary dilatation.") == [
        ("intrahepatic biliary dilatation", "biliary dilatation")
    ]


def test_physiologic_uptake_is_no_finding() -> None:
    assert _concepts("Physiologic uptake in the bowel.") == []
    assert _concepts("Normal physiologic FDG uptake in the brain.") == []
    # counter-example: uptake said of a lesion is a mention (uptake.py joins it to the lesion)
    assert ("uptake", "uptake") in _concepts("The segment 6 liver lesion shows mild uptake.")
