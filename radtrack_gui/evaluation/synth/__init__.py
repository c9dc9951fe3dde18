"""A synthetic benchmark: longitudinal patients with gold chains, in brat format."""

from radtrack_gui.evaluation.synth.generator import (
    MAX_REPORTS,
    corpus_stats,
    format_stats,
    generate,
    generate_patient,
    synthesize,
    write_corpus,
)

__all__ = ["MAX_REPORTS", "corpus_stats", "format_stats", "generate", "generate_patient",
           "synthesize", "write_corpus"]
