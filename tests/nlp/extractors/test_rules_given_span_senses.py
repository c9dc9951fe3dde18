"""Rule extractor: a given span (annotate) reads its concept term's sense (senses.tsv,
GUIDELINE rule 11) from the term and the words before it, as ``extract`` does, even when
those words are inside the span; a span whose words make no other sense keeps its concept."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import DEVICE, FINDING, Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _given(ex: RuleExtractor, text: str, span: str, kind: str, region: str) -> tuple[str, str]:
    report = Report(id="r1", text=text, region=region)
    start = text.index(span)
    found = ex.annotate(report, [(start, start + len(span), kind)])
    assert [(m.start, m.end) for m in found] == [(start, start + len(span))]
    return found[0].type, found[0].concept or ""


@pytest.mark.parametrize("kind", [DEVICE, FINDING])
@pytest.mark.parametrize(
    ("text", "span"),
    [
        # "venous" before "shunts" inside the span: a collateral vessel, not a VP shunt
        ("Intrahepatic venous shunts with collateral veins.", "Intrahepatic venous shunts"),
        ("Intrahepatic venous shunts with collateral veins.", "venous shunts"),
        # the span is the term alone, the sense word before it (as before this change)
        ("Intrahepatic venous shunts with collateral veins.", "shunts"),
    ],
)
def test_a_sense_word_inside_the_span_reads_the_term(
    ex: RuleExtractor, text: str, span: str, kind: str
) -> None:
    assert _given(ex, text, span, kind, "abdomen") == (FINDING, "collateral")
    # the same reading as extract's
    found = ex.extract(Report(id="r1", text=text, region="abdomen"))
    assert any((m.type, m.concept) == (FINDING, "collateral") for m in found)


@pytest.mark.parametrize(
    ("text", "span"),
    [
        # counter-examples: no sense row's words, the span stays the device it names
        ("The ventriculoperitoneal shunt is intact.", "ventriculoperitoneal shunt"),
        ("The right frontal shunt catheter is intact.", "right frontal shunt catheter"),
        ("The shunt is intact.", "shunt"),
    ],
)
def test_a_device_span_without_sense_words_stays_a_device(
    ex: RuleExtractor, text: str, span: str
) -> None:
    assert _given(ex, text, span, DEVICE, "head") == (DEVICE, "shunt catheter")
