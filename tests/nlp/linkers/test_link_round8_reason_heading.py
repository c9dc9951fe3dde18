"""Round 8 (``linkers/context.py``, GUIDELINE 8): a reason heading's words inside a sentence
after an article or a preposition ("taken together with the clinical history") name the history as a
noun phrase: the sentence is the radiologist's reading, not the referral's question. A
heading with its colon stays a heading, articles or not ("Data from the referral:").
Sentences are written for these tests."""

from __future__ import annotations

from linker_cases import Case

from radtrack_gui.nlp.linkers.mentions import prepare
from radtrack_gui.nlp.vocabulary import vocabulary


def _reason(text: str, words: str) -> bool:
    c = Case((0, f"Exam: CT HEAD\n\n{text}"))
    mid = c.mark(0, words)
    info = next(m for m in prepare(c.patient, vocabulary()) if m.id == mid)
    assert info.ctx is not None
    return info.ctx.reason


def test_the_history_named_in_a_reading_is_no_heading() -> None:
    text = (
        "A thin crescent of blood lies over the left convexity. Its mixed density, taken "
        "together with the clinical history, points to an acute-on-chronic subdural hematoma."
    )
    assert not _reason(text, "subdural hematoma")


def test_a_heading_with_its_colon_is_the_referral() -> None:
    assert _reason("Data from the referral: suspected subdural hematoma.", "subdural hematoma")
    assert _reason("Clinical history: suspected subdural hematoma.", "subdural hematoma")


def test_a_heading_run_into_the_text_is_still_the_referral() -> None:
    # no colon, no article: the heading opens the referral's sentence
    assert _reason("Head CT Report Indication suspected subdural hematoma.", "subdural hematoma")


def test_the_reading_joins_the_finding_it_reads() -> None:
    c = Case(
        (
            0,
            "Exam: CT HEAD\n\nThe extra-axial blood over the left convexity has mixed density "
            "and, taken together with the clinical history, points to a subdural hematoma.",
        )
    )
    a = c.mark(0, "extra-axial blood")
    b = c.mark(0, "subdural hematoma")
    assert c.same(a, b)
