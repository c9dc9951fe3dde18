"""Gathering training data and training RadTrack's trainable models (Qt-free).

Shared by ``radtrack train`` (``cli/train_cmd.py``) and the GUI's Tools ▸ Train dialogs
(``gui/train_dialog.py``), so that what counts as training data is decided once:

- ``read_source(path)``: an annotated brat folder (one patient, or one sub-folder per
  patient) or a RadTrack JSON export;
- ``read_project(folder)``: the corrected patient in a folder's project store;
- ``read_folder(path)``: the GUI's "Add folder…": the project store when the folder has
  one (the user's corrections), else its brat annotations;
- ``collect(sources, projects)``: all of them, or InputError when there is nothing;
- ``train_linker(patients, ...)``: fit and save the pairwise linker or the pair model.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from radtrack_gui.core.errors import Cancelled, InputError
from radtrack_gui.core.model import Patient

if TYPE_CHECKING:
    from radtrack_gui.nlp.training import TrainedExtractor


def read_source(path: str | os.PathLike[str]) -> list[Patient]:
    """The annotated patients of a brat folder or a RadTrack JSON file."""
    from radtrack_gui.formats.collection import read_annotated_patients
    from radtrack_gui.formats.json_io import read_json

    p = Path(path)
    if p.is_file() and p.suffix.lower() == ".json":
        return [read_json(p)]
    if p.is_dir():
        return list(read_annotated_patients(p).values())
    raise InputError(f"{p}: not a brat folder or a RadTrack JSON file")


def has_project(folder: str | os.PathLike[str]) -> bool:
    from radtrack_gui.store.db import store_path_for_folder

    return store_path_for_folder(folder).exists()


def read_store(store_path: str | os.PathLike[str]) -> Patient | None:
    """The patient held by the project store file ``store_path`` (None when empty)."""
    from radtrack_gui.store.db import ProjectStore

    with ProjectStore.open(store_path) as store:
        return store.load_patient()


def read_project(folder: str | os.PathLike[str]) -> Patient:
    """The corrected patient of a folder opened in the app."""
    from radtrack_gui.store.db import store_path_for_folder

    patient = read_store(store_path_for_folder(folder)) if has_project(folder) else None
    if patient is None:
        raise InputError(f"{folder}: no project saved for this folder (open it in the app)")
    return patient


def read_folder(path: str | os.PathLike[str]) -> list[Patient]:
    """A folder added in the GUI: its project store (corrections) if any, else brat gold."""
    if has_project(path):
        return [read_project(path)]
    return read_source(path)


def collect(sources: Iterable[str | os.PathLike[str]] = (),
            projects: Iterable[str | os.PathLike[str]] = ()) -> list[Patient]:
    """Every patient of ``sources`` (brat/JSON) and ``projects`` (project stores)."""
    patients: list[Patient] = []
    for src in sources:
        patients.extend(read_source(src))
    for folder in projects:
        patients.append(read_project(folder))
    if not patients:
        raise InputError("nothing to train on: give brat folders, JSON files or --project")
    return patients


def linked_pairs(patients: Iterable[Patient]) -> int:
    """How many mention pairs the patients' chains link (what the linker learns from)."""
    return sum(len(c.mentions) * (len(c.mentions) - 1) // 2
               for p in patients for c in p.chains.values())


@dataclass
class TrainedLinker:
    path: Path
    threshold: float
    patients: int
    held_out: int
    mentions: int

    @property
    def summary(self) -> str:
        return (f"trained on {self.patients} patients ({self.mentions} mentions), threshold "
                f"{self.threshold:.2f} chosen on {self.held_out} held-out patients")


def train_linker(patients: list[Patient], out: str | os.PathLike[str] | None = None, *,
                 validation: float = 0.2, seed: int = 13,
                 cancel: Callable[[], bool] | None = None, linker: str = "pairwise",
                 **options: Any) -> TrainedLinker:
    """Fit the pairwise linker, or (``linker="pairmodel"``, ``options`` for
    ``nlp.training.pairmodel.fit_pairmodel``) the transformer pair model; a share of
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
        raise InputError("nothing to train on: no chain links two mentions (link mentions "
                         "of the same finding or device across reports first)")
    if linker == "pairmodel":
        from radtrack_gui.nlp.training.pairmodel import train_pairmodel

        path, card = train_pairmodel(train, held or None, out, seed=seed, cancel=cancel,
                                     **options)
        return TrainedLinker(path, float(card["threshold"]), len(train), len(held),
                             sum(len(p.mentions) for p in train))
    model = PairwiseLinker(path=None, seed=seed)
    model.fit(train, validation=held or None)
    if cancel is not None and cancel():
        raise Cancelled("training cancelled")
    saved = model.save(out)
    return TrainedLinker(saved, model.threshold, len(train), len(held),
                         sum(len(p.mentions) for p in train))


def extractor_summary(result: TrainedExtractor) -> str:
    """One line on a trained neural extractor, with its held-out scores when there are."""
    card = result.card
    t = card["training"]
    summary = (f"trained neural extractor on {t['patients']} patients ({t['reports']} reports, "
               f"{t['sentences']} sentences, {t['mentions']} mentions) in {t['seconds']:.0f} s")
    if result.scores is not None:
        e, p = result.scores.exact, result.scores.partial
        summary += (f"; held-out {card['held_out']['what']}: mentions P/R/F1 exact "
                    f"{e.precision:.2f}/{e.recall:.2f}/{e.f1:.2f}, partial "
                    f"{p.precision:.2f}/{p.recall:.2f}/{p.f1:.2f}")
    else:
        summary += "; nothing held out to score"
    return summary
