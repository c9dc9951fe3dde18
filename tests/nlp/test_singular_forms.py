"""One singular rule for every caller (``vocabulary.singular_forms``): the likeliest
English singular first, then Latin readings for a caller that checks a lexicon."""

from radtrack_gui.nlp.extractors.open_lesions import damage_mentions
from radtrack_gui.nlp.extractors.structure_names import names_structure
from radtrack_gui.nlp.linkers.mentions import own_words_concept
from radtrack_gui.nlp.vocabulary import singular_forms, singular_name


def test_english_singulars() -> None:
    assert singular_name("kidneys") == "kidney"
    assert singular_name("upper extremities") == "upper extremity"
    assert singular_name("lung apices") == "lung apex"
    assert singular_name("masses") == "mass"  # not "masse"
    assert singular_name("abscesses") == "abscess"


def test_words_that_are_no_plural_stay() -> None:
    for word in ("mass", "meniscus", "pelvis", "gas", "pneumonia", "bronchi"):
        assert singular_name(word) == word


def test_latin_readings_come_after_the_likeliest_form() -> None:
    assert singular_forms("fossae") == ["fossae", "fossa"]
    assert singular_forms("menisci") == ["menisci", "meniscus"]
    assert singular_forms("calices") == ["calice", "calix", "calices"]
    assert singular_forms("arteries") == ["artery", "arteries"]
    assert singular_forms("rib") == ["rib"]


def test_every_caller_shares_the_rule() -> None:
    assert own_words_concept("two lung apices") == "lung apex"  # the linker's own words
    assert names_structure(["left", "patellae"])  # a Latin plural the lexicon confirms
    # the open damage nouns: a plural in -ies is a singular in -y
    found = damage_mentions(["patellar", "cartilage", "irregularities"], set(), set())
    assert [c for _, _, c in found] == ["cartilage irregularity"]
