"""Tables for the synthetic benchmark (``generator``): exams, kinds of findings and devices
with their name variants and places, and which exams show which kinds (``phrases`` holds
the sentence templates).

Written for the generator alone: it deliberately does not read resources/vocab, so the
benchmark's wording is not a copy of the rule extractor's vocabulary.

Template slots: ``{T}`` and ``{T2}`` are mention spans (the generator records their
offsets); ``{adj}`` is the place as an adjective ("left", "right lower lobe"), ``{noun}``
the place as a noun phrase, ``{at}`` a prepositional phrase for the place, ``{size}`` a size
word, ``{chg}``/``{chgn}``/``{chgv}`` change words, ``{pos}`` a device position.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# -- exams --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Exam:
    modality: str  # XR CT CTA MR US
    region: str  # chest, head, abdomen, spine
    weight: float  # share of reports in the corpus-wide mix
    titles: tuple[str, ...]


EXAMS: tuple[Exam, ...] = (
    Exam("XR", "chest", 0.43, ("CHEST (PORTABLE AP)", "CHEST (PORTABLE AP)", "CHEST (PA & LAT)",
                               "CHEST PORT. LINE PLACEMENT", "CHEST (PRE-OP PA & LAT)")),
    Exam("CT", "head", 0.16, ("CT HEAD W/O CONTRAST", "CT HEAD W/O CONTRAST",
                              "CT HEAD W/ & W/O CONTRAST")),
    Exam("CT", "abdomen", 0.11, ("CT ABDOMEN W/CONTRAST", "CT ABD & PELVIS WITH CONTRAST",
                                 "CT ABD & PELVIS W/O CONTRAST")),
    Exam("CT", "spine", 0.07, ("CT C-SPINE W/O CONTRAST",)),
    Exam("XR", "abdomen", 0.06, ("ABDOMEN (SUPINE & ERECT)", "ABDOMEN (SUPINE ONLY)",
                                 "PORTABLE ABDOMEN")),
    Exam("CTA", "chest", 0.04, ("CTA CHEST W&W/O C&RECONS, NON-CORONARY",)),
    Exam("CT", "chest", 0.03, ("CT CHEST W/CONTRAST", "CT CHEST W/O CONTRAST")),
    Exam("MR", "head", 0.04, ("MR HEAD W & W/O CONTRAST", "MRI BRAIN W/O CONTRAST")),
    Exam("US", "abdomen", 0.04, ("LIVER OR GALLBLADDER US (SINGLE ORGAN)", "US ABDOMEN COMPLETE",
                                 "RENAL ULTRASOUND")),
    Exam("CTA", "head", 0.02, ("CTA HEAD W&W/O C & RECONS",)),
)

# Patient profiles multiply the corpus-wide exam weights (keyed by modality/region).
PROFILES: dict[str, dict[str, float]] = {
    "icu": {"XR/chest": 2.0, "XR/abdomen": 1.5, "CT/head": 0.6, "CT/spine": 0.3},
    "trauma": {"CT/head": 2.2, "CT/spine": 3.0, "XR/chest": 0.9, "CT/abdomen": 1.2},
    "abdominal": {"CT/abdomen": 3.0, "XR/abdomen": 2.2, "US/abdomen": 2.5, "CT/head": 0.4},
    "neuro": {"CT/head": 3.0, "MR/head": 3.0, "CTA/head": 2.5, "CT/spine": 0.8},
    "cardiopulmonary": {"XR/chest": 1.6, "CTA/chest": 3.0, "CT/chest": 3.0},
}


# -- kinds of findings and devices ---------------------------------------------------------


@dataclass(frozen=True)
class Place:
    side: str | None  # left, right, bilateral or None
    adj: str  # "left", "right lower lobe", "right IJ"
    noun: str  # "left lung base", "right internal jugular vein"


@dataclass(frozen=True)
class Kind:
    key: str
    type: str  # finding | device
    region: str  # where it lives (which exams can show it: see Exam.sees and also_seen)
    terms: tuple[str, ...]  # name variants; "{adj}" inside a term puts the place in the span
    places: tuple[Place, ...] = (Place(None, "", ""),)
    course: str = "acute"  # acute | chronic | incidental | device | static-device
    plural: tuple[str, ...] = ()  # terms for bilateral places
    sizes: tuple[str, ...] = ()
    prep: tuple[str, ...] = ("in the",)
    also_seen: tuple[str, ...] = ()  # other regions whose exams show it sometimes
    positions: tuple[str, ...] = ()  # device tip positions
    bad_positions: tuple[str, ...] = ()
    weight: float = 1.0
    modalities: tuple[str, ...] = ()  # the modalities that show it (empty: all)
    # a second, more specific or descriptive term that may be paired with the first
    # ("opacity ... may represent pneumonia"): both spans join the chain
    diagnoses: tuple[str, ...] = field(default_factory=tuple)


def _sides(adj_fmt: str, noun_fmt: str, sides: tuple[str, ...] = ("left", "right")
           ) -> tuple[Place, ...]:
    return tuple(Place(s, adj_fmt.format(s=s), noun_fmt.format(s=s)) for s in sides)


LOBES = (Place("right", "right upper lobe", "right upper lobe"),
         Place("right", "right middle lobe", "right middle lobe"),
         Place("right", "right lower lobe", "right lower lobe"),
         Place("left", "left upper lobe", "left upper lobe"),
         Place("left", "lingular", "lingula"),
         Place("left", "left lower lobe", "left lower lobe"))
BRAIN_LOBES = tuple(Place(s, f"{s} {lobe}", f"{s} {lobe} lobe")
                    for s in ("left", "right")
                    for lobe in ("frontal", "parietal", "temporal", "occipital"))

KINDS: tuple[Kind, ...] = (
    # -- chest findings
    Kind("pleural effusion", "finding", "chest",
         ("effusion", "pleural effusion", "pleural fluid", "effusion", "fluid"),
         (*_sides("{s}", "{s} pleural space"), Place("bilateral", "bilateral", "both pleural spaces")),
         plural=("effusions", "pleural effusions", "effusions"),
         sizes=("small", "moderate", "large", "trace", "small to moderate"),
         prep=("in the",), also_seen=("abdomen",), weight=2.2),
    Kind("pneumothorax", "finding", "chest", ("pneumothorax", "PTX", "pneumothorax"),
         _sides("{s}", "{s} apex") + _sides("{s} apical", "{s} lung apex"),
         sizes=("small", "tiny", "moderate", "large"), prep=("at the",),
         also_seen=("spine",), weight=1.0),
    Kind("pneumonia", "finding", "chest",
         ("consolidation", "opacity", "airspace opacity", "pneumonia", "infiltrate",
          "airspace disease"), LOBES, sizes=("patchy", "focal", "dense", "ill-defined"),
         prep=("in the", "involving the"), weight=2.0,
         diagnoses=("pneumonia", "aspiration", "infection")),
    Kind("atelectasis", "finding", "chest",
         ("atelectasis", "subsegmental atelectasis", "volume loss", "atelectatic change"),
         (Place("left", "left basilar", "left base"), Place("right", "right basilar",
                                                            "right base"),
          Place("bilateral", "bibasilar", "both lung bases")),
         sizes=("mild", "minimal", "linear", "plate-like"), prep=("at the", "in the"),
         also_seen=("abdomen",), weight=1.8),
    Kind("pulmonary edema", "finding", "chest",
         ("pulmonary edema", "edema", "interstitial edema", "vascular congestion",
          "pulmonary vascular engorgement"), sizes=("mild", "moderate", "severe"),
         weight=1.3),
    Kind("cardiomegaly", "finding", "chest",
         ("cardiomegaly", "enlarged cardiac silhouette", "cardiac enlargement"),
         sizes=("mild", "moderate", "marked"), course="chronic", weight=1.0),
    Kind("lung nodule", "finding", "chest",
         ("nodule", "pulmonary nodule", "nodular opacity", "nodule"), LOBES,
         sizes=("4 mm", "6 mm", "9 mm", "small", "subcentimeter"), course="chronic",
         weight=0.6),
    Kind("rib fracture", "finding", "chest",
         ("rib fractures", "fractures", "rib fractures", "rib fx"),
         _sides("{s}", "{s} hemithorax"), sizes=("displaced", "nondisplaced", "healing"),
         prep=("in the",), course="chronic", weight=0.5),
    Kind("subcutaneous emphysema", "finding", "chest",
         ("subcutaneous emphysema", "subcutaneous air", "soft tissue emphysema"),
         _sides("{s}", "{s} chest wall"), sizes=("small amount of", "extensive"),
         prep=("along the",), weight=0.4),
    Kind("pulmonary embolism", "finding", "chest",
         ("pulmonary embolism", "filling defect", "embolus", "PE", "clot"),
         (Place("right", "right lower lobe segmental", "right lower lobe segmental arteries"),
          Place("left", "left lower lobe", "left lower lobe pulmonary artery"),
          Place("right", "right main", "right main pulmonary artery")),
         sizes=("occlusive", "nonocclusive", "small"), prep=("in the", "within the"),
         weight=0.3),
    Kind("granuloma", "finding", "chest", ("granuloma", "calcified granuloma"), LOBES,
         course="incidental", prep=("in the",), weight=0.6),
    Kind("aortic calcification", "finding", "chest",
         ("aortic knob calcification", "atherosclerotic calcification",
          "calcification of the aortic knob"), sizes=("mild", "dense"),
         course="incidental", weight=0.5),
    Kind("hiatal hernia", "finding", "chest", ("hiatal hernia", "hiatus hernia"),
         sizes=("small", "moderate"), course="incidental", also_seen=("abdomen",), weight=0.4),
    Kind("thoracic spondylosis", "finding", "chest",
         ("degenerative changes", "spondylosis", "osteophytes"),
         (Place(None, "thoracic spine", "thoracic spine"),), sizes=("mild", "multilevel"),
         prep=("in the", "along the"), course="incidental", weight=0.5),
    # -- head findings
    Kind("subdural hematoma", "finding", "head",
         ("subdural hematoma", "SDH", "subdural collection", "subdural hemorrhage",
          "extra-axial collection", "hematoma"),
         _sides("{s}", "{s} convexity") + _sides("{s} frontoparietal",
                                                 "{s} frontoparietal convexity"),
         sizes=("thin", "small", "8 mm", "12 mm", "mixed-density"), prep=("along the",),
         weight=1.5),
    Kind("subarachnoid hemorrhage", "finding", "head",
         ("subarachnoid hemorrhage", "SAH", "subarachnoid blood", "hemorrhage"),
         BRAIN_LOBES, sizes=("small amount of", "trace", "scattered"),
         prep=("in the sulci of the", "along the"), weight=1.0),
    Kind("intraparenchymal hemorrhage", "finding", "head",
         ("intraparenchymal hemorrhage", "hemorrhagic contusion", "contusion", "IPH",
          "hematoma"), BRAIN_LOBES, sizes=("small", "1.5 cm", "2 cm", "punctate"),
         prep=("in the", "within the"), weight=1.0),
    Kind("skull fracture", "finding", "head", ("fracture", "fracture", "fx"),
         (*tuple(Place(s, f"{s} {b}", f"{s} {b} bone") for s in ("left", "right") for b in ("temporal", "parietal", "frontal")), Place(None, "occipital", "occipital bone")),
         sizes=("nondisplaced", "minimally displaced", "depressed", "linear"),
         prep=("in the",), course="chronic", weight=0.6),
    Kind("infarct", "finding", "head",
         ("infarct", "infarction", "ischemic change", "hypodensity", "stroke"),
         _sides("{s} MCA territory", "{s} MCA territory") + _sides("{s} PCA territory",
                                                                   "{s} PCA territory"),
         sizes=("acute", "evolving", "subacute", "large"), prep=("in the",), weight=0.9),
    Kind("cerebral edema", "finding", "head",
         ("edema", "vasogenic edema", "cerebral edema", "surrounding edema"), BRAIN_LOBES,
         sizes=("mild", "moderate", "extensive"), prep=("in the",), weight=0.6),
    Kind("midline shift", "finding", "head",
         ("midline shift", "shift of midline structures", "subfalcine herniation"),
         sizes=("3 mm", "5 mm", "7 mm", "mild"), weight=0.7),
    Kind("hydrocephalus", "finding", "head",
         ("hydrocephalus", "ventriculomegaly", "ventricular enlargement"),
         sizes=("mild", "moderate", "marked"), weight=0.5),
    Kind("brain mass", "finding", "head",
         ("mass", "lesion", "enhancing lesion", "metastasis", "tumor"), BRAIN_LOBES,
         sizes=("1.2 cm", "2.5 cm", "ring-enhancing", "small"), prep=("in the",),
         course="chronic", weight=0.4),
    Kind("small vessel disease", "finding", "head",
         ("small vessel ischemic disease", "white matter hypodensities",
          "microvascular ischemic changes"), sizes=("mild", "moderate", "chronic"),
         course="chronic", weight=0.7),
    Kind("sinus disease", "finding", "head",
         ("mucosal thickening", "sinus disease", "air-fluid level"),
         _sides("{s} maxillary", "{s} maxillary sinus"), sizes=("mild", "minimal"),
         prep=("in the",), course="incidental", weight=0.7),
    # -- abdomen findings
    Kind("free air", "finding", "abdomen",
         ("free air", "pneumoperitoneum", "free intraperitoneal air", "extraluminal air"),
         sizes=("small amount of", "large amount of", "moderate"), also_seen=("chest",),
         weight=0.7),
    Kind("ascites", "finding", "abdomen", ("ascites", "free fluid", "intraperitoneal fluid"),
         sizes=("small", "moderate", "large", "trace"), weight=1.0),
    Kind("bowel obstruction", "finding", "abdomen",
         ("small bowel obstruction", "SBO", "dilated loops of small bowel", "obstruction"),
         sizes=("partial", "high-grade", "early"), weight=0.8),
    Kind("ileus", "finding", "abdomen", ("ileus", "adynamic ileus", "dilated bowel"),
         sizes=("mild", "postoperative"), weight=0.5),
    Kind("liver lesion", "finding", "abdomen",
         ("lesion", "hypodense lesion", "hypodensity", "mass", "cyst"),
         tuple(Place(None, f"segment {n}", f"hepatic segment {n}")
               for n in ("II", "IV", "V", "VI", "VII", "VIII")),
         sizes=("8 mm", "1.4 cm", "2 cm", "small"), prep=("in", "within"),
         course="chronic", weight=0.8),
    Kind("kidney stone", "finding", "abdomen",
         ("stone", "calculus", "nephrolithiasis", "renal calculus"),
         _sides("{s} renal", "{s} kidney") + _sides("{s} ureteral", "{s} proximal ureter"),
         sizes=("3 mm", "5 mm", "7 mm", "nonobstructing"), prep=("in the",), weight=0.7),
    Kind("hydronephrosis", "finding", "abdomen",
         ("hydronephrosis", "hydroureteronephrosis", "pelvicaliectasis"),
         (*_sides("{s}", "{s} kidney"), Place("bilateral", "bilateral", "both kidneys")),
         sizes=("mild", "moderate", "severe"), prep=("in the",), weight=0.6),
    Kind("abscess", "finding", "abdomen",
         ("abscess", "fluid collection", "collection", "rim-enhancing collection"),
         (Place("right", "right lower quadrant", "right lower quadrant"),
          Place(None, "pelvic", "pelvis"), Place("right", "perihepatic", "perihepatic space"),
          Place("left", "left paracolic", "left paracolic gutter")),
         sizes=("3 cm", "5 cm", "small", "loculated"), prep=("in the",), weight=0.7),
    Kind("pancreatitis", "finding", "abdomen",
         ("pancreatitis", "peripancreatic stranding", "peripancreatic inflammation"),
         sizes=("mild", "acute", "interstitial"), weight=0.5),
    Kind("gallstones", "finding", "abdomen", ("cholelithiasis", "gallstones", "stones"),
         sizes=("multiple", "small", "layering"), course="chronic", weight=0.6),
    Kind("bowel wall thickening", "finding", "abdomen",
         ("wall thickening", "colitis", "bowel wall thickening"),
         (Place(None, "sigmoid", "sigmoid colon"), Place("right", "cecal", "cecum"),
          Place(None, "transverse colon", "transverse colon")),
         sizes=("mild", "circumferential"), prep=("in the",), weight=0.5),
    Kind("diverticulosis", "finding", "abdomen", ("diverticulosis", "diverticula"),
         sizes=("sigmoid", "scattered"), course="incidental", weight=0.6),
    Kind("renal cyst", "finding", "abdomen", ("cyst", "simple cyst", "hypodensity"),
         _sides("{s} renal", "{s} kidney"), sizes=("1 cm", "2.3 cm", "small"),
         prep=("in the",), course="incidental", weight=0.5),
    # -- spine findings
    Kind("spine fracture", "finding", "spine", ("fracture", "fx", "fracture line"),
         tuple(Place(None, f"C{n}", f"C{n} vertebral body") for n in (1, 2, 5, 6, 7)),
         sizes=("nondisplaced", "comminuted", "minimally displaced"), prep=("at the",),
         course="chronic", weight=1.0),
    Kind("degenerative change", "finding", "spine",
         ("degenerative changes", "spondylosis", "disc space narrowing", "osteophytes"),
         sizes=("mild", "moderate", "multilevel"), course="chronic", weight=1.2),
    Kind("prevertebral swelling", "finding", "spine",
         ("prevertebral soft tissue swelling", "soft tissue swelling"),
         sizes=("mild", "minimal"), weight=0.5),
    Kind("subluxation", "finding", "spine", ("subluxation", "anterolisthesis", "malalignment"),
         (Place(None, "C4-5", "C4-5 level"), Place(None, "C5-6", "C5-6 level")),
         sizes=("2 mm", "mild", "grade 1"), prep=("at the",), weight=0.4),
    # -- devices
    Kind("endotracheal tube", "device", "chest",
         ("ET tube", "endotracheal tube", "ETT", "tube", "ET tube"), course="device",
         positions=("4 cm above the carina", "at the level of the clavicles",
                    "5.5 cm above the carina", "3 cm above the carina"),
         bad_positions=("in the right main stem bronchus", "at the carina",
                        "high, at the level of C6"), also_seen=("spine",), weight=1.8),
    Kind("nasogastric tube", "device", "chest",
         ("NG tube", "nasogastric tube", "enteric tube", "NGT", "tube"), course="device",
         positions=("in the stomach", "below the diaphragm", "in the gastric body",
                    "in the proximal stomach"),
         bad_positions=("coiled in the esophagus", "in the distal esophagus",
                        "in the right lower lobe bronchus"),
         also_seen=("abdomen",), weight=1.5),
    Kind("feeding tube", "device", "chest",
         ("feeding tube", "Dobhoff tube", "Dobhoff", "small-bore feeding tube"),
         course="device", positions=("in the duodenum", "in the stomach",
                                     "at the ligament of Treitz"),
         bad_positions=("in the left lower lobe bronchus", "coiled in the pharynx"),
         also_seen=("abdomen",), weight=0.8),
    Kind("central venous catheter", "device", "chest",
         ("{adj} line", "{adj} catheter", "central line", "{adj} central venous catheter",
          "line", "catheter", "CVC"),
         (Place("right", "right IJ", "right internal jugular vein"),
          Place("left", "left IJ", "left internal jugular vein"),
          Place("right", "right subclavian", "right subclavian vein"),
          Place("left", "left subclavian", "left subclavian vein")),
         course="device", positions=("in the SVC", "at the cavoatrial junction",
                                     "in the mid SVC", "in the lower SVC"),
         bad_positions=("in the right atrium", "in the contralateral brachiocephalic vein"),
         weight=1.7),
    Kind("PICC", "device", "chest",
         ("PICC", "PICC line", "{adj} PICC", "peripherally inserted central catheter",
          "catheter"),
         (Place("right", "right", "right arm"), Place("left", "left", "left arm")),
         course="device", positions=("in the SVC", "at the cavoatrial junction",
                                     "in the mid SVC"),
         bad_positions=("in the right atrium", "in the axillary vein",
                        "in the internal jugular vein"), weight=1.2),
    Kind("chest tube", "device", "chest",
         ("chest tube", "{adj} chest tube", "pleural drain", "thoracostomy tube",
          "pigtail catheter", "tube"),
         _sides("{s}", "{s} hemithorax"), course="device",
         positions=("at the apex", "in the pleural space", "at the base"),
         bad_positions=("in the fissure", "in the chest wall soft tissues"), weight=0.9),
    Kind("pulmonary artery catheter", "device", "chest",
         ("Swan-Ganz catheter", "pulmonary artery catheter", "PA catheter", "Swan"),
         course="device", positions=("in the right pulmonary artery",
                                     "in the main pulmonary artery",
                                     "in the right interlobar artery"),
         bad_positions=("in the right ventricle",), weight=0.4),
    Kind("tracheostomy", "device", "chest",
         ("tracheostomy tube", "tracheostomy", "trach"), course="device",
         positions=("in the midline", "in standard position"), weight=0.4),
    Kind("pacemaker", "device", "chest",
         ("pacemaker", "pacer", "dual-chamber pacemaker", "pacing device", "pacemaker leads"),
         course="static-device", positions=("in the right atrium and right ventricle",
                                            "in standard position"), weight=0.6),
    Kind("sternotomy wires", "device", "chest",
         ("sternotomy wires", "median sternotomy wires", "sternal wires"),
         course="static-device", weight=0.5),
    Kind("ventriculostomy", "device", "head",
         ("ventriculostomy catheter", "EVD", "ventricular drain", "ventriculostomy",
          "catheter"), _sides("{s} frontal", "{s} frontal approach"), course="device",
         positions=("in the frontal horn of the lateral ventricle", "in the third ventricle",
                    "near the foramen of Monro"),
         bad_positions=("in the brain parenchyma",), weight=0.9),
    Kind("VP shunt", "device", "head",
         ("VP shunt", "ventriculoperitoneal shunt", "shunt catheter", "shunt"),
         _sides("{s}", "{s} parietal approach"), course="static-device",
         positions=("in the lateral ventricle",), also_seen=("abdomen",), weight=0.4),
    Kind("surgical drain", "device", "abdomen",
         ("drain", "drainage catheter", "JP drain", "pigtail catheter"),
         (Place("right", "right lower quadrant", "right lower quadrant"),
          Place(None, "pelvic", "pelvis"), Place("right", "perihepatic", "perihepatic space")),
         course="device", positions=("in the collection", "in good position"), weight=0.8),
    Kind("nephrostomy", "device", "abdomen",
         ("nephrostomy tube", "{adj} nephrostomy", "nephrostomy catheter", "PCN"),
         _sides("{s}", "{s} kidney"), course="device",
         positions=("in the renal pelvis", "with its pigtail in the renal pelvis"),
         weight=0.4),
    Kind("gastrostomy tube", "device", "abdomen",
         ("gastrostomy tube", "G-tube", "PEG tube", "PEG"), course="device",
         positions=("in the stomach", "in the gastric lumen"), also_seen=("chest",),
         weight=0.5),
    Kind("surgical clips", "device", "abdomen",
         ("surgical clips", "cholecystectomy clips", "clips"), course="static-device",
         weight=0.5),
    Kind("IVC filter", "device", "abdomen",
         ("IVC filter", "inferior vena cava filter", "filter"), course="static-device",
         positions=("below the renal veins",), weight=0.3),
    Kind("cervical collar", "device", "spine",
         ("cervical collar", "collar", "C-collar", "hard collar"), course="device",
         positions=("in place",), weight=0.8),
    Kind("fusion hardware", "device", "spine",
         ("fusion hardware", "anterior fusion plate", "hardware", "plate and screws"),
         (Place(None, "C5-6", "C5-6 level"), Place(None, "C4-6", "C4-6 levels")),
         course="static-device", positions=("in expected position",), weight=0.4),
)

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
    "intracranial hemorrhage": ("subdural hematoma", "subarachnoid hemorrhage",
                                "intraparenchymal hemorrhage"),
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
    "lungs": ("pneumonia", "pulmonary edema", "atelectasis", "lung nodule", "granuloma",
              "pulmonary embolism"),
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
