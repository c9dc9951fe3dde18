"""The session: one open patient with its store, edit history, selection and display
options, Qt-free (napari's ``ViewerModel``).

A session lives as long as its window (or CLI command): ``open`` puts a loaded project in
it, ``close`` saves nothing more (every edit is already saved) and closes the store. The
GUI mirrors it into Qt (``gui/undo.py``), the CLI drives it directly:

    session = Session.open_path("patient/", spec)   # read, or run the models, and store
    session.push(edits.RenameChain(cid, "left effusion"))
    session.undo()
    session.close()
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from radtrack_gui.core.edits import Changes, Command
from radtrack_gui.core.model import Patient
from radtrack_gui.core.progress import CancelCheck, Progress, never_cancel, no_progress
from radtrack_gui.session.events import Listeners
from radtrack_gui.session.history import EditHistory
from radtrack_gui.session.options import DisplayOptions
from radtrack_gui.session.selection import Selection

if TYPE_CHECKING:
    from radtrack_gui.nlp.registry import RunSpec
    from radtrack_gui.project import LoadedProject


class Session:
    """The open patient (or none), and everything that belongs to looking at it."""

    def __init__(self, who: str | None = None, display: DisplayOptions | None = None) -> None:
        self.who = who
        self.loaded: LoadedProject | None = None
        self.history: EditHistory | None = None
        self.selection = Selection()
        self.display = display or DisplayOptions()
        self.opened = Listeners()  # (LoadedProject) after open
        self.closed = Listeners()  # () after close
        # Connected to every history in turn: (Changes), (reason), ().
        self.changed = Listeners()
        self.failed = Listeners()
        self.moved = Listeners()

    # -- opening and closing ------------------------------------------------------------
    @classmethod
    def open_path(
        cls,
        path: str | Path,
        spec: RunSpec | None = None,
        *,
        patient_id: str | None = None,
        rerun: bool = False,
        read_only: bool = False,
        progress: Progress = no_progress,
        cancel: CancelCheck = never_cancel,
        who: str | None = None,
    ) -> Session:
        """A session on PATH (``project.open_project``: the stored project, or a model
        run that is stored)."""
        from radtrack_gui import project

        session = cls(who)
        session.open(
            project.open_project(
                path,
                patient_id,
                spec,
                rerun=rerun,
                progress=progress,
                cancel=cancel,
                read_only=read_only,
            )
        )
        return session

    def open(self, loaded: LoadedProject) -> None:
        """Put ``loaded`` in the session (the one open before is closed)."""
        self.close()
        self.loaded = loaded
        history = EditHistory(loaded.patient, loaded.store, self.who)
        history.changed.connect(self._history_changed)
        history.failed.connect(self.failed.emit)
        history.moved.connect(self.moved.emit)
        self.history = history
        self.selection.clear()
        self.opened.emit(loaded)
        self.moved.emit()

    def close(self) -> None:
        """Forget the open patient and close its store (every edit is already saved)."""
        if self.loaded is None:
            return
        self.loaded.finish_save()  # a model run shown before it was stored is stored now
        loaded, self.loaded, self.history = self.loaded, None, None
        self.selection.clear()
        if loaded.store is not None:
            loaded.store.close()
        self.closed.emit()
        self.moved.emit()

    # -- what is open ---------------------------------------------------------------------
    @property
    def is_open(self) -> bool:
        return self.loaded is not None

    @property
    def patient(self) -> Patient | None:
        return self.loaded.patient if self.loaded is not None else None

    @property
    def read_only(self) -> bool:
        """The open patient cannot be edited (opened read-only, or no store to save in)."""
        return self.loaded is not None and self.loaded.read_only

    @property
    def read_only_reason(self) -> str | None:
        return self.loaded.read_only_reason if self.loaded is not None else None

    @property
    def store(self) -> Any:
        return self.loaded.store if self.loaded is not None else None

    # -- edits ------------------------------------------------------------------------------
    def push(self, command: Command) -> Changes | None:
        """Do ``command`` on the open patient (saved); None when refused or none is open."""
        if self.history is None:
            self.failed.emit("no patient is open")
            return None
        self._stored()
        if self.read_only:  # said in the user's words, before any store is touched
            self.history.fail(f"this patient is read-only ({self.read_only_reason})")
            return None
        return self.history.push(command)

    def fail(self, reason: str) -> None:
        """Report an edit refused before it reached the history."""
        if self.history is not None:
            self.history.fail(reason)
        else:
            self.failed.emit(reason)

    def undo(self) -> Changes | None:
        self._stored()
        return self.history.undo() if self.history is not None else None

    def redo(self) -> Changes | None:
        self._stored()
        return self.history.redo() if self.history is not None else None

    def _stored(self) -> None:
        """Before an edit reaches the store: a model run not stored yet (the GUI stores
        it after the first paint) is stored first, waiting for a save in progress."""
        if self.loaded is not None:
            self.loaded.finish_save()

    def _history_changed(self, changes: Changes) -> None:
        self.selection.prune(self.patient)
        self.changed.emit(changes)
