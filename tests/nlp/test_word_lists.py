"""The word lists and small tables moved from code to resources/vocab/*.tsv: they load, are
well formed, and the code that reads them behaves by them."""

from __future__ import annotations

from radtrack_gui.nlp.word_lists import read_table, word_list, word_table
from radtrack_gui.util.paths import resource

LISTS = ("abbreviations", "stopwords_retrieval", "stopwords_phrase")


def test_each_list_has_a_word_column_lower_case_without_repeats() -> None:
    for name in LISTS:
        rows = read_table(resource("vocab", f"{name}.tsv"))
        words = [r["word"] for r in rows]
        assert words and len(words) == len(set(words)) == len(word_list(name)), name
        assert all(w == w.lower() and w.strip() == w and w for w in words), name


def test_abbreviations_keep_a_sentence_together_and_other_periods_end_it() -> None:
    from radtrack_gui.nlp.text import sentences

    assert "dr" in word_list("abbreviations")
    kept = "Discussed with Dr. Smith at noon."
    assert len(sentences(kept)) == 1
    split = "Discussed with the team. Smith agreed at noon."  # "team" is no abbreviation
    assert len(sentences(split)) == 2


def test_section_names_map_to_their_canonical_name() -> None:
    from radtrack_gui.nlp.sections import ALIASES, canonical

    table = word_table("sections", "canonical", "names")
    for canon, names in table.items():
        assert canon in names.split("|")
    assert ALIASES["CLINICAL HISTORY"] == "INDICATION"
    assert canonical("Clinical history") == "INDICATION"
    assert canonical("Weather report") is None


def test_retrieval_drops_the_stop_words_only() -> None:
    from radtrack_gui.qa.retrieval import STOP

    assert "the" in STOP and "effusion" not in STOP


def test_change_aliases_name_known_change_kinds() -> None:
    from radtrack_gui.gui.style import CHANGE_ALIASES, CHANGE_KINDS, normalize_change

    assert set(CHANGE_ALIASES.values()) <= set(CHANGE_KINDS)
    assert normalize_change("worsened") == "increased"
    assert normalize_change("blue") is None
