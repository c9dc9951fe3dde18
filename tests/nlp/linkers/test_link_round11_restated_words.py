"""Round 11 (wb-restate2): the conclusion names a findings' finding again by its words
(``linkers/restated_words.py``, GUIDELINE 9), measured over every whole-body dev pair file,
the check union and the chest files (docs/linking-wholebody.md, "Round 11: restatements").

Every join below is split without restated_words.py (a site conflict or "different
concepts"); each rule has counter-examples of the same shape that must stay apart.
Sentences are written for these tests."""

from __future__ import annotations

import pytest
from linker_cases import Case

from radtrack_gui.nlp.linkers.mentions import prepare
from radtrack_gui.nlp.linkers.restated_words import (
    CONCEPT_CONCLUDED,
    STEM_CONCLUDED,
    named_within,
    restated_in_words,
    shared_stem,
)
from radtrack_gui.nlp.vocabulary import vocabulary


def _pair(exam: str, text: str, x: str, y: str) -> tuple[Case, str, str]:
    c = Case((0, f"Exam: {exam}\n\n{text}"))
    a = c.mark(0, x)
    b = c.mark(0, y, 1 if x == y else 0)
    return c, a, b


def _why(c: Case, a: str, b: str) -> str:
    infos = {i.id: i for i in prepare(c.patient, vocabulary())}
    return restated_in_words(infos[a], infos[b])


JOINED = [
    (  # the abdominal aorta is the aorta, named with a word before it
        "CT ABDOMEN",
        "Findings:\nThe abdominal aorta measures 6 cm, an aneurysm with a small tear of its "
        "front wall.\n\nConclusion:\nRuptured aortic aneurysm; tear of the front wall.",
        "tear",
        "tear",
        CONCEPT_CONCLUDED,
    ),
    (  # "entrapped" / "entrapment": one word in two forms
        "CT ORBITS",
        "Findings:\nThe medial rectus muscle is drawn into the defect of the lamina papyracea "
        "and looks entrapped.\n\nConclusion:\nFracture of the medial orbital wall with "
        "probable entrapment of the medial rectus muscle.",
        "entrapped",
        "entrapment",
        STEM_CONCLUDED,
    ),
    (  # "calcified density" / "calcification" at one organ
        "CT ABDOMEN",
        "Findings:\nA calcified density of 7 mm lies in the neck of the gallbladder.\n\n"
        "Conclusion:\nCalcification of 7 mm in the gallbladder neck, probably a stone.",
        "calcified density",
        "Calcification",
        STEM_CONCLUDED,
    ),
]


@pytest.mark.parametrize(("exam", "text", "x", "y", "why"), JOINED)
def test_the_conclusion_restates_the_findings_finding_in_its_words(
    exam: str, text: str, x: str, y: str, why: str
) -> None:
    c, a, b = _pair(exam, text, x, y)
    assert _why(c, a, b) == why
    assert c.same(a, b)


APART = [
    (  # another process: the inflammation is not the pouches
        "CT ABDOMEN",
        "Findings:\nSeveral diverticula along the descending colon, without wall thickening."
        "\n\nConclusion:\nAcute diverticulitis of the sigmoid colon.",
        "diverticula",
        "diverticulitis",
    ),
    (  # another side
        "CT NECK",
        "Findings:\nCalcified plaque at the left carotid bifurcation.\n\nConclusion:\n"
        "Calcification of the right carotid bifurcation.",
        "Calcified plaque",
        "Calcification",
    ),
    (  # two organs, each named in its clause
        "CT ABDOMEN",
        "Findings:\nA small calcification lies in the spleen.\n\nConclusion:\n"
        "Calcification in the pancreas.",
        "calcification",
        "Calcification",
    ),
    (  # each span names its own place
        "CT ABDOMEN",
        "Findings:\nThe colon is redundant, with much stool.\n\nConclusion:\nRedundant sigmoid.",
        "colon is redundant",
        "Redundant sigmoid",
    ),
    (  # one head word, each placed by a word of its own: two collections
        "CT HEAD",
        "Findings:\nThin epidural hematoma over the left temporal bone.\n\nConclusion:\n"
        "Subdural hematoma along the falx.",
        "epidural hematoma",
        "Subdural hematoma",
    ),
    (  # a word of an anatomy term is no word of the finding ("soft tissues")
        "CT NECK",
        "Findings:\nA soft tissue mass of 2 cm lies behind the thyroid.\n\nConclusion:\n"
        "Soft tissue swelling of the lateral neck after the operation.",
        "soft tissue mass",
        "Soft tissue swelling",
    ),
    (  # two vertebrae: the atlas fracture is not the axis fracture
        "CT SPINE",
        "Findings:\nFracture line through the anterior arch of C1.\n\nConclusion:\nFracture of C2.",
        "Fracture",
        "Fracture",
    ),
    (  # one concept in two words at two places: two findings
        "CHEST RADIOGRAPH",
        "Findings:\nOpacity in the left upper lobe.\n\nImpression:\nDensity in the upper "
        "mediastinum.",
        "Opacity",
        "Density",
    ),
    (  # two findings of the findings section: no restatement
        "CT ABDOMEN",
        "Findings:\nThe aneurysm displaces the duodenum.\nA second aneurysm of the splenic "
        "artery.\n\nConclusion:\nNo bleeding.",
        "aneurysm",
        "aneurysm",
    ),
]


@pytest.mark.parametrize(("exam", "text", "x", "y"), APART)
def test_what_separates_two_findings_keeps_them_apart(exam: str, text: str, x: str, y: str) -> None:
    c, a, b = _pair(exam, text, x, y)
    assert _why(c, a, b) == ""
    assert not c.same(a, b)


def test_a_part_named_by_the_whole() -> None:
    assert named_within("abdominal aorta", "aorta")
    assert not named_within("aorta", "aorta")
    assert not named_within("spleen", "pancreas")


def test_one_word_in_two_forms() -> None:
    assert shared_stem(("entrapped",), ("entrapment",))
    assert shared_stem(("ischemic",), ("ischemic", "stroke"))
    assert not shared_stem(("diverticula",), ("diverticulitis",))
    assert not shared_stem(("cardiothoracic",), ("cardiomegaly",))  # 6 of 12 letters
