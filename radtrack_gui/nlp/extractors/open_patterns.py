"""More readings of the open vocabulary (issue #18 §1; docs/vocabulary.md "Round 5"):
observations named by the shape of their phrase, for wording of ultrasound, Doppler and
radiograph reports that no table lists.

* **Doppler flow patterns**: a flow noun ("flow", "spectrum", "waveform") after a word that
  describes the Doppler pattern (phasicity, direction, resistance: "triphasic flow",
  "hepatopetal flow", "low-resistance spectrum", "triphasic orthograde flow"); the phrase
  from its first describing word is the mention. "Increased flow", "flow velocity" are no
  pattern: the describing word must be a Doppler one.
* **A nominal finding of a structure**: a noun of process form (-ation, -age, -ment, -sion,
  -ity ...) opening a clause or list item and followed by "of" and a structure the tables
  name ("Elongation of the aorta.", "- Slippage of the left femoral head epiphysis",
  "and a reduction of the neck-shaft angle on the right"); procedure and report nouns
  ("Evaluation of the abdomen", "Opacification of the tubes") are none.
* **Changes of a structure**: "changes" said of a structure named right after it ("No
  changes in the spleen or either kidney", "Changes within the abdominal wall soft tissues
  are seen") is an abnormality of it; "no interval changes", "changes compared to the
  prior study" name no structure and stay none.
* **A generic abnormality shared by two site adjectives**: "No thoracic or spinal
  anomalies", "No cervical or adnexal abnormalities": the first site adjective has its own
  mention of the abnormality word after the second.
* **A change of a structure's measure** ("reduction in brain volume", "increased amplitude of
  the sulci"): ``open_measures``.
* **A described lesion noun** ("rounded formations", "two small foci", "a 0.3 cm wall
  defect"): ``open_lesions``.
* **"Changes" named by the word before them** ("polypoid changes", "Thyroid changes",
  "This change"): ``open_changes``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import compress, count
from operator import methodcaller
from types import EllipsisType

from radtrack_gui.nlp.extractors.negated_changes import negated_changes
from radtrack_gui.nlp.extractors.open_changes import described_changes
from radtrack_gui.nlp.extractors.open_lesions import damage_mentions, lesion_mentions, may_lesion
from radtrack_gui.nlp.extractors.open_measures import may_measure, measure_mentions
from radtrack_gui.nlp.extractors.word_marks import (
    LESION,
    MEASURE,
    MEASURE_CHANGE,
    NOMINAL,
    OF,
    PATTERN_WORD,
)

# -- Doppler flow patterns -----------------------------------------------------------
FLOW_HEADS = frozenset(
    {"flow", "flows", "spectrum", "spectra", "waveform", "waveforms", "velocities", "indices"}
    | {"velocity", "index"}
    # a regurgitant jet or wave on colour or spectral Doppler ("a trace regurgitant jet")
    | {"jet", "jets", "wave", "waves"}
)
# heads that are a flow pattern only after a regurgitation word ("E wave" is a measure)
REGURGITANT_HEADS = frozenset({"jet", "jets", "wave", "waves"})
REGURGITANT = frozenset({"regurgitant", "regurgitation", "insufficiency", "reflux"})
# heads that need a level word ("decreased resistance indices"; "resistance index 0.6" is a
# measure)
LEVEL_HEADS = frozenset({"velocities", "velocity", "indices", "index"})
LEVEL_FLOW_HEADS = LEVEL_HEADS | {"flow", "flows"}  # a level alone reads before these only
DOPPLER_WORDS = frozenset(
    {
        *("triphasic", "biphasic", "monophasic", "multiphasic", "phasic", "tetraphasic"),
        *("hepatopetal", "hepatofugal", "antegrade", "anterograde", "retrograde", "orthograde"),
        *("reversed", "bidirectional", "pulsatile", "nonpulsatile", "turbulent", "dampened"),
        *("damped", "blunted", "parvus", "tardus", "resistance", "resistive", "aliasing"),
        # direction along the body axis and breathing phasicity (round 8: "cephalad flow" in
        # the vertebral arteries, "respiratory-modulated" / "respirophasic" venous flow)
        *("cephalad", "caudad", "modulated", "respirophasic", "regurgitant"),
    }
)
# a flow said to have a Doppler pattern ("the direction of flow is antegrade")
FLOW_COPULAS = frozenset({"is", "are", "was", "were", "appears", "remains"})
# words that describe a resistance ("low-resistance", "slightly lower resistance")
LEVEL_WORDS = frozenset(
    {"low", "high", "lower", "higher", "increased", "decreased", "reduced", "elevated"}
)
FLOW_SPAN = 4  # describing words before the flow noun, at most
# a level said of the flow itself ("increased blood flow", "low flow velocities")
FLOW_LEVELS = LEVEL_WORDS | {"absent", "diminished", "poor", "poorer", "slow", "slower"}
FLOW_CARRIERS = frozenset({"blood", "flow"})  # between the level word and the flow noun
# what makes an increased flow a manoeuvre's normal response, or no Doppler pattern
NO_FLOW_PATTERN = frozenset(
    {"compression", "augmentation", "squeeze", "valsalva", "maneuver", "manoeuvre", "state"}
)


def flow_pattern(toks: list[str], i: int, covered: set[int]) -> int | None:
    """The first token of a Doppler flow pattern whose head is the flow noun ``toks[i]``;
    None when no Doppler describing word (nor a level word said of the flow) stands right
    before it (hyphens and a level word before "resistance" allowed) or a table term lies
    there (its mention stands)."""
    if i + 1 < len(toks) and toks[i + 1] in LEVEL_HEADS:
        return None  # "flow velocities": the longer pattern's head is the next word
    start, doppler, level = i, False, False
    k = i - 1
    while k >= 0 and i - k <= FLOW_SPAN + 2:
        tok = toks[k]
        if tok in FLOW_CARRIERS and k == i - 1:
            k -= 1
            continue  # "blood flow" (the table's "blood" is bleeding), "flow velocities"
        if k in covered:
            return None
        if tok in DOPPLER_WORDS:
            doppler, start = True, k
        elif tok == "-" and k > 0 and toks[k + 1] in DOPPLER_WORDS:
            pass  # "low-resistance"
        elif tok in LEVEL_WORDS and toks[k + 1] in ("resistance", "resistive", "-"):
            start, level = k, True
        elif (
            tok in FLOW_LEVELS
            and not doppler
            and toks[i] in LEVEL_FLOW_HEADS
            and (k == i - 1 or toks[k + 1] in FLOW_CARRIERS)
        ):
            start, level = k, True
            break
        else:
            break
        k -= 1
    if toks[i] in LEVEL_HEADS and not level:
        return None
    if toks[i] in REGURGITANT_HEADS and toks[start] not in REGURGITANT:
        return None
    if not doppler and not level:
        return None
    if not doppler and not NO_FLOW_PATTERN.isdisjoint(toks[i + 1 : i + 5]):
        return None  # "increased flow with calf compression", "low flow state"
    return start


def flow_predicate(toks: list[str], i: int, covered: set[int]) -> int | None:
    """The token of the Doppler word said of the flow noun ``toks[i]`` by a copula ("the
    direction of flow is antegrade", "portal venous flow is hepatopetal"); None otherwise."""
    k = i + 1
    if toks[i] not in ("flow", "flows") or k >= len(toks) or toks[k] not in FLOW_COPULAS:
        return None
    k += 1
    if k < len(toks) and toks[k] in ("normally", "predominantly", "mainly", "still"):
        k += 1
    if k < len(toks) and toks[k] in DOPPLER_WORDS and k not in covered:
        return k
    return None


def flow_concept(toks: list[str], start: int, end: int) -> str:
    """The concept of a flow pattern: its words, hyphens dropped, the flow noun singular."""
    words = [t for t in toks[start:end] if t != "-"]
    head = {"flows": "flow", "spectra": "spectrum", "waveforms": "waveform"}
    head |= {"velocities": "velocity", "indices": "index"}
    return " ".join([*words[:-1], head.get(words[-1], words[-1])])


# -- a nominal finding of a structure -------------------------------------------------
NOMINAL_ENDS = ("ation", "ition", "ution", "ction", "sion", "ment", "age", "ity", "ness", "ure")
_NOMINAL_END = methodcaller("endswith", NOMINAL_ENDS)
# nouns of that form that name what was done or how the report reads, not a finding
NOT_NOMINAL = frozenset(
    {
        *("evaluation", "examination", "visualization", "visualisation", "assessment"),
        *("opacification", "injection", "administration", "reconstruction", "comparison"),
        *("measurement", "implantation", "placement", "removal", "insertion", "exchange"),
        *("correlation", "description", "identification", "demonstration", "localization"),
        *("localisation", "position", "orientation", "projection", "distribution"),
        *("preparation", "acquisition", "documentation", "investigation", "exploration"),
        *("inspection", "delineation", "depiction", "portion", "section", "reformation"),
        *("calculation", "quantification", "stimulation", "image", "presentation"),
        *("majority", "entirety", "quality", "quantity", "passage", "coverage", "image"),
        *("manage", "management", "procedure", "structure", "texture", "nature", "signature"),
        *("temperature", "vasculature", "musculature", "curvature", "aperture", "suture"),
        *("fissure", "tuberosity", "extremity", "cavity", "convexity", "concavity"),
        *("vicinity", "proximity", "continuity", "integrity", "preservation", "condition"),
        # course words: what a finding does over time, never a finding of its own
        *("stability", "regression", "persistence"),
        *("location", "formation", "information", "indication", "examination", "segment"),
        *("attachment", "ligament", "compartment", "fragment", "alignment", "enhancement"),
        *("diffusion", "division", "dimension", "extension", "version", "expansion"),
        *("percentage", "average", "dosage", "drainage", "lavage", "usage", "stage", "page"),
        *("puncture", "aspiration", "ablation", "embolization", "embolisation", "fixation"),
        *("catheterization", "catheterisation", "cannulation", "stabilization", "resection"),
    }
)
# words a nominal finding may follow in its clause: a list mark, a clause break, an article
# after a joining word ("associated with a reduction of ..."), a degree or course word
OPENS_CLAUSE = frozenset({"-", "•", "*", ".", ";", ":", "(", ")"})
# a negation right before a nominal finding opens it too ("without involvement of the
# urinary tract", "no elongation of the aorta": the finding, said absent)
NEGATING = frozenset({"no", "without"})
DEGREE = frozenset(
    {
        *("mild", "marked", "significant", "slight", "moderate", "severe", "minimal"),
        *("decreased", "increased", "reduced", "progressive", "new", "further", "partial"),
        *("complete", "discrete", "considerable", "pronounced", "evident", "focal", "diffuse"),
    }
)
ARTICLE_AFTER = frozenset({"with", "by", "and", "is", "are", "shows", "show", "reveals"})
STRUCTURE_GAP = 5  # words between "of" and the structure's first word


def nominal_of(
    toks: list[str], i: int, covered: set[int], others_at: set[int], is_structure: set[int]
) -> bool:
    """``toks[i]`` is a nominal finding of a structure: a process noun (``NOMINAL_ENDS``,
    not ``NOT_NOMINAL``) that opens its clause (after a break or list mark, a degree word,
    or "a/an" after "with/by/and/is/shows") and is followed by "of" and, within
    ``STRUCTURE_GAP`` words, a structure name (``is_structure``: first tokens of anatomy
    matches)."""
    tok = toks[i]
    if (
        len(tok) < 7
        or not tok.endswith(NOMINAL_ENDS)
        or tok in NOT_NOMINAL
        or i in covered
        or i in others_at
        or i + 2 >= len(toks)
        or toks[i + 1] != "of"
    ):
        return False
    k = i - 1
    if k >= 0 and toks[k] in DEGREE:
        k -= 1
    if not (
        k < 0
        or toks[k] in OPENS_CLAUSE
        or toks[k] in NEGATING
        or (toks[k] in ("a", "an") and (k == 0 or toks[k - 1] in ARTICLE_AFTER))
    ):
        return False
    for j in range(i + 2, min(len(toks), i + 3 + STRUCTURE_GAP)):
        if j in is_structure:
            return True
        if j in covered or not (toks[j].isalpha() or toks[j] == "-"):
            return False
    return False


# -- changes of a structure -------------------------------------------------------------
CHANGE_WORDS = frozenset({"changes", "change"})
CHANGE_LINKS = frozenset({"in", "of", "within"})
CHANGE_GAP = 3  # words between the link and the structure ("in the left soft tissues")
REPORT_NOUNS = frozenset({"image", "images", "picture", "appearance", "findings", "study"})
CHANGE_BEFORE_OK = frozenset({"no", "without", "any", "other", "significant", "visible"})
# a determiner before "changes" refers to changes already seen, wherever the phrase stands
# ("a biopsy of the changes in the right breast is advised", "More significant changes in
# the RRA")
CHANGE_DETERMINERS = frozenset({"the", "these", "those", "such", "more"})


def changes_of_structure(toks: list[str], i: int, covered: set[int], structures: set[int]) -> bool:
    """``toks[i]`` ("changes") opens its phrase (a break, or a negation/quantity word before
    it) and is followed by "in/of/within" and, within ``CHANGE_GAP`` words, a structure."""
    if i in covered or i + 2 >= len(toks) or toks[i + 1] not in CHANGE_LINKS:
        return False
    k = i - 1
    while k >= 0 and toks[k] in CHANGE_BEFORE_OK:
        k -= 1
    if (
        k >= 0
        and toks[k] not in OPENS_CLAUSE
        and toks[k] != ","
        and toks[k] not in CHANGE_DETERMINERS
    ):
        return False
    for j in range(i + 2, min(len(toks), i + 3 + CHANGE_GAP)):
        if j in structures:
            while j in structures:
                j += 1
            # "No changes in the pulmonary image": the image of a structure, a report word
            return j >= len(toks) or toks[j] not in REPORT_NOUNS
        if not toks[j].isalpha():
            return False
    return False


# -- a generic abnormality shared by two site adjectives ------------------------------
GENERIC_HEADS = frozenset(
    {"abnormalities", "abnormality", "anomalies", "anomaly", "alterations", "lesions"}
)


def elided_generic(
    toks: list[str], covered: set[int], is_structure: set[int], taken: set[int]
) -> list[tuple[int, int, str]]:
    """(token, token end, generic head) for the first site adjective of "A or/and B
    <generic head>" where A and B are structure names and the head a table term ("No
    thoracic or spinal anomalies": "thoracic" is the thoracic abnormality's mention)."""
    out = []
    for i, tok in enumerate(toks):
        if (
            tok in ("or", "and")
            and i > 0
            and i + 2 < len(toks)
            and i - 1 in is_structure
            and i + 1 in is_structure
            and toks[i + 2] in GENERIC_HEADS
            and i + 2 in covered
            and i - 1 not in taken
            and i - 1 not in covered
        ):
            out.append((i - 1, i, toks[i + 2]))
    return out


def nominal_places(toks: list[str], mask: int | None = None) -> list[int]:
    """Where a nominal finding may stand (``nominal_of`` reads only these): the first word
    of the sentence or of a clause or list item, or the word after its degree word or after
    "a/an" after a joining word; none without an "of" in the sentence. ``mask``: the
    sentence's ``word_marks.sentence_mask`` when the caller has it (its OF and NOMINAL bits
    say what the two scans below would find)."""
    if mask is not None:
        if not (mask & OF and mask & NOMINAL):
            return []
    elif "of" not in toks or not any(map(_NOMINAL_END, toks)):
        return []  # (no word with a nominal ending: none passes the last test; found in C)
    # only the words of a nominal ending are looked at (found in C): each is a place when
    # it opens its clause, or when a degree word opening it stands right before it (no
    # degree word opens a clause, so no place comes twice; the list is in order)
    places = []
    for k in compress(count(), map(_NOMINAL_END, toks)):
        if _opens_here(toks, k) or (k > 0 and toks[k - 1] in DEGREE and _opens_here(toks, k - 1)):
            places.append(k)
    return places


def _opens_here(toks: list[str], k: int) -> bool:
    """``toks[k]`` opens a clause, list item or negated phrase (a place of ``nominal_places``)."""
    return (
        k == 0
        or toks[k - 1] in OPENS_CLAUSE
        or toks[k - 1] in NEGATING
        or (toks[k - 1] in ("a", "an") and (k == 1 or toks[k - 2] in ARTICLE_AFTER))
    )


def pattern_places(toks: list[str], mask: int | None = None) -> list[int] | None:
    """``may_pattern`` and ``nominal_places`` in one step, once per sentence (the caller
    passes the result down to ``with_patterns``): None when the sentence holds none of these
    readings, else the nominal places (possibly none: another reading's word is there).
    ``mask``: the sentence's ``word_marks.sentence_mask`` when the caller has it: its bits
    answer the word tests (a flow, change or generic head; a lesion or damage noun; a change
    word with a measure noun: ``may_measure``, ``may_lesion``) without a scan each."""
    places = nominal_places(toks, mask)
    if mask is not None:
        if places or mask & (PATTERN_WORD | LESION) or (mask & MEASURE_CHANGE and mask & MEASURE):
            return places
        return None
    if (
        places
        or not FLOW_HEADS.isdisjoint(toks)
        or not CHANGE_WORDS.isdisjoint(toks)
        or not GENERIC_HEADS.isdisjoint(toks)
        or may_measure(toks)
        or may_lesion(toks)
    ):
        return places
    return None


def may_pattern(toks: list[str]) -> bool:
    """A cheap test: the sentence may hold one of these readings (False: it holds none)."""
    return pattern_places(toks) is not None


def pattern_mentions(
    toks: list[str],
    covered: set[int],
    others_at: set[int],
    structures: set[int],
    taken: set[int],
    concept_of: Callable[[str], str],
    places: list[int] | None = None,
) -> list[tuple[int, int, str, str, str]]:
    """The candidates of these readings as templates ``(t0, t1, concept, "finding",
    term)``; ``structures``: tokens of structure names; ``taken``: tokens other open
    readings took; ``places``: ``nominal_places(toks)`` when the caller has it."""
    out = []
    if not FLOW_HEADS.isdisjoint(toks):
        for i, tok in enumerate(toks):
            # "blood flow" is a table's ignored phrase (no bleeding): its level still reads
            blood = tok == "flow" and i > 0 and toks[i - 1] == "blood"
            if tok in FLOW_HEADS and (i not in covered or blood) and i not in taken:
                start = flow_pattern(toks, i, covered)
                if start is not None:
                    term = " ".join(toks[start : i + 1])
                    out.append((start, i + 1, flow_concept(toks, start, i + 1), "finding", term))
                elif (said := flow_predicate(toks, i, covered)) is not None:
                    concept = f"{toks[said]} {head_concept(tok)}"
                    out.append((i, said + 1, concept, "finding", " ".join(toks[i : said + 1])))
    if places is None:
        places = nominal_places(toks)
    if places:
        starts = {k for k in structures if k - 1 not in structures}
        for i in places:
            if i not in taken and nominal_of(toks, i, covered, others_at, starts):
                out.append((i, i + 1, head_concept(toks[i]), "finding", toks[i]))
    if structures and not CHANGE_WORDS.isdisjoint(toks):
        for i, tok in enumerate(toks):
            if (
                tok in CHANGE_WORDS
                and i not in taken
                and changes_of_structure(toks, i, covered, structures)
            ):
                out.append((i, i + 1, concept_of("abnormality"), "finding", tok))
    if not CHANGE_WORDS.isdisjoint(toks):  # "polypoid changes", "This change": open_changes
        held = taken | {k for t0, t1, *_ in out for k in range(t0, t1)}
        for a, b in described_changes(toks, covered, structures, held):
            out.append((a, b, concept_of("abnormality"), "finding", " ".join(toks[a:b])))
        held |= {k for t0, t1, *_ in out for k in range(t0, t1)} | covered
        for i in negated_changes(toks, held):  # "show no significant changes"
            out.append((i, i + 1, concept_of("abnormality"), "finding", toks[i]))
    if structures and not GENERIC_HEADS.isdisjoint(toks):
        for a, b, head in elided_generic(toks, covered, structures, taken):
            out.append((a, b, concept_of(head), "finding", f"{toks[a]} {head}"))
    if may_measure(toks):
        for a, b, concept in measure_mentions(toks, covered, structures, taken):
            out.append((a, b, concept_of(concept), "finding", " ".join(toks[a:b])))
    if may_lesion(toks):  # a described lesion noun ("rounded formations"): open_lesions
        held = taken | {k for t0, t1, *_ in out for k in range(t0, t1)}
        for a, b, concept in lesion_mentions(toks, covered, structures, held):
            out.append((a, b, concept_of(concept), "finding", " ".join(toks[a:b])))
            held.update(range(a, b))
        for a, b, concept in damage_mentions(toks, covered, held):
            out.append((a, b, concept_of(concept), "finding", " ".join(toks[a:b])))
    return out


def with_patterns(
    concepts: Mapping[str, str],
    out: list[tuple[int, int, str, str, str]],
    toks: list[str],
    covered: set[int],
    others_at: set[int],
    structures: set[int] | frozenset[int],
    places: list[int] | EllipsisType | None = ...,
) -> list[tuple[int, int, str, str, str]]:
    """``out`` and the readings of ``open_patterns`` at tokens ``out`` did not take, sorted;
    ``places``: ``pattern_places(toks)`` when the caller has it (``...``: found here)."""
    if places is ...:
        places = pattern_places(toks)
    if places is not None:
        taken = {k for t0, t1, *_ in out for k in range(t0, t1)}
        out = out + pattern_mentions(
            toks,
            covered,
            others_at,
            set(structures),
            taken,
            lambda w: concepts.get(w) or head_concept(w),
            places,
        )
    return sorted(out)


def head_concept(tok: str) -> str:
    """The head noun as a concept: lower case, singular ("adenomas" -> "adenoma")."""
    if tok.endswith(("omas", "itides")):
        return tok[:-1] if tok.endswith("omas") else tok[:-4] + "is"
    if tok.endswith("ectases"):
        return tok[:-2] + "is"
    if tok.endswith("s") and not tok.endswith(("ss", "us", "is", "sis")) and len(tok) > 4:
        return tok[:-1]
    return tok
