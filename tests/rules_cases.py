"""The rule extractor on short report texts: every mention, or the one mention of a word
(failing with what was found instead)."""

from __future__ import annotations

from pathlib import Path

from radtrack_gui.core.model import Mention, Report
from radtrack_gui.nlp.extractors.rules import RuleExtractor
from radtrack_gui.nlp.vocabulary import read_table

DATA = Path(__file__).resolve().parent / "data"


def sentence_table(name: str) -> list[dict[str, str]]:
    """The rows of ``tests/data/NAME.tsv`` (a header line; ``#`` lines are comments)."""
    return read_table(DATA / f"{name}.tsv")


def mentions_in(ex: RuleExtractor, text: str, region: str = "") -> list[Mention]:
    return ex.extract(Report("r", text, region=region))


def one_mention(ex: RuleExtractor, text: str, word: str, region: str = "") -> Mention:
    hits = [m for m in mentions_in(ex, text, region) if m.text.lower() == word]
    assert len(hits) == 1, [m.text for m in mentions_in(ex, text, region)]
    return hits[0]
