"""The published evaluation protocol (``radtrack eval``).

GOLD is a folder of patients, one brat-annotated sub-folder each (a single annotated
patient folder works too). For every linker:

(a) **gold mentions**: each patient's gold mentions, without their chains, are linked by
    the linker (all mention pairs of the patient; :func:`radtrack_gui.pipeline.link_patient`
    on a copy), and the chains are scored against the gold chains with MUC, B-cubed,
    CEAF-e, CoNLL F1 and BLANC (plus CEAF-m and LEA), pooled over patients (numerators and
    denominators summed, as the reference scorer pools documents). Where the linker reports
    its pair decisions (``Linking.pairs``), pair classification is scored too: a pair's gold
    label is "same gold chain".
(b) **end-to-end**: the extractor's mentions on the same reports, linked by the linker;
    mention detection (exact and partial span match) and the coreference metrics on the
    predicted mentions (twinless mentions as the reference scorer handles them).

A trainable linker (``ModelInfo.trainable``) is cross-validated at patient level: 5 folds,
60/20/20 train/validation/test, a fixed seed; it is trained on the train part, its
threshold picked on the validation part, and it is scored on the test part; the test
folds are pooled. Other linkers are applied to every patient as they are.
"""

from __future__ import annotations

import copy
import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Patient
from radtrack_gui.core.progress import Progress, no_progress
from radtrack_gui.evaluation.cv import DEFAULT_FOLDS, DEFAULT_SEED, patient_folds
from radtrack_gui.evaluation.metrics import f1_score
from radtrack_gui.nlp.registry import Linker, Linking

GOLD_MENTIONS = "gold mentions"
END_TO_END = "end-to-end"
TABLE_METRICS = ("muc", "bcub", "ceafe", "blanc")

# -- results ---------------------------------------------------------------------------------


@dataclass
class PairCounts:
    """Pair classification against "same gold chain"."""

    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0

    def __add__(self, other: PairCounts) -> PairCounts:
        return PairCounts(
            self.tp + other.tp, self.fp + other.fp, self.fn + other.fn, self.tn + other.tn
        )

    def count(self, predicted: bool, gold: bool) -> None:
        """One pair decision: ``predicted`` linked, ``gold`` in the same chain."""
        if predicted and gold:
            self.tp += 1
        elif predicted:
            self.fp += 1
        elif gold:
            self.fn += 1
        else:
            self.tn += 1

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 0.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 0.0

    @property
    def f1(self) -> float:
        return f1_score(self.recall, self.precision)

    @property
    def accuracy(self) -> float:
        total = self.tp + self.fp + self.fn + self.tn
        return (self.tp + self.tn) / total if total else 0.0

    @property
    def total(self) -> int:
        return self.tp + self.fp + self.fn + self.tn

    def as_dict(self) -> dict[str, float | int]:
        return {
            "precision": self.precision,
            "recall": self.recall,
            "f1": self.f1,
            "accuracy": self.accuracy,
            "pairs": self.total,
        }


@dataclass
class Result:
    """One linker in one setting, pooled over the patients scored."""

    linker: str
    setting: str  # GOLD_MENTIONS or END_TO_END
    scores: Any  # metrics.Scores
    pairs: PairCounts | None = None
    mentions: Any = None  # mentions.MentionScores (end-to-end only)
    patients: int = 0
    cross_validated: bool = False
    thresholds: list[float] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "linker": self.linker,
            "setting": self.setting,
            "patients": self.patients,
            "cross_validated": self.cross_validated,
            "thresholds": self.thresholds,
            "scores": self.scores.as_dict(),
            "pairs": self.pairs.as_dict() if self.pairs else None,
            "mentions": self.mentions.as_dict() if self.mentions is not None else None,
        }


@dataclass
class Evaluation:
    gold: str
    patients: int
    mentions: int
    chains: int
    folds: int
    seed: int
    extractor: str | None
    results: list[Result] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "schema": "radtrack-eval/1",
            "gold": self.gold,
            "patients": self.patients,
            "gold_mentions": self.mentions,
            "gold_chains": self.chains,
            "folds": self.folds,
            "seed": self.seed,
            "extractor": self.extractor,
            "notes": self.notes,
            "results": [r.as_dict() for r in self.results],
        }


# -- input -----------------------------------------------------------------------------------


def load_gold(folder: str | Path, progress: Progress = no_progress) -> list[Patient]:
    """The annotated patients under ``folder`` (one sub-folder each), in name order."""
    from radtrack_gui.formats.collection import read_annotated_patients

    return list(read_annotated_patients(folder, progress).values())


def without_chains(patient: Patient) -> Patient:
    """A copy with the same reports and mentions and no chains (the linker's input)."""
    twin = copy.deepcopy(patient)
    twin.chains = {}
    for m in twin.mentions.values():
        m.chain = None
    twin.annotated = False
    return twin


def without_mentions(patient: Patient) -> Patient:
    twin = copy.deepcopy(patient)
    twin.mentions, twin.chains, twin.annotated = {}, {}, False
    return twin


class _Recorder:
    """Passes a linker through link_patient and keeps its Linking (for pair decisions)."""

    def __init__(self, linker: Linker) -> None:
        self.inner = linker
        self.name = getattr(linker, "name", "linker")
        self.last: Linking | None = None

    def link(self, patient: Patient) -> Linking:
        self.last = self.inner.link(patient)
        return self.last


# -- scoring helpers ---------------------------------------------------------------------------


def clusters(patient: Patient) -> list[list[Any]]:
    from radtrack_gui.evaluation.mentions import patient_clusters

    return patient_clusters(patient)


def pair_counts(gold: Patient, linking: Linking) -> PairCounts:
    """Pair decisions scored against gold (mention ids are the gold ids)."""
    out = PairCounts()
    counts = getattr(linking.pairs, "counts", None)
    if counts is not None:  # PairDecisions: linear in mentions, no pair enumeration
        out.tp, out.fp, out.fn, out.tn = counts({mid: m.chain for mid, m in gold.mentions.items()})
        return out
    for (a, b), linked in linking.pairs.items():
        ma, mb = gold.mentions.get(a), gold.mentions.get(b)
        if ma is None or mb is None or a == b:
            continue
        out.count(bool(linked), ma.chain is not None and ma.chain == mb.chain)
    return out


def link_gold_mentions(gold: Patient, linker: Linker) -> tuple[Patient, Linking | None]:
    from radtrack_gui.nlp.apply import link_patient

    response = without_chains(gold)
    rec = _Recorder(linker)
    link_patient(response, rec)  # type: ignore[arg-type]
    return response, rec.last


def link_predicted_mentions(gold: Patient, extractor: Any, linker: Linker) -> Patient:
    from radtrack_gui.nlp.apply import extract_reports, link_patient

    response = without_mentions(gold)
    response.mentions = {m.id: m for m in extract_reports(response.reports, extractor)}
    link_patient(response, linker)
    return response


def _make_linker(name: str) -> Linker:
    from radtrack_gui.nlp.registry import get_linker

    return get_linker(name)


# Fits a trainable linker in memory on (train, validation); ``training.fit_linker`` fits
# every trainable linker (the pair model included) and is what ``radtrack eval`` passes.
Fit = Callable[[Any, list[Patient], list[Patient]], None]


def fit_by_method(linker: Any, train: list[Patient], validation: list[Patient]) -> None:
    """Fit a linker that carries its own ``fit`` (the pairwise linker)."""
    fit = getattr(linker, "fit", None)
    if fit is None:
        raise InputError(
            f"linker '{getattr(linker, 'name', linker)}' is fitted by radtrack_gui.training "
            "(pass fit=training.fit_linker)"
        )
    if "validation" in inspect.signature(fit).parameters:
        fit(train, validation=validation)
    else:
        fit(train)


# -- the protocol ------------------------------------------------------------------------------


def evaluate_linker(
    name: str,
    gold: Sequence[Patient],
    *,
    extractor: Any = None,
    folds: int = DEFAULT_FOLDS,
    seed: int = DEFAULT_SEED,
    progress: Progress = no_progress,
    fit: Fit = fit_by_method,
) -> list[Result]:
    """Results of linker ``name`` on gold mentions and (with ``extractor``) end-to-end."""
    from radtrack_gui.evaluation.mentions import score_patient_mentions
    from radtrack_gui.evaluation.metrics import empty_scores, score
    from radtrack_gui.nlp.registry import LINKERS

    if name not in LINKERS:
        raise InputError(f"unknown linker '{name}' (known: {', '.join(LINKERS)})")
    trainable = LINKERS[name].trainable
    by_id = {p.id: p for p in gold}
    if trainable:
        plan = [
            (
                [by_id[i] for i in f.train],
                [by_id[i] for i in f.validation],
                [by_id[i] for i in f.test],
            )
            for f in patient_folds(by_id, folds, seed)
        ]
    else:
        plan = [([], [], list(gold))]
    g_scores, e_scores, e_mentions = empty_scores(), empty_scores(), None
    pairs: PairCounts | None = None
    thresholds: list[float] = []
    total, done = len(gold) * (2 if extractor is not None else 1), 0
    stage = f"{name}"
    for train, validation, test in plan:
        linker = _make_linker(name)
        if trainable:
            fit(linker, train, validation)
            threshold = getattr(linker, "threshold", None)
            if isinstance(threshold, float):
                thresholds.append(round(threshold, 4))
        for patient in test:
            response, linking = link_gold_mentions(patient, linker)
            g_scores = g_scores + score(clusters(patient), clusters(response))
            if linking is not None and linking.pairs:
                pairs = (pairs or PairCounts()) + pair_counts(patient, linking)
            done += 1
            progress(stage, done, total)
        if extractor is None:
            continue
        for patient in test:
            response = link_predicted_mentions(patient, extractor, linker)
            e_scores = e_scores + score(clusters(patient), clusters(response))
            ms = score_patient_mentions(patient, response)
            e_mentions = ms if e_mentions is None else e_mentions + ms
            done += 1
            progress(stage, done, total)
    results = [Result(name, GOLD_MENTIONS, g_scores, pairs, None, len(gold), trainable, thresholds)]
    if extractor is not None:
        results.append(
            Result(name, END_TO_END, e_scores, None, e_mentions, len(gold), trainable, thresholds)
        )
    return results


def evaluate(
    gold_folder: str | Path,
    linkers: Sequence[str],
    *,
    extractor: str | None = None,
    end_to_end: bool = True,
    folds: int = DEFAULT_FOLDS,
    seed: int = DEFAULT_SEED,
    progress: Progress = no_progress,
    fit: Fit = fit_by_method,
) -> Evaluation:
    """Run the protocol for every linker on the patients under ``gold_folder``."""
    from radtrack_gui.nlp.registry import LINKERS, default_name, get_extractor

    names = list(dict.fromkeys(linkers)) or ["exact", default_name("linker")]
    for name in names:
        if name not in LINKERS:
            raise InputError(f"unknown linker '{name}' (known: {', '.join(LINKERS)})")
    gold = load_gold(gold_folder, progress)
    ext_name = extractor or default_name("extractor")
    ext = get_extractor(ext_name) if end_to_end else None
    ev = Evaluation(
        str(gold_folder),
        len(gold),
        sum(len(p.mentions) for p in gold),
        sum(len(p.chains) for p in gold),
        folds,
        seed,
        ext_name if end_to_end else None,
    )
    for name in names:
        if LINKERS[name].trainable and len(gold) < folds:
            raise InputError(
                f"linker '{name}' is trainable: {folds}-fold cross-validation "
                f"needs at least {folds} patients (got {len(gold)})"
            )
        ev.results.extend(
            evaluate_linker(
                name, gold, extractor=ext, folds=folds, seed=seed, progress=progress, fit=fit
            )
        )
        if LINKERS[name].trainable:
            ev.notes.append(
                f"{name}: {folds}-fold patient-level cross-validation "
                f"(60/20/20, seed {seed}), test folds pooled"
            )
    return ev
