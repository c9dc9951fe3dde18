"""Finer places the open part names of ``levels.sub_sites`` miss (issue #18 §2, GUIDELINE 1
and 4; round 4): each a "kind:value" level, compared only within its kind
(``levels.level_conflict``), so two findings that name different values are two findings.

- ``quadrant``: breast areas given without the word "quadrant" ("upper outer left area",
  "upper central region");
- ``part``: muscles and tendons radiologists name without a head noun ("tendinosis of the
  subscapularis", "supraspinatus tendinosis") and the knee ligaments by abbreviation (ACL,
  PCL, MCL, LCL), named as the open part names are ("part:subscapularis tendon");
- ``nodes``: the lymph node region a node statement names ("no mediastinal or axillary
  lymphadenopathy" vs "no deep lymphadenopathy"); "deep" nodes are the abdominal and pelvic
  ones, "mediastinal" covers the mediastinal stations;
- ``zone``: the prostate zones (peripheral, transition, central, anterior fibromuscular
  stroma; "PZ", "TZ"), round 8;
- ``vascular``: neck, brain, trunk and limb arteries and veins by their usual abbreviation
  (upper case: "ICA", "SMV") or name ("internal carotid", "aortic arch"), beside the
  coronary arteries ``levels`` reads (``vessel``). For findings and permanent devices only
  (``conflicts.pair_conflict``): a line's tip moves along the veins its access names ("left
  subclavian line, tip in the SVC").

Open soft-tissue structures of one joint under different head nouns (a ligament and a
meniscus, a tendon and a labrum) are different structures (``different_tissues``) unless
their names share a specific word ("patellar tendon" / "patellar ligament").
"""

from __future__ import annotations

import re
from functools import lru_cache

from radtrack_gui.nlp.folded import Folded
from radtrack_gui.nlp.linkers.joints import joint_sites

# Muscles and tendons named bare (the name is the muscle's: its tendon is meant in a tendon
# finding); two-word names first.
_BARE_TENDONS = (
    *("teres minor", "teres major", "long head of the biceps", "gluteus medius"),
    *("gluteus minimus", "pes anserinus", "supraspinatus", "infraspinatus", "subscapularis"),
    *("biceps", "triceps", "quadriceps", "achilles", "plantaris", "gastrocnemius", "soleus"),
    *("iliopsoas", "hamstrings?", "popliteus", "semimembranosus", "semitendinosus"),
    # the ankle, foot, wrist and hip tendons named bare too (round 8: "tear of the peroneus
    # brevis at the level of the malleolus"); longest names first
    *("flexor hallucis longus", "flexor digitorum longus", "extensor hallucis longus"),
    *("extensor digitorum longus", "extensor carpi ulnaris", "extensor carpi radialis"),
    *("flexor carpi ulnaris", "flexor carpi radialis", "extensor pollicis longus"),
    *("extensor pollicis brevis", "abductor pollicis longus", "peroneus brevis"),
    *("peroneus longus", "tibialis anterior", "tibialis posterior", "gluteus maximus"),
    *("rectus femoris", "obturator internus", "obturator externus", "piriformis"),
)
_BARE = re.compile(r"\b(" + "|".join(_BARE_TENDONS) + r")\b", re.IGNORECASE)
_KNEE_LIGAMENTS = {
    "acl": "anterior cruciate ligament",
    "pcl": "posterior cruciate ligament",
    "mcl": "medial collateral ligament",
    "lcl": "lateral collateral ligament",
}
_KNEE = re.compile(r"\b(ACL|PCL|MCL|LCL)\b")

# Lymph node regions, read only where a node word follows within a few words.
_NODE_WORD = r"(?:lymph\s*nodes?|nodes?|lymphadenopath(?:y|ies)|adenopath(?:y|ies))"
_NODE_REGIONS = {
    "mediastinal": "mediastinal",
    "subcarinal": "mediastinal",
    "paratracheal": "mediastinal",
    "prevascular": "mediastinal",
    "hilar": "hilar",
    "axillary": "axillary",
    "supraclavicular": "supraclavicular",
    "cervical": "cervical",
    "intramammary": "intramammary",
    "inguinal": "inguinal",
    "deep": "deep",
    "abdominal": "deep",
    "retroperitoneal": "deep",
    "mesenteric": "deep",
    "para-aortic": "deep",
    "paraaortic": "deep",
    "interaortocaval": "deep",
    "celiac": "deep",
    "iliac": "deep",
    "pelvic": "deep",
}
_NODE_REGION = re.compile(
    r"\b((?:(?:" + "|".join(_NODE_REGIONS) + r")(?:\s*(?:,|/|-|or|and|and/or)\s*)?)+)"
    r"(?:\s+\w+){0,2}?\s+" + _NODE_WORD + r"\b",
    re.IGNORECASE,
)
_NODE_REGION_WORD = re.compile(r"\b(" + "|".join(_NODE_REGIONS) + r")\b", re.IGNORECASE)

_VESSEL_SHORT = re.compile(
    r"\b(ICA|ECA|CCA|VA|MCA|ACA|PCA|SCA|PICA|AICA|SMA|SMV|IMV|IVC|SVC|CFA|SFA|PFA|CIA|EIA"
    r"|IIA)s?\b"
)
_VESSEL_NAMES = {
    "internal carotid": "ica",
    "external carotid": "eca",
    "common carotid": "cca",
    "vertebral arter": "va",
    "middle cerebral": "mca",
    "anterior cerebral": "aca",
    "posterior cerebral": "pca",
    "superior cerebellar": "sca",
    "basilar": "basilar",
    "superior mesenteric artery": "sma",
    "inferior mesenteric artery": "ima",
    "superior mesenteric vein": "smv",
    "inferior mesenteric vein": "imv",
    "inferior vena cava": "ivc",
    "superior vena cava": "svc",
    "aortic arch": "aorta",
    "aorta": "aorta",
    "subclavian": "subclavian",
    "common femoral": "cfa",
    "superficial femoral": "sfa",
}
_VESSEL_NAME = re.compile(
    r"\b(" + "|".join(n.replace(" ", r"\s+") for n in _VESSEL_NAMES) + r")", re.IGNORECASE
)
# Breast areas given without the word "quadrant" ("upper outer left area", "upper central
# region"): the quadrant values ``levels`` reads ("quadrant:uo") and the central parts
# between two quadrants ("quadrant:uc"); a quadrant named as such is read by ``levels``.
_AREA = re.compile(
    r"\b(upper|lower|superior|inferior)[\s-]+(outer|inner|lateral|medial|central)"
    r"(?:\s+(?:left|right))?\s+(?:area|region|portion)s?\b",
    re.IGNORECASE,
)
# Prostate zones (PI-RADS): a lesion of the peripheral zone is not one of the transition zone
# (round 8); by name or by the upper-case abbreviation.
_ZONE = re.compile(
    r"\b(peripheral|transition(?:al)?|central|anterior\s+fibromuscular)\s+zones?\b", re.IGNORECASE
)
_ZONE_SHORT = re.compile(r"\b(PZ|TZ|CZ|AFS)\b")
_ZONE_VALUE = {"peripheral": "pz", "transition": "tz", "transitional": "tz", "central": "cz"}
_HINT = re.compile(
    r"zone|\b(?:PZ|TZ|CZ|AFS)\b|upper|lower|superior|inferior|node|adenopath|\b[A-Z]{2,4}s?\b|carotid|vertebral|cerebr|basilar|mesenteric|vena|aort"
    r"|subclavian|femoral|" + "|".join(_BARE_TENDONS),
    re.IGNORECASE,
)


# The case-insensitive readers above, tried on the lower-cased text when it is ASCII (the
# same matches at the same offsets, 3-4x faster: ``nlp/folded.py``); their groups are
# lower-cased by the readers anyway. (_KNEE and _VESSEL_SHORT are case-sensitive.)
_HINT_F, _BARE_F, _NODE_REGION_F, _AREA_F, _VESSEL_NAME_F = (
    Folded(rx) for rx in (_HINT, _BARE, _NODE_REGION, _AREA, _VESSEL_NAME)
)


def structure_sites(text: str, start: int = 0, end: int | None = None) -> frozenset[str]:
    """The ``part``, ``nodes`` and ``vessel`` levels ``text[start:end]`` names."""
    hi = len(text) if end is None else end
    joints = joint_sites(text, start, hi)  # knee compartments, bone parts at a joint
    if not _HINT_F.found(text, start, hi):
        return joints
    out: set[str] = set(joints)
    for m in _BARE_F.finditer_lower(text, start, hi):
        name = " ".join(m.group(1).lower().split())
        name = "biceps" if name.startswith("long head") else name
        name = "hamstring" if name.startswith("hamstring") else name
        out.add(f"part:{name} tendon")
    for m in _KNEE.finditer(text, start, hi):
        out.add(f"part:{_KNEE_LIGAMENTS[m.group(1).lower()]}")
    for m in _NODE_REGION_F.finditer_lower(text, start, hi):
        for w in _NODE_REGION_WORD.findall(m.group(1)):
            out.add(f"nodes:{_NODE_REGIONS[w.lower()]}")
    for m in _AREA_F.finditer_lower(text, start, hi):
        up = "u" if m.group(1).lower() in ("upper", "superior") else "l"
        where = m.group(2).lower()
        side = {"outer": "o", "lateral": "o", "inner": "i", "medial": "i", "central": "c"}
        out.add(f"quadrant:{up}{side[where]}")
    for m in _ZONE.finditer(text, start, hi):
        word = m.group(1).lower()
        out.add(f"zone:{_ZONE_VALUE.get(word, 'afs')}")
    for m in _ZONE_SHORT.finditer(text, start, hi):
        out.add(f"zone:{m.group(1).lower()}")
    for m in _VESSEL_SHORT.finditer(text, start, hi):
        out.add(f"vascular:{m.group(1).lower()}")
    for m in _VESSEL_NAME_F.finditer_lower(text, start, hi):
        out.add(f"vascular:{_VESSEL_NAMES[' '.join(m.group(1).lower().split())]}")
    return frozenset(out)


def nodes_at(text: str, lo: int, start: int, end: int) -> frozenset[str]:
    """The node regions of the node phrase a mention at ``start`` stands in, read from ``lo``
    (its sentence) so a coordinated list is read whole ("hilar and subcarinal adenopathy":
    the clause of "adenopathy" begins after "and")."""
    out: set[str] = set()
    for m in _NODE_REGION_F.finditer_lower(text, lo, end):
        if m.end() > start:
            out.update(
                f"nodes:{_NODE_REGIONS[w.lower()]}" for w in _NODE_REGION_WORD.findall(m.group(1))
            )
    return frozenset(out)


@lru_cache(maxsize=512)
def vessel_of(site: str | None) -> frozenset[str]:
    """The ``vascular`` level of a site the anatomy table names ("aorta", "internal carotid
    artery"), or none."""
    if not site:
        return frozenset()
    return frozenset(x for x in structure_sites(site) if x.startswith("vascular:"))


# Head nouns of a site that is one soft-tissue structure of a joint or limb (round 8).
_TISSUE_SITE_HEADS = frozenset({"tendon", "ligament", "meniscus", "labrum", "muscle", "bursa"})


@lru_cache(maxsize=512)
def tissue_of(site: str | None) -> frozenset[str]:
    """The ``part`` level of a site the anatomy table names that is one tendon, ligament,
    meniscus, labrum, muscle or bursa ("left achilles tendon": "part:achilles tendon"), so it
    compares with the part names other mentions read from their clauses ("tear of the
    anterior talofibular ligament"); none for another site (round 8)."""
    if not site:
        return frozenset()
    words = site.split()
    if words[0] in ("left", "right"):
        words = words[1:]
    if len(words) < 2 or words[-1] not in _TISSUE_SITE_HEADS:
        return frozenset()
    return frozenset({f"part:{' '.join(words)}"})


@lru_cache(maxsize=8192)
def places_of(
    levels: frozenset[str], site: str | None, fixed: bool, seen: bool = False
) -> frozenset[str]:
    """The levels two mentions are compared by: with the ``vascular`` level of the site for
    findings and permanent devices (``fixed``), and the tendon or ligament the site is
    (``tissue_of``) for a finding ``seen`` there (a negative often covers a list of
    structures, of which the site is only the first); without any ``vascular`` level for a
    device that moves (a line's tip). Memoised: a pure function of a mention's own readings,
    asked again for every pair the mention is tested in (round 9)."""
    if fixed:
        return levels | vessel_of(site) | (tissue_of(site) if seen else frozenset())
    return frozenset(x for x in levels if not x.startswith("vascular:"))


# Soft-tissue structures of a joint by head noun; a horn is a meniscus's.
_TISSUE = {
    "ligament": "ligament",
    "meniscus": "meniscus",
    "horn": "meniscus",
    "tendon": "tendon",
    "labrum": "labrum",
}
_GENERIC = frozenset(
    {
        *("anterior", "posterior", "medial", "lateral", "superior", "inferior", "long", "short"),
        *("common", "deep", "superficial", "proximal", "distal", "body", "root", "the", "of"),
    }
)


def different_tissues(p: str, q: str) -> bool:
    """Two open part names with other head nouns naming two soft-tissue structures of a
    joint ("anterior cruciate ligament" / "posterior horn"), not one ("patellar tendon" /
    "patellar ligament": a shared specific word)."""
    x, y = p.split(), q.split()
    kx, ky = _TISSUE.get(x[-1]), _TISSUE.get(y[-1])
    if kx is None or ky is None or kx == ky:
        return False
    return not (set(x[:-1]) & set(y[:-1])) - _GENERIC
