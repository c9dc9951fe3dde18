"""Curation rules of ``scripts/build_vocab.py`` for findings, devices and exam names (the
anatomy rules are in ``build_vocab_rules.py``); docs/vocabulary.md explains them."""

from __future__ import annotations

# -- findings and devices --------------------------------------------------------------
# Findings: the pathophysiologic findings, benign findings, and the imaging observations that
# name something seen (an opacity, a sign, a breast implant observation); not symptoms
# (fever, dizziness), BI-RADS/Lung-RADS assessments, margins, enhancement patterns,
# lesion characteristics or echotextures (descriptors of a finding, not findings).
FINDING_BRANCHES = (
    "pathophysiologic finding",
    "benign finding",
    "opacity",
    "imaging sign",
    "breast implant observation",
    "liver imaging observation",
    "enhancement",
    "asymmetry",
    "perfusion imaging observation",
)
FINDING_SKIP_BRANCHES = ("symptom", "assessment", "margin", "enhancement pattern")
# A name ending in one of these words with narrower terms below it is a grouping class
# ("upper gastrointestinal tract disorder"), not a report's word.
GROUPING_HEADS = frozenset(
    {
        "disorder",
        "disease",
        "finding",
        "condition",
        "entity",
        "process",
        "abnormality",
        "pattern",
        "observation",
        "sign",
        "neoplasm",
    }
)
# Devices: RadLex "medical device" (implants, tubes, catheters, prostheses) and foreign
# bodies; not imaging equipment (coils, collimators, transducers, detectors).
DEVICE_BRANCHES = ("medical device", "foreign body", "orthopedic device")
DEVICE_SKIP_BRANCHES = (
    "imaging device",
    "radiofrequency coil",
    "collimator",
    "clinical transducer",
    # the sonographer's probe, not a device in the patient ("examined with a high-frequency
    # linear transducer"): RadLex files these under a device branch of its own
    "ultrasound transducer",
    "non-mechanical transducer",
    "mechanical transducer",
    "detector",
    "radiation therapy device",
    "biopsy device",
    "surgical instrument",
)
# One-word finding or device names that are ordinary English or report boilerplate before
# they are a finding ("lead", "spasm", "normal"): such a word is not added as a term.
GENERIC_TERMS = frozenset(
    {
        "lead",
        "spasm",
        "normal",
        "abnormal",
        "variant",
        "injury",
        "defect",
        "lesion",
        "mass",
        # RadLex's "focus" and "foci" (imaging observation > enhancement) are generic lesion
        # words like "lesion" and "mass": the hand tables and readings decide them
        "focus",
        "foci",
        "tumor",
        "change",
        "changes",
        "shift",
        "pattern",
        "sign",
        "deformity",
        "fluid",
        "air",
        "gas",
        "wire",
        "clip",
        "clamp",
        "needle",
        "tube",
        "line",
        "post",
        "pin",
        "rod",
        "plate",
        "screw",
        "button",
        "patch",
        "band",
        "ring",
        "cap",
        "splint",
        "brace",
        "cast",
        "sponge",
        "coin",
        "bullet",
        "glass",
        "stone",
        "tattoo",
        "battery",
        "injector",
        "filter",
        "marker",
        "seed",
        "seeds",
        "mesh",
        "growth",
        "loss",
        "damage",
        "failure",
        "pain",
        "drain",
        "dilator",
        "sheath",
        "balloon",
        "bleeding",
        "infarction",
        "stage",
        "grade",
        "aging",
        "atrophy",
        "stress",
        "shock",
        "collapse",
        "edema",
        "fracture",
        "tear",
        "hernia",
        "ulcer",
        "wound",
        "burn",
        "trauma",
        "valve",
        "valves",
        "probe",
        "transducer",
        "adhesive",
        "compression",
        "puncture",
        "deposition",
        "stasis",
        "retention",
        "hypertension",
        "instability",
        "detachment",
    }
)

# -- exams (LOINC/RSNA Playbook) ----------------------------------------------------------
# LOINC modality codes -> RadTrack's modalities (nlp.metadata).
LOINC_MODALITY = {
    "XR": "XR",
    "CT": "CT",
    "MR": "MR",
    "US": "US",
    "NM": "NM",
    "MG": "MG",
    "RF": "FL",
    "PT": "PET",
    "PT+CT": "PET",
    "NM.SPECT+CT": "NM",
    "DXA": "XR",
}
# Modality words of LOINC names that mean something else in exam titles: "PT" (patient),
# "RFA" (radiofrequency ablation).
EXAM_AMBIGUOUS = frozenset({"pt", "rfa"})
# LOINC "anatomic location" region -> RadTrack's exam regions.
LOINC_REGION = {
    "chest": "chest",
    "abdomen": "abdomen",
    "pelvis": "pelvis",
    "head": "head",
    "neck": "neck",
    "breast": "breast",
    "upper extremity": "extremity",
    "lower extremity": "extremity",
    "extremity": "extremity",
    "whole body": "whole body",
    "spine": "spine",
}
# Words of a LOINC name that say how, not what (views, contrast, timing): an exam-focus
# phrase ends at the first of them.
EXAM_STOP = frozenset(
    {
        "views",
        "view",
        "single",
        "multisection",
        "limited",
        "w",
        "wo",
        "for",
        "and",
        "with",
        "without",
        "during",
        "post",
        "pre",
        "ap",
        "pa",
        "lateral",
        "oblique",
        "standing",
        "supine",
        "upright",
        "guidance",
        "left",
        "right",
        "bilateral",
        "unilateral",
        "portable",
        "+",
        "-",
        "&",
        "3d",
        "2d",
        "dynamic",
        "cine",
        "spot",
        "complete",
        "comparison",
        "area",
    }
)
