"""Reasons for the exam run into a paragraph of the report's own text
(no section of their own) are questions, not findings (GUIDELINE rule 8); the findings around
them stay (``extractors.inline_reasons``)."""

from __future__ import annotations

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.inline_reasons import inline_reason_spans
from radtrack_gui.nlp.extractors.rules import RuleExtractor


def _found(text: str) -> set[str]:
    return {m.text.lower() for m in RuleExtractor().extract(Report("r", text, region="abdomen"))}


def test_a_run_in_referral_after_a_sentence_is_a_question() -> None:
    text = (
        "Examination performed urgently. Referral data: heart failure with peripheral edema. "
        "There is a small pleural effusion on the right."
    )
    got = _found(text)
    assert "heart failure" not in got and "edema" not in got
    assert "pleural effusion" in got  # the next sentence is the report's own


def test_a_bold_reason_heading_alone_on_its_line() -> None:
    got = _found("**Reason for Exam**\nFollow-up on a nodule.\n\n**Findings**\nA nodule of 5 mm.")
    assert "nodule" in got  # the findings' nodule is found ...
    spans = inline_reason_spans("**Reason for Exam**\nFollow-up on a nodule.\n\nA nodule.")
    assert len(spans) == 1 and spans[0][1] == len("**Reason for Exam**\nFollow-up on a nodule.")


def test_a_history_sentence_stays_a_finding() -> None:
    # no heading: "History of ..." restates findings too ("..., now larger"): not a reason
    got = _found("Findings: History of a renal mass, now larger. A hypodense liver lesion.")
    assert any("mass" in g for g in got) and any("lesion" in g for g in got)


def test_medical_history_heading_and_other_headings() -> None:
    text = "Medical history also includes: subarachnoid hemorrhage in 2012. Hydrocephalus."
    got = _found(text)
    assert "subarachnoid hemorrhage" not in got and "hydrocephalus" in got
    # counter-example: a heading of the report's own findings is no reason
    assert inline_reason_spans("Liver: cyst. Impression: cyst.") == []
