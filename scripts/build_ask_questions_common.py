"""The question record and the patient keys the Ask question modules share
(``build_ask_questions.py`` builds the set from them)."""

from __future__ import annotations

Y, N = ["Yes"], ["No"]
D = "demo_patient"
# the generated patients (``radtrack synth DIR --patients 3 --seed 23``)
S1, S2, S3 = "synth:23/patient_001", "synth:23/patient_002", "synth:23/patient_003"
R = "r"  # the single report of a corpus patient


def iu(uid: str) -> str:
    """An IU chest X-ray report, keyed by uid, as a one-report patient."""
    return f"iu:{uid}"


def pr(line: str) -> str:
    """A PARROT v1.0 report, keyed by line, as a one-report patient."""
    return f"parrot1:{line}"


def add_question(
    into: list[dict], patient, question, answers, kind, ev=(), *, pol="", why=""
) -> None:
    """Append one question to ``into``. answers: gold strings (any one inside the answer),
    [] = unanswerable (``why``: scope | unstated | unmentioned). ev: (report, anchor regex)
    pairs. pol: the polarity the question's verb asks (present | absent) for yes/no
    questions."""
    into.append(
        {
            "patient": patient,
            "question": question,
            "kind": kind if answers else "unanswerable",
            "polarity": pol,
            "answerable": bool(answers),
            "answers": answers,
            "unanswerable": why,
            "_ev": list(ev),
        }
    )
