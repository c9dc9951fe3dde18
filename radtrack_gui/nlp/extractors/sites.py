"""Where a mention is: anatomy and laterality from its phrase, its sentence, the previous
sentence (back references) or the exam's region; a generic concept refined by its site."""

from __future__ import annotations

from radtrack_gui.core.model import FINDING
from radtrack_gui.nlp.extractors.candidates import Cand, Sentence
from radtrack_gui.nlp.extractors.regions import (
    LIMBS,
    default_site_fits,
    own_structure,
    region_reading,
)
from radtrack_gui.nlp.vocabulary import Concept, Vocabulary, singular_name
from radtrack_gui.nlp.word_lists import word_list

# Normal-statement words that only count for some structures.
CLEAR_SITES = (
    "lungs",
    "pleura",
    "paranasal sinuses",
    "mastoid air cells",
    "thorax",
    "costophrenic angles",
)

# Words that end a modifier phrase when walking away from a term
# (resources/vocab/stopwords_phrase.tsv).
PHRASE_STOP = word_list("stopwords_phrase")
AFTER_PREPOSITIONS = frozenset(
    {
        "in",
        "within",
        "at",
        "of",
        "involving",
        "along",
        "over",
        "overlying",
        "projecting",
        "near",
        "adjacent",
        "abutting",
        "about",
        "around",
        "into",
        "through",
        "via",
        "on",
        "throughout",
        "posterior",
        "anterior",
        "lateral",
        "medial",
        "inferior",
        "superior",
        "above",
        "below",
        "beneath",
        "behind",
        "underlying",
        "surrounding",
        "affecting",
        "predominantly",
        "predominately",
        "mainly",
        "mostly",
        "particularly",
        "especially",
    }
)
# Words that point back to a place named before ("in this region", "at the same site").
BACK_REFERENCE = frozenset(
    {
        "this",
        "these",
        "there",
        "same",
        "site",
        "sites",
        "region",
        "level",
        "adjacent",
        "above",
        "described",
        "aforementioned",
        "it",
        "its",
        "nearby",
        "similar",
        "also",
    }
)


def phrase_window(
    v: Vocabulary,
    c: Cand,
    toks: list[str],
    anat: dict[int, tuple[int, str, str]],
    sides: dict[int, tuple[int, str]],
    concept_at: list[bool],
    ends: dict[int, int] | None = None,
    side_ends: dict[int, int] | None = None,
) -> None:
    """Anatomy and side words in the modifiers before the term and in a prepositional
    phrase (or a side phrase) right after it. ``ends``, ``side_ends``: ``anat_ends(anat)``
    and ``side_ends(sides)`` when the caller has them (once per sentence)."""
    n = len(toks)
    if ends is None:
        ends = anat_ends(anat)
    if side_ends is None:
        side_ends = side_word_ends(sides)
    found_anat: list[tuple[str, str]] = []
    found_side: list[str] = []
    if sides:  # a side inside the mention's own words first (a given span, "right ... line")
        for k in range(c.t0, c.t1):
            if k in sides and sides[k][0] <= c.t1:
                found_side.append(sides[k][1])
    # before: walk back over modifiers
    i, steps = c.t0 - 1, 0
    while i >= 0 and steps < 6:
        tok = toks[i]
        if concept_at[i] or tok in PHRASE_STOP:
            break
        if i in ends:
            a0 = ends[i]
            _, name, side = anat[a0]
            found_anat.append((name, side))
            c.used.update(range(a0, i + 1))
            i = a0 - 1
            steps += 1
            continue
        if i in side_ends:
            s0 = side_ends[i]
            found_side.append(sides[s0][1])
            c.used.update(range(s0, i + 1))
            i = s0 - 1
            steps += 1
            continue
        if not (tok[0].isalnum() or tok in ("-", "/", "[")):
            break
        i -= 1
        steps += 1
    # after: a side phrase or a prepositional phrase
    j = c.t1
    if j < n and j in sides:
        t1, value = sides[j]
        found_side.append(value)
        c.used.update(range(j, t1))
        j = t1
    if j < n and j in anat and not found_anat:
        t1, name, side = anat[j]
        t1, name = _head_structure(v, toks, anat, j, t1, name)
        found_anat.append((name, side))
        c.used.update(range(j, t1))
    elif j < n and toks[j] in AFTER_PREPOSITIONS:
        k, steps = j + 1, 0
        while k < n and steps < 8:
            tok = toks[k]
            if concept_at[k] or tok in PHRASE_STOP or not (tok[0].isalnum() or tok == "-"):
                break
            if k in anat:
                t1, name, side = anat[k]
                found_anat.append((name, side))
                c.used.update(range(k, t1))
                break
            if k in sides:
                t1, value = sides[k]
                found_side.append(value)
                c.used.update(range(k, t1))
                k = t1
                steps += 1
                continue
            k += 1
            steps += 1
    c.side = found_side[0] if found_side else None
    c.anatomy = ""
    if found_anat:
        # the most specific structure named in the phrase (depth by first parents: a
        # structure of two wholes is no deeper for its second line)
        best = max(found_anat, key=lambda a: len(v.parent_line(a[0])))
        c.anatomy = best[0]
        c.anatomy_from_text = True
        if c.side is None:
            sides_found = [s for _, s in found_anat if s]
            c.side = sides_found[0] if sides_found else None


# Lymph nodes are named by site adjectives before the head ("hilar lymph node", "left
# axillary nodes", "mediastinal-hilar lymph nodes"): the head decides, not the first adjective.
NODES = "lymph nodes"
_NODE_JOIN = frozenset({"-", "/", "and", "or", ","})
_SIDE_WORDS = frozenset({"left", "right", "bilateral", "both"})


def _head_structure(
    v: Vocabulary,
    toks: list[str],
    anat: dict[int, tuple[int, str, str]],
    j: int,
    t1: int,
    name: str,
) -> tuple[int, str]:
    """The structure of a site phrase starting at ``j`` whose first structure ends at ``t1``:
    that one, or lymph nodes when the phrase's last structure is lymph nodes (the station
    named by the last adjective before it, "hilar lymph nodes", when the table has it)."""
    k, head, adjective = t1, -1, toks[j:t1]
    while k < len(toks) and k - j < 8:
        if k in anat:
            if v.is_part_of(anat[k][1], NODES):
                head = k
                break
            adjective = toks[k : anat[k][0]]
            k = anat[k][0]
        elif toks[k] in _NODE_JOIN:
            k += 1
        else:
            break
    if head < 0:
        return t1, name
    words = [t for t in adjective if t not in _SIDE_WORDS]
    for head_words in ("lymph nodes", "nodes"):
        station = v.anatomy_of(" ".join([*words, head_words]))
        if station and v.is_part_of(station, NODES):
            return anat[head][0], station
    return anat[head][0], anat[head][1]


def attributes(
    v: Vocabulary,
    c: Cand,
    concept: Concept,
    anat: dict[int, tuple[int, str, str]],
    region: str,
    prev_sites: list[tuple[str, str | None]],
    free_sides: set[str],
    back_reference: bool,
    described: Cand | None = None,
) -> bool:
    """Fill anatomy, laterality and the refined concept; False when the mention needs a
    structure and none is named. ``described``: the finding this one interprets
    ("collection along the right convexity, consistent with a subdural hematoma")."""
    site = c.anatomy if c.anatomy_from_text else ""
    needs = "needs-anatomy" in concept.flags
    if described is not None and "normal" not in concept.flags:
        if c.side is None:
            c.side = described.side
        if (
            not site
            and described.anatomy
            and (not concept.anatomy or v.is_part_of(described.anatomy, concept.anatomy))
        ):
            site = described.anatomy  # the site fits this concept: it is this one's too
            c.anatomy = site
            c.anatomy_from_text = True
    # a region-bound concept outside its region: that region's sense of the word
    sense, default_holds = region_reading(v, concept, c.term, v.region_of(site) if site else region)
    if sense != concept.name:
        c.concept, concept = sense, v.concepts[sense]
        needs = "needs-anatomy" in concept.flags
    if not concept.anatomy and (site or not needs) and v.narrower.get(concept.name):
        # a generic term: its kind from the named site, else from the site's or the
        # exam's region ("effusion" at the left base -> pleural effusion); a kind from the
        # region must hold the named site unless it is the region's usual reading
        # ("protrusion of the sigmoid sinus" is no brain herniation)
        kind = v.refine(concept.name, site) if site else concept.name
        if kind == concept.name:
            # a limb has too many kinds to take one from it ("fracture" in a forearm CT)
            limb = not site and region in LIMBS
            kind = (
                v.refine_in_region(concept.name, v.region_of(site) if site else (region or "body"))
                if not limb
                else concept.name
            )
            k = v.concepts.get(kind)
            if (
                site
                and k is not None
                and k.anatomy
                and "default-kind" not in k.flags
                and not v.anatomy_related(site, k.anatomy)
                and not v.region_of(site) == v.region_of(k.anatomy) == "spine"  # levels fit
            ):
                kind = concept.name
        if kind != concept.name:
            c.concept, concept = kind, v.concepts[kind]
            needs = "needs-anatomy" in concept.flags
    default = concept.anatomy if default_holds else ""
    if (
        site
        and default
        and not v.is_part_of(site, default)
        and (
            v.is_part_of(default, site)
            or (v.region_of(site) == v.region_of(default) and v.region_of(site) != "spine")
        )
    ):
        # a wider structure ("chest" for an effusion) or a neighbour in the same region
        # ("effusion at the left base"): keep the default, take the side. Another region
        # ("nodule in the liver") or a spinal level ("bulge at L4-5"): the phrase decides.
        if c.side is None:
            c.side = v.laterality_of(site)
        site = default
    if not site and c.type == FINDING and " " in c.term:
        # the term names its own structure ("splenic laceration")
        own = own_structure(v, c.term, region)
        # ("splenic infarction" in an abdominal exam: the brain is another region's reading)
        if own and (
            not default or v.is_part_of(own, default) or not default_site_fits(v, default, region)
        ):
            site = own
            c.anatomy_from_text = True
    if not site and c.type == FINDING:
        # the same sentence: the nearest structure that fits the concept
        best: tuple[int, str, str] | None = None
        for t0, (t1, name, side) in anat.items():
            if t0 in c.used:
                continue
            if (
                default
                and not v.is_part_of(name, default)
                and not (v.region_of(name) == v.region_of(default) == "spine")
            ):
                continue  # does not fit the concept (spinal levels fit any spine finding)
            if "normal" in concept.flags and not normal_site_ok(v, c, name):
                continue
            dist = c.t0 - t1 if t1 <= c.t0 else t0 - c.t1
            if dist < 0:
                continue
            if best is None or dist < best[0]:
                best = (dist, name, side)
        if best is not None:
            site = best[1]
            c.anatomy_from_text = True
            if c.side is None and best[2]:
                c.side = best[2]
    if not site and c.type == FINDING and not needs and back_reference:
        c.looked_back = True  # the previous sentence decides: not a context-free result
        for name, prev_side in prev_sites:
            if not default or (v.is_part_of(name, default) and name != default):
                site = name
                c.anatomy_from_text = True
                if c.side is None:
                    c.side = prev_side
                break
    if not site and needs:
        return False
    if "normal" in concept.flags and not normal_site_ok(v, c, site):
        return False
    if (
        c.side is None
        and len(free_sides) == 1
        and c.type == FINDING
        and "normal" not in concept.flags
    ):
        c.side = next(iter(free_sides))
    name = c.concept
    if site:
        if c.side is None:
            c.side = v.laterality_of(site)
        name = v.refine(name, site)
    else:
        if not default:
            refined = v.refine_in_region(name, region) if region not in LIMBS else name
            if refined != name:
                name, site = refined, v.concepts[refined].anatomy
            else:
                site = region
        else:
            site = default
    if c.side in ("left", "right"):
        site = v.sided(site, c.side)
    if "normal" in concept.flags:
        name = f"normal {statement_site(v, site)}"
    c.concept, c.anatomy = name, site
    return True


def anat_ends(anat: dict[int, tuple[int, str, str]]) -> dict[int, int]:
    """Last token -> first token of each anatomy match."""
    return {t1 - 1: t0 for t0, (t1, _, _) in anat.items()}


def side_word_ends(sides: dict[int, tuple[int, str]]) -> dict[int, int]:
    """Last token -> first token of each side word."""
    return {t1 - 1: t0 for t0, (t1, _) in sides.items()}


def normal_site_ok(v: Vocabulary, c: Cand, site: str) -> bool:
    """ "Clear" is a normal statement only about the lungs, pleura, sinuses..."""
    if c.term != "clear" or not site:
        return True
    return any(v.is_part_of(site, s) for s in CLEAR_SITES)


def statement_site(v: Vocabulary, site: str) -> str:
    return site or "study"


def previous_sites(prev: Sentence | None, sent: Sentence) -> list[tuple[str, str | None]]:
    """Sites of positive findings in the previous sentence of the same paragraph, last
    first."""
    if prev is None or prev.paragraph != sent.paragraph:
        return []
    out = []
    for c in reversed(prev.cands):
        if (
            c.type == FINDING
            and c.anatomy_from_text
            and c.anatomy
            and c.assertion != "absent"
            and not c.concept.startswith("normal")
        ):
            out.append((c.anatomy, c.side))
    return out


NODE_HEADS = frozenset({"node", "nodes"})
NODE_GAP = 4  # site words between a sign and its node ("enlarged left portocaval lymph node")


def node_phrase_end(v: Vocabulary, c: Cand, toks: list[str], concept_at: list[bool]) -> int:
    """Where a sign word that reads as a lymph-node finding ends its mention: at the node it
    describes when the node follows within its noun phrase ("Enlarged portocaval lymph node":
    the mention is the node phrase, not the word "Enlarged"); else ``c.t1``. Only for a
    concept whose structure is lymph nodes, a term without a node word, and site words
    between (no other term, no phrase stop, no punctuation)."""
    concept = v.concepts.get(c.concept)
    if (
        concept is None
        or not concept.anatomy
        or not v.is_part_of(concept.anatomy, NODES)
        or not NODE_HEADS.isdisjoint(toks[c.t0 : c.t1])
    ):
        return c.t1
    for k in range(c.t1, min(len(toks), c.t1 + NODE_GAP + 2)):
        tok = toks[k]
        if tok in NODE_HEADS:
            return k + 1
        if concept_at[k] or tok in PHRASE_STOP or not (tok.isalpha() or tok == "-"):
            break
    return c.t1


# Words that join two structures sharing their head noun ("anterior and posterior cruciate
# ligaments"); a side word before them (``_SIDE_WORDS``) is the sides' reading, not this one
# ("left and right").
_ELLIPSIS_JOIN = frozenset({"and", "or", "&"})


def elliptic_conjuncts(
    v: Vocabulary, toks: list[str], anat: dict[int, tuple[int, str, str]]
) -> set[int]:
    """First tokens of structures named as the last of two that share their head noun
    ("The anterior and posterior cruciate ligaments are intact": "anterior ... ligaments" is
    a structure too): a normal statement about both is not one about the last alone."""
    out = set()
    ends = anat_ends(anat)
    for t0, (t1, name, _) in anat.items():
        words = [t.lower() for t in toks[t0:t1]]
        if t0 < 2 or len(words) < 2 or toks[t0 - 1].lower() not in _ELLIPSIS_JOIN:
            continue
        first = toks[t0 - 2].lower()
        if first in _SIDE_WORDS or not first.isalpha() or ends.get(t0 - 2) is not None:
            continue
        other = " ".join([first, *words[1:]])
        found = v.anatomy_of(other) or v.anatomy_of(singular_name(other))
        if found and found != name:
            out.add(t0)
    return out
