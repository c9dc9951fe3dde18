"""The vocabulary's word lists and small tables (``resources/vocab/*.tsv`` beside the
anatomy and concept tables): abbreviations, the stop-word lists, section names, change words.

Each table has a header line; lines starting with ``#`` say what it holds."""

from __future__ import annotations

import csv
from functools import cache
from pathlib import Path

from radtrack_gui.util.paths import resource


def read_table(path: Path) -> list[dict[str, str]]:
    """A TSV with a header line; lines starting with '#' are comments."""
    with path.open(encoding="utf-8", newline="") as f:
        lines = [line for line in f if line.strip() and not line.startswith("#")]
    return [
        {k: (v or "").strip() for k, v in row.items()}
        for row in csv.DictReader(lines, delimiter="\t")
    ]


@cache
def word_list(name: str) -> frozenset[str]:
    """The ``word`` column of ``resources/vocab/NAME.tsv``."""
    return frozenset(row["word"] for row in read_table(resource("vocab", f"{name}.tsv")))


@cache
def word_table(name: str, key: str, value: str) -> dict[str, str]:
    """``key -> value`` of ``resources/vocab/NAME.tsv``, in file order."""
    return {row[key]: row[value] for row in read_table(resource("vocab", f"{name}.tsv"))}
