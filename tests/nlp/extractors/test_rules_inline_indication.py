"""The reason for the exam after an inline header ends with its sentence's line: the lines
below it in the same paragraph are the report's findings (GUIDELINE rule 8 keeps only the
question out)."""

from __future__ import annotations

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


def _found(text: str) -> set[str]:
    return {m.text.lower() for m in RuleExtractor().extract(Report("r", text, region="abdomen"))}


def test_findings_below_an_inline_indication_are_kept() -> None:
    got = _found("Clinical data: Suspected pancreatitis.\nThere is a simple cyst in the liver.")
    assert "simple cyst" in got and "pancreatitis" not in got


def test_a_wrapped_indication_still_runs_on() -> None:
    # counter-example: a line that ends mid-sentence continues the question
    got = _found("INDICATION: evaluate for\npancreatitis.\nThere is a simple cyst in the liver.")
    assert "pancreatitis" not in got and "simple cyst" in got
    # and a header on its own line keeps the whole first paragraph as the question
    got = _found("INDICATION:\nSuspected pancreatitis.\nRule out cholecystitis.\n\nFINDINGS: Cyst.")
    assert "pancreatitis" not in got and "cholecystitis" not in got and "cyst" in got
