"""A finding written as one word with its structure's combining form (issue #18 round 9).

Radiologists name a finding of a structure in one word built from the structure's Greek or
Latin combining form and the finding: "osteodegenerative changes" and "spondylodegenerative
changes" are degenerative changes of the bones and of the spine, "coxarthrosis",
"gonarthrosis" and "omarthrosis" arthrosis of the hip, the knee and the shoulder,
"cholecystolithiasis" stones of the gallbladder. Where the vocabulary lacks the whole word,
its concept is the finding the rest of the word names and, where the mention names no
structure of its own, its structure is the one the combining form names (GUIDELINE 1 and 2:
the structure still decides, so "coxarthrosis" is not the knee's arthrosis).

Only a word the vocabulary does not know is read this way, and only when what follows the
combining form is itself a finding the vocabulary knows: a known word ("osteochondrosis",
"hydronephrosis", "spondylolisthesis") keeps its own concept, and a form followed by no known
finding ("spondylodiscitis" is known; "spondylo-disc arthrosis" is not read) is left alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from radtrack_gui.core.model import FINDING

if TYPE_CHECKING:
    from radtrack_gui.nlp.vocabulary import Vocabulary

# combining form -> a plain word naming its structure (looked up in the anatomy table), the
# longest forms first so "cholecysto" is not read as "cysto"
COMBINING_FORMS: tuple[tuple[str, str], ...] = (
    ("cholecysto", "gallbladder"),
    ("spondylo", "spine"),
    ("hystero", "uterus"),
    ("nephro", "kidney"),
    ("hepato", "liver"),
    ("spleno", "spleen"),
    ("arthro", "joint"),
    ("osteo", "bone"),
    ("gastro", "stomach"),
    ("procto", "rectum"),
    ("cysto", "bladder"),
    ("cox", "hip"),
    ("gon", "knee"),
    ("om", "shoulder"),
)
# what may follow a form: at least this many letters (so "om" + "a" is never a reading)
_MIN_REST = 5


def compound_reading(words: str, v: Vocabulary) -> tuple[str, str] | None:
    """(concept, structure) of an unknown finding one of whose words is a combining form
    and a known finding, the words after it read with it ("spondylodegenerative change":
    degenerative changes, spine; "severe coxarthrosis": degenerative changes, hips); None
    when the words are known or do not read so."""
    if v.concept_of(words) is not None:
        return None
    tokens = words.split()
    for i, word in enumerate(tokens):
        found = _form_reading(word, " ".join(tokens[i + 1 :]), v)
        if found is not None:
            return found
    return None


def _form_reading(word: str, rest: str, v: Vocabulary) -> tuple[str, str] | None:
    for form, structure_word in COMBINING_FORMS:
        if not word.startswith(form):
            continue
        tail = word[len(form) :].lstrip("-")
        if len(tail) < _MIN_REST:
            continue
        structure = v.anatomy_terms.get(structure_word)
        found = v.concept_of(f"{tail} {rest}".strip())
        if structure is None or found is None or found.type != FINDING:
            continue
        return found.name, structure
    return None
