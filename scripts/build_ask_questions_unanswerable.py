"""More unanswerable questions on every kind of patient, added before any code change
under the same rules (scope | unstated | unmentioned)."""

from __future__ import annotations

from functools import partial

from build_ask_questions_common import D, add_question, iu, pr

QUESTIONS: list[dict] = []
q = partial(add_question, QUESTIONS)

for ref, text, why in [
    (D, "What is the patient's respiratory rate?", "scope"),
    (D, "Is there a wrist fracture?", "scope"),
    (D, "What did the echocardiogram show?", "unmentioned"),
    (D, "What is the ETT cuff pressure?", "unstated"),
    (D, "What is the size of the gallbladder sludge?", "unstated"),
    (D, "Has the subdural hematoma grown since the PET scan?", "unstated"),
    (iu("105"), "What is the PICC tip position?", "unmentioned"),
    (iu("153"), "Is there a pacemaker?", "unmentioned"),
    (iu("174"), "How long has the PICC been in?", "unstated"),
    (iu("267"), "When was the ETT removed?", "unstated"),
    (iu("372"), "What did the CT show?", "unmentioned"),
    (iu("3694"), "When was the chest tube removed?", "unstated"),
    (iu("48"), "What is the patient's smoking history?", "scope"),
    (iu("48"), "Has the nodule grown since the CT?", "unstated"),
    (iu("2887"), "Any ankle fracture?", "scope"),
    (iu("9"), "What does the echo show?", "unmentioned"),
    (iu("45"), "What is the BNP?", "scope"),
    (pr("104"), "What was the INR?", "scope"),
    (pr("2501"), "Is there a carotid stenosis?", "unmentioned"),
    (pr("2686"), "What is the patient's GCS?", "scope"),
    (pr("772"), "What is the visual acuity?", "scope"),
]:
    q(ref, text, [], "", why=why)
