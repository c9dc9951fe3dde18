"""The vocabulary's word lists and small tables (``resources/vocab/*.tsv`` beside the
anatomy and concept tables): abbreviations, the stop-word lists, section names, change words.

Each table has a header line; lines starting with ``#`` say what it holds."""

from __future__ import annotations

from functools import cache

from radtrack_gui.nlp.vocabulary import read_table
from radtrack_gui.util.paths import resource


@cache
def word_list(name: str) -> frozenset[str]:
    """The ``word`` column of ``resources/vocab/NAME.tsv``."""
    return frozenset(row["word"] for row in read_table(resource("vocab", f"{name}.tsv")))


@cache
def word_table(name: str, key: str, value: str) -> dict[str, str]:
    """``key -> value`` of ``resources/vocab/NAME.tsv``, in file order."""
    return {row[key]: row[value] for row in read_table(resource("vocab", f"{name}.tsv"))}
