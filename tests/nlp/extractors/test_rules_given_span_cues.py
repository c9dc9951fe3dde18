"""Rule extractor: a given span (annotate) that begins inside a negation cue or holds one
before its concept term is negated by it; a cue after the term is the term's modifier. A
negation's clause ends at an observing verb and a comma ("... are observed, and a cyst")."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import FINDING, Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def ex() -> RuleExtractor:
    return RuleExtractor()


def _given(ex: RuleExtractor, text: str, span: str) -> str:
    report = Report(id="r1", text=text)
    start = text.index(span)
    found = ex.annotate(report, [(start, start + len(span), FINDING)])
    m = next(x for x in found if (x.start, x.end) == (start, start + len(span)))
    return m.assertion


@pytest.mark.parametrize(
    ("text", "span", "expected"),
    [
        # the span begins inside the cue "no significant"
        ("FINDINGS: No significant adenopathy in the neck.", "significant adenopathy", "absent"),
        # the cue is the span's own, before its term
        (
            "FINDINGS: The ureters are not dilated near the bladder.",
            "ureters are not dilated",
            "absent",
        ),
        ("FINDINGS: No abnormality of the menisci.", "No abnormality of the menisci", "absent"),
        # counter-examples: a cue after the term modifies the term, it does not negate it
        (
            "FINDINGS: Left renal cyst without septations.",
            "Left renal cyst without septations",
            "present",
        ),
        ("FINDINGS: Hepatic cyst, not enhancing.", "Hepatic cyst, not enhancing", "present"),
        # and a span with no cue at all stays positive
        ("FINDINGS: The ureters are dilated near the bladder.", "ureters are dilated", "present"),
    ],
)
def test_a_cue_the_given_span_starts_in_or_holds_before_its_term(
    ex: RuleExtractor, text: str, span: str, expected: str
) -> None:
    assert _given(ex, text, span) == expected


def _assertions(ex: RuleExtractor, text: str) -> dict[str, str]:
    return {m.text.lower(): m.assertion for m in ex.extract(Report(id="r1", text=text))}


@pytest.mark.parametrize("verb", ["observed", "detected", "found", "seen"])
def test_an_observing_verb_and_a_comma_end_the_negated_clause(ex: RuleExtractor, verb: str) -> None:
    text = f"FINDINGS: No focal lesions are {verb}, and a 4 mm cyst is noted in the left kidney."
    got = _assertions(ex, text)
    assert got["focal lesions"] == "absent" and got["cyst"] == "present"
    # counter-example: without the clause end the negation covers both
    got = _assertions(ex, "FINDINGS: No focal lesions or cysts are observed in the left kidney.")
    assert got["focal lesions"] == "absent" and got["cysts"] == "absent"
