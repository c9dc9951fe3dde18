"""The edit history of an open patient: do, undo and redo, saved as they happen.

Qt-free (glue's ``CommandStack``): every step goes through the project store when there is
one (saved at once, with provenance ``person:<login>``) and then announces the ``Changes``
record of ``core/edits`` so every view refreshes only what changed. A step the model
refuses (``InputError``), or one the store cannot save (``StoreError``: the store then
restores memory), is reported through ``failed`` and does not stay in the history: a
refused edit never enters it, a refused undo leaves the edit done and no longer undoable,
a refused redo leaves it undone and gone from the redo side.

Several commands can form one step (``begin_macro``/``end_macro``), undone together.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from radtrack_gui.core.edits import Changes, Command
from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Patient
from radtrack_gui.session.events import Listeners

log = logging.getLogger("radtrack.session.history")

UNDO_LIMIT = 1000


def person() -> str:
    """Provenance of the user's edits: ``person:<login>``."""
    from radtrack_gui.store.db import person_who

    return person_who()


@dataclass(eq=False)
class Step:
    """One undoable step: a command, or several done as one (a macro)."""

    text: str
    commands: list[Command] = field(default_factory=list)


class EditHistory:
    """Do/undo/redo of edit commands on ``patient``, saved in ``store`` when given.

    Listeners: ``changed(Changes)`` after every step that changed the patient,
    ``failed(reason)`` for a refused step, ``moved()`` whenever the steps or the
    position among them changed (menus update their Undo/Redo texts)."""

    def __init__(
        self,
        patient: Patient,
        store: Any = None,
        who: str | None = None,
        *,
        limit: int = UNDO_LIMIT,
    ) -> None:
        self.patient = patient
        self.store = store
        self.who = who or person()
        self.limit = limit
        self.steps: list[Step] = []
        self.index = 0  # steps[:index] are done, steps[index:] can be redone
        self.last_error: str | None = None
        self.saved_at: datetime | None = None  # time of the last saved step
        self.changed = Listeners()
        self.failed = Listeners()
        self.moved = Listeners()
        self._macro: Step | None = None
        self._macro_changes: Changes | None = None

    # -- state ---------------------------------------------------------------------
    @property
    def count(self) -> int:
        return len(self.steps)

    @property
    def in_macro(self) -> bool:
        return self._macro is not None

    def can_undo(self) -> bool:
        return self._macro is None and self.index > 0

    def can_redo(self) -> bool:
        return self._macro is None and self.index < len(self.steps)

    def undo_text(self) -> str:
        return self.steps[self.index - 1].text if self.can_undo() else ""

    def redo_text(self) -> str:
        return self.steps[self.index].text if self.can_redo() else ""

    # -- doing -----------------------------------------------------------------------
    def push(self, command: Command) -> Changes | None:
        """Do ``command`` (saved in the store); None when it was refused."""
        try:
            changes = self._execute(command, undo=False)
        except InputError as exc:
            self.fail(str(exc))
            return None
        if self._macro is not None:
            self._macro.commands.append(command)
            assert self._macro_changes is not None
            self._macro_changes = self._macro_changes.merge(changes)
        else:
            self._add(Step(command.text, [command]))
        self.changed.emit(changes)
        return changes

    def fail(self, reason: str) -> None:
        """Report a refused edit (also one refused before it was built)."""
        self.last_error = reason
        log.info("edit refused: %s", reason)
        self.failed.emit(reason)

    def begin_macro(self, text: str) -> None:
        """The commands pushed until ``end_macro`` are one step."""
        if self._macro is not None:
            raise RuntimeError("begin_macro inside a macro")
        self._macro = Step(text)
        self._macro_changes = Changes()

    def end_macro(self) -> None:
        step, self._macro, self._macro_changes = self._macro, None, None
        if step is None:
            raise RuntimeError("end_macro without begin_macro")
        if step.commands:
            self._add(step)
        else:
            self.moved.emit()

    def _add(self, step: Step) -> None:
        del self.steps[self.index :]  # a new step drops what could be redone
        self.steps.append(step)
        if len(self.steps) > self.limit:
            del self.steps[0]
        self.index = len(self.steps)
        self.moved.emit()

    # -- undoing -----------------------------------------------------------------------
    def undo(self) -> Changes | None:
        """Undo the last done step; None when there is none or the store refused it."""
        if not self.can_undo():
            return None
        at = self.index - 1
        step = self.steps[at]
        changes = self._run(step, undo=True)
        if changes is None:  # still done, and no longer undoable
            del self.steps[at]
        self.index = at
        self.moved.emit()
        if changes is not None:
            self.changed.emit(changes)
        return changes

    def redo(self) -> Changes | None:
        """Redo the next undone step; None when there is none or the store refused it."""
        if not self.can_redo():
            return None
        step = self.steps[self.index]
        changes = self._run(step, undo=False)
        if changes is None:  # not redone: it leaves the history
            del self.steps[self.index]
        else:
            self.index += 1
        self.moved.emit()
        if changes is not None:
            self.changed.emit(changes)
        return changes

    def clear(self) -> None:
        self.steps.clear()
        self.index = 0
        self.moved.emit()

    def _run(self, step: Step, *, undo: bool) -> Changes | None:
        """Undo or redo every command of ``step``; on a refusal the commands already
        stepped are put back, so memory and store are as before the step."""
        order = list(reversed(step.commands)) if undo else list(step.commands)
        done: list[Command] = []
        total = Changes()
        for command in order:
            try:
                total = total.merge(self._execute(command, undo=undo, redo=not undo))
            except InputError as exc:
                log.warning("%s failed: %s", "undo" if undo else "redo", exc)
                for back in reversed(done):
                    try:
                        self._execute(back, undo=not undo, redo=undo)
                    except InputError as again:  # pragma: no cover - store gone mid-step
                        log.error("could not restore after a failed step: %s", again)
                self.fail(str(exc))
                return None
            done.append(command)
        return total

    def _execute(self, command: Command, *, undo: bool, redo: bool = False) -> Changes:
        """Run one command; with a store it is saved (or, if saving fails, not done at
        all: the store raises ``StoreError``, an ``InputError``, and restores memory)."""
        store = self.store
        if store is None:
            changes = command.undo(self.patient) if undo else command.do(self.patient)
        elif undo:
            changes = store.record_undo(command, self.patient, self.who)
        else:
            changes = store.apply(command, self.patient, self.who, action="redo" if redo else "do")
        self.saved_at = datetime.now()
        return changes if isinstance(changes, Changes) else Changes.all()
