"""A sentence that says how the exam was done ends the reason for it (GUIDELINE 8): reports
that run indication, technique and findings into one line keep their findings."""

from __future__ import annotations

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


def _found(text: str) -> set[str]:
    return {m.text.lower() for m in RuleExtractor().extract(Report("r", text, region="abdomen"))}


def test_a_technique_sentence_ends_an_inline_indication() -> None:
    got = _found(
        "Indication: Suspected pancreatitis. Examination performed after intravenous contrast. "
        "There is a simple cyst in the liver."
    )
    assert "simple cyst" in got and "pancreatitis" not in got
    got = _found(
        "Indication: Suspected pancreatitis. The study was conducted with oral contrast. "
        "There is a simple cyst in the liver."
    )
    assert "simple cyst" in got and "pancreatitis" not in got


def test_without_a_technique_sentence_the_line_stays_the_question() -> None:
    # counter-example: a second question sentence on the line is still the indication
    got = _found("Indication: Suspected pancreatitis. Rule out a liver cyst.")
    assert "pancreatitis" not in got and "liver cyst" not in got and "cyst" not in got
