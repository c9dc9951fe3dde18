"""Ask questions on the demo patient: polarity both ways, dates, tips, sizes, change,
counts, the whole exam and the unanswerable ones (written by reading its reports)."""

from __future__ import annotations

from functools import partial

from build_ask_questions_common import D, N, Y, add_question

QUESTIONS: list[dict] = []
q = partial(add_question, QUESTIONS)

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
