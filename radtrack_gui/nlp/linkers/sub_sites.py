"""Finer sites a clause names beside spinal levels (``levels.sub_sites``): breast clock
positions and quadrants, organ poles, vessel and bone stretches, neck node levels and thoracic
stations, coronary arteries, RECIST and lesion labels, open part names, and the structures of
``structures.structure_sites``. Split from ``levels.py`` (round 8) to keep modules small."""

from __future__ import annotations

import re

from radtrack_gui.nlp.folded import Folded
from radtrack_gui.nlp.linkers.structures import structure_sites

# -- finer sites of every region (issue #18 §2, GUIDELINE 1 and 10) -----------------------
# Each is a level of its own kind ("kind:value"); two mentions are at different places only
# when they name a value of one kind and share none of that kind ("clock:2" vs "clock:10";
# a clock position and a quadrant are not compared: one breast mass may be given by both).
# A breast clock position ("at 2 o'clock", "2:30 position"), in half hours.
_CLOCK = re.compile(
    r"\b(1[0-2]|[1-9])(?::([0-5]\d))?\s*(?:o['’]?\s?clock|o'?c\b|(?<=:\d\d)\s*position)",
    re.IGNORECASE,
)
# Breast quadrants ("upper outer quadrant", "UOQ"), and the central (subareolar) part.
_QUADRANT = re.compile(
    r"\b(?:(upper|lower|superior|inferior)[\s-]+(outer|inner|lateral|medial)\s+quadrants?"
    r"|([UL][OI]Q)|(retroareolar|subareolar|periareolar))\b",
    re.IGNORECASE,
)
# Poles of a kidney, spleen, testis or thyroid lobe ("upper pole", "interpolar").
_POLE = re.compile(
    r"\b(?:(upper|lower|superior|inferior|mid|middle)[\s-]+poles?|(interpolar))\b", re.IGNORECASE
)
# The stretch of a vessel or long bone ("proximal segment", "mid-segment", "distal third"):
# coronary and limb reports give each segment's stenosis, and a fracture of the proximal
# third is not one of the distal third (round 8).
_COURSE = re.compile(
    r"\b(proximal|mid|middle|distal|ostial)[\s-]+(?:segments?|thirds?|portions?)\b", re.IGNORECASE
)
_COURSE_VALUE = {"middle": "mid", "ostial": "proximal"}
# Neck node levels ("level II", "level IIa", "levels II and III") and thoracic stations
# ("station 4R", "station 7"); not "at the level of the carina".
_NODE_VALUE = r"(?:VI{0,2}|IV|I{1,3}|[1-7])(?:[AB](?![a-z]))?"
_NODE_LEVEL = re.compile(
    r"\b(?:levels?\s+("
    + _NODE_VALUE
    + r"(?:(?:\s*,\s*|\s+(?:and|or|to)\s+|\s*-\s*)"
    + _NODE_VALUE
    + r")*)(?![\w.])|stations?\s+(\d{1,2}\s?[RL]?)\b)",
    re.IGNORECASE,
)
# RECIST and follow-up labels: "target lesion 1", "non-target lesion #2", "lesion no. 3".
_LABEL = re.compile(
    r"\b(?:(non[\s-]?target|target|index)\s+)?(?:lesions?|nodules?|mass(?:es)?|nodes?)\s*"
    r"(?:#\s*|no\.?\s*|number\s+)?(\d{1,2})(?!\s*(?:\.\d|mm|cm|x|×|%|/))\b",
    re.IGNORECASE,
)
# Coronary arteries and their branches by the standard abbreviations (upper case only: "Cx",
# "D1") or names ("left anterior descending", "obtuse marginal"): coronary CT reports give
# each vessel's stenosis in turn.
_CORONARY_SHORT = re.compile(
    r"\b(LMCA|LMA|LM|LAD|LCX|LCx|Cx|RCA|RPDA|PDA|PLB|PLV|RI|D[1-3]|OM[1-3]?)\b"
)
_CORONARY_NAME = re.compile(
    r"\b(left\s+main|left\s+anterior\s+descending|circumflex|right\s+coronary|obtuse\s+marginal"
    r"|diagonal|posterior\s+descending|ramus\s+intermedius|posterolateral)\b",
    re.IGNORECASE,
)
_CORONARY = {
    **{"lmca": "lm", "lma": "lm", "lm": "lm", "lad": "lad", "lcx": "lcx", "cx": "lcx"},
    **{"rca": "rca", "rpda": "pda", "pda": "pda", "plb": "pl", "plv": "pl", "ri": "ri"},
    **{"left main": "lm", "left anterior descending": "lad", "circumflex": "lcx"},
    **{"right coronary": "rca", "obtuse marginal": "om", "om": "om", "diagonal": "d"},
    **{"posterior descending": "pda", "ramus intermedius": "ri", "posterolateral": "pl"},
}
# RECIST groups without a number ("target lesions", "non-target hepatic lesions").
_RECIST = re.compile(r"\b(non[\s-]?)?target(?:ed)?\b(?!\s+(?:lesions?|nodules?)\s*#?\d)", re.I)
# Named parts of an organ or limb a clause gives by a head noun after its own name ("the
# extensor carpi ulnaris tendon", "common bile duct", "lower uterine segment"): an open
# name, so a structure the anatomy table lacks still tells two findings apart.
PART_HEADS = (
    *("tendon", "ligament", "duct", "artery", "arteries", "vein", "nerve", "muscle", "bursa"),
    *("meniscus", "labrum", "horn", "fundus", "segment", "bone", "branch", "gland"),
)
_PART = re.compile(
    r"\b((?:[a-z][a-z'-]*\s+){1,4})(" + "|".join(PART_HEADS) + r")s?\b(?!\s*(?:[ivx]{1,4}|\d))",
    re.IGNORECASE,
)
# Words that end a part's name going back (function words, sides, course and size words).
_PART_STOP = frozenset(
    {
        *("the", "a", "an", "of", "in", "at", "on", "to", "from", "into", "with", "and", "or"),
        *("is", "are", "was", "were", "be", "by", "for", "along", "within", "near", "this"),
        *("that", "its", "their", "both", "there", "no", "not", "left", "right", "bilateral"),
        *("proximal", "distal", "mid", "entire", "visualized", "visible", "small", "large"),
        *("dilated", "normal", "involving", "via", "through", "across", "than", "seen", "noted"),
        *("suggesting", "suggestive", "including", "probable", "possible", "likely", "xxxx"),
        *("consistent", "compatible", "representing", "concerning", "probably", "possibly"),
    }
)
_NODE_ROMAN = {"i": "1", "ii": "2", "iii": "3", "iv": "4", "v": "5", "vi": "6", "vii": "7"}


# A word every finer-site reader needs one of: a quick test before the readers run.
_HINT = re.compile(
    r"\d|clock|quadrant|[UL][OI]Q|areolar|pol|level|station|target|third|portion|"
    + "|".join(PART_HEADS)
    + r"|\b(?:LM|LMA|LMCA|LAD|LCX|LCx|Cx|RCA|RPDA|PDA|PLB|PLV|RI|OM)\b|main|descending|circumflex"
    r"|coronary|marginal|diagonal|ramus|posterolateral",
    re.IGNORECASE,
)
_HINT_FOLDED = Folded(_HINT)  # (a tenth of linking before: ``nlp/folded.py``)


def labels(text: str, start: int, end: int) -> frozenset[str]:
    """The lesion labels ("label:target1", "label:lesion2") ``text[start:end]`` names: the
    "label:" part of ``sub_sites``, read alone (each holds a digit, so the hint test of
    ``sub_sites`` always lets them through; the structure readers name no labels)."""
    out: set[str] = set()
    for m in _LABEL.finditer(text, start, end):
        kind = (m.group(1) or "lesion").lower().replace(" ", "").replace("-", "")
        kind = "target" if kind in ("target", "index") else kind
        out.add(f"label:{kind}{m.group(2)}")
    return frozenset(out)


def sub_sites(text: str, start: int = 0, end: int | None = None) -> frozenset[str]:
    """The finer places ``text[start:end]`` names, each as "kind:value": clock positions,
    breast quadrants, organ poles, node levels and stations, RECIST/lesion labels and open
    part names ("part:common bile duct")."""
    hi = len(text) if end is None else end
    out: set[str] = set(structure_sites(text, start, hi))  # muscles, node regions, vessels
    if not _HINT_FOLDED.found(text, start, hi):
        return frozenset(out)  # none of the words any reader below needs (most clauses)
    for m in _CLOCK.finditer(text, start, hi):
        out.add(f"clock:{int(m.group(1)) % 12 + (0.5 if m.group(2) and m.group(2) >= '15' else 0)}")
    for m in _QUADRANT.finditer(text, start, hi):
        if m.group(3):
            out.add(f"quadrant:{m.group(3)[:2].lower()}")
        elif m.group(4):
            out.add("quadrant:central")
        else:
            up = m.group(1).lower() in ("upper", "superior")
            outer = m.group(2).lower() in ("outer", "lateral")
            out.add(f"quadrant:{'u' if up else 'l'}{'o' if outer else 'i'}")
    for m in _COURSE.finditer(text, start, hi):
        word = m.group(1).lower()
        out.add(f"course:{_COURSE_VALUE.get(word, word)}")
    for m in _POLE.finditer(text, start, hi):
        word = (m.group(1) or m.group(2)).lower()
        pole = {"superior": "upper", "inferior": "lower", "middle": "mid", "interpolar": "mid"}
        out.add(f"pole:{pole.get(word, word)}")
    for m in _NODE_LEVEL.finditer(text, start, hi):
        if m.group(2):
            out.add("station:" + "".join(m.group(2).split()).lower())
            continue
        for value in re.findall(_NODE_VALUE, m.group(1), re.IGNORECASE):
            value = "".join(value.split()).lower()
            number = value.rstrip("ab")
            out.add(f"node:{_NODE_ROMAN.get(number, number)}{value[len(number) :]}")
    for m in _CORONARY_SHORT.finditer(text, start, hi):
        word = m.group(1).lower()
        out.add(f"vessel:{_CORONARY.get(word, word)}")  # d1, om2 keep their number
    for m in _CORONARY_NAME.finditer(text, start, hi):
        out.add(f"vessel:{_CORONARY[' '.join(m.group(1).lower().split())]}")
    for m in _RECIST.finditer(text, start, hi):
        out.add("recist:" + ("nontarget" if m.group(1) else "target"))
    out |= labels(text, start, hi)
    for m in _PART.finditer(text, start, hi):
        words = m.group(1).lower().split()
        name: list[str] = []
        for w in reversed(words):
            if w in _PART_STOP or (not w.isalpha() and "-" not in w and "'" not in w):
                break
            name.insert(0, w)
        if name:
            head = m.group(2).lower()
            head = "artery" if head == "arteries" else head
            out.add(f"part:{' '.join([*name, head])}")
    return frozenset(out)
