"""A clause opened by a quality word and a process or property noun of a structure the
tables hold no finding for: "Satisfactory bone mineralization", "Good opacification of the
circle of Willis", "Adequate pneumatization of the mastoid cells" (GUIDELINE "Units": a
normal statement about a structure is a finding, at its normal word).

``normal_quality`` reads such a phrase when the process noun is a finding of the tables;
this reads it when the noun is none (no candidate there): the quality word (``QUALITY``)
opens its clause (the sentence's start or a break), up to ``MAX_BETWEEN`` words follow, then
a nominalised process (``-tion``, ``-sion``, ``-ment``, ``-ency``, not an abnormal one) or a
tissue property noun ends the phrase, and the phrase names a structure: the words between
("bone"), else the site phrase after the noun ("of the circle of Willis"), read as anatomy
(``normal_subject.anatomy_like``: the anatomy tables, the anatomy head nouns, RadLex's
structure names). Not read: no structure ("Satisfactory technique", "Good quality of the
images", "Adequate inspiration"), a phrase that goes on ("Good bone mineralization pattern"),
a lesion's attribute inside its sentence (not the clause's start)."""

from __future__ import annotations

from radtrack_gui.core.model import FINDING
from radtrack_gui.nlp.extractors.candidates import Cand
from radtrack_gui.nlp.extractors.normal_quality import (
    ABNORMAL_PROCESSES,
    MAX_BETWEEN,
    PROCESS_ENDINGS,
    PROPERTY_NOUNS,
    QUALITY,
)
from radtrack_gui.nlp.extractors.normal_subject import BREAKS, DETERMINERS, anatomy_like
from radtrack_gui.nlp.vocabulary import Vocabulary, plural

# prepositions of the site phrase after the noun ("of the sinuses", "in both kidneys")
SITE_PREPOSITIONS = frozenset({"of", "in", "within", "throughout"})
SITE_WORDS = 6  # words of that phrase, determiners dropped
# words of a quality that grade no function of the structure ("normal" is a normal word of
# the tables already: its statements are read by ``normal_statement``)
NOT_HERE = frozenset({"normal", "preserved"})


def _is_head(w: str) -> bool:
    return w in PROPERTY_NOUNS or (w.endswith(PROCESS_ENDINGS) and w not in ABNORMAL_PROCESSES)


def _site_words(low: list[str], k: int) -> list[str]:
    """The noun phrase of the site phrase opening at ``low[k]`` ([] when none)."""
    if k >= len(low) or low[k] not in SITE_PREPOSITIONS:
        return []
    words: list[str] = []
    j = k + 1
    while j < len(low) and len(words) < SITE_WORDS and low[j] not in BREAKS:
        w = low[j]
        if not w.replace("-", "").replace("'", "").isalpha() or w in ("with", "without", "and"):
            break
        if not (not words and w in DETERMINERS):
            words.append(w)
        j += 1
    return words


def quality_line(v: Vocabulary, low: list[str], q: int) -> tuple[int, str] | None:
    """The normal statement opened by the quality word ``low[q]``: (its head noun's token,
    the structure it names), or None."""
    if low[q] not in QUALITY or low[q] in NOT_HERE or not (q == 0 or low[q - 1] in BREAKS):
        return None
    for h in range(q + 1, min(q + 2 + MAX_BETWEEN, len(low))):
        w = low[h]
        if not w.replace("-", "").replace("'", "").isalpha() or w in QUALITY:
            return None
        if not _is_head(w):
            continue
        k = h + 1
        if k + 1 < len(low) and low[k] == "and" and _is_head(low[k + 1]):
            k += 2  # "pneumatization and aeration of the sinuses"
        if k < len(low) and low[k] not in BREAKS and low[k] not in SITE_PREPOSITIONS:
            return None  # the phrase goes on: its head is another word
        between = [x for x in low[q + 1 : h] if x not in DETERMINERS]
        if between and anatomy_like(v, between):
            return h, " ".join(between)
        site = _site_words(low, k)
        if site and anatomy_like(v, site):
            return h, " ".join(site)
        return None
    return None


def quality_lines(v: Vocabulary, kept: list[Cand], toks: list[str]) -> list[Cand]:
    """``kept`` and a normal statement for each clause-opening quality phrase that no kept
    mention overlaps (a finding read in it, "opacification", stays as it is read)."""
    low = toks  # lower case already (text.word_bounds)
    out = list(kept)
    added = False
    for q, w in enumerate(low):
        if w not in QUALITY:
            continue
        found = quality_line(v, low, q)
        if found is None:
            continue
        h, structure = found
        if any(c.t0 <= h and q < c.t1 for c in out):
            continue  # read already (normal_quality, a finding of the tables)
        listed = v.anatomy_of(structure) or v.anatomy_of(plural(structure))
        c = Cand(q, q + 1, f"normal {listed or structure}", FINDING, term=toks[q])
        c.anatomy, c.anatomy_from_text = (listed, True) if listed else ("", False)
        out.append(c)
        added = True
    return sorted(out, key=lambda c: (c.t0, c.t1)) if added else out
