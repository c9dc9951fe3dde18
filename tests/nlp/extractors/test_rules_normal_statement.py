"""Where a normal statement's mention lies (nlp/extractors/normal_statement.py): one
statement about one structure is one mention at its first normal word, whatever the number of
attributes it lists; an abnormal predicate is never read as normal, and a new clause or
another structure starts a new statement."""

from __future__ import annotations

import pytest

from radtrack_gui.core.model import Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor


@pytest.fixture(scope="module")
def extractor() -> RuleExtractor:
    return RuleExtractor()


def _mentions(ex: RuleExtractor, sentence: str, exam: str = "US ABDOMEN") -> list:
    text = f"Exam: {exam}\n\nFINDINGS:\n{sentence}\n"
    return [
        (text[m.start : m.end].lower(), m.concept, m.assertion, m.anatomy)
        for m in ex.extract(Report(id="r", text=text))
    ]


def _normals(ex: RuleExtractor, sentence: str, exam: str = "US ABDOMEN") -> list[tuple[str, str]]:
    return [(t, c) for t, c, _, _ in _mentions(ex, sentence, exam) if c.startswith("normal")]


@pytest.mark.parametrize(
    ("sentence", "exam", "found"),
    [
        # coordinated normal predicates: neither is the other's modifier, the first holds
        ("Normal and symmetrical configuration of the orbits.", "MR HEAD", ("normal", "orbit")),
        ("Normal and symmetrical orbits.", "MR HEAD", ("normal", "orbit")),
        (
            "The pancreas shows normal echogenicity and homogeneous texture.",
            "US ABDOMEN",
            ("normal", "pancreas"),
        ),
        ("The thyroid is normal in size and homogeneous.", "US NECK", ("normal", "thyroid")),
    ],
)
def test_coordinated_normal_predicates_are_one_mention_at_the_first(
    extractor, sentence, exam, found
):
    got = _normals(extractor, sentence, exam)
    assert len(got) == 1, got
    assert got[0][0] == found[0]
    assert found[1] in got[0][1]


@pytest.mark.parametrize(
    ("sentence", "first"),
    [
        (
            "The kidneys are in the typical location, normal in size, without stones.",
            "in the typical location",
        ),
        ("The right kidney is normally positioned, of appropriate size.", "normally positioned"),
    ],
)
def test_a_list_of_attributes_of_one_structure_is_one_mention(extractor, sentence, first):
    got = _normals(extractor, sentence)
    assert [t for t, _ in got] == [first]


@pytest.mark.parametrize(
    ("sentence", "words"),
    [
        # a "with" phrase names a part or a property of its own: a statement of its own
        (
            "The uterus is of normal size, with a normal endometrial stripe.",
            ["normal", "normal"],
        ),
        # a copula of its own starts a new statement about the same structure
        (
            "The kidneys are normally positioned, are mobile, and have normal size.",
            ["normally positioned", "normal"],
        ),
    ],
)
def test_a_new_phrase_or_copula_keeps_its_own_statement(extractor, sentence, words):
    assert [t for t, _ in _normals(extractor, sentence)] == words


@pytest.mark.parametrize(
    "sentence",
    [
        "Gastrointestinal tract patency preserved.",
        "The patency of the cervical arteries is preserved.",
    ],
)
def test_a_normal_noun_said_to_be_normal_is_a_statement_at_its_predicate(extractor, sentence):
    assert [t for t, _ in _normals(extractor, sentence, "CT NECK")] == ["preserved"]


def test_normal_before_a_normal_noun_stays_its_modifier(extractor):
    # counter-example of the coordination rule: "Normal patency" is one phrase, one mention
    got = _normals(extractor, "Normal patency of the carotid and jugular vessels.", "US NECK")
    assert len(got) == 1, got


def test_the_submandibular_and_parotid_glands_keep_one_statement_about_both(extractor):
    got = _mentions(
        extractor, "The submandibular and parotid glands are symmetric and unremarkable.", "US NECK"
    )
    normals = [m for m in got if m[1].startswith("normal")]
    assert len(normals) == 1, got
    # the statement is about both glands of the list, not the last alone
    assert "submandibular" in normals[0][1] and "parotid" in normals[0][1]


@pytest.mark.parametrize(
    "sentence",
    [
        "The spleen is enlarged and homogeneous.",  # counter-example: "enlarged" stays a finding
        "The liver shows increased echogenicity and homogeneous structure.",
        "Hypoechoic and heterogeneous lesion in the liver.",
    ],
)
def test_an_abnormal_predicate_is_not_read_as_normal(extractor, sentence):
    got = _mentions(extractor, sentence)
    abnormal = [m for m in got if not m[1].startswith("normal")]
    assert abnormal, got  # the abnormal predicate is a finding
    for text, concept, _, _ in got:
        if concept.startswith("normal"):
            # no normal statement was moved onto (or over) the abnormal word
            assert text not in ("enlarged", "increased", "hypoechoic", "heterogeneous")


@pytest.mark.parametrize(
    ("sentence", "n"),
    [
        # two structures, two statements (GUIDELINE rule 4)
        ("The liver is normal and the spleen is normal.", 2),
        # a list of structures keeps each structure's statement
        ("The liver is of normal size, the spleen of normal size.", 2),
        ("The spleen is normal in size, with a normal splenic vein.", 2),
    ],
)
def test_separate_statements_stay_separate(extractor, sentence, n):
    assert len(_normals(extractor, sentence)) == n, _normals(extractor, sentence)


def test_stacked_normal_words_before_a_noun_are_no_coordination(extractor):
    # counter-example: not coordinated by "and" or a comma, "Normal" stays the modifier of
    # "physiologic", and the phrase is about uptake, no structure (no normal statement)
    assert _normals(extractor, "Normal physiologic FDG uptake in the brain.", "PT WHOLE BODY") == []
