"""A translated report's "image" of a lesion (round 11, wb-recall3): "lacunar images in the
uterine cavity", "no pathological images", "the diffusion sequence shows no restrictive
images". "Image(s)" names a lesion only right after words of a lesion's look
(``open_lesions.LOOK``: "hyperintense", "nodular", "lacunar") or of pathology
(``IMAGE_LOOK``), never by itself, after a size or a count, or after a technique word ("axial
images", "multiple images were obtained"). The mention runs from the first describing word to
the noun; its concept is the generic lesion's, as for "formation" or "focus" (open_lesions).
A reading of its own, outside open_patterns' gate (a sentence that only says how images were
taken runs no pattern reading)."""

from __future__ import annotations

from radtrack_gui.nlp.extractors.open_lesions import BEFORE, JOINERS, LOOK

IMAGE_NOUNS = frozenset({"image", "images"})
IMAGE_LOOK = frozenset({"pathological", "pathologic", "abnormal", "restrictive", "diverticular"})
CONCEPT = "lesion"


def may_image(toks: list[str]) -> bool:
    """A cheap test: the sentence holds an image noun."""
    return not IMAGE_NOUNS.isdisjoint(toks)


def image_mentions(
    toks: list[str], covered: set[int], taken: set[int]
) -> list[tuple[int, int, str, str, str]]:
    """Templates ``(t0, t1, concept, "finding", term)`` of each described image noun
    (``covered``: tokens of table terms; ``taken``: of other readings)."""
    out: list[tuple[int, int, str, str, str]] = []
    for i, tok in enumerate(toks):
        if tok not in IMAGE_NOUNS or i in covered or i in taken:
            continue
        start = None
        k = i - 1
        while k >= 0 and i - k <= BEFORE + 2:
            if toks[k] in LOOK or toks[k] in IMAGE_LOOK:
                start = k
            elif toks[k] not in JOINERS or start is None:
                break
            k -= 1
        if start is None or any(j in covered or j in taken for j in range(start, i)):
            continue  # undescribed, or a table term's reading owns the words before it
        out.append((start, i + 1, CONCEPT, "finding", " ".join(toks[start : i + 1])))
    return out
