"""Kinds of findings that head exams show."""

from __future__ import annotations

from radtrack_gui.evaluation.synth.templates.base import BRAIN_LOBES, Kind, Place, sides

HEAD: tuple[Kind, ...] = (
    Kind(
        "subdural hematoma",
        "finding",
        "head",
        (
            "subdural hematoma",
            "SDH",
            "subdural collection",
            "subdural hemorrhage",
            "extra-axial collection",
            "hematoma",
        ),
        sides("{s}", "{s} convexity") + sides("{s} frontoparietal", "{s} frontoparietal convexity"),
        sizes=("thin", "small", "8 mm", "12 mm", "mixed-density"),
        prep=("along the",),
        weight=1.5,
    ),
    Kind(
        "subarachnoid hemorrhage",
        "finding",
        "head",
        ("subarachnoid hemorrhage", "SAH", "subarachnoid blood", "hemorrhage"),
        BRAIN_LOBES,
        sizes=("small amount of", "trace", "scattered"),
        prep=("in the sulci of the", "along the"),
        weight=1.0,
    ),
    Kind(
        "intraparenchymal hemorrhage",
        "finding",
        "head",
        ("intraparenchymal hemorrhage", "hemorrhagic contusion", "contusion", "IPH", "hematoma"),
        BRAIN_LOBES,
        sizes=("small", "1.5 cm", "2 cm", "punctate"),
        prep=("in the", "within the"),
        weight=1.0,
    ),
    Kind(
        "skull fracture",
        "finding",
        "head",
        ("fracture", "fracture", "fx"),
        (
            *tuple(
                Place(s, f"{s} {b}", f"{s} {b} bone")
                for s in ("left", "right")
                for b in ("temporal", "parietal", "frontal")
            ),
            Place(None, "occipital", "occipital bone"),
        ),
        sizes=("nondisplaced", "minimally displaced", "depressed", "linear"),
        prep=("in the",),
        course="chronic",
        weight=0.6,
    ),
    Kind(
        "infarct",
        "finding",
        "head",
        ("infarct", "infarction", "ischemic change", "hypodensity", "stroke"),
        sides("{s} MCA territory", "{s} MCA territory")
        + sides("{s} PCA territory", "{s} PCA territory"),
        sizes=("acute", "evolving", "subacute", "large"),
        prep=("in the",),
        weight=0.9,
    ),
    Kind(
        "cerebral edema",
        "finding",
        "head",
        ("edema", "vasogenic edema", "cerebral edema", "[surrounding] edema"),
        BRAIN_LOBES,
        sizes=("mild", "moderate", "extensive"),
        prep=("in the",),
        weight=0.6,
    ),
    Kind(
        "midline shift",
        "finding",
        "head",
        ("midline shift", "shift of midline structures", "subfalcine herniation"),
        sizes=("3 mm", "5 mm", "7 mm", "mild"),
        weight=0.7,
    ),
    Kind(
        "hydrocephalus",
        "finding",
        "head",
        ("hydrocephalus", "ventriculomegaly", "ventricular enlargement"),
        sizes=("mild", "moderate", "marked"),
        weight=0.5,
    ),
    Kind(
        "brain mass",
        "finding",
        "head",
        ("mass", "lesion", "[enhancing] lesion", "metastasis", "tumor"),
        BRAIN_LOBES,
        sizes=("1.2 cm", "2.5 cm", "ring-enhancing", "small"),
        prep=("in the",),
        course="chronic",
        weight=0.4,
    ),
    Kind(
        "small vessel disease",
        "finding",
        "head",
        (
            "small vessel ischemic disease",
            "white matter hypodensities",
            "microvascular ischemic changes",
        ),
        sizes=("mild", "moderate", "chronic"),
        course="chronic",
        weight=0.7,
    ),
    Kind(
        "sinus disease",
        "finding",
        "head",
        ("mucosal thickening", "sinus disease", "air-fluid level"),
        sides("{s} maxillary", "{s} maxillary sinus"),
        sizes=("mild", "minimal"),
        prep=("in the",),
        course="incidental",
        weight=0.7,
    ),
)
