"""A lesion named by a generic noun and described (issue #18 §1; docs/evaluation-mentions.md
"Round 7: mentions that pairs need"): whole-body reports, translated ones most of all, name a
lesion with a word that says nothing of its kind ("formation", "focus", "conglomerate",
"defect", "cavity", "sequelae") and let the words around it say it is one: its look, shape or
count before it ("rounded formations", "a normoechoic conglomerate", "two small foci", "a new
small cavity", "lacunar ischemic sequelae", "a 0.3 cm wall defect") or its size after it ("a
formation with maximum dimensions of 5 x 3 cm", "a conglomerate 17 x 13 mm").

The bare noun is no mention ("the formation of bone", "pelvic cavity", "focus on"), nor one
whose describing word is a structure's adjective only: a cavity must be small, new, round or
counted (a body cavity is "pelvic", "nasal", "uterine"); a defect may also be of a structure or
a wall ("wall defect", "right corporal defect"); sequelae may be of any kind word
("post-traumatic sequelae"). A noun inside a table term (``covered``: "abscess formation",
"filling defect"), after a describing word that is one ("hypodense foci", "cystic formation":
the table term's reading takes the generic head) or taken by another open reading is left to
it; a "focus of" / "foci of"
whose phrase holds a table term is that term's mention ("foci of contrast enhancement").
"""

from __future__ import annotations

from radtrack_gui.nlp.extractors.open_measures import MEASURES
from radtrack_gui.nlp.vocabulary import singular_name

LESION_NOUNS = frozenset(
    {
        *("formation", "formations", "focus", "foci", "conglomerate", "conglomerates"),
        *("defect", "defects", "cavity", "cavities", "sequela", "sequelae"),
    }
)
# the concept each noun names (a table concept where one fits)
CONCEPT = {
    "formation": "lesion",
    "formations": "lesion",
    "focus": "lesion",
    "foci": "lesion",
    "conglomerate": "lesion",
    "conglomerates": "lesion",
    "defect": "tissue defect",
    "defects": "tissue defect",
    "cavity": "cavity",
    "cavities": "cavity",
    "sequela": "sequela",
    "sequelae": "sequela",
}
# words that describe a lesion by its look, shape, kind or course
LOOK = frozenset(
    {
        *("round", "rounded", "oval", "ovoid", "nodular", "polypoid", "lobulated", "irregular"),
        *("spiculated", "anechoic", "hypoechoic", "hyperechoic", "isoechoic", "normoechoic"),
        *("hypoechogenic", "hyperechogenic", "hypodense", "hyperdense", "isodense", "cystic"),
        *("hypointense", "hyperintense", "isointense", "solid", "calcified", "lytic"),
        *("osteolytic", "sclerotic", "ischemic", "ischaemic", "lacunar", "expansive"),
        *("enhancing", "hemorrhagic", "haemorrhagic", "necrotic", "heterogeneous", "mixed"),
        *("metastatic", "secondary", "suspicious", "inflammatory", "gliotic", "hypostatic"),
        *("post-traumatic", "posttraumatic", "traumatic", "malacic", "focal", "fibrous"),
        *("lithic", "fibro-cystic", "fibrocystic", "septated", "avascular", "hypervascular"),
    }
)
SIZE = frozenset({"small", "tiny", "large", "new", "minute", "little", "big", "larger"})
COUNT = frozenset(
    {
        *("two", "three", "four", "five", "several", "multiple", "numerous", "few", "single"),
        *("scattered", "additional", "further", "another", "isolated", "some"),
    }
)
UNITS = frozenset({"mm", "cm", "millimeters", "centimeters", "millimetres", "centimetres"})
# words a description reads across between its describing words and the noun
JOINERS = frozenset({",", "and", "-", "slightly", "partly", "mildly", "markedly", "very"})
BEFORE = 4  # describing words before the noun, at most
AFTER = 8  # words between the noun and its size, at most
# what a size after the noun may not read across (another noun phrase's own clause)
SIZE_STOP = frozenset({".", ";", "(", "previously", "compared", "prior", "than"})
# nouns whose place before a structure is no lesion: "focus on", "formation of bone"
CAVITY_LOOK = SIZE | COUNT | {"round", "rounded", "oval", "cystic", "porencephalic"}
DEFECT_WORDS = frozenset({"wall", "contour", "cortical", "skin", "mucosal", "septal"})
ADJ_ENDS = ("al", "ar", "ic", "ous", "ive")


# -- damage of a tissue: "cartilage loss", "chondral thinning", "cortical erosions" ----------
# tissues whose loss, thinning, erosion or fissuring is a finding of their own (MSK and
# mucosal wording; a tissue is no structure the anatomy tables list, "cartilage" included)
TISSUES = frozenset(
    {
        *("cartilage", "cartilaginous", "chondral", "osteochondral", "subchondral", "cortical"),
        *("cortex", "enamel", "mucosal", "mucosa", "bone", "bony", "osseous", "labral"),
        *("meniscal", "tendinous", "ligamentous", "articular"),
    }
)
DAMAGE = frozenset(
    {
        *("loss", "thinning", "erosion", "erosions", "fissure", "fissures", "fissuring"),
        *("fibrillation", "delamination", "irregularity", "irregularities"),
    }
)
# words of a thickness or extent a damage phrase opens with ("full-thickness cartilage loss")
EXTENT = frozenset({"full", "partial", "thickness", "-", "high", "grade", "low", "focal"})
# tissues named as a noun after "loss of (the)" ("loss of cortical volume" is a measure's)
NOUN_TISSUES = frozenset({"cartilage", "cortex", "enamel", "mucosa", "bone"})


def damage_mentions(
    toks: list[str], covered: set[int], taken: set[int]
) -> list[tuple[int, int, str]]:
    """(first token, token end, concept) of each damage noun right after a tissue word
    ("cartilage loss", "full-thickness chondral fissures") or before "of (the)" and one
    ("loss of articular cartilage"); the concept is the tissue's word and the noun."""
    out: list[tuple[int, int, str]] = []
    n = len(toks)
    for i, tok in enumerate(toks):
        if tok not in DAMAGE or i in covered or i in taken:
            continue
        noun = singular_name(tok)
        if i > 0 and toks[i - 1] in TISSUES and i - 1 not in covered and i - 1 not in taken:
            start = i - 1
            while start > 0 and toks[start - 1] in EXTENT and start - 1 not in covered:
                start -= 1
            out.append((start, i + 1, f"{toks[i - 1]} {noun}"))
            continue
        k = i + 1
        if k < n and toks[k] == "of":
            k += 1
            if k < n and toks[k] == "the":
                k += 1
            while k + 1 < n and toks[k] in TISSUES and toks[k + 1] in TISSUES:
                k += 1  # "loss of articular cartilage"
            if (
                k < n
                and toks[k] in NOUN_TISSUES
                and k not in covered
                and (k + 1 >= n or toks[k + 1] not in MEASURES)
            ):
                out.append((i, k + 1, f"{toks[k]} {noun}"))
    return out


def may_lesion(toks: list[str]) -> bool:
    """A cheap test: the sentence holds a lesion noun or a damage noun."""
    return not LESION_NOUNS.isdisjoint(toks) or not DAMAGE.isdisjoint(toks)


def _number(tok: str) -> bool:
    return tok.replace(".", "", 1).replace(",", "", 1).isdigit()


def _sized_before(toks: list[str], i: int) -> int | None:
    """The first token of a size right before the describing words ("a 15 mm nodular
    formation": "15"), or None."""
    for k in range(i - 1, max(-1, i - 3 - BEFORE), -1):
        if toks[k] in UNITS and k > 0 and _number(toks[k - 1]):
            return k - 1
        if not (toks[k] in LOOK or toks[k] in SIZE or toks[k] in JOINERS):
            return None
    return None


def _sized_after(toks: list[str], i: int) -> bool:
    """A size follows the noun within ``AFTER`` words ("formation with maximum dimensions of
    5 x 3 cm", "conglomerate 17 x 13 mm")."""
    for k in range(i + 1, min(len(toks), i + 1 + AFTER)):
        if toks[k] in SIZE_STOP:
            return False
        if toks[k] in UNITS and _number(toks[k - 1]):
            return True
    return False


def _described(toks: list[str], i: int, structures: set[int]) -> int | None:
    """The first describing token before the noun ``toks[i]`` (the mention's start), or None
    when nothing before it describes a lesion of that noun's kind."""
    noun = toks[i]
    start = None
    k = i - 1
    while k >= 0 and i - k <= BEFORE + 2:
        tok = toks[k]
        if noun in ("cavity", "cavities"):
            ok = tok in CAVITY_LOOK
        elif noun in ("defect", "defects"):
            ok = (
                tok in LOOK
                or tok in SIZE
                or tok in DEFECT_WORDS
                or k in structures
                or (tok.isalpha() and tok.endswith(ADJ_ENDS))
            )
        elif noun in ("sequela", "sequelae"):
            ok = tok in LOOK or tok in SIZE or (tok.isalpha() and tok.endswith(ADJ_ENDS))
        else:
            ok = tok in LOOK or tok in SIZE or tok in COUNT
        if ok:
            start = k
        elif tok not in JOINERS or start is None:
            break
        k -= 1
    return start


def lesion_mentions(
    toks: list[str], covered: set[int], structures: set[int], taken: set[int]
) -> list[tuple[int, int, str]]:
    """(first token, token end, concept) of each described lesion noun of ``toks``."""
    out: list[tuple[int, int, str]] = []
    for i, tok in enumerate(toks):
        if tok not in LESION_NOUNS or i in covered or i in taken:
            continue
        if (
            i + 1 < len(toks)
            and toks[i + 1] == "of"
            and any(k in covered for k in range(i + 2, min(len(toks), i + 6)))
        ):
            continue  # "foci of contrast enhancement": the table term is the mention
        start = _described(toks, i, structures)
        if start is not None and any(k in covered for k in range(start, i)):
            continue  # "hypodense foci", "cystic formation": the table term's reading owns it
        sized = _sized_before(toks, start if start is not None else i)
        if (
            start is None
            and sized is None
            and not (tok not in ("cavity", "cavities") and _sized_after(toks, i))
        ):
            continue
        first = start if start is not None else i
        while first < i and (first in covered or first in taken or toks[first] in JOINERS):
            first += 1
        out.append((first, i + 1, CONCEPT[tok]))
    return out
