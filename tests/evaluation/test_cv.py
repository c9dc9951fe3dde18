"""Patient-level cross-validation splits."""

from __future__ import annotations

from collections import Counter

import pytest

from radtrack_gui.core.errors import InputError
from radtrack_gui.evaluation.cv import patient_folds

IDS = [f"patient_{i:03d}" for i in range(1, 61)]


def test_every_patient_tested_exactly_once() -> None:
    folds = patient_folds(IDS, 5, seed=13)
    assert len(folds) == 5
    tested = Counter(p for f in folds for p in f.test)
    assert set(tested) == set(IDS) and set(tested.values()) == {1}
    for a in folds:  # no patient in two folds' test sets
        for b in folds:
            if a is not b:
                assert not set(a.test) & set(b.test)


def test_splits_disjoint_and_60_20_20() -> None:
    for f in patient_folds(IDS, 5, seed=13):
        train, val, test = set(f.train), set(f.validation), set(f.test)
        assert not train & val and not train & test and not val & test
        assert train | val | test == set(IDS)
        assert (len(train), len(val), len(test)) == (36, 12, 12)


def test_uneven_sizes_stay_close() -> None:
    for f in patient_folds(IDS[:23], 5, seed=1):
        assert len(f.test) in (4, 5) and len(f.validation) in (4, 5)
        assert len(f.train) + len(f.validation) + len(f.test) == 23


def test_deterministic_and_seed_dependent() -> None:
    a = patient_folds(IDS, 5, seed=13)
    assert a == patient_folds(list(reversed(IDS)), 5, seed=13)  # input order irrelevant
    assert a != patient_folds(IDS, 5, seed=14)


def test_too_few_patients_is_a_clear_error() -> None:
    with pytest.raises(InputError, match="at least 5 patients"):
        patient_folds(IDS[:4], 5)
    with pytest.raises(InputError, match="at least 3 folds"):
        patient_folds(IDS, 2)
