"""The SQLite project store: one file per patient folder, saved on every edit.

- File: ``user_data_dir()/projects/<hash of the folder's absolute path>.sqlite``; how it
  is opened, locked and written (one transaction per write, two error kinds) is
  ``store/connection.py``; the schema is ``store/migrations.py``; the rows
  ``store/rows.py``.
- ``apply`` runs an edit command and writes only the rows it changed, plus a line in the
  edit log (who: ``model:<name>`` or ``person:<login>``, when: UTC ISO time, what: the
  command's text and a JSON payload), all in one transaction.
- On load the project invariants are checked (``store/integrity.py``); a broken store is
  backed up and repaired, and the patient's problems say so.
"""

from __future__ import annotations

import getpass
import hashlib
import json
import os
import sqlite3
from pathlib import Path
from typing import Any

from radtrack_gui.core.edits import Changes, Command
from radtrack_gui.core.model import Patient, Problem
from radtrack_gui.store import integrity, rows
from radtrack_gui.store.connection import StoreConnection
from radtrack_gui.store.errors import (
    StoreBug,
    StoreConflict,
    StoreError,
    StoreReadOnly,
    environment_errors,
)
from radtrack_gui.store.lock import StoreLocked, WriterLock

__all__ = [
    "ProjectStore",
    "StoreBug",
    "StoreConflict",
    "StoreError",
    "StoreLocked",
    "StoreReadOnly",
    "person_who",
    "store_path_for_folder",
]


def person_who(login: str | None = None) -> str:
    """``person:<login>`` for the edit log (the current user by default)."""
    if login is None:
        try:
            login = getpass.getuser()
        except (OSError, KeyError):  # no login name in this environment
            login = "unknown"
    return f"person:{login}"


def _check_who(who: str) -> str:
    if not (who.startswith("model:") or who.startswith("person:")) or who.endswith(":"):
        raise ValueError(f"who must be 'model:<name>' or 'person:<login>', not {who!r}")
    return who


def store_path_for_folder(folder: str | os.PathLike[str]) -> Path:
    from radtrack_gui.util.paths import user_data_dir

    key = str(Path(folder).expanduser().resolve())
    digest = hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:24]
    return user_data_dir() / "projects" / f"{digest}.sqlite"


class ProjectStore(StoreConnection):
    """One patient's project file. Use ``open``/``for_folder``; ``close`` when done (or
    use it as a context manager)."""

    def __init__(
        self, path: Path, conn: sqlite3.Connection, lock: WriterLock | None = None
    ) -> None:
        super().__init__(path, conn, lock)
        # set by load_patient when the store broke an invariant: what, and the backup
        self.repaired: list[str] = []
        self.backup_path: Path | None = None

    @classmethod
    def for_folder(cls, folder: str | os.PathLike[str], **kw: Any) -> ProjectStore:
        """The store of a patient folder (in the user data directory, never the folder)."""
        return cls.open(store_path_for_folder(folder), **kw)

    # -- whole patient ------------------------------------------------------------
    def save_patient(
        self,
        patient: Patient,
        who: str,
        *,
        extractor: str | None = None,
        linker: str | None = None,
        command: str = "Save patient",
    ) -> None:
        """Replace everything stored with ``patient`` (one transaction; logged)."""
        _check_who(who)
        with self.transaction() as conn:
            rows.delete_patient(conn)
            rows.write_all(conn, patient)
            meta: dict[str, Any] = {
                "patient_id": patient.id,
                "folder": patient.folder,
                "annotated": patient.annotated,
                "problems": [[p.file, p.reason, p.skipped] for p in patient.problems],
                "report_groups": patient.report_groups,
                "saved": rows.now(),
            }
            if not conn.execute("SELECT 1 FROM meta WHERE key = 'created'").fetchone():
                meta["created"] = rows.now()
            if extractor is not None:
                meta["extractor"] = extractor
            if linker is not None:
                meta["linker"] = linker
            self.set_meta(conn, **meta)
            self._log(
                conn,
                who,
                command,
                {
                    "reports": len(patient.reports),
                    "mentions": len(patient.mentions),
                    "chains": len(patient.chains),
                    "extractor": extractor,
                    "linker": linker,
                },
            )

    def clear(self, who: str, command: str = "Clear project") -> None:
        """Forget the stored patient (e.g. before the models run again); the edit log
        stays. ``load_patient`` then returns None."""
        _check_who(who)
        with self.transaction() as conn:
            rows.delete_patient(conn)
            conn.execute(
                "DELETE FROM meta WHERE key IN ('patient_id', 'extractor', "
                "'linker', 'problems', 'annotated', 'folder', 'report_groups')"
            )
            self._log(conn, who, command, {})

    def load_patient(self) -> Patient | None:
        """The stored patient, or None for a new (empty) store.

        A store that breaks the project invariants is backed up and repaired first (a
        read-only one is refused: ``StoreError``); the patient's problems then say so."""
        with self._lock:
            self._seen_version = self._data_version()
            errors = self.check_invariants()
            if errors:
                self._repair(errors)
            patient = rows.read_patient(self.meta(), self._read)
        if patient is not None and self.repaired:
            shown = "; ".join(self.repaired[:3]) + ("; ..." if len(self.repaired) > 3 else "")
            patient.problems.append(
                Problem(
                    str(self.path),
                    f"the project store was inconsistent ({shown}); repaired, "
                    f"the damaged copy kept as {self.backup_path}",
                    skipped=False,
                )
            )
        return patient

    def check_invariants(self) -> list[str]:
        """Project invariants broken in the stored data (empty: all hold)."""
        with self._lock, environment_errors(self.path):
            return integrity.check(self.conn)

    def _repair(self, errors: list[str]) -> None:
        if self.read_only:
            raise StoreError(
                f"project store {self.path}: inconsistent ({errors[0]}); "
                "open it for editing to repair it"
            )
        self.backup_path = integrity.backup(self.conn, self.path)
        with self.transaction() as conn:
            integrity.repair(conn)
            self._log(
                conn,
                "model:repair",
                "Repair project store",
                {"errors": errors, "backup": str(self.backup_path)},
            )
        remaining = self.check_invariants()
        if remaining:  # never show a broken project as fine
            raise StoreError(
                f"project store {self.path}: inconsistent and not repairable "
                f"({remaining[0]}); a copy is kept as {self.backup_path}"
            )
        self.repaired = errors

    # -- edits --------------------------------------------------------------------
    def apply(self, command: Command, patient: Patient, who: str, *, action: str = "do") -> Changes:
        """Run ``command.do(patient)`` and save what it changed, with a log line, in one
        transaction. If saving fails the edit is undone in memory too, then re-raised."""
        _check_who(who)
        with self._lock:  # no save from another thread sees half an edit
            changes = command.do(patient)
            try:
                with self.transaction() as conn:
                    rows.write_changes(conn, patient, changes)
                    text = command.text if action == "do" else f"Redo {command.text}"
                    self._log(conn, who, text, self._payload(command, changes, action))
            except BaseException:
                command.undo(patient)
                raise
        return changes

    def record_undo(self, command: Command, patient: Patient, who: str) -> Changes:
        """Run ``command.undo(patient)`` and save what that changed (logged as
        "Undo <text>"). If saving fails the edit is redone in memory, then re-raised."""
        _check_who(who)
        with self._lock:
            changes = command.undo(patient)
            try:
                with self.transaction() as conn:
                    rows.write_changes(conn, patient, changes)
                    self._log(
                        conn, who, f"Undo {command.text}", self._payload(command, changes, "undo")
                    )
            except BaseException:
                command.do(patient)
                raise
        return changes

    @staticmethod
    def _payload(command: Command, changes: Changes, action: str) -> dict[str, Any]:
        return {
            "action": action,
            "command": type(command).__name__,
            "params": command.params(),
            "changes": changes.as_dict(),
        }

    def _log(
        self, conn: sqlite3.Connection, who: str, command: str, payload: dict[str, Any]
    ) -> None:
        conn.execute(
            "INSERT INTO edits (time, who, command, payload) VALUES (?, ?, ?, ?)",
            (rows.now(), who, command, rows.dumps(payload)),
        )

    def edit_log(self) -> list[dict[str, Any]]:
        """Every logged edit, oldest first: id, time, who, command, payload (a dict)."""
        log = self._read("SELECT id, time, who, command, payload FROM edits ORDER BY id")
        for r in log:
            r["payload"] = json.loads(r["payload"])
        return log
