"""A thin QUndoStack adapter over the Qt-free edit commands (``core/edits.py``).

``EditSession`` holds the open patient, its project store and the undo stack. Every edit,
undo and redo goes through the store (saved at once, with provenance ``person:<login>``)
and then announces a ``Changes`` record so every view refreshes what changed. An edit the
model refuses (``InputError``), or one the store cannot save (``StoreError``: the store
then restores memory), is reported by ``editFailed`` and never enters the stack.

Edits run on the main thread: one command touches a handful of rows and commits in a few
milliseconds (WAL), and the views must never show a state the store does not hold. The
store's lock serializes these writes with the background save after a model run.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from radtrack_gui.core.edits import Changes, Command
from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Patient
from radtrack_gui.gui.qt import QObject, QUndoCommand, QUndoStack, Signal

log = logging.getLogger("radtrack.gui.undo")


def person() -> str:
    """Provenance of the user's edits: ``person:<login>``."""
    from radtrack_gui.store.db import person_who

    return person_who()


class _QtCommand(QUndoCommand):
    """One edit on the QUndoStack; the first redo() is the push itself (already done)."""

    def __init__(self, session: EditSession, command: Command) -> None:
        super().__init__(command.text)
        self.session = session
        self.command = command
        self._first = True

    def redo(self) -> None:
        if self._first:
            self._first = False
            return
        if not self.session._run(self.command, undo=False):
            self.setObsolete(True)  # not redone (the store refused): leaves the history

    def undo(self) -> None:
        if not self.session._run(self.command, undo=True):
            self.setObsolete(True)  # still done, and no longer undoable


class EditSession(QObject):
    """The patient being edited, its store and its undo history."""

    changed = Signal(object)  # core.edits.Changes
    editFailed = Signal(str)  # a one-line reason for the user

    def __init__(
        self,
        patient: Patient,
        store: Any = None,
        who: str | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.patient = patient
        self.store = store
        self.who = who or person()
        self.stack = QUndoStack(self)
        self.stack.setUndoLimit(1000)
        self.last_error: str | None = None
        self.saved_at: datetime | None = None  # time of the last saved edit

    # -- running commands ----------------------------------------------------------
    def push(self, command: Command) -> Changes | None:
        """Do ``command`` (saved in the store); None when it was refused."""
        try:
            changes = self._execute(command, undo=False)
        except InputError as exc:
            self.last_error = str(exc)
            log.info("edit refused: %s", exc)
            self.editFailed.emit(str(exc))
            return None
        self.stack.push(_QtCommand(self, command))
        self._announce(changes)
        return changes

    def undo(self) -> None:
        self.stack.undo()

    def redo(self) -> None:
        self.stack.redo()

    def _run(self, command: Command, *, undo: bool) -> bool:
        """Undo or redo one command; False when the store could not save it (memory is
        then as before the step)."""
        try:
            changes = self._execute(command, undo=undo, redo=not undo)
        except InputError as exc:
            self.last_error = str(exc)
            log.warning("%s failed: %s", "undo" if undo else "redo", exc)
            self.editFailed.emit(str(exc))
            return False
        self._announce(changes)
        return True

    def _execute(self, command: Command, *, undo: bool, redo: bool = False) -> Changes:
        """Run one step; with a store it is saved (or, if saving fails, not done at all:
        the store raises ``StoreError``, an ``InputError``, and restores memory)."""
        store = self.store
        if store is None:
            changes = command.undo(self.patient) if undo else command.do(self.patient)
        elif undo:
            changes = store.record_undo(command, self.patient, self.who)
        else:
            changes = store.apply(command, self.patient, self.who, action="redo" if redo else "do")
        self.saved_at = datetime.now()
        return changes if isinstance(changes, Changes) else Changes.all()

    def _announce(self, changes: Changes) -> None:
        log.debug("changed: %s", changes)
        self.changed.emit(changes)
