"""Round 9 (wb-mentions13, docs/evaluation-mentions.md "Round 9: mentions of ultrasound, neck,
pelvis and MSK; false positives"): the reason for the exam where it hides from the section
reader: a reason header run into a paragraph after a sentence end ("... performed urgently.
Clinical data: jaundice. ..."), a header in Markdown bold ("**Reason for Exam:**") and a
qualified one ("Urgency indication:"). GUIDELINE rule 8: the reason is a question, not a
finding. Each with counter-examples (wording made up, not from any corpus)."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor
from radtrack_gui.nlp.sections import canonical, find_sections


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _texts(ex: RuleExtractor, text: str, region: str = "abdomen") -> list[str]:
    return [m.text for m in ex.extract(Report("r", text, region=region))]


@pytest.mark.parametrize(
    ("text", "asked", "seen"),
    [
        (
            "Examination performed urgently. Clinical data: jaundice, history of gallstones. "
            "The liver is enlarged with a 2 cm cyst.",
            {"jaundice", "gallstones"},
            {"enlarged", "cyst"},
        ),
        (
            "Contrast was given. Referral data: abdominal pain, vomiting, dysphagia. Fluid in "
            "both pleural cavities up to 3 cm. No pneumothorax.",
            {"vomiting", "dysphagia"},
            {"Fluid", "pneumothorax"},
        ),
        (  # short history items and a request go on being the reason
            "Study done today. Referral data: renal colic. Hydronephrosis. Suspected stone. "
            "The right kidney shows a 9 mm calculus in the lower pole.",
            {"Hydronephrosis"},
            {"calculus"},
        ),
    ],
)
def test_a_reason_run_in_after_a_sentence_end_is_no_finding(
    ex: RuleExtractor, text: str, asked: set[str], seen: set[str]
) -> None:
    found = set(_texts(ex, text))
    assert not asked & found
    assert seen <= found


@pytest.mark.parametrize(
    ("text", "seen"),
    [
        # counter-examples: the report's own sentence ends the reason, also when it names an
        # earlier finding ("Previous strain ...") or opens with a heading of its own
        (
            "Unenhanced study. Referral data: after a fall. Previous strain of the medial "
            "ligament with increased signal, without meniscal tears.",
            {"strain", "increased signal", "meniscal tears"},
        ),
        (
            "Urgent reading. Referral data: heart failure. Chest X-ray PA: more pleural fluid "
            "on the right.",
            {"pleural fluid"},
        ),
        # "clinical data" without a colon is no header
        ("The appearance may be a stress fracture, if clinical data are consistent.", {"fracture"}),
    ],
)
def test_the_reports_own_text_after_it_stays(ex: RuleExtractor, text: str, seen: set[str]) -> None:
    assert seen <= set(_texts(ex, text, "extremity"))


def test_a_reason_header_in_markdown_bold(ex: RuleExtractor) -> None:
    for text in (
        "**Reason for Exam:** Follow-up of a pituitary lesion.\n\n**Findings:**\nA 6 mm "
        "nodule in the sella.",
        "**Reason for Exam**\nFollow-up of a pituitary lesion.\n\n**Findings**\nA 6 mm nodule "
        "in the sella.",
    ):
        found = _texts(ex, text, "head")
        assert "lesion" not in found and "nodule" in found
        assert [s.name for s in find_sections(text)][:2] == ["INDICATION", "FINDINGS"]
    # counter-example: a bold title that names no section is no header
    assert find_sections("**Brain MRI Report**\nA 6 mm nodule in the sella.") == []


@pytest.mark.parametrize(
    ("header", "name"),
    [
        ("Urgency indication", "INDICATION"),
        ("Medical history", "INDICATION"),
        ("Clinical indication", "INDICATION"),
        # counter-examples: a determiner or "no" opens no header; an impression stays one
        ("The history", None),
        ("No indication", None),
        ("Radiological impression", "IMPRESSION"),
    ],
)
def test_a_qualified_reason_header(header: str, name: str | None) -> None:
    assert canonical(header) == name


def test_a_qualified_reason_header_on_its_line_is_no_finding(ex: RuleExtractor) -> None:
    text = (
        "Urgency indication: acute pancreatitis, gallbladder stones. Examination performed "
        "after contrast. The pancreas is swollen. No free air."
    )
    found = _texts(ex, text)
    assert "pancreatitis" not in found and "stones" not in found
    assert {"swollen", "free air"} <= set(found)
