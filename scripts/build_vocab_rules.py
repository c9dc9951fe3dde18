"""Curation rules of ``scripts/build_vocab.py``: which terminology terms become RadTrack
vocabulary and where they hang. Every constant here is a rule the docs (docs/vocabulary.md)
explain; the terms themselves come from ../shared/terminology (RadLex, DICOM, LOINC)."""

from __future__ import annotations

# -- anatomy ---------------------------------------------------------------------------
# RadLex is-a branches whose members are structures a report names (organs, organ parts,
# body-part subdivisions, spaces and cavities such as the sinuses, junctions).
ANATOMY_BRANCHES = (
    "organ",
    "organ region",
    "organ component",
    "subdivision of cardinal body part",
    "anatomical cavity",
    "anatomical conduit space",
    "anatomical compartment",
    "anatomical compartment space",
    "anatomical junction",
    "organ part cluster",
)
# Branches under those that reports do not name (nerves and their branches, microscopic and
# tissue layers, teeth parts, muscle bellies): left out with all they contain.
ANATOMY_SKIP_BRANCHES = (
    "cell part cluster",
    "organ component layer",
    "part of tooth",
    "segment of neural tree organ",
    "muscle fiber group",
    "nerve",
    "bursa",
    "synovial bursa",
    "fascia",
    "skin of body part",
)
# A word of any of these in a name marks a structure below report granularity (nerve
# branches, tissue layers, surfaces, muscle parts, skin patches) or a grouping class.
ANATOMY_SKIP_WORDS = frozenset(
    {
        "branch",
        "branches",
        "ramus",
        "rami",
        "tributary",
        "fiber",
        "fibers",
        "fascicle",
        "fasciculus",
        "funiculus",
        "layer",
        "lamina",
        "surface",
        "nucleus",
        "nuclei",
        "tract",
        "skin",
        "mucosa",
        "submucosa",
        "adventitia",
        "serosa",
        "epithelium",
        "stroma",
        "nerve",
        "set",
        "organ",
        "zone",
        "compartment",
        "territory",
        "subdivision",
        "component",
        "cluster",
        "tissue",
        "plexus",
        "decussation",
        "commissure",
        "white",
        "gray",
        "matter",
        "cortex",
        "region",
        "part",
        "proper",
        "trunk",
        "chain",
        "group",
        "loop",
        "lymphatic",
        "gland",
        "sesamoid",
        "diaphysis",
        "epiphysis",
        "metaphysis",
        "tuberosity",
        "tubercle",
        "process",
        "fossa",
        "facet",
        "border",
        "margin",
        "angle",
        "crest",
        "spine",
        "of",
    }
)
# ... unless the name is one of these report-level shapes ("upper pole of kidney",
# "segment of liver", a breast quadrant, a lobe or segment of a lung).
ANATOMY_KEEP_PATTERNS = (
    r"^(upper|lower|mid|middle) pole of",
    r"quadrant of",
    r"segment of (upper|lower|middle) lobe",
    r"lobe of",
    r"^(body|head|neck|tail|uncinate process) of (pancreas|gallbladder|femur|humerus)",
    r"^(distal|proximal|middle) phalanx of",
)
# Words that are ordinary English before they are anatomy: a one-word structure named so
# is not added (the hand table names the ones that matter with context).
GENERIC_ONE_WORD = frozenset(
    {
        "body",
        "head",
        "neck",
        "tail",
        "base",
        "root",
        "roof",
        "floor",
        "back",
        "front",
        "side",
        "arch",
        "ring",
        "horn",
        "wing",
        "crown",
        "bulb",
        "lens",
        "cap",
        "cord",
        "duct",
        "canal",
        "hilum",
        "apex",
        "lobe",
        "segment",
        "septum",
        "valve",
        "vessel",
        "artery",
        "vein",
        "bone",
        "joint",
        "disc",
        "disk",
        "node",
        "sinus",
        "lip",
        "tongue",
        "palm",
        "sole",
        "heel",
        "nail",
        "hair",
        "tooth",
        "teeth",
        "eye",
        "ear",
        "nose",
        "mouth",
        "pad",
        "fat",
        "tube",
        "canaliculus",
        "antrum",
        "fundus",
        "isthmus",
        "ampulla",
        "cusp",
        "leaflet",
        "chamber",
        "pouch",
        "recess",
        "cistern",
        "cisterna",
        "ventricle",
        "atrium",
        "lumen",
        "orifice",
        "ostium",
        "bed",
        "pelvis",
        "trunk",
        "limb",
    }
)
# Structures RadLex names but places only by is-a: the body region they lie in (part-of),
# by a word of their name. The first listed word found wins.
REGION_WORDS = (
    ("peritoneal", "peritoneum"),
    ("retroperitoneal", "retroperitoneum"),
    ("pleural", "pleura"),
    ("pericardial", "pericardium"),
    ("mediastinal", "mediastinum"),
    ("abdominal", "abdomen"),
    ("pelvic", "pelvis"),
    ("oral", "head"),
    ("nasal", "head"),
    ("coronary", "heart"),
    ("cardiac", "heart"),
    ("cerebral", "brain"),
    ("cerebellar", "cerebellum"),
    ("carotid", "neck"),
    ("vertebral artery", "neck"),
    ("jugular", "neck"),
    ("thyroid", "neck"),
    ("laryngeal", "larynx"),
    ("subclavian", "thorax"),
    ("pulmonary", "lungs"),
    ("bronchial", "bronchi"),
    ("intercostal", "chest wall"),
    ("mammary", "breasts"),
    ("thoracic", "thorax"),
    ("celiac", "abdomen"),
    ("mesenteric", "mesentery"),
    ("hepatic", "liver"),
    ("portal", "liver"),
    ("splenic", "spleen"),
    ("gastric", "stomach"),
    ("pancreatic", "pancreas"),
    ("renal", "kidneys"),
    ("adrenal", "adrenal glands"),
    ("lumbar", "lumbar spine"),
    ("sacral", "sacrum"),
    ("iliac", "pelvis"),
    ("gluteal", "pelvis"),
    ("uterine", "uterus"),
    ("ovarian", "ovaries"),
    ("vesical", "urinary bladder"),
    ("rectal", "rectum"),
    ("femoral", "lower extremities"),
    ("popliteal", "lower extremities"),
    ("tibial", "lower extremities"),
    ("peroneal", "lower extremities"),
    ("fibular", "lower extremities"),
    ("plantar", "foot"),
    ("digital", "hand"),
    ("metatarsal", "foot"),
    ("toe", "foot"),
    ("hallux", "foot"),
    ("tarsal", "foot"),
    ("metacarpal", "hand"),
    ("finger", "hand"),
    ("thumb", "hand"),
    ("carpal", "wrist"),
    ("axillary", "axillae"),
    ("brachial", "upper extremities"),
    ("radial", "upper extremities"),
    ("ulnar", "upper extremities"),
    ("cubital", "upper extremities"),
    ("cephalic", "upper extremities"),
    ("basilic", "upper extremities"),
    ("saphenous", "lower extremities"),
    ("rib", "ribs"),
    ("vertebra", "spine"),
    ("intervertebral", "intervertebral discs"),
    ("orbital", "orbits"),
    ("ophthalmic", "orbits"),
    ("facial", "head"),
    ("temporal", "head"),
    ("occipital", "head"),
    ("vertebral", "spine"),
    ("spinal", "spine"),
)
# Whole-body structures the hand table lacks, with the hand (or earlier) structure they lie
# in: RadLex names them, the table places them (its is-a tree has no part-of).
ANCHORS = (
    ("blood vessel", "body"),
    ("foot", "lower extremities"),
    ("ankle", "lower extremities"),
    ("knee", "lower extremities"),
    ("leg", "lower extremities"),
    ("thigh", "lower extremities"),
    ("hand", "upper extremities"),
    ("wrist", "upper extremities"),
    ("elbow", "upper extremities"),
    ("forearm", "upper extremities"),
    ("arm", "upper extremities"),
    ("spinal cord", "spinal canal"),
    ("small intestine", "small bowel"),
    ("large intestine", "colon"),
    ("urethra", "pelvis"),
    ("vagina", "pelvis"),
    ("cervix", "uterus"),
    ("testis", "scrotum"),
    ("eye", "orbits"),
    ("parotid gland", "neck"),
    ("submandibular gland", "neck"),
    ("tongue", "head"),
    ("nasal cavity", "head"),
    ("placenta", "uterus"),
    ("umbilical cord", "uterus"),
    ("fetus", "uterus"),
    ("pituitary gland", "brain"),
    ("common bile duct", "biliary tree"),
    ("pancreatic duct", "pancreas"),
)

# The long bones of the limbs (round 6): RadLex files them under "bone organ",
# a branch the anatomy build does not read, so a fracture of the radius and one of the ulna
# had no site; each is (name, the structure it lies in, the words that name it or its shaft
# and ends: facts of anatomy). "radial" or "ulnar" alone is no synonym: they name vessels,
# nerves and sides of the forearm too. (The patella is left out: a sided knee joint is its
# sibling in the table, and a fracture under a "Left Knee Joint:" heading would split from it.)
BONES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "radius",
        "forearm",
        (
            *("radial shaft", "radial diaphysis", "radial metaphysis", "radial epiphysis"),
            *("distal radius", "proximal radius", "radial head", "radial neck", "radii"),
        ),
    ),
    (
        "ulna",
        "forearm",
        (
            *("ulnar shaft", "ulnar diaphysis", "ulnar metaphysis", "distal ulna"),
            *("proximal ulna", "olecranon", "ulnae"),
        ),
    ),
    (
        "tibia",
        "leg",
        (
            "tibial shaft",
            "tibial diaphysis",
            "tibial metaphysis",
            "proximal tibia",
            "tibiae",
            "tibias",
        ),
    ),
    (
        "fibula",
        "leg",
        (
            "fibular shaft",
            "fibular diaphysis",
            "fibular head",
            "proximal fibula",
            "fibulae",
            "fibulas",
        ),
    ),
)
# The ends of the leg bones that form a joint name that joint: the distal tibia and fibula
# (the malleoli) are the ankle ("fracture of the distal fibula" / "Weber B fracture of the
# ankle").
BONE_ENDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("ankle", ("distal fibula", "distal tibia", "distal fibular", "distal tibial")),
)

# -- structures RadLex does not name one by one ---------------------------------------------
# RadLex names ribs only through their parts ("head of first rib"), and has no breast clock
# positions or lymph node stations: these are generated from their numbering (facts of
# anatomy), placed in the hand table's structures; each is (name, parent, synonyms).
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
ORDINALS += ("ninth", "tenth", "eleventh", "twelfth")
_SUFFIX = {1: "st", 2: "nd", 3: "rd"}


# Vertebrae RadLex names by ordinal ("second lumbar vertebra") are the hand table's level codes
# ("l2"): one structure written two ways (round 8), so a fracture "of the second lumbar
# vertebra" and a fracture "at L2" are at one site. (code prefix, RadLex region word, count)
_SPINE_REGIONS = (
    ("c", "cervical", 7),
    ("t", "thoracic", 12),
    ("l", "lumbar", 5),
    ("s", "sacral", 5),
)


def vertebra_names() -> list[tuple[str, list[str]]]:
    """(level code, the names of that vertebra by ordinal) for every vertebra."""
    out: list[tuple[str, list[str]]] = []
    for code, region, count in _SPINE_REGIONS:
        for n, word in enumerate(ORDINALS[:count], 1):
            th = f"{n}{_SUFFIX.get(n, 'th')}"
            names = [f"{word} {region} vertebra", f"{th} {region} vertebra"]
            names += [f"{word} {region} vertebral body", f"{th} {region} vertebral body"]
            out.append((f"{code}{n}", names))
    return out


def generated_structures() -> list[tuple[str, str, list[str]]]:
    out: list[tuple[str, str, list[str]]] = []
    for n, word in enumerate(ORDINALS, 1):
        th = f"{n}{_SUFFIX.get(n if n < 20 else n % 10, 'th')}"
        out.append((f"{word} rib", "ribs", [f"rib {n}", f"{th} rib", f"{word} ribs"]))
        for side in ("left", "right"):
            out.append(
                (f"{side} {word} rib", f"{side} ribs", [f"{side} {th} rib", f"{side} rib {n}"])
            )
    for n in range(1, 13):
        out.append((f"{n} o'clock position of breast", "breasts", [f"{n} o'clock"]))
    # IASLC thoracic stations (1-9 mediastinal, 10-14 hilar and pulmonary), with sides
    for n in range(1, 15):
        parent = "mediastinal lymph nodes" if n <= 9 else "lymph nodes"
        sided = n in (1, 2, 4, 10, 11, 12, 13, 14)
        out.append((f"station {n} lymph nodes", parent, [f"station {n}", f"level {n} station"]))
        if sided:
            for side, s in (("right", "r"), ("left", "l")):
                out.append(
                    (
                        f"{side} station {n} lymph nodes",
                        f"station {n} lymph nodes",
                        [f"station {n}{s}", f"{n}{s} lymph node", f"{n}{s} lymph nodes"],
                    )
                )
    # neck node levels (I-VII, with IA/IB, IIA/IIB, VA/VB)
    levels = ["i", "ia", "ib", "ii", "iia", "iib", "iii", "iv", "v", "va", "vb", "vi", "vii"]
    for lv in levels:
        out.append(
            (
                f"level {lv} cervical lymph nodes",
                "lymph nodes",
                [
                    f"level {lv} lymph node",
                    f"level {lv} lymph nodes",
                    f"level {lv} node",
                    f"level {lv} nodes",
                ],
            )
        )
    return out
