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
        "Scan done at night on call. Referral data: cardiac failure and swollen legs with edema. "
        "A little pleural effusion lies on the right."
    )
    got = _found(text)
    assert "edema" not in got
    assert "pleural effusion" in got  # the next sentence is the report's own


def test_a_bold_reason_heading_alone_on_its_line() -> None:
    got = _found("**Reason for Exam**\nControl of a nodule.\n\n**Findings**\nA 5 mm nodule.")
    assert "nodule" in got  # the findings' nodule is found ...
    spans = inline_reason_spans("**Reason for Exam**\nControl of a nodule.\n\nA nodule.")
    assert len(spans) == 1 and spans[0][1] == len("**Reason for Exam**\nControl of a nodule.")


def test_a_history_sentence_stays_a_finding() -> None:
    # no heading: "History of ..." restates findings too ("..., now larger"): not a reason
    got = _found("Findings: History of a kidney mass, bigger today. A dark liver lesion of 8 mm.")
    assert any("mass" in g for g in got) and any("lesion" in g for g in got)


def test_medical_history_heading_and_other_headings() -> None:
    text = "Past medical history also lists: subarachnoid hemorrhage years ago. Hydrocephalus."
    got = _found(text)
    assert "subarachnoid hemorrhage" not in got and "hydrocephalus" in got
    # counter-example: a heading of the report's own findings is no reason
    assert inline_reason_spans("Liver: cyst. Impression: cyst.") == []
