"""A synthetic benchmark: longitudinal patients with gold chains, in brat format.

``templates`` and ``phrases``: the tables; ``writer``: entities, text pieces, random draws;
``state``, ``sentences``, ``generator``: one simulated patient; ``corpus``: writing a corpus
and its statistics.
"""

from radtrack_gui.evaluation.synth.corpus import (
    corpus_stats,
    format_stats,
    synthesize,
    write_corpus,
)
from radtrack_gui.evaluation.synth.generator import generate, generate_patient
from radtrack_gui.evaluation.synth.writer import MAX_REPORTS

__all__ = [
    "MAX_REPORTS",
    "corpus_stats",
    "format_stats",
    "generate",
    "generate_patient",
    "synthesize",
    "write_corpus",
]
