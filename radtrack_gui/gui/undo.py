"""The Qt mirror of the session's edit history (``session/history.py``).

``UndoMirror`` turns the Qt-free session's notifications into Qt signals (``changed``,
``editFailed``) and keeps a ``QUndoStack`` showing the same steps at the same position,
for Qt's undo views and the Edit menu's texts. It holds no history of its own: Undo and
Redo go to the session (``undo()``/``redo()`` here), and the stack follows.
"""

from __future__ import annotations

import logging

from radtrack_gui.core.edits import Changes
from radtrack_gui.gui.qt import QObject, QUndoCommand, QUndoStack, Signal
from radtrack_gui.session import Session, Step

log = logging.getLogger("radtrack.gui.undo")


class _Mirrored(QUndoCommand):
    """One step of the history on the QUndoStack; undoing or redoing it from Qt asks the
    session (the stack then follows the session, not the other way round)."""

    def __init__(self, mirror: UndoMirror, step: Step) -> None:
        super().__init__(step.text)
        self.mirror = mirror
        self.step = step

    def redo(self) -> None:
        if not self.mirror.syncing:
            self.mirror.session.redo()

    def undo(self) -> None:
        if not self.mirror.syncing:
            self.mirror.session.undo()


class UndoMirror(QObject):
    """Qt signals and a ``QUndoStack`` for a ``Session``."""

    changed = Signal(object)  # core.edits.Changes
    editFailed = Signal(str)  # a one-line reason for the user
    indexChanged = Signal()  # the steps or the position among them changed

    def __init__(self, session: Session, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.stack = QUndoStack(self)
        self.syncing = False
        self._steps: list[Step] = []  # the steps on the stack, in order
        session.changed.connect(self._changed)
        session.failed.connect(self.editFailed.emit)
        session.moved.connect(self._sync)

    def undo(self) -> Changes | None:
        return self.session.undo()

    def redo(self) -> Changes | None:
        return self.session.redo()

    def _changed(self, changes: Changes) -> None:
        self.changed.emit(changes)

    def _sync(self) -> None:
        """Make the stack hold the session's steps, at the session's position."""
        history = self.session.history
        steps = list(history.steps) if history is not None else []
        index = history.index if history is not None else 0
        if history is not None and history.in_macro:
            return  # a macro is being built: it arrives whole at its end
        kept = len(self._steps)
        if steps[:kept] != self._steps:  # steps left the history: build the stack again
            kept = 0
        self.syncing = True
        try:
            if kept == 0:
                self.stack.clear()
            else:
                self.stack.setIndex(kept)
            for step in steps[kept:]:
                self.stack.push(_Mirrored(self, step))
            self.stack.setIndex(index)
        finally:
            self.syncing = False
        self._steps = steps
        self.indexChanged.emit()
