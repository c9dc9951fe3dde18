"""All kinds in the order the generator draws from, and the tables keyed by kind."""

from __future__ import annotations

from radtrack_gui.evaluation.synth.templates.abdomen import ABDOMEN
from radtrack_gui.evaluation.synth.templates.base import Kind
from radtrack_gui.evaluation.synth.templates.chest import CHEST
from radtrack_gui.evaluation.synth.templates.devices import DEVICES
from radtrack_gui.evaluation.synth.templates.head import HEAD
from radtrack_gui.evaluation.synth.templates.spine import SPINE

KINDS: tuple[Kind, ...] = (*CHEST, *HEAD, *ABDOMEN, *SPINE, *DEVICES)

KINDS_BY_KEY = {k.key: k for k in KINDS}

# Kinds only some modalities show (others: every exam of their region).
SEEN_BY: dict[str, tuple[str, ...]] = {
    "pulmonary embolism": ("CTA",),
    "lung nodule": ("CT", "CTA", "XR"),
    "liver lesion": ("CT", "US", "MR"),
    "pancreatitis": ("CT", "US"),
    "hydronephrosis": ("CT", "US"),
    "abscess": ("CT", "US"),
    "gallstones": ("CT", "US"),
    "bowel wall thickening": ("CT",),
    "diverticulosis": ("CT",),
    "free air": ("CT", "XR"),
    "bowel obstruction": ("CT", "XR"),
    "ileus": ("CT", "XR"),
    "ascites": ("CT", "US"),
    "kidney stone": ("CT", "US", "XR"),
    "surgical drain": ("CT", "XR", "US"),
    "nephrostomy": ("CT", "XR", "US"),
    "gastrostomy tube": ("CT", "XR"),
    "surgical clips": ("CT", "XR"),
    "IVC filter": ("CT", "XR"),
    "infarct": ("CT", "MR", "CTA"),
}
# Routine negatives that an entity of these kinds makes inappropriate (never seen before).
NEGATIVE_BLOCKED_BY: dict[str, tuple[str, ...]] = {
    "intracranial hemorrhage": (
        "subdural hematoma",
        "subarachnoid hemorrhage",
        "intraparenchymal hemorrhage",
    ),
    "abscess": ("abscess",),
    "lymphadenopathy": (),
}
# How a device's side/site is said after its name when the name does not carry it.
DEVICE_VIA: dict[str, str] = {
    "central venous catheter": " via the {noun}",
    "PICC": " via the {noun}",
    "chest tube": " in the {noun}",
    "ventriculostomy": " via a {noun}",
    "VP shunt": " via a {noun}",
    "surgical drain": " in the {noun}",
    "nephrostomy": " in the {noun}",
    "fusion hardware": " at the {noun}",
}

# Normal statements that an active finding of these kinds would contradict.
NORMAL_CONFLICTS: dict[str, tuple[str, ...]] = {
    "heart": ("cardiomegaly",),
    "lungs": (
        "pneumonia",
        "pulmonary edema",
        "atelectasis",
        "lung nodule",
        "granuloma",
        "pulmonary embolism",
    ),
    "bones": ("rib fracture",),
    "ventricles": ("hydrocephalus", "ventriculostomy", "VP shunt"),
    "basal cisterns": ("subarachnoid hemorrhage", "midline shift"),
    "calvarium": ("skull fracture",),
    "liver": ("liver lesion",),
    "pancreas": ("pancreatitis",),
    "kidneys": ("hydronephrosis", "kidney stone", "nephrostomy"),
    "bowel gas pattern": ("bowel obstruction", "ileus"),
    "vertebral body heights": ("spine fracture",),
    "alignment": ("subluxation",),
    "appendix": ("abscess",),
    "gallbladder": ("gallstones", "surgical clips"),
    "paranasal sinuses": ("sinus disease",),
    "spinal canal": ("spine fracture", "subluxation"),
    "facet joints": ("subluxation",),
}
