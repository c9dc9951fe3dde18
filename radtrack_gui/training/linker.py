"""Training the pairwise linker on gold or corrected chains (Qt-free)."""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from radtrack_gui.core.errors import Cancelled, InputError
from radtrack_gui.core.model import Patient
from radtrack_gui.core.progress import cancellable, never_cancel


def linked_pairs(patients: Iterable[Patient]) -> int:
    """How many mention pairs the patients' chains link (what the linker learns from)."""
    return sum(
        len(c.mentions) * (len(c.mentions) - 1) // 2 for p in patients for c in p.chains.values()
    )


@dataclass
class TrainedLinker:
    path: Path
    threshold: float
    patients: int
    held_out: int
    mentions: int

    @property
    def summary(self) -> str:
        return (
            f"trained on {self.patients} patients ({self.mentions} mentions), threshold "
            f"{self.threshold:.2f} chosen on {self.held_out} held-out patients"
        )


def train_linker(
    patients: list[Patient],
    out: str | os.PathLike[str] | None = None,
    *,
    validation: float = 0.2,
    seed: int = 13,
    cancel: Callable[[], bool] | None = None,
    linker: str = "pairwise",
    **options: Any,
) -> TrainedLinker:
    """Fit the pairwise linker, or (``linker="pairmodel"``, ``options`` for
    ``training.pairmodel.train_pairmodel``) the transformer pair model; a share of
    patients, from five on, chooses the threshold. Saved to ``out`` (default: where
    ``--linker NAME`` finds it)."""
    from radtrack_gui.nlp.linkers.pairwise import PairwiseLinker

    if linker not in ("pairwise", "pairmodel"):
        raise InputError(f"linker '{linker}' is not trainable (pairwise, pairmodel)")
    if not 0.0 <= validation < 1.0:
        raise InputError("--validation must be in [0, 1)")
    order = list(range(len(patients)))
    random.Random(seed).shuffle(order)
    n_val = round(len(patients) * validation) if len(patients) >= 5 else 0
    held = [patients[i] for i in order[:n_val]]
    train = [patients[i] for i in order[n_val:]]
    if linked_pairs(train) == 0:
        raise InputError(
            "nothing to train on: no chain links two mentions (link mentions "
            "of the same finding or device across reports first)"
        )
    if linker == "pairmodel":
        from radtrack_gui.training.pairmodel import train_pairmodel

        path, card = train_pairmodel(train, held or None, out, seed=seed, cancel=cancel, **options)
        return TrainedLinker(
            path,
            float(card["threshold"]),
            len(train),
            len(held),
            sum(len(p.mentions) for p in train),
        )
    model = PairwiseLinker(path=None, seed=seed)
    with cancellable(cancel or never_cancel):  # checked between patients while fitting
        model.fit(train, validation=held or None)
    if cancel is not None and cancel():
        raise Cancelled("training cancelled")
    saved = model.save(out)
    return TrainedLinker(
        saved, model.threshold, len(train), len(held), sum(len(p.mentions) for p in train)
    )


def fit_linker(linker: Any, train: list[Patient], validation: list[Patient]) -> None:
    """Fit a trainable linker in memory on ``train`` (threshold from ``validation``), as
    the evaluation protocol's cross-validation does for each fold (nothing is written).
    The pair model is fine-tuned here; a linker with its own ``fit`` (pairwise) fits itself."""
    from radtrack_gui.nlp.linkers.pairmodel import PairModelLinker

    if isinstance(linker, PairModelLinker):
        from radtrack_gui.training.pairmodel import fit_pairmodel

        fitted = fit_pairmodel(
            train,
            validation,
            knowledge=linker.knowledge,
            vocab=linker.vocab,
            enrich=linker.enrich,
            device=linker.device,
            **linker.train_options,
        )
        linker.use(fitted.tokenizer, fitted.model, fitted.card)
        return
    from radtrack_gui.evaluation.protocol import fit_by_method

    fit_by_method(linker, train, validation)
