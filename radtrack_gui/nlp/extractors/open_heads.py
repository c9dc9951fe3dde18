"""Which word may head an open-vocabulary mention (``open_vocab``, ``open_frames``,
``open_negated`` readings): the head noun of a phrase is its last word before a phrase end
(``PHRASE_END``), and it is one only when it is no report word, size, procedure or vague word
(``NOT_A_HEAD``), no adjective, no table term, cue or structure name, and no anatomy
(``noun_ok``).
"""

from __future__ import annotations

from radtrack_gui.nlp.extractors.open_negated import gerund_ok
from radtrack_gui.nlp.extractors.open_patterns import head_concept
from radtrack_gui.nlp.vocabulary import Vocabulary
from radtrack_gui.nlp.word_lists import word_list

# A noun phrase ends before these.
PHRASE_END = frozenset(
    {
        *("of", "in", "at", "on", "with", "within", "without", "from", "to"),
        *("into", "along", "and", "or", "but", "versus", "vs", "is", "are"),
        *("was", "were", "has", "have", "which", "that", "measuring", "measures", "since"),
        *("than", "as", "for", "by", "likely", "noted", "seen", "identified"),
    }
)
# Head nouns that are no finding: report words, procedures, sizes and vague words.
NOT_A_HEAD = frozenset(
    {
        "study",
        "studies",
        "exam",
        "examination",
        "image",
        "images",
        "imaging",
        "finding",
        "findings",
        "appearance",
        "appearances",
        "change",
        "changes",
        "process",
        "pattern",
        "size",
        "sizes",
        "number",
        "amount",
        "degree",
        "extent",
        "area",
        "areas",
        "region",
        "regions",
        "portion",
        "part",
        "side",
        "level",
        "levels",
        "position",
        "aspect",
        "component",
        "focus",
        "foci",
        "surgery",
        "resection",
        "repair",
        "placement",
        "procedure",
        "biopsy",
        "treatment",
        "therapy",
        "history",
        "status",
        "post",
        "prior",
        "comparison",
        "interval",
        "time",
        "cm",
        "mm",
        "ml",
        "cc",
        "mass",
        "lesion",
        "views",
        "view",
        "contrast",
        "material",
        "etiology",
        "origin",
        "disease",
        "diagnosis",
        "the",
        "a",
        "an",
        "this",
        "these",
        "those",
        "its",
        "their",
        "other",
        "further",
        "more",
        "less",
        "same",
        "similar",
        "previous",
        "known",
        # properties and shapes of a thing, not things
        "margin",
        "margins",
        "border",
        "borders",
        "contour",
        "contours",
        "shape",
        "shadow",
        "signal",
        "intensity",
        "flow",
        "amplitude",
        "dimension",
        "dimensions",
        "content",
        "contents",
        "structure",
        "structures",
        "formation",
        "formations",
        "development",
        "localization",
        "location",
        "involvement",
        "grade",
        "each",
        "field",
        "space",
        "spaces",
        "fluid",
        "weakness",
        "sequences",
        "wall",
        "walls",
        "lobe",
        "cavity",
        "gland",
        "isthmus",
        "apex",
        "quadrant",
        "testicle",
        "band",
        "peri",
        "cellularity",
        "aftereffects",
        # places, parts and vague words after "evidence/signs/features of"
        *("intra", "vessel", "acute", "activity", "complex", "event", "fovea", "segment"),
        *("trunk", "outline", "pole", "zone", "angle", "stage", "tail", "long", "presence"),
        *("away", "section", "upward", "forward", "nature", "thickness", "deep", "third"),
        *("characteristic", "boundary", "midsection", "morphology", "narrow", "cause"),
        *("another", "present", "measurement", "benign", "fazekas", "type", "kind"),
        *("artifact", "artifacts", "artefact", "artefacts", "evidence", "opacification"),
        *("locations", "framework", "features", "signs", "cluster", "clusters", "diameter"),
        *("characteristics", "high", "low", "indication", "loop", "loops", "diffusion"),
        *("preservation", "layer", "skin", "system", "suppression", "volume", "possibility"),
        *("intense", "impression", "dense"),
        # imaging methods ("on color Doppler, measuring ...")
        *("doppler", "ultrasound", "sonography", "mode", "scan", "scans", "elastography"),
    }
)
# word endings of adjectives ("largest", "visible", "sharp" is caught by NOT_A_HEAD's kin)
ADJECTIVE_ENDS = ("est", "ible", "able", "al", "ar", "ic", "ous", "ive", "ful", "less")


def head_after(
    v: Vocabulary,
    toks: list[str],
    j: int,
    covered: set[int],
    others_at: set[int],
    allowed: frozenset[str] = frozenset(),
    gerund: bool = False,
) -> int | None:
    """The head noun of the phrase starting at ``j``: its last word before a phrase end;
    None when the phrase holds a table term or a structure ends it."""
    last = None
    k = j
    while k < len(toks) and k - j < 5:
        tok = toks[k]
        if k in covered:
            return None  # a table term is in the phrase: its mention stands
        if tok in PHRASE_END or not tok[0].isalpha():
            break
        last = k
        k += 1
    if k < len(toks) and toks[k] == "-":
        return None  # the phrase runs on inside a hyphenated word ("a full-thickness tear")
    if last is None or not is_head(v, toks, last, covered, others_at, allowed, gerund):
        return None
    return last


def is_head(
    v: Vocabulary,
    toks: list[str],
    k: int,
    covered: set[int],
    others: set[int],
    allowed: frozenset[str] = frozenset(),
    gerund: bool = False,
) -> bool:
    """``toks[k]`` may head an open mention (``allowed``: NOT_A_HEAD words let back in;
    ``gerund``: a noun in -ing may, "no twisting", "spectral broadening is noted")."""
    tok = toks[k]
    if tok.endswith("ing") and not (gerund and gerund_ok(toks, k, covered)):
        return False
    return (
        k not in covered
        and k not in others
        and tok.isalpha()
        and len(tok) >= 4
        and len(set(tok.lower())) > 1  # "XXXX": a de-identified word
        and (tok not in NOT_A_HEAD or tok in allowed)
        and not tok.endswith(("ly", "ed", *ADJECTIVE_ENDS))
        and tok not in ("sharp", "broad", "large", "small", "big")
        and noun_ok(v, tok)
    )


def noun_ok(v: Vocabulary, tok: str) -> bool:
    """Not a structure's name nor an anatomy head noun (anatomy is never a finding of its
    own)."""
    heads = word_list("anatomy_heads")
    return (
        v.anatomy_of(tok) is None
        and v.anatomy_of(head_concept(tok)) is None
        and tok not in heads
        and head_concept(tok) not in heads
    )
