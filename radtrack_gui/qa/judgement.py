"""Questions about a clinical judgement the chains do not hold ("is the cancer in
remission?", "is she cured?"): the chains tell what was seen (a lesion decreased), not the
judgement; a confident Yes from "decreased" would put words in the radiologist's mouth.
Unless a report writes the judgement itself, the answer is "not stated" with what the
reports do say (the chains' answer, its Yes/No taken off) and its evidence.
"""

from __future__ import annotations

import re

from radtrack_gui.core.model import Patient
from radtrack_gui.qa import asking
from radtrack_gui.qa.answer import UNSTATED, Answer, no_answer

_VERDICT = re.compile(r"^(?:yes|no)(?:,\s*possibly)?\s*[—-]\s*", re.I)


def judgement_asked(question: str) -> tuple[str, re.Pattern[str]] | None:
    """The judgement a question asks about (its words said back, its pattern), or None."""
    for e in asking.entries():
        if e.category == "judgement" and e.pattern.search(question):
            return e.value, e.pattern
    return None


def unstated_judgement(patient: Patient, answer: Answer) -> Answer:
    """``answer`` as it is when no judgement is asked, or a report writes the one asked;
    else "not stated", with what the reports say instead."""
    asked = judgement_asked(answer.question)
    if asked is None or not answer.answerable:
        return answer
    word, pattern = asked
    if any(pattern.search(r.text) for r in patient.reports):
        return answer
    said = _VERDICT.sub("", answer.answer or "").strip().rstrip(".")
    note = f"Not stated in these reports: no report says {word}"
    if said:
        note += f"; what they say: {said[:1].lower() + said[1:]}"
    return no_answer(answer.question, answer.reader, answer.evidence, status=UNSTATED, note=note)
