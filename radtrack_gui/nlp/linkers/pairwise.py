"""A trainable mention-pair linker: logistic regression over the shared pair features.

``fit(patients)`` learns weights from gold chains (``Mention.chain``) on the candidate pairs
the clustering would compare (same blocking key, no hard conflict), by L2-regularised
Newton iterations (numpy, deterministic; ``seed`` only orders the training pairs). With
``validation`` patients the threshold is tuned on their pair F1. The same constraint
clustering as the knowledge linker turns pair scores into chains.

Untrained, the linker does NOT refuse: it uses the knowledge linker's hand weights and
threshold (documented choice, so `--linker pairwise` always runs); ``trained`` tells which.
It loads ``path`` if given (a model folder or its ``pairwise.json``), else the first model
folder ``pairwise/`` in the model folders (``util.paths.models_dirs``: the user's, then the
one shared by every user), or an older single ``<user data>/models/pairwise.json``.

A saved model is a RadTrack model folder like the others: ``pairwise.json`` (weights, bias,
threshold; plain JSON) and ``radtrack_card.json`` (format ``radtrack-pairwise/1`` and the
file's SHA-256), so ``radtrack models install FOLDER --system`` installs it for all users.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable
from pathlib import Path

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Patient
from radtrack_gui.core.progress import check_cancelled
from radtrack_gui.nlp.linkers.clustering import DEFAULT_PAIR_LIMIT, blocked_pairs
from radtrack_gui.nlp.linkers.features import (
    DEVICE_END_CHANGES,
    FEATURES,
    MentionInfo,
    conflict,
    features,
    prepare,
)
from radtrack_gui.nlp.linkers.knowledge import (
    DEFAULT_THRESHOLD,
    KNOWLEDGE_BIAS,
    KNOWLEDGE_WEIGHTS,
    LinearScorer,
    ScoredLinker,
)
from radtrack_gui.nlp.vocabulary import Vocabulary, vocabulary
from radtrack_gui.util.atomic import atomic_write_text

SCHEMA = "radtrack-pairwise/1"  # the weights' schema and the model folder card's format
MODEL_FILE = "pairwise.json"
MODEL_DIR = "pairwise"  # the model folder's name in a models folder


def default_model_dir() -> Path:
    """Where ``radtrack train`` saves the pairwise model: the user's models folder."""
    from radtrack_gui.util.paths import user_data_dir

    return user_data_dir() / "models" / MODEL_DIR


def default_model_path() -> Path | None:
    """The model the linker loads when given none: ``pairwise/pairwise.json`` in the first
    models folder holding one, the user's older single ``pairwise.json`` right after the
    user's folder; None when there is none."""
    from radtrack_gui.util.paths import models_dirs, user_data_dir

    user = user_data_dir() / "models"
    for folder in models_dirs():
        candidates = [folder / MODEL_DIR / MODEL_FILE]
        if folder == user:
            candidates.append(folder / MODEL_FILE)
        for candidate in candidates:
            if candidate.is_file():
                return candidate
    return None


# Earlier mentions paired with each mention per blocking key (the latest ones): keeps
# training linear in the mentions when one chain holds thousands of them.
MAX_PAIRS_PER_KEY = 128


def candidate_pairs(
    infos: list[MentionInfo],
    vocab: Vocabulary | None = None,
) -> list[tuple[MentionInfo, MentionInfo]]:
    """(earlier, later) pairs sharing a blocking key and free of hard conflicts (with
    the latest ``MAX_PAIRS_PER_KEY`` earlier mentions of each key)."""
    return [
        (a, m) for a, m in blocked_pairs(infos, MAX_PAIRS_PER_KEY) if conflict(a, m, vocab) is None
    ]


def training_data(
    patients: list[Patient], vocab: Vocabulary | None = None, enrich: bool = True
):  # -> (X, y)
    """Features and gold labels (same gold chain) of every patient's candidate pairs."""
    import numpy as np

    rows: list[list[float]] = []
    labels: list[float] = []
    for p in patients:
        check_cancelled()  # Cancel stops training between patients (core.progress)
        infos = prepare(p, vocab, enrich=enrich)
        chain = {mid: m.chain for mid, m in p.mentions.items()}
        for a, b in candidate_pairs(infos, vocab):
            rows.append(features(a, b))
            labels.append(float(chain[a.id] is not None and chain[a.id] == chain[b.id]))
    x = np.array(rows, dtype=float).reshape(-1, len(FEATURES))
    return x, np.array(labels, dtype=float)


def fit_logistic(x, y, l2: float = 1.0, iterations: int = 50):  # -> (weights, bias)
    """L2-regularised logistic regression by Newton's method (the bias is not penalised)."""
    import numpy as np

    n, d = x.shape
    xb = np.hstack([x, np.ones((n, 1))])
    w = np.zeros(d + 1)
    reg = np.full(d + 1, l2)
    reg[-1] = 0.0
    for _ in range(iterations):
        z = np.clip(xb @ w, -60, 60)
        p = 1.0 / (1.0 + np.exp(-z))
        grad = xb.T @ (p - y) + reg * w
        hess = (xb * (p * (1 - p))[:, None]).T @ xb + np.diag(reg + 1e-9)
        step = np.linalg.solve(hess, grad)
        w -= step
        if float(np.max(np.abs(step))) < 1e-8:
            break
    return w[:-1], float(w[-1])


class PairwiseLinker(ScoredLinker):
    """Weights learned from gold chains (``fit``) or loaded (``load``); links as
    ``knowledge.ScoredLinker``."""

    name = "pairwise"

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        threshold: float | None = None,
        l2: float = 1.0,
        seed: int = 13,
        vocab: Vocabulary | None = None,
        pair_limit: int = DEFAULT_PAIR_LIMIT,
        enrich: bool = True,
        device_end_changes: Iterable[str] = DEVICE_END_CHANGES,
    ):
        self.vocab = vocab or vocabulary()
        self.enrich, self.device_end = enrich, frozenset(device_end_changes)
        self.l2, self.seed, self.pair_limit = l2, seed, pair_limit
        self.trained = False
        self.scorer = LinearScorer.from_mapping(KNOWLEDGE_WEIGHTS, KNOWLEDGE_BIAS)
        self.threshold = DEFAULT_THRESHOLD
        if path is not None:
            self.load(path)
        else:
            default = default_model_path()
            if default is not None:
                self.load(default)
        if threshold is not None:
            self.threshold = threshold

    # -- training ------------------------------------------------------------------
    def fit(
        self,
        patients: list[Patient],
        validation: list[Patient] | None = None,
    ) -> PairwiseLinker:
        import numpy as np

        x, y = training_data(patients, self.vocab, self.enrich)
        if len(y) == 0 or y.min() == y.max():
            raise InputError(
                "pairwise linker: training needs gold chains with both linked "
                "and unlinked candidate pairs"
            )
        order = np.random.default_rng(self.seed).permutation(len(y))
        w, b = fit_logistic(x[order], y[order], self.l2)
        self.scorer = LinearScorer([float(v) for v in w], b, logistic=True)
        self.threshold = 0.5
        self.trained = True
        if validation:
            self.threshold = self._tune_threshold(validation)
        return self

    def _tune_threshold(self, patients: list[Patient]) -> float:
        """The threshold with the best pair F1 on ``patients``' candidate pairs."""
        import numpy as np

        x, y = training_data(patients, self.vocab, self.enrich)
        if len(y) == 0 or y.sum() == 0:
            return self.threshold
        w = np.array(self.scorer.weights)
        s = 1.0 / (1.0 + np.exp(-np.clip(x @ w + self.scorer.bias, -60, 60)))
        best, best_f1 = self.threshold, -1.0
        for t in np.linspace(0.2, 0.8, 25):
            pred = s >= t
            tp = float((pred & (y == 1)).sum())
            f1 = 2 * tp / max(1.0, float(pred.sum() + y.sum()))
            if f1 > best_f1 + 1e-12:
                best, best_f1 = float(t), f1
        return best

    # -- persistence ---------------------------------------------------------------
    def save(self, path: str | os.PathLike[str] | None = None) -> Path:
        """Write the model folder ``path`` (default: ``default_model_dir()``) whole or not at
        all, private to the user; returns it. A ``path`` ending in ``.json`` writes that one
        weights file instead (no card: it cannot be installed for all users)."""
        from radtrack_gui.nlp.model_folder import CARD_FILE
        from radtrack_gui.util.atomic import atomic_folder, write_private

        target = Path(path) if path is not None else default_model_dir()
        doc = {
            "schema": SCHEMA,
            "trained": self.trained,
            "logistic": self.scorer.logistic,
            "features": list(FEATURES),
            "weights": self.scorer.weights,
            "bias": self.scorer.bias,
            "threshold": self.threshold,
        }
        text = json.dumps(doc, indent=1) + "\n"
        if target.suffix.lower() == ".json":
            atomic_write_text(target, text)
            return target
        if target.exists() and not target.is_dir():
            raise InputError(f"{target}: exists and is not a folder")
        card = {
            "format": SCHEMA,
            "trained": self.trained,
            "threshold": self.threshold,
            "features": len(FEATURES),
            "files": {MODEL_FILE: hashlib.sha256(text.encode("utf-8")).hexdigest()},
        }
        with atomic_folder(target) as tmp:
            write_private(tmp / MODEL_FILE, text)
            write_private(tmp / CARD_FILE, json.dumps(card, indent=2) + "\n")
        return target

    def load(self, path: str | os.PathLike[str]) -> PairwiseLinker:
        """Load a model folder (its ``pairwise.json``) or a weights file."""
        if Path(path).is_dir():
            path = Path(path) / MODEL_FILE
        try:
            doc = json.loads(Path(path).read_text(encoding="utf-8"))
            if doc.get("schema") != SCHEMA:
                raise ValueError(f"schema is not {SCHEMA}")
            if doc["features"] != list(FEATURES):
                raise ValueError("its features differ from this version's; retrain")
            weights = [float(v) for v in doc["weights"]]
            self.scorer = LinearScorer(weights, float(doc["bias"]), bool(doc["logistic"]))
            self.threshold = float(doc["threshold"])
            self.trained = bool(doc.get("trained", True))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise InputError(f"{path}: not a pairwise linker model ({exc})") from exc
        return self
