"""Gathering training data and training RadTrack's trainable models (Qt-free).

Shared by ``radtrack train`` (``cli/train_cmd.py``) and the GUI's Tools ▸ Train dialogs
(``gui/train_dialog.py``), so that what counts as training data is decided once:

- ``read_source(path)``: an annotated brat folder (one patient, or one sub-folder per
  patient) or a RadTrack JSON export (``formats.sources.read_annotated``);
- ``read_project(folder)``: the corrected patient in a folder's project store;
- ``read_folder(path)``: the GUI's "Add folder…": the project store when the folder has
  one (the user's corrections), else its brat annotations;
- ``collect(sources, projects)``: all of them, or InputError when there is nothing.

Training itself: ``training.linker`` (pairwise linker), ``training.extractor`` (neural).
"""

from __future__ import annotations

import os
from collections.abc import Iterable

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Patient
from radtrack_gui.formats.sources import read_annotated as read_source


def has_project(folder: str | os.PathLike[str]) -> bool:
    from radtrack_gui.store.db import store_path_for_folder

    return store_path_for_folder(folder).exists()


def read_store(store_path: str | os.PathLike[str]) -> Patient | None:
    """The patient held by the project store file ``store_path`` (None when empty)."""
    from radtrack_gui.store.db import ProjectStore

    with ProjectStore.open(store_path, read_only=True) as store:  # the app may hold it
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


def collect(
    sources: Iterable[str | os.PathLike[str]] = (), projects: Iterable[str | os.PathLike[str]] = ()
) -> list[Patient]:
    """Every patient of ``sources`` (brat/JSON) and ``projects`` (project stores)."""
    patients: list[Patient] = []
    for src in sources:
        patients.extend(read_source(src))
    for folder in projects:
        patients.append(read_project(folder))
    if not patients:
        raise InputError("nothing to train on: give brat folders, JSON files or --project")
    return patients
