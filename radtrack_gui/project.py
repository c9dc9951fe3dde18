"""Opening a patient as a project: read it, run the models or load the stored copy.

Qt-free, so the GUI (in a worker thread, ``gui/worker.py``) and the CLI share it:

- ``open_project(path, patient_id)``: a patient folder, a RadTrack JSON or a MIMIC CSV.
  When the project store already holds it, the stored project is loaded (the user's
  corrections survive); otherwise the models run and the result is stored.
  ``rerun=True`` runs the models again and replaces the stored chains (the edit log stays).
- ``find_gold(path)``: the gold annotations of a patient (its own brat ``.ann`` files or a
  sibling folder ``<folder>_gold``), for Compare.
- ``csv_patient(path)``: the one patient of a MIMIC CSV, or ``SeveralPatients`` naming them.
- ``model_run(path)``: the models' chains for a folder's text, ignoring its annotations.

Heavy modules (the pipeline, the store) are imported inside the functions: the GUI imports
this module at start-up.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from radtrack_gui.core.errors import Cancelled, InputError
from radtrack_gui.core.model import Patient, Problem
from radtrack_gui.core.progress import CancelCheck, Progress, never_cancel, no_progress

if TYPE_CHECKING:
    from radtrack_gui.formats.mimic_csv import SeveralPatients
    from radtrack_gui.store.db import ProjectStore

OPENABLE_SUFFIXES = (".json", ".csv")  # besides folders
GOLD_LABEL = "gold annotations"


@dataclass
class LoadedProject:
    """An open project. The caller owns ``store`` and closes it when done."""

    patient: Patient
    store: ProjectStore
    path: str  # the source as opened (folder, JSON or CSV)
    from_store: bool  # the stored project (with the user's corrections) was loaded
    models: str  # what made the chains: "rules + knowledge", "gold annotations", ...
    seconds: float
    extractor: str | None = None  # the models that made the chains (None: not a model)
    linker: str | None = None

    @property
    def store_path(self) -> Path:
        return self.store.path

    @property
    def problems(self) -> list[Problem]:
        """Files skipped while reading, with the reason."""
        return self.patient.problems


# -- sources ------------------------------------------------------------------------------
def source_path(path: str | Path) -> Path:
    """PATH as a path, or ``InputError`` when it is not there."""
    source = Path(path).expanduser()
    if not source.exists():
        raise InputError(f"{path}: no such file or folder")
    return source


def can_open(path: Path) -> bool:
    """A folder, a RadTrack JSON or a CSV (what drag and drop accepts)."""
    return path.is_dir() or path.suffix.lower() in OPENABLE_SUFFIXES


def store_key(source: Path, patient_id: str | None) -> str:
    """What the project store is keyed by: the source, plus the patient of a CSV."""
    return str(source) if patient_id is None or source.is_dir() else f"{source}#{patient_id}"


def several_patients(path: Path, patients: list[str]) -> SeveralPatients:
    """The error for a CSV of several patients when none was chosen."""
    from radtrack_gui.formats.mimic_csv import SeveralPatients

    shown = ", ".join(patients[:5]) + (", ..." if len(patients) > 5 else "")
    return SeveralPatients(f"{path.name} holds {len(patients)} patients ({shown}); "
                           "choose one with --patient ID", patients)


def csv_patient(path: Path) -> str | None:
    """The one patient of a MIMIC CSV (None when it has no Radiology rows: reading it
    then says so). Several: ``SeveralPatients``, whose ``patients`` lists them."""
    from radtrack_gui.formats.mimic_csv import patients_in

    patients = patients_in(path)
    if len(patients) > 1:
        raise several_patients(path, patients)
    return patients[0] if patients else None


def read_csv_patient(path: Path, patient_id: str | None) -> Patient:
    """One patient's Radiology reports from a MIMIC CSV (no models run)."""
    from radtrack_gui.formats.mimic_csv import read_mimic_csv

    found = read_mimic_csv(path, patient_id)
    return Patient(id=found.patient, reports=found.reports, problems=found.problems,
                   folder=str(path))


# -- opening ------------------------------------------------------------------------------
def open_project(path: str | Path, patient_id: str | None = None, *,
                 extractor: str = "rules", linker: str = "knowledge", rerun: bool = False,
                 progress: Progress = no_progress, cancel: CancelCheck = never_cancel,
                 extractor_options: Mapping[str, object] | None = None) -> LoadedProject:
    """Open PATH (a patient folder, a RadTrack JSON or a MIMIC CSV; a CSV of several
    patients needs ``patient_id``). The stored project is loaded when there is one;
    otherwise (or with ``rerun``) the models run and the result replaces what is stored.
    Cancelling leaves nothing behind."""
    from radtrack_gui.store.db import ProjectStore

    t0 = time.perf_counter()
    source = source_path(path)
    if patient_id is None and source.is_file() and source.suffix.lower() == ".csv":
        patient_id = csv_patient(source)
    store = ProjectStore.for_folder(store_key(source, patient_id))
    try:
        stored = None if rerun else store.load_patient()
        if cancel():
            raise Cancelled()
        if stored is not None:
            return _from_store(stored, store, source, t0)
        patient = _read_and_analyse(source, patient_id, extractor=extractor, linker=linker,
                                    rerun=rerun, progress=progress, cancel=cancel,
                                    options=extractor_options)
        if cancel():
            raise Cancelled()
        _save(store, patient, extractor, linker, progress)
        if patient.annotated:
            models, ext, lnk = GOLD_LABEL, None, None
        elif source.suffix.lower() == ".json":
            models, ext, lnk = "from JSON", None, None
        else:
            models, ext, lnk = f"{extractor} + {linker}", extractor, linker
        return LoadedProject(patient, store, str(source), False, models,
                             time.perf_counter() - t0, ext, lnk)
    except BaseException:
        store.close()
        raise


def _from_store(patient: Patient, store: ProjectStore, source: Path,
                t0: float) -> LoadedProject:
    meta = store.meta()
    if patient.annotated:
        return LoadedProject(patient, store, str(source), True, GOLD_LABEL,
                             time.perf_counter() - t0)
    ext, lnk = meta.get("extractor"), meta.get("linker")
    models = " + ".join(m for m in (ext, lnk) if m) or "stored"
    return LoadedProject(patient, store, str(source), True, models,
                         time.perf_counter() - t0, ext, lnk)


def _read_and_analyse(source: Path, patient_id: str | None, *, extractor: str, linker: str,
                      rerun: bool, progress: Progress, cancel: CancelCheck,
                      options: Mapping[str, object] | None = None) -> Patient:
    """The patient with the models' chains (gold annotations and, unless ``rerun``, the
    chains of a RadTrack JSON are kept)."""
    from radtrack_gui import pipeline

    suffix = source.suffix.lower()
    if source.is_dir():
        return pipeline.process_folder(source, extractor=extractor, linker=linker,
                                       patient_id=patient_id, progress=progress,
                                       cancel=cancel, extractor_options=options)
    if suffix == ".json":
        from radtrack_gui.formats.json_io import read_json

        patient = read_json(source)
        if rerun and not patient.annotated:
            pipeline.analyse(patient, extractor=extractor, linker=linker,
                             progress=progress, cancel=cancel, extractor_options=options)
        return patient
    if suffix == ".csv":
        patient = read_csv_patient(source, patient_id)
        return pipeline.analyse(patient, extractor=extractor, linker=linker,
                                progress=progress, cancel=cancel, extractor_options=options)
    raise InputError(f"{source.name}: not a patient folder, RadTrack JSON or CSV")


def _save(store: ProjectStore, patient: Patient, extractor: str, linker: str,
          progress: Progress) -> None:
    """Replace what the store holds with ``patient`` (one transaction, logged)."""
    progress("save", 0, 1)
    store.save_patient(patient, f"model:{extractor}+{linker}",
                       extractor=None if patient.annotated else extractor,
                       linker=None if patient.annotated else linker,
                       command="Open and analyse")
    progress("save", 1, 1)


# -- gold annotations and comparisons ----------------------------------------------------
def gold_folders(path: str | Path) -> list[Path]:
    """Where the gold annotations of PATH may be: a sibling ``<name>_gold``, then PATH."""
    src = Path(path)
    return [src.with_name(src.name + "_gold"), src]


def find_gold(path: str | Path) -> Patient | None:
    """The gold-annotated patient of PATH (brat ``.ann`` files in a sibling
    ``<folder>_gold`` or in the folder itself), or None. A damaged annotation file
    raises ``InputError``."""
    from radtrack_gui.formats.folder import read_patient_folder

    for folder in gold_folders(path):
        if folder.is_dir() and any(folder.glob("*.ann")):
            gold = read_patient_folder(folder)
            if gold.annotated:
                return gold
    return None


def model_run(path: str | Path, *, extractor: str, linker: str,
              progress: Progress = no_progress, cancel: CancelCheck = never_cancel) -> Patient:
    """The models' chains for the reports of folder PATH, its annotations ignored (to
    score the models against the gold). Nothing is stored."""
    from radtrack_gui import pipeline
    from radtrack_gui.formats.folder import read_patient_folder

    copy = read_patient_folder(path)
    return pipeline.analyse(copy, extractor=extractor, linker=linker, progress=progress,
                            cancel=cancel, force=True)
