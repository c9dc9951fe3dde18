"""Ask questions on single IU chest X-ray reports (keyed by uid, read in place from
``../shared/corpora``; the evidence is kept as offsets and a hash, never as text)."""

from __future__ import annotations

from functools import partial

from build_ask_questions_common import N, R, Y, add_question, iu

QUESTIONS: list[dict] = []
q = partial(add_question, QUESTIONS)

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
