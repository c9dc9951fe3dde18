"""Patient-level cross-validation splits (the published protocol: 5 folds, 60/20/20).

Patients are shuffled once with a fixed seed and cut into ``k`` near-equal parts. Fold
``i`` tests on part ``i``, validates on part ``i + 1`` (mod k) and trains on the other
``k - 2`` parts: with k = 5 that is 60 % train, 20 % validation, 20 % test, and every
patient is tested exactly once over the k folds. A patient's reports never straddle two
sets, so nothing about one patient leaks from training into testing.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from radtrack_gui.core.errors import InputError

DEFAULT_FOLDS = 5
DEFAULT_SEED = 13


@dataclass(frozen=True)
class Fold:
    index: int  # 0-based
    train: tuple[str, ...]
    validation: tuple[str, ...]
    test: tuple[str, ...]


def patient_folds(
    patient_ids: Iterable[str], k: int = DEFAULT_FOLDS, seed: int = DEFAULT_SEED
) -> list[Fold]:
    """``k`` folds over ``patient_ids``; deterministic for a given set of ids and seed
    (the order the ids come in does not matter)."""
    ids = sorted(set(patient_ids))
    if k < 3:
        raise InputError(f"cross-validation needs at least 3 folds (got {k})")
    if len(ids) < k:
        raise InputError(f"{k}-fold cross-validation needs at least {k} patients (got {len(ids)})")
    random.Random(f"radtrack-cv/{seed}").shuffle(ids)
    parts = [tuple(ids[i::k]) for i in range(k)]  # sizes differ by at most one
    folds = []
    for i in range(k):
        val = (i + 1) % k
        train = tuple(p for j in range(k) if j not in (i, val) for p in parts[j])
        folds.append(Fold(i, train, parts[val], parts[i]))
    return folds
