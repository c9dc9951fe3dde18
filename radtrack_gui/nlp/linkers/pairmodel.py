"""The published method: a transformer mention-pair classifier (cross-encoder).

Each mention becomes one segment: its words, then the anatomy terms and the modifiers (side,
negation, hedging, course and size words) found within ``WINDOW`` tokens of it in its
sentence, completed by the extractor's attributes ("effusion, left pleural, small increased").
A pair is ``[CLS] earlier segment [SEP] later segment [SEP]`` (at most 128 sub-words); the
classifier gives P(same entity). With ``knowledge`` the pair features of the knowledge linker
are appended to the second segment as words ("same concept; same laterality").

Chains: by default the knowledge linker's constraint clustering (``clustering.cluster``:
incompatible mentions never meet through a third, course rules apply) over the model's
scores; ``closure="transitive"`` reproduces the paper (every blocked pair scoring at or above
the threshold is linked, then connected components). Candidate pairs are blocked with
``clustering.blocking_keys`` before the transformer sees them; identical inputs are scored
once (cached across calls) in length-sorted batches.

The model is a local folder written by ``radtrack train GOLD --linker pairmodel``:
safetensors weights, config and tokenizer files plus ``radtrack_card.json``; loading never
unpickles. torch/transformers load lazily.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import Any

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Patient
from radtrack_gui.nlp.device import check_spec, placement, worker_index
from radtrack_gui.nlp.linkers.clustering import (
    DEFAULT_PAIR_LIMIT,
    blocked_pairs,
    cluster,
    pair_decisions,
)
from radtrack_gui.nlp.linkers.features import (
    DEVICE_END_CHANGES,
    MentionInfo,
    evidence,
    features,
    mention_order,
    prepare,
)
from radtrack_gui.nlp.linkers.pairmodel_folder import (
    DEFAULT_THRESHOLD,
    TRAIN_HINT,
    PairScorer,
    find_pairmodel,
    load,
    quantized,
    set_threads,
)
from radtrack_gui.nlp.linkers.pairmodel_input import Segments, pair_text
from radtrack_gui.nlp.registry import Linking
from radtrack_gui.nlp.vocabulary import Vocabulary, vocabulary

CLOSURES = ("constrained", "transitive")


# -- the linker ------------------------------------------------------------------------------
class PairModelLinker:
    """Options: ``path`` (model folder; default: found in ``paths.models_dirs()``),
    ``threshold`` (default: the card's), ``closure`` ("constrained" or "transitive"),
    ``knowledge`` (None: as trained), ``threads`` (torch threads), ``batch_size``,
    ``quantize`` (int8 dynamic quantization of the loaded model's Linear layers, CPU only),
    ``device`` (auto, cpu, cuda, cuda:N: ``nlp/device.py``); training
    (``fit``, used by cross-validation): ``base``, ``epochs``, ``learning_rate``, ``seed``,
    ``max_pairs``."""

    name = "pairmodel"

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        threshold: float | None = None,
        closure: str = "constrained",
        knowledge: bool | None = None,
        threads: int | None = None,
        batch_size: int = 64,
        quantize: bool = False,
        device: str | None = None,
        vocab: Vocabulary | None = None,
        pair_limit: int = DEFAULT_PAIR_LIMIT,
        enrich: bool = True,
        device_end_changes: Iterable[str] = DEVICE_END_CHANGES,
        base: str | os.PathLike[str] | None = None,
        epochs: int = 4,
        learning_rate: float = 2e-5,
        seed: int = 13,
        max_pairs: int | None = None,
        **train_options: Any,
    ) -> None:
        if closure not in CLOSURES:
            raise InputError(f"pairmodel linker: closure must be one of {', '.join(CLOSURES)}")
        self.vocab = vocab or vocabulary()
        self.closure, self.threads, self.batch_size = closure, threads, batch_size
        self.quantize, self.device = quantize, check_spec(device or "auto")
        self.pair_limit, self.enrich = pair_limit, enrich
        self.device_end = frozenset(device_end_changes)
        self.train_options: dict[str, Any] = {
            "base_model": base,
            "epochs": epochs,
            "learning_rate": learning_rate,
            "seed": seed,
            "max_pairs": max_pairs,
            **train_options,
        }
        self._threshold, self._knowledge = threshold, knowledge
        self.card: dict[str, Any] = {}
        self.scorer: PairScorer | None = None
        self.folder, self.looked = find_pairmodel(path)
        if path is not None and self.folder is None:
            raise InputError(f"pairmodel linker: no trained model in {path}; {TRAIN_HINT}")

    @property
    def threshold(self) -> float:
        if self._threshold is not None:
            return self._threshold
        return float(self.card.get("threshold", DEFAULT_THRESHOLD))

    @property
    def knowledge(self) -> bool:
        if self._knowledge is not None:
            return self._knowledge
        return bool(self.card.get("options", {}).get("knowledge", False))

    @property
    def trained(self) -> bool:
        return self.scorer is not None or self.folder is not None

    def _ready(self) -> PairScorer:
        if self.scorer is None:
            if self.folder is None:
                raise InputError(
                    f"pairmodel linker: no trained model (looked in "
                    f"{', '.join(self.looked)}); {TRAIN_HINT}"
                )
            tokenizer, model, self.card = load(self.folder)
            self.scorer = self._placed(tokenizer, model, self.quantize)
        set_threads(self.threads)
        return self.scorer

    def _placed(self, tokenizer: Any, model: Any, quantize: bool = False) -> PairScorer:
        """A scorer on this linker's device (a GPU: its batch size and bf16)."""
        place = placement(self.device, worker_index())
        if quantize and place.kind == "cpu":  # int8 dynamic quantization is CPU-only
            model = quantized(model)
        batch = self.batch_size if place.kind == "cpu" else place.pair_batch
        return PairScorer(tokenizer, model, batch, device=place.device, bf16=place.bf16)

    def use(self, tokenizer: Any, model: Any, card: dict[str, Any]) -> PairModelLinker:
        """Score with a model fitted in memory (``training.pairmodel.fit_pairmodel``, run
        by ``training.fit_linker`` for cross-validation; ``radtrack train`` saves one)."""
        set_threads(self.threads)
        self.scorer = self._placed(tokenizer, model)
        self.card = card
        return self

    # -- scoring -----------------------------------------------------------------------------
    def pair_scores(
        self,
        infos: list[MentionInfo],
        segs: list[str],
        pairs: list[tuple[MentionInfo, MentionInfo]],
    ) -> list[float]:
        scorer = self._ready()
        return scorer([pair_text(segs, a, b, self.knowledge) for a, b in pairs])

    def link(self, patient: Patient) -> Linking:
        self._ready()
        infos = prepare(patient, self.vocab, enrich=self.enrich)
        if not infos:
            return Linking([], {}, {})
        seg = Segments(patient, self.vocab)
        segs = [seg.segment(m) for m in infos]
        if self.closure == "transitive":
            return self._transitive(patient, infos, segs)
        return self._constrained(patient, infos, segs)

    def _explain(self) -> Callable[[MentionInfo, MentionInfo, float], str]:
        def explain(a: MentionInfo, b: MentionInfo, s: float) -> str:
            reasons = evidence(a, b, features(a, b))
            return f"pair model {s:.2f}" + (f" ({', '.join(reasons)})" if reasons else "")

        return explain

    def _constrained(self, patient: Patient, infos: list[MentionInfo], segs: list[str]) -> Linking:
        """Constraint clustering over model scores. The clustering asks for the pairs it
        needs; unknown ones take the knowledge score for one round, are then scored in one
        batch, and the clustering runs again until every pair it used came from the model."""
        from radtrack_gui.nlp.linkers.knowledge import KNOWLEDGE_BIAS, KNOWLEDGE_WEIGHTS
        from radtrack_gui.nlp.linkers.knowledge import LinearScorer as Knowledge

        provisional = Knowledge.from_mapping(KNOWLEDGE_WEIGHTS, KNOWLEDGE_BIAS)
        known: dict[tuple[int, int], float] = {}
        missing: dict[tuple[int, int], tuple[MentionInfo, MentionInfo]] = {}

        def score(a: MentionInfo, b: MentionInfo) -> float:
            s = known.get((a.order, b.order))
            if s is None:
                missing[(a.order, b.order)] = (a, b)
                return provisional(a, b)
            return s

        while True:
            missing.clear()
            result = cluster(
                infos,
                score,
                self._explain(),
                self.threshold,
                self.vocab,
                device_end=self.device_end,
            )
            if not missing:
                break
            pairs = list(missing.values())
            known.update(zip(missing, self.pair_scores(infos, segs, pairs), strict=True))
        order = mention_order(patient)
        return Linking(
            result.clusters,
            result.why,
            pair_decisions(order, result.clusters, self.pair_limit, result.scored),
        )

    def _transitive(self, patient: Patient, infos: list[MentionInfo], segs: list[str]) -> Linking:
        """The paper's chains: connected components of the linked (blocked) pairs."""
        pairs = blocked_pairs(infos)
        scores = self.pair_scores(infos, segs, pairs)
        parent = list(range(len(infos)))

        def find(i: int) -> int:
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        why: dict[str, str] = {}
        explain = self._explain()
        scored: dict[tuple[str, str], float] = {}
        for (a, b), s in zip(pairs, scores, strict=True):
            scored[(a.id, b.id)] = s
            if s >= self.threshold:
                ra, rb = find(a.order), find(b.order)
                if b.id not in why:
                    why[b.id] = f"linked to {a.id}: {explain(a, b, s)}"
                if ra != rb:
                    parent[max(ra, rb)] = min(ra, rb)
        groups: dict[int, list[str]] = {}
        for m in infos:
            groups.setdefault(find(m.order), []).append(m.id)
        clusters = list(groups.values())
        for n, members in enumerate(clusters, 1):
            for mid in members:
                why.setdefault(mid, f"starts c{n} (transitive closure)")
        order = mention_order(patient)
        return Linking(clusters, why, pair_decisions(order, clusters, self.pair_limit, scored))
