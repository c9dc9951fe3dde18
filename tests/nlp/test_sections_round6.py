"""Round 6 (wb-regions2): headers named by their head noun ("Diagnostic impression:",
"Examination description:", "Clinical query:"), "Assessment:" as the conclusion, and a comma
list of header words whose first word is no header ("Clinic, Question, Justifying
Indication:"). Texts written here."""

from __future__ import annotations

import pytest

from radtrack_gui.nlp.sections import canonical, find_sections


@pytest.mark.parametrize(
    ("header", "name"),
    [
        ("Diagnostic impression", "IMPRESSION"),
        ("RADIOLOGICAL IMPRESSION", "IMPRESSION"),
        ("Examination description", "FINDINGS"),
        ("Description", "FINDINGS"),
        ("Clinical query", "INDICATION"),
        ("Diagnostic question", "INDICATION"),
        ("Assessment", "IMPRESSION"),
        ("Clinic, Question, Justifying Indication", "INDICATION"),
        ("Description and Findings", "FINDINGS"),
    ],
)
def test_headers_named_by_their_head_noun(header: str, name: str) -> None:
    assert canonical(header) == name


@pytest.mark.parametrize(
    ("header", "name"),
    [
        # counter-examples: an alias still wins over the head noun ...
        ("Clinical impression", "INDICATION"),
        # ... the first part of "X and Y" names it (not the last word of the whole) ...
        ("Findings and Conclusion", "FINDINGS"),
        ("Findings and Assessment", "FINDINGS"),
        # ... a qualified assessment lists measurements, not a conclusion ...
        ("Biometric assessment", None),
        # ... and other unknown headers stay unknown
        ("Previous findings", None),
        ("The impression", None),
        # ... (PARROT's "Referral data:" opens the reason for the exam: an alias, round 6)
        ("Referral data", "INDICATION"),
        ("Data on the referral", None),
    ],
)
def test_headers_the_head_noun_rule_leaves_alone(header: str, name: str | None) -> None:
    assert canonical(header) == name


def test_a_diagnostic_impression_concludes_the_report() -> None:
    text = (
        "Clinic, Question, Justifying Indication:\nKnown fracture of the left radius.\n"
        "Examination description:\nDisplaced fracture of the distal radius.\n\n"
        "Diagnostic impression:\nDistal radius fracture.\n"
    )
    names = [s.name for s in find_sections(text)]
    assert names == ["INDICATION", "FINDINGS", "IMPRESSION"]
