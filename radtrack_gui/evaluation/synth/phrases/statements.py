"""Statements about structures: normal statements tracked per structure and routine
negatives, each its own mention."""

from __future__ import annotations

# Structures whose "normal" statements are tracked per structure (GUIDELINE finding rule 4):
# (region, structure, templates where {T} is the normal word, the words that fit).
_PLAIN = ("unremarkable", "normal", "unremarkable", "within normal limits")
NORMALS: tuple[tuple[str, str, tuple[str, ...], tuple[str, ...]], ...] = (
    (
        "chest",
        "heart",
        ("The heart size is {T}.", "Heart size is {T}.", "The cardiac silhouette is {T} in size."),
        ("normal", "normal", "within normal limits"),
    ),
    (
        "chest",
        "mediastinum",
        ("The mediastinal contours are {T}.", "Mediastinal and hilar contours are {T}."),
        ("unremarkable", "normal", "within normal limits"),
    ),
    ("chest", "lungs", ("The lungs are otherwise {T}.", "Lungs are {T}."), ("clear",)),
    (
        "chest",
        "bones",
        ("Osseous structures are {T}.", "The visualized bones are {T}."),
        ("intact", "unremarkable"),
    ),
    (
        "head",
        "ventricles",
        (
            "The ventricles and sulci are {T} in size and configuration.",
            "Ventricles are {T} in size.",
        ),
        ("normal", "normal", "within normal limits"),
    ),
    (
        "head",
        "basal cisterns",
        ("The basal cisterns are {T}.", "Basal cisterns appear {T}."),
        ("preserved", "patent"),
    ),
    (
        "head",
        "mastoid air cells",
        ("The mastoid air cells are {T}.", "Mastoid air cells are {T}."),
        ("clear", "well aerated"),
    ),
    (
        "head",
        "calvarium",
        ("The calvarium is {T}.", "The skull is {T}."),
        ("intact", "unremarkable"),
    ),
    ("abdomen", "liver", ("The liver is {T}.", "Liver: {T}.", "The liver appears {T}."), _PLAIN),
    ("abdomen", "spleen", ("The spleen is {T}.", "Spleen: {T}."), _PLAIN),
    ("abdomen", "pancreas", ("The pancreas is {T}.", "Pancreas: {T}."), _PLAIN),
    ("abdomen", "kidneys", ("The kidneys are {T}.", "Kidneys: {T}."), _PLAIN),
    ("abdomen", "adrenal glands", ("The adrenal glands are {T}.", "Adrenals: {T}."), _PLAIN),
    (
        "abdomen",
        "appendix",
        ("The appendix is {T}.", "The appendix is seen and is {T}."),
        ("normal", "unremarkable"),
    ),
    (
        "abdomen",
        "bowel gas pattern",
        ("The bowel gas pattern is {T}.", "Bowel gas pattern is {T}."),
        ("unremarkable", "nonobstructive", "normal"),
    ),
    ("abdomen", "gallbladder", ("The gallbladder is {T}.", "Gallbladder: {T}."), _PLAIN),
    ("abdomen", "urinary bladder", ("The urinary bladder is {T}.", "Bladder: {T}."), _PLAIN),
    ("abdomen", "stomach", ("The stomach and duodenum are {T}.", "Stomach: {T}."), _PLAIN),
    (
        "abdomen",
        "aorta",
        ("The abdominal aorta is {T} in caliber.", "The aorta is {T} in caliber."),
        ("normal", "normal"),
    ),
    (
        "abdomen",
        "lymph nodes",
        ("Lymph nodes are {T} in size.", "Retroperitoneal and mesenteric lymph nodes are {T}."),
        ("normal", "within normal limits"),
    ),
    (
        "head",
        "gray-white differentiation",
        (
            "Gray-white matter differentiation is {T}.",
            "The gray-white matter differentiation is {T}.",
        ),
        ("preserved", "maintained"),
    ),
    (
        "head",
        "paranasal sinuses",
        ("The visualized paranasal sinuses are {T}.", "Paranasal sinuses are {T}."),
        ("clear", "well aerated"),
    ),
    (
        "head",
        "orbits",
        ("The orbits are {T}.", "Visualized orbits are {T}."),
        ("unremarkable", "normal"),
    ),
    (
        "spine",
        "spinal canal",
        ("The spinal canal is {T} in caliber.", "The central canal is {T}."),
        ("normal", "patent"),
    ),
    (
        "spine",
        "facet joints",
        ("The facet joints are {T}.", "Facet alignment is {T}."),
        ("aligned", "maintained", "normal"),
    ),
    (
        "spine",
        "vertebral body heights",
        ("Vertebral body heights are {T}.", "Vertebral body heights are {T} throughout."),
        ("preserved", "maintained"),
    ),
    (
        "spine",
        "alignment",
        ("Alignment is {T}.", "Cervical alignment is {T}."),
        ("normal", "anatomic", "preserved"),
    ),
)

# Routine negative statements: (region, kind key (never seen before), template with {T}).
# Each is its own mention (GUIDELINE finding rule 7).
NEGATIVES: tuple[tuple[str, str, str], ...] = (
    ("chest", "pneumothorax", "No {T}."),
    ("chest", "pneumothorax", "There is no {T}."),
    ("chest", "pleural effusion", "No {T}."),
    ("chest", "pleural effusion", "There is no large {T}."),
    ("chest", "pneumonia", "No focal {T}."),
    ("chest", "pneumonia", "There is no focal {T}."),
    ("chest", "pulmonary edema", "No {T}."),
    ("chest", "pulmonary edema", "There is no evidence of {T}."),
    ("head", "intracranial hemorrhage", "There is no {T}."),
    ("head", "intracranial hemorrhage", "No acute {T}."),
    ("head", "midline shift", "There is no {T}."),
    ("head", "infarct", "No evidence of acute {T}."),
    ("head", "skull fracture", "No {T} is identified."),
    ("head", "hydrocephalus", "No {T}."),
    ("abdomen", "free air", "No {T}."),
    ("abdomen", "free air", "There is no {T}."),
    ("abdomen", "bowel obstruction", "No evidence of {T}."),
    ("abdomen", "ascites", "No {T}."),
    ("abdomen", "lymphadenopathy", "No {T}."),
    ("abdomen", "abscess", "No drainable {T}."),
    ("spine", "spine fracture", "No acute {T}."),
    ("spine", "spine fracture", "There is no {T}."),
    ("spine", "prevertebral swelling", "No {T}."),
)
NEGATIVE_TERMS: dict[str, tuple[str, ...]] = {
    "pneumothorax": ("pneumothorax",),
    "pleural effusion": ("pleural effusion", "effusion"),
    "pneumonia": ("consolidation", "airspace consolidation", "opacity"),
    "pulmonary edema": ("pulmonary edema", "edema"),
    "intracranial hemorrhage": ("intracranial hemorrhage", "hemorrhage"),
    "midline shift": ("midline shift", "shift of midline structures"),
    "infarct": ("infarct", "territorial infarction"),
    "skull fracture": ("skull fracture", "fracture"),
    "hydrocephalus": ("hydrocephalus",),
    "free air": ("free air", "pneumoperitoneum", "free intraperitoneal air"),
    "bowel obstruction": ("bowel obstruction", "obstruction"),
    "ascites": ("ascites", "free fluid"),
    "lymphadenopathy": ("lymphadenopathy", "adenopathy"),
    "abscess": ("fluid collection", "abscess", "collection"),
    "spine fracture": ("fracture",),
    "prevertebral swelling": ("prevertebral soft tissue swelling",),
}
