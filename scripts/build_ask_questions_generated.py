"""Ask questions on the three generated patients (``radtrack synth DIR --patients 3
--seed 23``), written by reading their reports."""

from __future__ import annotations

from functools import partial

from build_ask_questions_common import S1, S2, S3, N, Y, add_question

QUESTIONS: list[dict] = []
q = partial(add_question, QUESTIONS)

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
