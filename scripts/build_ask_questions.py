"""Build the Ask question set (issue #19) from hand-written questions.

Each question below was written by reading the reports (not the code): the demo patient,
three generated patients (``radtrack synth DIR --patients 3 --seed 23``) and single real
reports read in place from ``../shared/corpora`` (IU chest X-rays keyed by uid, PARROT v1.0
keyed by line). Gold evidence is given as a short term anchor; this script turns it into
the sentence's offsets (and, for corpus reports, a SHA-1 of the sentence instead of its text:
no corpus text enters the repository). Output: the dev and held-out halves, split by a
sha256 of the question id within each kind (deterministic).

    PYTHONPATH=. python scripts/build_ask_questions.py OUTDIR
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
import tempfile
from pathlib import Path

from radtrack_gui.evaluation.silver_mentions import span_digest
from radtrack_gui.nlp.text import sentence_around
from radtrack_gui.qa.question_set import patient_texts

Y, N = ["Yes"], ["No"]
Q: list[dict] = []


def q(patient, question, answers, kind, ev=(), *, pol="", why="") -> None:
    """answers: gold strings (any one inside the answer), [] = unanswerable (``why``:
    scope | unstated | unmentioned). ev: (report, anchor regex) pairs. pol: the polarity
    the question's verb asks (present | absent) for yes/no questions."""
    Q.append(
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


D = "demo_patient"
# -- demo patient: polarity both ways -------------------------------------------------
for text, ans, pol in [
    ("is the chest tube out?", Y, "absent"),
    ("is the chest tube still in?", N, "present"),
    ("was the chest tube pulled?", Y, "absent"),
]:
    q(D, text, ans, "polarity", [("_11_", r"chest tube has been removed")], pol=pol)
for text, ans, pol in [
    ("Has the endotracheal tube been removed?", Y, "absent"),
    ("Is the ETT still in place?", N, "present"),
    ("Was the patient extubated?", Y, "absent"),
    ("Is the patient still intubated?", N, "present"),
    ("Is the endotracheal tube present?", N, "present"),
    ("ETT out?", Y, "absent"),
]:
    q(D, text, ans, "polarity", [("_17_", r"NG tube have been removed")], pol=pol)
for text, ans, pol in [
    ("is the PICC out?", Y, "absent"),
    ("is the PICC still in?", N, "present"),
    ("has the PICC been discontinued?", Y, "absent"),
    ("Does the patient still have a PICC line?", N, "present"),
]:
    q(D, text, ans, "polarity", [("_14_", r"PICC has been removed")], pol=pol)
for text, ans, pol in [
    ("Is the Foley removed?", Y, "absent"),
    ("Foley still in?", N, "present"),
    ("Is the Foley catheter gone?", Y, "absent"),
]:
    q(D, text, ans, "polarity", [("_09_", r"Foley catheter is no longer seen")], pol=pol)
for text, ans, pol in [
    ("NG tube d/c'd?", Y, "absent"),
    ("is the NGT still in place?", N, "present"),
    ("Has the nasogastric tube been taken out?", Y, "absent"),
]:
    q(D, text, ans, "polarity", [("_17_", r"NG tube have been removed")], pol=pol)
for text, ans, pol in [
    ("has the right IJ line been pulled?", Y, "absent"),
    ("is the right IJ still in?", N, "present"),
    ("Right IJ CVC taken out?", Y, "absent"),
    ("Is the right internal jugular catheter still present?", N, "present"),
]:
    q(D, text, ans, "polarity", [("_12_", r"internal jugular catheter has been removed")], pol=pol)
for text, ans, pol in [
    ("Dobhoff out?", Y, "absent"),
    ("is the feeding tube still there?", N, "present"),
    ("Has the feeding tube been removed?", Y, "absent"),
]:
    q(D, text, ans, "polarity", [("_12_", r"feeding tube has been removed")], pol=pol)
for text, ans, pol in [
    ("Has the pneumothorax resolved?", Y, "absent"),
    ("Is there still a pneumothorax?", N, "present"),
    ("ptx gone?", Y, "absent"),
]:
    q(D, text, ans, "polarity", [("_17_", r"No pneumothorax")], pol=pol)
for text, ans, pol in [
    ("Has the pneumonia cleared?", N, "absent"),
    ("Does the right lower lobe pneumonia persist?", Y, "present"),
    ("Has the RLL pneumonia resolved?", N, "absent"),
]:
    q(D, text, ans, "polarity", [("_17_", r"pneumonia is improving")], pol=pol)
for text, ans, pol in [
    ("is the pulmonary edema gone?", Y, "absent"),
    ("Is there still pulmonary edema?", N, "present"),
]:
    q(D, text, ans, "polarity", [("_12_", r"pulmonary edema has resolved")], pol=pol)
for text, ans, pol in [
    ("Has the subdural hematoma resolved?", N, "absent"),
    ("Is the SDH still present?", Y, "present"),
]:
    q(D, text, ans, "polarity", [("_13_", r"subdural collection has decreased")], pol=pol)
for text, ans, pol in [
    ("Is the perisplenic hematoma gone?", N, "absent"),
    ("perisplenic hematoma still there?", Y, "present"),
]:
    q(D, text, ans, "polarity", [("_10_", r"perisplenic hematoma has decreased")], pol=pol)
for text, ans, pol in [
    ("Have the pleural effusions resolved?", N, "absent"),
    ("Are the pleural effusions still present?", Y, "present"),
]:
    q(D, text, ans, "polarity", [("_17_", r"pleural effusions have decreased")], pol=pol)
q(
    D,
    "Has the left pleural effusion cleared by April?",
    Y,
    "polarity",
    [("_14_", r"left pleural effusion has resolved")],
    pol="absent",
)
# -- demo: dates, tips, sizes, change, counts -----------------------------------------
q(
    D,
    "When was the chest tube removed?",
    ["2150-03-09"],
    "date",
    [("_11_", r"chest tube has been removed")],
)
q(D, "When was the PICC placed?", ["2150-03-12"], "date", [("_12_", r"new left arm PICC")])
q(
    D,
    "When was the patient first intubated?",
    ["2150-03-02"],
    "date",
    [("_04_", r"endotracheal tube terminates")],
)
q(
    D,
    "When was the pneumothorax first seen?",
    ["2150-03-04"],
    "date",
    [("_07_", r"new small right apical pneumothorax")],
)
q(
    D,
    "When was the Dobhoff placed?",
    ["2150-03-06"],
    "date",
    [("_09_", r"Dobhoff feeding tube has been placed")],
)
q(D, "When was the ETT withdrawn?", ["2150-03-04"], "date", [("_07_", r"has been withdrawn")])
q(
    D,
    "When was the subdural hematoma last seen?",
    ["2150-03-20"],
    "date",
    [("_13_", r"subdural collection")],
)
q(
    D,
    "When did the pulmonary edema first appear?",
    ["2150-03-09"],
    "date",
    [("_11_", r"interstitial edema is new")],
)
q(
    D,
    "When did the left pleural effusion resolve?",
    ["2150-04-02"],
    "date",
    [("_14_", r"left pleural effusion has resolved")],
)
q(
    D,
    "When was the chest tube put in?",
    ["2150-03-05"],
    "date",
    [("_08_", r"chest tube has been placed")],
)
q(
    D,
    "Where is the PICC tip?",
    ["lower SVC"],
    "tip",
    [("_12_", r"PICC line terminates in the lower SVC")],
)
q(
    D,
    "eval ETT position",
    ["5 cm above the carina"],
    "tip",
    [("_16_", r"terminates 5 cm above the carina")],
)
q(D, "Where does the feeding tube end?", ["stomach"], "tip", [("_09_", r"tip in the stomach")])
q(
    D,
    "Where was the right IJ catheter tip?",
    ["SVC"],
    "tip",
    [("_04_", r"terminates in the mid SVC")],
)
q(D, "Where is the chest tube tip?", ["apex"], "tip", [("_08_", r"tip at the right apex")])
q(D, "How big is the subdural hematoma now?", ["3 mm"], "size", [("_13_", r"now 3 mm")])
q(D, "What size is the liver cyst?", ["8 mm"], "size", [("_10_", r"8 mm simple hepatic cyst")])
q(D, "How big was the splenic laceration?", ["2 cm"], "size", [("_03_", r"2 cm laceration")])
q(D, "How large is the left renal cyst?", ["12 mm"], "size", [("_03_", r"12 mm simple cyst")])
q(
    D,
    "How big was the pneumothorax on 2150-03-04?",
    ["1 cm"],
    "size",
    [("_07_", r"approximately 1 cm")],
)
q(D, "Has the pneumonia improved?", Y, "change", [("_17_", r"pneumonia is improving")])
q(D, "Has the SDH grown?", N, "change", [("_13_", r"subdural collection has decreased")])
q(
    D,
    "Did the perisplenic hematoma decrease?",
    Y,
    "change",
    [("_10_", r"perisplenic hematoma has decreased")],
)
q(
    D,
    "Has the right lower lobe consolidation worsened since the CTA?",
    Y,
    "change",
    [("_16_", r"consolidation has worsened")],
)
q(
    D,
    "interval change in effusions on the last film?",
    ["decreas"],
    "change",
    [("_17_", r"pleural effusions have decreased")],
)
q(
    D,
    "Is the left effusion worse on 2150-03-03?",
    Y,
    "change",
    [("_05_", r"effusion has slightly increased")],
)
q(D, "How many head CTs were done?", ["2"], "count")
q(D, "How many MRIs?", ["1"], "count")
q(D, "How many CT scans?", ["4"], "count")
# -- demo: whole exam / current status -----------------------------------------------
q(
    D,
    "What did the last CT show?",
    ["consolidation", "pneumonia"],
    "whole_exam",
    [("_15_", r"1\. No pulmonary embolism")],
)
q(
    D,
    "Any new findings on the last CT?",
    ["consolidation", "effusion"],
    "whole_exam",
    [("_15_", r"1\. No pulmonary embolism")],
)
q(
    D,
    "What was new on the last exam?",
    ["improving"],
    "whole_exam",
    [("_17_", r"Improving right lower lobe pneumonia and decreasing")],
)
q(
    D,
    "What did the last MRI show?",
    ["subdural"],
    "whole_exam",
    [("_13_", r"Decreasing right frontotemporal subdural")],
)
q(
    D,
    "Which lines and tubes are in now?",
    ["none", "no lines", "no devices", "removed"],
    "whole_exam",
    [("_17_", r"NG tube have been removed")],
)
q(
    D,
    "What did the first head CT show?",
    ["subdural"],
    "whole_exam",
    [("_01_", r"1\. Acute right frontotemporal subdural")],
)
q(
    D,
    "What did the CTA show?",
    ["consolidation", "pneumonia"],
    "whole_exam",
    [("_15_", r"1\. No pulmonary embolism")],
)
q(
    D,
    "What did the ultrasound show?",
    ["hematoma", "cyst", "sludge"],
    "whole_exam",
    [("_10_", r"1\. Decreased perisplenic hematoma")],
)
q(
    D,
    "What did the abdominal x-ray show?",
    ["feeding tube", "ileus", "small bowel"],
    "whole_exam",
    [("_09_", r"1\. Feeding tube tip in the stomach")],
)
q(
    D,
    "What did the c-spine CT show?",
    ["fracture", "degenerative"],
    "whole_exam",
    [("_02_", r"No acute fracture or malalignment of the cervical spine\. Mild")],
)
q(
    D,
    "What was new on 2150-03-04?",
    ["pneumothorax"],
    "whole_exam",
    [("_07_", r"1\. New small right apical pneumothorax")],
)
q(
    D,
    "What was new on the 2150-03-09 film?",
    ["edema"],
    "whole_exam",
    [("_11_", r"1\. No pneumothorax after chest tube removal")],
)
q(
    D,
    "Summarize the 2150-05-16 x-ray",
    ["pneumonia", "ETT", "effusion"],
    "whole_exam",
    [("_16_", r"1\. Appropriately positioned ETT")],
)
q(
    D,
    "What did the outside lumbar spine film show?",
    ["degenerative", "osseous"],
    "whole_exam",
    [("outside", r"No acute osseous abnormality")],
)
q(
    D,
    "What changed since the MRI?",
    ["resolved", "consolidation", "pneumonia", "removed"],
    "whole_exam",
    [("_14_", r"No acute cardiopulmonary process")],
)
q(
    D,
    "Which devices were in on 2150-03-04?",
    ["endotracheal", "ETT", "nasogastric", "jugular"],
    "whole_exam",
    [("_07_", r"endotracheal tube has been withdrawn")],
)
# -- demo: unanswerable ---------------------------------------------------------------
for text in [
    "What is the patient's blood pressure?",
    "What was the hemoglobin?",
    "Is the patient on heparin?",
    "What antibiotics is he on?",
    "What is his heart rate?",
    "What is the white count?",
    "What's the oxygen saturation?",
    "Does the patient have chest pain?",
    "What is the CPT code for the CTA?",
    "How much was billed for the MRI?",
    "What was the creatinine?",
    "What's the INR?",
    "Is there a knee fracture?",
    "What does the left hand x-ray show?",
    "Is the patient allergic to contrast?",
    "What is his BMI?",
    "What dose of furosemide was given?",
    "What is the lactate?",
    "What is the patient's temperature?",
    "potassium level?",
]:
    q(D, text, [], "", why="scope")
for text in [
    "What French size is the PICC?",
    "How big is the pneumonia in cm?",
    "What is the diameter of the perisplenic hematoma?",
    "What French is the chest tube?",
    "What is the volume of the left pleural effusion?",
    "Who placed the PICC?",
    "How long is the splenic laceration on the ultrasound?",
    "What was the thickness of the SDH on the CTA?",
    "What size is the ETT?",
]:
    q(D, text, [], "", why="unstated")
for text in [
    "Is there a pacemaker?",
    "Is there a pericardial effusion?",
    "Any aortic dissection?",
    "Is there a pulmonary nodule?",
    "Has the tracheostomy been removed?",
    "Is the G-tube in?",
    "Any appendicitis?",
    "Is there a kidney stone?",
]:
    q(D, text, [], "", why="unmentioned")

# -- generated patients (synth --patients 3 --seed 23) ---------------------------------
S1, S2, S3 = "synth:23/patient_001", "synth:23/patient_002", "synth:23/patient_003"
q(
    S1,
    "Is the gastrostomy tube still in?",
    Y,
    "polarity",
    [("08_", r"Gastrostomy tube tip remains")],
    pol="present",
)
q(
    S1,
    "Has the G-tube been removed?",
    N,
    "polarity",
    [("08_", r"Gastrostomy tube tip remains")],
    pol="absent",
)
q(
    S1,
    "Is the right renal calculus still present?",
    Y,
    "polarity",
    [("07_", r"Right renal calculus, slightly larger")],
    pol="present",
)
q(
    S1,
    "Has the right kidney stone resolved?",
    N,
    "polarity",
    [("07_", r"Right renal calculus, slightly larger")],
    pol="absent",
)
q(
    S1,
    "Has the right renal calculus grown?",
    Y,
    "change",
    [("07_", r"Right renal calculus, slightly larger")],
)
q(
    S1,
    "When was the gastrostomy tube placed?",
    ["2118-08-08"],
    "date",
    [("05_", r"gastrostomy tube has been placed")],
)
q(
    S1,
    "When was the nephrostomy tube placed?",
    ["2118-08-14"],
    "date",
    [("06_", r"placement of a nephrostomy tube")],
)
q(
    S1,
    "How big is the right renal calculus?",
    ["3 mm"],
    "size",
    [("04_", r"3 mm right renal calculus")],
)
q(
    S1,
    "What did the last CT show?",
    ["no acute", "gastrostomy", "cyst"],
    "whole_exam",
    [("08_", r"Otherwise no acute abdominal")],
)
q(
    S1,
    "What was new on 2118-08-03?",
    ["nephrolithiasis"],
    "whole_exam",
    [("04_", r"nephrolithiasis is newly noted")],
)
q(
    S1,
    "Is the peripancreatic stranding better?",
    N,
    "change",
    [("06_", r"Worse peripancreatic stranding")],
)
q(S1, "Any ascites?", Y, "polarity", [("06_", r"Stable ascites")], pol="present")
q(
    S1,
    "Which devices are in now?",
    ["gastrostomy", "clips"],
    "whole_exam",
    [("08_", r"Gastrostomy tube tip remains")],
)
q(S1, "What's the patient's creatinine?", [], "", why="scope")
q(S1, "What French is the nephrostomy?", [], "", why="unstated")
q(S1, "What is the size of the left renal cyst?", [], "", why="unstated")
q(S1, "Is there a pneumothorax?", [], "", why="unmentioned")
q(S1, "Is there a brain bleed?", [], "", why="scope")
q(
    S2,
    "Is the right IJ line still in?",
    Y,
    "polarity",
    [("07_", r"right IJ line terminates in the right atrium")],
    pol="present",
)
q(
    S2,
    "Is the right IJ out?",
    N,
    "polarity",
    [("07_", r"right IJ line terminates in the right atrium")],
    pol="absent",
)
q(
    S2,
    "eval right IJ position",
    ["right atrium"],
    "tip",
    [("07_", r"right IJ line terminates in the right atrium")],
)
q(
    S2,
    "Is the thoracostomy tube out?",
    Y,
    "polarity",
    [("04_", r"removal of the thoracostomy tube")],
    pol="absent",
)
q(
    S2,
    "Is the chest tube still in?",
    N,
    "polarity",
    [("04_", r"removal of the thoracostomy tube")],
    pol="present",
)
q(
    S2,
    "Has the right pleural effusion resolved?",
    Y,
    "polarity",
    [("03_", r"Interval resolution of the right pleural fluid")],
    pol="absent",
)
q(
    S2,
    "Is there still a right effusion?",
    N,
    "polarity",
    [("03_", r"Interval resolution of the right pleural fluid")],
    pol="present",
)
q(S2, "Is the pulmonary edema better?", Y, "change", [("07_", r"Pulmonary edema, smaller")])
q(
    S2,
    "Has the pulmonary edema resolved?",
    N,
    "polarity",
    [("07_", r"Pulmonary edema, smaller")],
    pol="absent",
)
q(
    S2,
    "Is there still pulmonary edema?",
    Y,
    "polarity",
    [("07_", r"Pulmonary edema, smaller")],
    pol="present",
)
q(
    S2,
    "When was the feeding tube placed?",
    ["2170-07-10"],
    "date",
    [("07_", r"small-bore feeding tube has been inserted")],
)
q(
    S2,
    "Where does the feeding tube terminate?",
    ["ligament of Treitz"],
    "tip",
    [("07_", r"feeding tube terminates at the ligament")],
)
q(
    S2,
    "When did the rib fractures first appear?",
    ["2170-07-06"],
    "date",
    [("06_", r"rib fractures are newly noted")],
)
q(
    S2,
    "What did the CTA show?",
    ["rib fracture"],
    "whole_exam",
    [("06_", r"1\. Nondisplaced rib fractures")],
)
q(
    S2,
    "What was new on the last x-ray?",
    ["nodular opacity", "feeding tube"],
    "whole_exam",
    [("07_", r"1\. Pulmonary edema, smaller")],
)
q(S2, "Was there a PE on the CTA?", [], "", why="unmentioned")
q(S2, "How many chest x-rays?", ["6"], "count")
q(
    S2,
    "Which lines are in now?",
    ["jugular", "IJ", "feeding tube"],
    "whole_exam",
    [("07_", r"right IJ line terminates")],
)
q(S2, "What's the patient's potassium?", [], "", why="scope")
q(S2, "What was the size of the right IJ catheter?", [], "", why="unstated")
q(S2, "Is the patient on diuretics?", [], "", why="scope")
q(
    S3,
    "Is the Swan-Ganz catheter still in?",
    N,
    "polarity",
    [("07_", r"Swan-Ganz catheter is no longer present")],
    pol="present",
)
q(
    S3,
    "Has the Swan been removed?",
    Y,
    "polarity",
    [("07_", r"Swan-Ganz catheter is no longer present")],
    pol="absent",
)
q(
    S3,
    "Is the feeding tube out?",
    Y,
    "polarity",
    [("06_", r"feeding tube is no longer present")],
    pol="absent",
)
q(
    S3,
    "Feeding tube still in?",
    N,
    "polarity",
    [("06_", r"feeding tube is no longer present")],
    pol="present",
)
q(
    S3,
    "Has the pancreatitis resolved?",
    N,
    "polarity",
    [("04_", r"peripancreatic inflammation, slightly smaller \(")],
    pol="absent",
)
q(
    S3,
    "Does the peripancreatic inflammation persist?",
    Y,
    "polarity",
    [("04_", r"peripancreatic inflammation, slightly smaller \(")],
    pol="present",
)
q(
    S3,
    "Is the peripancreatic inflammation better?",
    Y,
    "change",
    [("04_", r"peripancreatic inflammation, slightly smaller \(")],
)
q(
    S3,
    "When was the JP drain placed?",
    ["2173-10-12"],
    "date",
    [("02_", r"placement of a JP drain")],
)
q(
    S3,
    "Where does the Swan terminate?",
    ["interlobar artery"],
    "tip",
    [("06_", r"terminates in the right interlobar")],
)
q(
    S3,
    "r/o pneumonia on 2173-11-15",
    Y,
    "polarity",
    [("05_", r"concerning for pneumonia")],
    pol="present",
)
q(
    S3,
    "What did the last chest x-ray show?",
    ["no acute"],
    "whole_exam",
    [("09_", r"No acute cardiopulmonary abnormality")],
)
q(
    S3,
    "What did the renal ultrasound show?",
    ["ascites", "nephrostomy", "peripancreatic"],
    "whole_exam",
    [("01_", r"1\. Trace ascites")],
)
q(S3, "How big is the right kidney stone?", ["5 mm"], "size", [("01_", r"5 mm stone")])
q(S3, "How big is the left ureteral stone?", [], "", why="unstated")
q(S3, "What's the lipase?", [], "", why="scope")
q(S3, "Is there a subdural hematoma?", [], "", why="scope")
q(S3, "Is there an IVC filter?", [], "", why="unmentioned")


# -- IU single chest X-ray reports (uid) --------------------------------------------------
def iu(uid: str) -> str:
    return f"iu:{uid}"


R = "r"  # the single report of a corpus patient
q(
    iu("105"),
    "central line still in?",
    Y,
    "polarity",
    [(R, r"central venous catheter")],
    pol="present",
)
q(
    iu("105"),
    "central line removed?",
    N,
    "polarity",
    [(R, r"central venous catheter")],
    pol="absent",
)
q(iu("105"), "r/o ptx", N, "polarity", [(R, r"No pneumothorax")], pol="present")
q(iu("105"), "What's the heart rate?", [], "", why="scope")
q(iu("153"), "Eval CVC tip", ["SVC"], "tip", [(R, r"tip overlying the inferior SVC")])
q(iu("153"), "effusion?", Y, "polarity", [(R, r"small right pleural effusion")], pol="present")
q(iu("153"), "Size of the effusion in mL?", [], "", why="unstated")
q(
    iu("153"),
    "r/o pneumonia",
    N,
    "polarity",
    [(R, r"without focal airspace disease")],
    pol="present",
)
q(
    iu("174"),
    "Where is the PICC tip?",
    ["cavoatrial", "caval atrial"],
    "tip",
    [(R, r"PICC with tip")],
)
q(iu("174"), "Any effusion?", N, "polarity", [(R, r"No pleural effusion")], pol="present")
q(
    iu("174"),
    "What did this x-ray show?",
    ["PICC", "no acute"],
    "whole_exam",
    [(R, r"1\. Left PICC tip")],
)
q(iu("174"), "Was the PICC removed?", N, "polarity", [(R, r"PICC with tip")], pol="absent")
q(iu("235"), "pacemaker?", Y, "polarity", [(R, r"biventricular pacemaker")], pol="present")
q(iu("235"), "cardiomegaly?", Y, "polarity", [(R, r"Cardiomegaly and mild")], pol="present")
q(iu("235"), "pulmonary edema?", Y, "polarity", [(R, r"Cardiomegaly and mild")], pol="present")
q(
    iu("235"),
    "What did this film show?",
    ["pacemaker", "cardiomegaly", "edema"],
    "whole_exam",
    [(R, r"1\. Left-sided biventricular")],
)
q(iu("235"), "What size is the heart in cm?", [], "", why="unstated")
q(
    iu("267"),
    "Has the ETT been removed?",
    Y,
    "polarity",
    [(R, r"NG tube have been removed")],
    pol="absent",
)
q(
    iu("267"),
    "Is the endotracheal tube still in?",
    N,
    "polarity",
    [(R, r"NG tube have been removed")],
    pol="present",
)
q(
    iu("267"),
    "NG tube out?",
    Y,
    "polarity",
    [(R, r"NG tube have been removed")],
    pol="absent",
)
q(
    iu("267"),
    "NG still in place?",
    N,
    "polarity",
    [(R, r"NG tube have been removed")],
    pol="present",
)
q(
    iu("267"),
    "effusions?",
    Y,
    "polarity",
    [(R, r"small bilateral pleural effusions\.")],
    pol="present",
)
q(
    iu("267"),
    "What did this exam show?",
    ["effusion", "airspace"],
    "whole_exam",
    [(R, r"Small bilateral pleural effusions with")],
)
q(iu("267"), "What's the O2 sat?", [], "", why="scope")
q(iu("372"), "PICC in place?", Y, "polarity", [(R, r"Right PICC is unchanged")], pol="present")
q(
    iu("372"),
    "Has the PICC been pulled?",
    N,
    "polarity",
    [(R, r"Right PICC is unchanged")],
    pol="absent",
)
q(
    iu("372"),
    "Where is the PICC tip?",
    ["cavoatrial", "caval atrial"],
    "tip",
    [(R, r"Right PICC is unchanged")],
)
q(iu("372"), "Left effusion?", Y, "polarity", [(R, r"Small left pleural effusion")], pol="present")
q(iu("372"), "How big is the effusion in cm?", [], "", why="unstated")
q(
    iu("392"),
    "Has the left effusion resolved?",
    Y,
    "polarity",
    [(R, r"resolution of left effusion")],
    pol="absent",
)
q(
    iu("392"),
    "Does the left effusion persist?",
    N,
    "polarity",
    [(R, r"resolution of left effusion")],
    pol="present",
)
q(
    iu("392"),
    "Is the dialysis catheter still in?",
    Y,
    "polarity",
    [(R, r"dialysis catheter unchanged")],
    pol="present",
)
q(
    iu("392"),
    "Dialysis catheter removed?",
    N,
    "polarity",
    [(R, r"dialysis catheter unchanged")],
    pol="absent",
)
q(
    iu("392"),
    "What did this show?",
    ["no acute"],
    "whole_exam",
    [(R, r"No acute cardiopulmonary disease")],
)
q(iu("392"), "pneumonia?", N, "polarity", [(R, r"No focal consolidation")], pol="present")
q(iu("423"), "free air?", Y, "polarity", [(R, r"subphrenic free air")], pol="present")
q(
    iu("423"),
    "Are the effusions better?",
    N,
    "change",
    [(R, r"Interval increase in size")],
)
q(
    iu("423"),
    "Interval change in effusions?",
    ["increase", "larger"],
    "change",
    [(R, r"Interval increase in size")],
)
q(
    iu("423"),
    "Is there a feeding tube?",
    Y,
    "polarity",
    [(R, r"feeding tube has been placed")],
    pol="present",
)
q(
    iu("423"),
    "What did this study show?",
    ["free air", "pneumoperitoneum", "subphrenic"],
    "whole_exam",
    [(R, r"1\. Concern for left subphrenic")],
)
q(iu("423"), "What is the patient's lactate?", [], "", why="scope")
q(
    iu("481"),
    "Eval PICC position",
    ["brachiocephalic"],
    "tip",
    [(R, r"PICC line tip near junction")],
)
q(
    iu("481"),
    "r/o pneumonia",
    N,
    "polarity",
    [(R, r"No evidence of pulmonary consolidation")],
    pol="present",
)
q(iu("481"), "What is the FEV1?", [], "", why="scope")
q(
    iu("509"),
    "Are the chest tubes still in?",
    Y,
    "polarity",
    [(R, r"chest tubes again noted")],
    pol="present",
)
q(iu("509"), "Chest tubes out?", N, "polarity", [(R, r"chest tubes again noted")], pol="absent")
q(
    iu("509"),
    "Eval ETT position",
    ["4.5 cm above the carina"],
    "tip",
    [(R, r"Endotracheal tube noted with tip")],
)
q(
    iu("509"),
    "Has the left effusion improved?",
    Y,
    "change",
    [(R, r"improvement in left lung pleural fluid")],
)
q(iu("509"), "ptx?", N, "polarity", [(R, r"No evidence of pneumothorax")], pol="present")
q(
    iu("509"),
    "What did this x-ray show?",
    ["improve"],
    "whole_exam",
    [(R, r"improvement in aeration")],
)
q(iu("524"), "Eval CVC tip", ["low SVC"], "tip", [(R, r"tip approximating the low SVC")])
q(
    iu("524"),
    "ptx after line placement?",
    N,
    "polarity",
    [(R, r"No evidence of pneumothorax")],
    pol="present",
)
q(iu("524"), "What gauge is the catheter?", [], "", why="unstated")
q(
    iu("601"),
    "Where is the right IJ tip?",
    ["cavoatrial"],
    "tip",
    [(R, r"tip overlying the cavoatrial")],
)
q(iu("601"), "r/o pneumonia", Y, "polarity", [(R, r"acute infectious process")], pol="present")
q(iu("601"), "What is the ACE level?", [], "", why="scope")
q(iu("2"), "cardiomegaly?", Y, "polarity", [(R, r"Borderline cardiomegaly")], pol="present")
q(iu("2"), "What did this show?", ["no acute"], "whole_exam", [(R, r"No acute pulmonary findings")])
q(iu("2"), "ptx?", [], "", why="unmentioned")
q(iu("45"), "cardiomegaly?", Y, "polarity", [(R, r"Stable cardiomegaly without")], pol="present")
q(iu("45"), "CHF?", N, "polarity", [(R, r"Stable cardiomegaly without overt")], pol="present")
q(iu("45"), "Is the cardiomegaly worse?", N, "change", [(R, r"Stable cardiomegaly without")])
q(iu("50"), "cardiomegaly?", Y, "polarity", [(R, r"Cardiomegaly with low lung")], pol="present")
q(iu("50"), "effusions?", N, "polarity", [(R, r"No pleural effusions")], pol="present")
q(iu("50"), "Is there an NG tube?", [], "", why="unmentioned")
q(iu("101"), "cardiomegaly?", Y, "polarity", [(R, r"Mild stable cardiomegaly")], pol="present")
q(iu("101"), "What is the patient's weight?", [], "", why="scope")
q(iu("48"), "nodule?", Y, "polarity", [(R, r"8mm nodule")], pol="present")
q(
    iu("48"),
    "How big is the nodule?",
    ["8mm", "8 mm"],
    "size",
    [(R, r"8mm nodule")],
)
q(iu("48"), "Has the nodule grown?", [], "", why="unstated")
q(iu("48"), "Is there a chest tube?", [], "", why="unmentioned")
q(
    iu("82"),
    "What did this show?",
    ["no acute"],
    "whole_exam",
    [(R, r"No acute cardiopulmonary abnormality")],
)
q(iu("82"), "What is the blood glucose?", [], "", why="scope")
q(iu("123"), "cardiomegaly?", Y, "polarity", [(R, r"Mild cardiomegaly")], pol="present")
q(iu("123"), "What size is the apical opacity?", [], "", why="unstated")
q(iu("123"), "r/o ptx", N, "polarity", [(R, r"No pneumothorax")], pol="present")
q(
    iu("569"),
    "Has the left effusion resolved?",
    Y,
    "polarity",
    [(R, r"left pleural effusion has resolved")],
    pol="absent",
)
q(
    iu("569"),
    "Is the left effusion still there?",
    N,
    "polarity",
    [(R, r"left pleural effusion has resolved")],
    pol="present",
)
q(
    iu("649"),
    "Has the pneumothorax resolved?",
    Y,
    "polarity",
    [(R, r"apical pneumothorax has resolved")],
    pol="absent",
)
q(
    iu("649"),
    "Is the pneumothorax still present?",
    N,
    "polarity",
    [(R, r"apical pneumothorax has resolved")],
    pol="present",
)
q(
    iu("649"),
    "What did this exam show?",
    ["postsurgical", "resolution"],
    "whole_exam",
    [(R, r"Stable postsurgical changes")],
)
q(iu("2887"), "r/o ptx", N, "polarity", [(R, r"No definitive pneumothorax")], pol="present")
q(
    iu("2887"),
    "Clavicle fracture?",
    Y,
    "polarity",
    [(R, r"Displaced fracture of the mid")],
    pol="present",
)
q(iu("2887"), "What is the pain score?", [], "", why="scope")
q(
    iu("3072"),
    "Where is the port tip?",
    ["cavoatrial"],
    "tip",
    [(R, r"tip projecting at the cavoatrial")],
)
q(iu("3072"), "ptx?", N, "polarity", [(R, r"No large pneumothorax")], pol="present")
q(iu("3072"), "What is the sweat chloride?", [], "", why="scope")
q(
    iu("3694"),
    "Is the chest tube out?",
    Y,
    "polarity",
    [(R, r"removal of left-sided chest")],
    pol="absent",
)
q(
    iu("3694"),
    "Is the left chest tube still in?",
    N,
    "polarity",
    [(R, r"removal of left-sided chest")],
    pol="present",
)
q(iu("3694"), "Has the ptx grown?", Y, "change", [(R, r"has increased slightly")])
q(iu("3694"), "How big is the ptx?", ["0.9 cm"], "size", [(R, r"0\.9 cm")])
q(
    iu("3694"),
    "Is the pneumothorax resolved?",
    N,
    "polarity",
    [(R, r"has increased slightly")],
    pol="absent",
)
q(
    iu("3694"),
    "Does the pneumothorax persist?",
    Y,
    "polarity",
    [(R, r"has increased slightly")],
    pol="present",
)
q(iu("4"), "emphysema?", Y, "polarity", [(R, r"1\. Bullous emphysema")], pol="present")
q(
    iu("4"),
    "What did this x-ray show?",
    ["emphysema"],
    "whole_exam",
    [(R, r"1\. Bullous emphysema")],
)
q(iu("4"), "What is the DLCO?", [], "", why="scope")
q(iu("6"), "pneumonia?", N, "polarity", [(R, r"no focal airspace consolidation")], pol="present")
q(
    iu("6"),
    "What did this show?",
    ["no acute"],
    "whole_exam",
    [(R, r"No acute cardiopulmonary findings")],
)
q(iu("6"), "Is there a PICC?", [], "", why="unmentioned")
q(iu("9"), "granuloma?", Y, "polarity", [(R, r"Calcified granuloma is again seen")], pol="present")
q(
    iu("9"),
    "What did this show?",
    ["density", "cardiophrenic"],
    "whole_exam",
    [(R, r"Increased size of density")],
)
q(iu("9"), "Size of the cardiophrenic density in cm?", [], "", why="unstated")
q(
    iu("13"),
    "cardiomegaly?",
    Y,
    "polarity",
    [(R, r"Borderline enlargement of the cardiac")],
    pol="present",
)
q(
    iu("13"),
    "What did this show?",
    ["borderline", "cardiac silhouette"],
    "whole_exam",
    [(R, r"Borderline enlargement of the cardiac")],
)
q(iu("13"), "Is there an endotracheal tube?", [], "", why="unmentioned")
q(iu("13"), "Any brain bleed?", [], "", why="scope")
q(iu("6"), "What is the patient's hemoglobin A1c?", [], "", why="scope")
q(iu("2"), "Is there a femur fracture?", [], "", why="scope")


# -- PARROT v1.0 single reports (line) --------------------------------------------------
def pr(line: str) -> str:
    return f"parrot1:{line}"


q(pr("104"), "hemorrhage?", Y, "polarity", [(R, r"hemorrhagic stroke lesion")], pol="present")
q(pr("104"), "How big is the lesion?", ["59"], "size", [(R, r"measuring 59mm")])
q(
    pr("104"),
    "Is there a pericerebral collection?",
    N,
    "polarity",
    [(R, r"No abnormal pericerebral collection")],
    pol="present",
)
q(
    pr("104"),
    "What did this CT show?",
    ["hemorrhagic", "hyperdense lesion"],
    "whole_exam",
    [(R, r"Hyperdense lesion in the left capsulo")],
)
q(pr("104"), "What's the blood pressure?", [], "", why="scope")
q(
    pr("186"),
    "Was a drain placed?",
    Y,
    "polarity",
    [(R, r"Uncomplicated placement of a suction drain")],
    pol="present",
)
q(
    pr("186"),
    "What size is the drain?",
    ["10 F"],
    "size",
    [(R, r"Insertion of a 10 F suction drain")],
)
q(pr("186"), "What antibiotics is the patient on?", [], "", why="scope")
q(pr("186"), "What did the culture grow?", [], "", why="scope")
q(
    pr("1123"),
    "nerve root compression?",
    N,
    "polarity",
    [(R, r"Early disc protrusion at L4/5 without")],
    pol="present",
)
q(
    pr("1123"),
    "What did this MRI show?",
    ["degenerative", "protrusion"],
    "whole_exam",
    [(R, r"Impression: Age-appropriate")],
)
q(pr("1123"), "What is the pain level?", [], "", why="scope")
q(
    pr("2364"),
    "r/o ptx",
    N,
    "polarity",
    [(R, r"No radiological signs of pneumothorax")],
    pol="present",
)
q(pr("2364"), "pleural fluid?", Y, "polarity", [(R, r"fluid in the pleural cavity")], pol="present")
q(pr("2364"), "How much fluid was drained?", [], "", why="unstated")
q(pr("2501"), "stroke?", Y, "polarity", [(R, r"Signs of a recent left cerebellar")], pol="present")
q(pr("2501"), "hemorrhage?", N, "polarity", [(R, r"No recent hemorrhagic")], pol="present")
q(
    pr("2501"),
    "What did this CT show?",
    ["ischemic", "stroke", "cerebellar"],
    "whole_exam",
    [(R, r"Signs of a recent left cerebellar")],
)
q(pr("2501"), "What is the NIHSS?", [], "", why="scope")
q(
    pr("2686"),
    "Has the hematoma resolved?",
    Y,
    "polarity",
    [(R, r"Conclusion: Complete resolution")],
    pol="absent",
)
q(
    pr("2686"),
    "Is the parietal hematoma still there?",
    N,
    "polarity",
    [(R, r"Conclusion: Complete resolution")],
    pol="present",
)
q(
    pr("2686"),
    "What did this scan show?",
    ["resolution"],
    "whole_exam",
    [(R, r"Conclusion: Complete resolution")],
)
q(pr("2686"), "How big was the hematoma?", [], "", why="unstated")
q(
    pr("2679"),
    "myelopathy?",
    N,
    "polarity",
    [(R, r"No MRI evidence supporting myelopathy")],
    pol="present",
)
q(
    pr("2679"),
    "What did this MRI show?",
    ["myelopathy"],
    "whole_exam",
    [(R, r"No MRI evidence supporting myelopathy")],
)
q(pr("2679"), "What is the B12 level?", [], "", why="scope")
q(
    pr("2373"),
    "intracranial hemorrhage?",
    N,
    "polarity",
    [(R, r"no hyperdense intracranial hemorrhage")],
    pol="present",
)
q(
    pr("2373"),
    "How big is the fluid-filled lesion?",
    ["30 mm"],
    "size",
    [(R, r"a 30 mm fluid-filled lesion")],
)
q(pr("2373"), "Is the patient on levetiracetam?", [], "", why="scope")
q(
    pr("772"),
    "orbital floor fracture?",
    Y,
    "polarity",
    [(R, r"Fracture of the right orbital floor")],
    pol="present",
)
q(pr("772"), "Is there a pneumothorax?", [], "", why="scope")
q(pr("788"), "What is the serum copper?", [], "", why="scope")
q(
    pr("2273"),
    "Is the heart enlarged?",
    Y,
    "polarity",
    [(R, r"cardiac silhouette is enlarged")],
    pol="present",
)
q(pr("2273"), "What is the ejection fraction?", [], "", why="scope")


# -- more unanswerable (added before any code change, same rules) -----------------------
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


# Dev-half gold corrections, applied after the split so the split stays as frozen:
# the demo patient had five CTs (head x2, C-spine, abdomen, CTA), not four; the generated
# patient's left renal cyst is called "small" on 2118-07-24 (a size word is a size).
DEV_CORRECTIONS = {
    (D, "How many CT scans?"): {"answers": ["5"]},
    (S1, "What is the size of the left renal cyst?"): {
        "kind": "size",
        "answerable": True,
        "answers": ["small"],
        "unanswerable": "",
        "_ev": [("03_", r"incidental small left renal cyst")],
    },
}


def _id(i: int, item: dict) -> str:
    return f"ask{i:03d}"


def main(out: str) -> None:
    texts = patient_texts(
        sorted({x["patient"] for x in Q}),
        Path(__file__).resolve().parents[1] / "radtrack_gui" / "resources" / "samples",
    )
    # the split: by a sha256 of the id within each kind as written (frozen)
    half = {}
    for kind in sorted({x["kind"] for x in Q}):
        ids = sorted(
            (_id(i, x) for i, x in enumerate(Q, 1) if x["kind"] == kind),
            key=lambda k: hashlib.sha256(k.encode()).hexdigest(),
        )
        half.update({k: "heldout" if j % 2 else "dev" for j, k in enumerate(ids)})
    rows = []
    for i, item in enumerate(Q, 1):
        if half[_id(i, item)] == "dev":  # gold errors found on the dev half only
            item.update(DEV_CORRECTIONS.get((item["patient"], item["question"]), {}))
        reports = texts[item["patient"]]
        ev = []
        for key, anchor in item.pop("_ev"):
            rid = next(
                (
                    r
                    for r in reports
                    if key == R or r.startswith(key) or (key[0] == "_" and key in r)
                ),
                None,
            )
            if rid is None:
                raise SystemExit(f"{item['question']}: no report {key} in {item['patient']}")
            text = reports[rid]
            m = re.search(anchor, text)
            if not m:
                raise SystemExit(f"{item['question']}: anchor {anchor!r} not in {rid}")
            s, e = sentence_around(text, m.start(), m.end())
            span = {"report": rid, "start": s, "end": e}
            if item["patient"].startswith(("iu:", "parrot1:")):
                span["sha1"] = span_digest(text[s:e])
            else:
                span["text"] = text[s:e]
            ev.append(span)
        rows.append({"id": _id(i, item), **item, "evidence": ev})
    halves: dict[str, list[dict]] = {"dev": [], "heldout": []}
    for r in rows:
        halves[half[r["id"]]].append(r)
    for name, part in halves.items():
        part.sort(key=lambda r: r["id"])
        path = Path(out) / f"ask_questions_{name}.jsonl"
        path.write_text(
            "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in part), encoding="utf-8"
        )
        print(f"{path}: {len(part)} questions")
    n = len(rows)
    un = sum(not r["answerable"] for r in rows)
    pol = sum(bool(r["polarity"]) for r in rows)
    whole = sum(r["kind"] == "whole_exam" for r in rows)
    print(
        f"total {n}; unanswerable {un} ({100 * un / n:.0f} %); polarity {pol}; whole-exam {whole}"
    )


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp())
