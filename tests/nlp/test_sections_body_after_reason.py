"""The report's own text written below the reason, comparison or technique without a header
of its own (round 8): it is the findings, not part of the section above it, so the linker
does not read the whole report as history (GUIDELINE 8). Sections stay contiguous."""

from __future__ import annotations

from itertools import pairwise

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor
from radtrack_gui.nlp.sections import find_sections


def _named(text: str) -> list[tuple[str, str]]:
    secs = find_sections(text)
    assert all(a.end == b.start for a, b in pairwise(secs))  # contiguous
    return [(s.name, text[s.start : s.end].strip()) for s in secs]


REASON_THEN_BODY = (
    "Clinical question: suspected appendicitis, pain in the right iliac fossa.\n\n"
    "The appendix measures 11 mm with surrounding fat stranding. No free fluid.\n\n"
    "Findings consistent with acute appendicitis.\n"
)


def test_text_below_an_inline_reason_is_the_findings() -> None:
    got = _named(REASON_THEN_BODY)
    assert [n for n, _ in got] == ["INDICATION", "FINDINGS"]
    assert got[0][1].endswith("right iliac fossa.")
    assert got[1][1].startswith("The appendix measures")


def test_a_header_below_the_reason_keeps_its_own_section() -> None:
    text = "Indication: cough.\nFindings: The lungs are clear.\nImpression: Normal chest."
    assert [n for n, _ in _named(text)] == ["INDICATION", "FINDINGS", "IMPRESSION"]
    text = REASON_THEN_BODY.replace("The appendix", "Findings:\nThe appendix")
    got = _named(text)
    assert [n for n, _ in got] == ["INDICATION", "FINDINGS"]  # one findings section
    assert got[1][1].startswith("Findings:")


def test_a_paragraph_after_a_reason_alone_under_its_header() -> None:
    text = "HISTORY:\nCough for two weeks.\n\nThe lungs are clear. No pleural effusion.\n"
    got = _named(text)
    assert [n for n, _ in got] == ["INDICATION", "FINDINGS"]
    assert got[0][1] == "HISTORY:\nCough for two weeks."


def test_comparison_on_its_header_line_ends_with_its_paragraph() -> None:
    text = "COMPARISON: CT of 3 March.\n\nThe nodule in the right upper lobe is unchanged.\n"
    assert [n for n, _ in _named(text)] == ["COMPARISON", "FINDINGS"]
    # counter-example: a comparison whose text starts below its header keeps its paragraphs
    text = "COMPARISON:\n\nCT of 3 March.\n\nCT of 9 May.\n"
    assert [n for n, _ in _named(text)] == ["COMPARISON"]


def test_the_extractor_files_the_body_under_findings_and_keeps_the_reason_out() -> None:
    mentions = RuleExtractor().extract(Report(id="r", text=REASON_THEN_BODY))
    sections = {m.text: m.section for m in mentions}
    assert sections.get("fat stranding") == "FINDINGS"
    assert sections.get("free fluid") == "FINDINGS"
    assert not any(m.section == "INDICATION" for m in mentions)
