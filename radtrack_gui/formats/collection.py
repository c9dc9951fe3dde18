"""Collections of annotated (brat) patients: one patient folder, or a folder holding one
sub-folder per patient — the shape of gold corpora for `score`, `agree` and `eval`."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Patient


def _has_ann(folder: Path) -> bool:
    return any(folder.glob("*.ann"))


def annotated_folders(root: str | os.PathLike[str]) -> list[Path]:
    """``root`` itself if it holds .ann files, else its annotated sub-folders (natural order)."""
    from radtrack_gui.util.natsort import natural_key

    root = Path(root).expanduser()
    if not root.is_dir():
        raise InputError(f"{root}: no such folder")
    if _has_ann(root):
        return [root]
    subs = sorted(
        (p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".") and _has_ann(p)),
        key=lambda p: natural_key(p.name),
    )
    if not subs:
        raise InputError(
            f"{root}: no annotated patients (no brat .ann files in it or in its sub-folders)"
        )
    return subs


def read_annotated_patients(
    root: str | os.PathLike[str],
    progress: Callable[[str, int, int], None] | None = None,
) -> dict[str, Patient]:
    """The annotated patients under ``root``, keyed by sub-folder name (a single patient
    folder is keyed by its patient id, else its name); patients without mentions are left
    out."""
    from radtrack_gui.formats.folder import read_patient_folder

    folders = annotated_folders(root)
    single = len(folders) == 1 and folders[0] == Path(root).expanduser()
    out: dict[str, Patient] = {}
    for i, folder in enumerate(folders, 1):
        patient = read_patient_folder(folder)
        if patient.annotated and patient.mentions:
            key = (patient.id or folder.name) if single else folder.name
            patient.id = key
            out[key] = patient
        if progress:
            progress("read", i, len(folders))
    if not out:
        raise InputError(f"{root}: no annotated patients with mentions")
    return out
