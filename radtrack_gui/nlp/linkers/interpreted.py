"""A sign of the findings and the diagnosis the conclusion names for it (round 10, wb-signs):
classes, not word pairs.

A report describes what the image shows in its findings (a sign: a signal change, an
opacity, a defect, residue, a regurgitant wave, or words the vocabulary lacks) and names
what it is in its conclusion (a diagnosis: gliosis, coprostasis, myomatosis, a tear). The
two are one finding (GUIDELINE: "a descriptive and a diagnostic term for one process"; rule
9: a finding of the findings section told again in the conclusion is one chain) when
nothing says otherwise. Rounds 3-9 joined such pairs by relation rows (a sign word and a
diagnosis word), and the rows fitted the wording they were read from. Here the decision is
by class and place only:

- the findings one is a sign by its class (``together._looks``: a sign word, a generic
  imaging observation, a lesion word or an open-vocabulary name), the conclusion one a
  diagnosis (a vocabulary concept that is none of those), both positive, no question of the
  indication, no normal statement (``together._positive``);
- their places agree (``_place``: the site read for each, else the structure its statement
  names, else the anatomy its own words name, else the structure its concept belongs to;
  for the diagnosis also the organ its own word names, ``listed.own_organ``:
  "hydrosalpinx" the fallopian tube): the same structure or one within the other; a place
  given for only one of them applies to both (rule 9). Body regions name no place.

And the counter-examples a radiologist reads apart:

- another diagnosis of the organ: the sign's own sentence reads it as something else
  (``organ_reading.read_otherwise``: nodules "suggestive of FNH-like lesions" are not the
  conclusion's Budd-Chiari syndrome);
- another side: both sides given and different ("bilateral" cysts are not the right renal
  tuberculosis), or the diagnosis's side while the sign's sentence names only the other;
- a lesion is tracked one by one (GUIDELINE 10): a sign named a lesion ("focal lesion",
  "liver nodules") is no diffuse disease of its organ (cirrhosis), only another lesion word;
- a lymph node is its own structure: no node finding is the sign of an organ's diagnosis;
- words that name no finding: a bare participle the vocabulary lacks ("straightened",
  "slightly reduced": its subject is the finding) or a symptom (``SYMPTOMS``);
- a named kind of a sign (a phlebolith is a calcification with a name and a place of its
  own): no description waiting for its diagnosis.

``interpreted`` is asked by ``features._restated`` (lifting "different concepts" and giving
the ``restated`` feature) and among ``features._conflict``'s site exceptions;
``interpreted_keys`` makes such pairs candidates (the findings' sign files its report, the
conclusion's diagnosis looks it up).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from radtrack_gui.core.model import DEVICE
from radtrack_gui.nlp.linkers.class_signs import generic_observations
from radtrack_gui.nlp.linkers.listed import own_organ
from radtrack_gui.nlp.linkers.organ_reading import read_otherwise
from radtrack_gui.nlp.linkers.readings import descriptive
from radtrack_gui.nlp.linkers.restatement import concluding, lesion_like
from radtrack_gui.nlp.linkers.sites import is_region
from radtrack_gui.nlp.linkers.together import _looks, _positive, _structure

if TYPE_CHECKING:
    from radtrack_gui.nlp.linkers.info import MentionInfo
    from radtrack_gui.nlp.vocabulary import Vocabulary

INTERPRETED = (
    "the conclusion names the diagnosis of the findings' sign at its place (interpreted.py)"
)
# Complaints, not imaging observations: what the patient feels is no sign of the image.
SYMPTOMS = frozenset({"pain", "ache", "tenderness", "complaint", "complaints", "discomfort"})
_SIDES = {"left": "right", "right": "left"}
# Nouns that name a focal lesion whatever the vocabulary calls the phrase.
LESION_HEADS = frozenset(
    {"lesion", "lesions", "mass", "masses", "nodule", "nodules", "formation", "formations"}
    | {"focus", "foci", "tumor", "tumors", "tumour", "tumours"}
)
# Greek and Latin combining forms of organs that disease names are built on ("cholecyst-itis",
# "hepat-osis", "spondyl-odiscitis"), each with an anatomy term the vocabulary knows; longer
# forms first ("pericard" before "cardi", "cholecyst" before "cyst", which alone names a
# lesion and is left out, as "myel" is: marrow or cord).
COMBINING_FORMS: tuple[tuple[str, str], ...] = (
    ("cholecyst", "gallbladder"),
    ("cholangi", "biliary tree"),
    ("pericard", "pericardium"),
    ("endometr", "uterus"),
    ("salping", "fallopian tubes"),
    ("oophor", "ovaries"),
    ("pancreat", "pancreas"),
    ("oesophag", "esophagus"),
    ("esophag", "esophagus"),
    ("prostat", "prostate"),
    ("appendic", "appendix"),
    ("spondyl", "spine"),
    ("duoden", "duodenum"),
    ("pneumon", "lungs"),
    ("enceph", "brain"),
    ("cerebr", "brain"),
    ("mening", "meninges"),
    ("hyster", "uterus"),
    ("ureter", "ureters"),
    ("bronch", "bronchi"),
    ("trache", "trachea"),
    ("cystit", "urinary bladder"),
    ("mastit", "breasts"),
    ("colit", "colon"),
    ("hepat", "liver"),
    ("nephr", "kidneys"),
    ("pyel", "kidneys"),
    ("gastr", "stomach"),
    ("enter", "small bowel"),
    ("splen", "spleen"),
    ("adren", "adrenal glands"),
    ("thyr", "thyroid"),
    ("pleur", "pleura"),
    ("cardi", "heart"),
    ("arthr", "joints"),
    ("proct", "rectum"),
    ("oste", "bones"),
    ("disc", "intervertebral discs"),
)


def interpreted(a: MentionInfo, b: MentionInfo, v: Vocabulary) -> str:
    """Why ``a`` and ``b`` are one finding by the rule above, or ""."""
    if a.report != b.report or a.type == DEVICE or b.type == DEVICE:
        return ""
    if concluding(a.section) == concluding(b.section):
        return ""
    sign, dx = (b, a) if concluding(a.section) else (a, b)
    if not (_positive(sign) and _positive(dx) and is_sign(sign, v) and is_diagnosis(dx, v)):
        return ""
    if read_otherwise(sign, dx, v) or other_side(sign, dx):
        return ""
    if lesion_named(sign) and not lesion_like(dx):
        return ""
    if named_beside(sign, dx, v):
        return ""
    here, there = _place(sign, v), _place(dx, v, diagnosis=True)
    if here is not None and there is not None and not _agree(here, there, v):
        return ""
    if here is not None and another_diagnosis_there(dx, here, v):
        return ""
    return INTERPRETED


def lesion_named(m: MentionInfo) -> bool:
    """Named a lesion: by its concept or by a lesion noun as its head ("a focal formation of
    15 mm"): tracked one by one (GUIDELINE 10), no diffuse disease of its organ."""
    return "lesion" in m.concept_line or m.head in LESION_HEADS


def named_beside(sign: MentionInfo, dx: MentionInfo, v: Vocabulary) -> bool:
    """The sign's own sentence names the diagnosis in its own words beside it ("blunted
    costophrenic angles with small pleural effusions"): the conclusion restates that
    mention, and the sign is another finding (a sentence reading the sign as it is
    ``readings.read_as``'s, not this rule's)."""
    if sign.ctx is None or dx.concept is None:
        return False
    c = sign.ctx
    for lo, hi in ((c.sentence[0], c.start), (c.end, c.sentence[1])):
        words = re.findall(r"[a-z][a-z'-]*", c.text[lo:hi].lower())
        for n in (3, 2, 1):
            for i in range(len(words) - n + 1):
                if v.concept_terms.get(" ".join(words[i : i + n])) == dx.concept:
                    return True
    return False


def _agree(x: str, y: str, v: Vocabulary) -> bool:
    return x == y or v.anatomy_related(x, y)


def another_diagnosis_there(dx: MentionInfo, here: str, v: Vocabulary) -> bool:
    """The diagnosis's sentence names another diagnosis of the sign's organ ("Cholecystitis
    with gallstones" for a thickened gallbladder wall): which one the sign shows is not said
    by class and place, so neither is joined by this rule."""
    if dx.ctx is None:
        return False
    c = dx.ctx
    for lo, hi in ((c.sentence[0], c.start), (c.end, c.sentence[1])):
        words = re.findall(r"[a-z][a-z'-]*", c.text[lo:hi].lower())
        for n in (3, 2, 1):
            for i in range(len(words) - n + 1):
                term = " ".join(words[i : i + n])
                name = v.concept_terms.get(term)
                other = v.concepts.get(name) if name else None
                if other is None or other.name == dx.concept or other.type == DEVICE:
                    continue
                if other.name in dx.concept_line or descriptive(other.name, v):
                    continue
                organ = other.anatomy or _combining(term.split(), v)
                if organ and not is_region(v, organ) and _agree(organ, here, v):
                    return True
    return False


def is_sign(m: MentionInfo, v: Vocabulary) -> bool:
    """A description by its class, not a symptom, a lymph node, a bare participle or a named
    kind of a sign."""
    if not (_looks(m, v) or not m.known) or not m.tokens:
        return False
    if SYMPTOMS.intersection(m.tokens) or {"lymph", "node", "nodes"} & set(m.tokens):
        return False
    if not m.known and m.tokens[-1].endswith("ed"):
        return False  # "straightened", "slightly reduced": the subject is the finding
    c = v.concepts.get(m.concept) if m.concept else None
    named = c is not None and "derived" in c.flags
    return not (named and m.concept not in v.signs and m.concept not in generic_observations())


def is_diagnosis(m: MentionInfo, v: Vocabulary) -> bool:
    """A vocabulary concept that is no description."""
    return m.known and m.concept is not None and not _looks(m, v)


def other_side(sign: MentionInfo, dx: MentionInfo) -> bool:
    """Both sides given and different, or the diagnosis's side while the sign's sentence
    names only the other."""
    if sign.lat and dx.lat:
        return sign.lat != dx.lat
    other = _SIDES.get(dx.lat or "")
    if other is None or sign.ctx is None:
        return False
    start, end = sign.ctx.sentence
    words = set(re.findall(r"[a-z]+", sign.ctx.text[start:end].lower()))
    return other in words and dx.lat not in words


def _place(m: MentionInfo, v: Vocabulary, diagnosis: bool = False) -> str | None:
    """Where the mention is: its site, its statement's structure, the anatomy its own words
    name, the organ a diagnosis's word names, its concept's structure; no body region."""
    found = m.site or _structure(m, v) or _own_anatomy(m, v)
    if found is None and diagnosis:
        found = own_organ(m, v) or combining_organ(m, v)
    if found is None:
        c = v.concepts.get(m.concept) if m.concept else None
        found = c.anatomy if c is not None and c.anatomy else None
    return None if found is None or is_region(v, found) else found


def _own_anatomy(m: MentionInfo, v: Vocabulary) -> str | None:
    """The first structure the mention's own words name (longest phrase first)."""
    words = m.tokens
    for n in (3, 2, 1):
        for i in range(len(words) - n + 1):
            site = v.anatomy_terms.get(" ".join(words[i : i + n]))
            if site is not None:
                return site
    return None


def combining_organ(m: MentionInfo, v: Vocabulary) -> str | None:
    """The organ a diagnosis's word is built on by its combining form (``COMBINING_FORMS``)."""
    return _combining(m.tokens, v)


def _combining(words: tuple[str, ...] | list[str], v: Vocabulary) -> str | None:
    for word in words:
        for form, organ in COMBINING_FORMS:
            if word.startswith(form) and len(word) > len(form) + 2:
                return v.anatomy_terms.get(organ)
    return None


def interpreted_keys(m: MentionInfo) -> tuple[list[str], list[str]]:
    """(blocking keys filed, looked up): a positive sign of the findings files its place and
    the structures holding it (or "-" when it has none); a positive diagnosis of the
    conclusion looks up its place and the structures holding it, and "-". A diagnosis with
    no place looks up every sign of its report ("+"). Narrow, so that a pair becomes a
    candidate only where the places can agree (other rules must not see more pairs)."""
    from radtrack_gui.nlp.vocabulary import vocabulary

    if m.type == DEVICE or not _positive(m):
        return [], []
    v = vocabulary()
    key = f"i:{m.report}:"
    if concluding(m.section):
        if not is_diagnosis(m, v):
            return [], []
        there = _place(m, v, diagnosis=True)
        if there is None:
            return [], [key + "+"]
        return [], [key + "-", *(key + x for x in _held_by(there, v))]
    if not is_sign(m, v):
        return [], []
    here = _place(m, v)
    if here is None:
        return [key + "-", key + "+"], []
    return [key + "+", *(key + x for x in _held_by(here, v))], []


def _held_by(site: str, v: Vocabulary) -> list[str]:
    """The site and the structures (no body region) that hold it."""
    return [x for x in dict.fromkeys([site, *v.anatomy_ancestors(site)]) if not is_region(v, x)]
