"""Opening a patient as a project: read it, run the models or load the stored copy.

Qt-free, so the GUI (in a worker thread, ``gui/worker.py``) and the CLI share it:

- ``open_project(path, patient_id)``: a patient folder, a RadTrack JSON or a MIMIC CSV.
  When the project store already holds it, the stored project is loaded (the user's
  corrections survive); otherwise the models run and the result is stored.
  ``rerun=True`` runs the models again and replaces the stored chains (the edit log stays).
- ``model_run(path)``: the models' chains for a folder's text, ignoring its annotations.

``defer_save=True`` (the GUI): the models' result is not written before the patient is
returned; the caller shows it first, then calls ``LoadedProject.finish_save`` (in the
background). Everything that writes or closes the store calls ``finish_save`` first (it
waits for a save in progress), so nothing is lost and no edit reaches a store that does
not hold the patient yet.

Heavy modules (the pipeline, the store) are imported inside the functions: the GUI imports
this module at start-up.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from radtrack_gui.core.errors import Cancelled, InputError
from radtrack_gui.core.model import Patient, Problem
from radtrack_gui.core.progress import CancelCheck, Progress, never_cancel, no_progress
from radtrack_gui.formats.sources import DOCUMENT_KINDS, csv_patient, kind_of, source_path

if TYPE_CHECKING:
    from radtrack_gui.nlp.progressive import OnSlice
    from radtrack_gui.nlp.registry import RunSpec
    from radtrack_gui.store.db import ProjectStore

GOLD_LABEL = "gold annotations"


@dataclass
class LoadedProject:
    """An open project. The caller owns ``store`` and closes it when done."""

    patient: Patient
    store: ProjectStore | None  # None: the user data folder cannot be written
    path: str  # the source as opened (folder, JSON or CSV)
    from_store: bool  # the stored project (with the user's corrections) was loaded
    models: str  # what made the chains: "rules + knowledge", "gold annotations", ...
    seconds: float
    extractor: str | None = None  # the models that made the chains (None: not a model)
    linker: str | None = None
    no_store_reason: str | None = None  # why there is no store (nothing will be saved)
    # the models' result still to be written (``open_project(defer_save=True)``)
    pending_save: Callable[[], None] | None = field(default=None, repr=False)
    save_error: str | None = None  # the deferred save failed: nothing is saved
    # (reports linked, reports in all): the patient of the first reports, shown while the
    # models still link the rest (``open_project(on_slice=...)``); edits wait until done
    linking: tuple[int, int] | None = None
    _save_lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @property
    def saving(self) -> bool:
        """The models' result is not in the store yet (``finish_save`` writes it)."""
        return self.pending_save is not None

    def finish_save(self) -> bool:
        """Write the deferred models' result to the store, once; a second caller (another
        thread) waits until the first is done. A store failure is kept in ``save_error``
        (the project is then read-only, saying why) rather than raised. True when the
        store holds the patient (or there was nothing to save)."""
        from radtrack_gui.store.errors import StoreError

        with self._save_lock:
            pending = self.pending_save
            if pending is not None:
                try:
                    pending()
                except StoreError as exc:
                    self.save_error = (
                        f"nothing will be saved: the analysis could not be stored ({exc})"
                    )
                except Exception as exc:  # our bug: reported by the caller; no edit after it
                    self.save_error = f"nothing will be saved: storing the analysis failed ({exc})"
                    raise
                finally:
                    self.pending_save = None
        return self.save_error is None

    @property
    def store_path(self) -> Path | None:
        return self.store.path if self.store is not None else None

    @property
    def read_only(self) -> bool:
        """Opened without the writer lock (another window edits it), or without a store
        because the data folder cannot be written, or still linking: edits are refused. (A
        project made without a store on purpose, ``store=None`` and no reason, edits in
        memory.)"""
        if self.linking is not None:
            return True
        if self.store is None:
            return self.no_store_reason is not None
        return self.save_error is not None or bool(getattr(self.store, "read_only", False))

    @property
    def read_only_reason(self) -> str | None:
        """Why edits are refused, in the user's words (None: they are not)."""
        if not self.read_only:
            return None
        if self.linking is not None:
            done, total = self.linking
            return f"still linking: {done} of {total} reports linked; edits wait until it is done"
        if self.store is None:
            return self.no_store_reason
        if self.save_error is not None:
            return self.save_error
        return "another RadTrack window is editing this patient"

    @property
    def problems(self) -> list[Problem]:
        """Files skipped while reading, with the reason."""
        return self.patient.problems


def store_key(source: Path, patient_id: str | None) -> str:
    """What the project store is keyed by: the source, plus the patient of a CSV."""
    return str(source) if patient_id is None or source.is_dir() else f"{source}#{patient_id}"


# -- opening ------------------------------------------------------------------------------
def open_project(
    path: str | Path,
    patient_id: str | None = None,
    spec: RunSpec | None = None,
    *,
    rerun: bool = False,
    progress: Progress = no_progress,
    cancel: CancelCheck = never_cancel,
    read_only: bool = False,
    owner: object = None,
    store_optional: bool = False,
    defer_save: bool = False,
    on_slice: OnSlice | None = None,
) -> LoadedProject:
    """Open PATH (a patient folder, a RadTrack JSON or a MIMIC CSV; a CSV of several
    patients needs ``patient_id``). The stored project is loaded when there is one;
    otherwise (or with ``rerun``) the models run and the result replaces what is stored.
    Cancelling leaves nothing behind.

    Another process or window editing the patient: ``StoreLocked`` (an ``InputError``
    naming it); ``read_only=True`` then opens the stored project without editing. The
    same ``owner`` (a window re-opening its own patient) is let in. The models are those
    of ``spec`` (None: the registry's defaults).

    ``store_optional``: when the store cannot be made (the user data folder is not
    writable), the models run and the patient opens without one, read-only, its
    ``no_store_reason`` saying why (otherwise that is a ``StoreError``).

    ``defer_save``: a model run is returned before it is stored; the caller must call
    ``finish_save`` (module docstring).

    ``on_slice``: a model run links the reports in time-ordered slices and hands over the
    patient of the first reports after each (``nlp/progressive.py``; the GUI shows it);
    the patient returned, stored once, is the same as without."""
    from radtrack_gui import pipeline
    from radtrack_gui.nlp.registry import RunSpec

    spec = spec or RunSpec()

    t0 = time.perf_counter()
    source = source_path(path)
    kind = kind_of(source)
    if patient_id is None and (kind == "csv" or kind in DOCUMENT_KINDS):
        patient_id = csv_patient(source)
    store, no_store = _store_for(store_key(source, patient_id), read_only, owner, store_optional)
    try:
        stored = None if rerun or store is None else store.load_patient()
        if read_only and stored is None:
            raise InputError(
                f"{source.name}: another window is still analysing this "
                "patient; open it again when it is done"
            )
        if cancel():
            raise Cancelled()
        if stored is not None and store is not None:
            return _from_store(stored, store, source, t0)
        patient = pipeline.process_source(
            source,
            patient_id,
            spec,
            rerun=rerun,
            progress=progress,
            cancel=cancel,
            on_slice=on_slice,
        )
        if cancel():
            raise Cancelled()
        extractor, linker = spec.extractor_name, spec.linker_name
        pending: Callable[[], None] | None = None
        if store is not None:
            saving = store

            def pending(report: Progress = no_progress) -> None:
                # (deferred: no progress, the open's task is over by then)
                _save(saving, patient, extractor, linker, report)

            if not defer_save:
                pending(progress)
                pending = None
        if patient.annotated:
            models, ext, lnk = GOLD_LABEL, None, None
        elif kind == "json":
            models, ext, lnk = "from JSON", None, None
        else:
            models, ext, lnk = spec.label, extractor, linker
        return LoadedProject(
            patient,
            store,
            str(source),
            False,
            models,
            time.perf_counter() - t0,
            ext,
            lnk,
            no_store,
            pending_save=pending,
        )
    except BaseException:
        if store is not None:
            store.close()
        raise


def _store_for(
    key: str, read_only: bool, owner: object, optional: bool
) -> tuple[ProjectStore | None, str | None]:
    """The project store for ``key``, or (``optional``) None and why it cannot be had."""
    from radtrack_gui.store.db import ProjectStore, StoreError
    from radtrack_gui.store.lock import StoreLocked

    try:
        return ProjectStore.for_folder(key, read_only=read_only, owner=owner), None
    except StoreLocked:
        raise
    except (StoreError, OSError) as exc:
        if not optional:
            if isinstance(exc, OSError):
                raise StoreError(f"the user data folder cannot be written ({exc})") from exc
            raise
        return None, f"nothing will be saved: the project store cannot be written ({exc})"


def _from_store(patient: Patient, store: ProjectStore, source: Path, t0: float) -> LoadedProject:
    meta = store.meta()
    if patient.annotated:
        return LoadedProject(
            patient, store, str(source), True, GOLD_LABEL, time.perf_counter() - t0
        )
    ext, lnk = meta.get("extractor"), meta.get("linker")
    models = " + ".join(m for m in (ext, lnk) if m) or "stored"
    return LoadedProject(
        patient, store, str(source), True, models, time.perf_counter() - t0, ext, lnk
    )


def _save(
    store: ProjectStore, patient: Patient, extractor: str, linker: str, progress: Progress
) -> None:
    """Replace what the store holds with ``patient`` (one transaction, logged)."""
    progress("save", 0, 1)
    store.save_patient(
        patient,
        f"model:{extractor}+{linker}",
        extractor=None if patient.annotated else extractor,
        linker=None if patient.annotated else linker,
        command="Open and analyse",
    )
    progress("save", 1, 1)


# -- gold annotations and comparisons ----------------------------------------------------
def model_run(
    path: str | Path,
    spec: RunSpec | None = None,
    *,
    progress: Progress = no_progress,
    cancel: CancelCheck = never_cancel,
) -> Patient:
    """The models' chains for the reports of folder PATH, its annotations ignored (to
    score the models against the gold). Nothing is stored."""
    from radtrack_gui import pipeline
    from radtrack_gui.formats.sources import read_patient

    copy = read_patient(path)
    return pipeline.analyse(copy, spec, progress=progress, cancel=cancel, force=True)
