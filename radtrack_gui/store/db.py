"""The SQLite project store: one file per patient folder, saved on every edit.

- File: ``user_data_dir()/projects/<hash of the folder's absolute path>.sqlite``,
  private (0600), WAL mode, foreign keys on, schema version in ``PRAGMA user_version``
  with ordered migrations (``store/migrations.py``).
- Writes happen in one transaction each (``transaction()``), serialized by a lock, so a
  crash never leaves half an edit. ``apply`` runs an edit command and writes only the
  rows it changed, plus a line in the edit log (who: ``model:<name>`` or
  ``person:<login>``, when: UTC ISO time, what: the command's text and a JSON payload).
- One writer per store (``store/lock.py``): opening for writing takes a lock that dies
  with its holder; a second opener gets ``StoreLocked`` and may open ``read_only=True``
  (writes then raise ``StoreReadOnly``). Each transaction starts with ``BEGIN IMMEDIATE``
  and checks that no other program wrote since this one last read (``PRAGMA
  data_version``; ``StoreConflict`` otherwise).
- Two error kinds (``store/errors.py``): the user's environment (locked, disk full,
  read-only, corrupt, not a database) raises ``StoreError`` (an ``InputError``: show the
  one-line message); a constraint violation is our bug: ``StoreBug`` after the rollback.
- On load the project invariants are checked (``store/integrity.py``); a broken store is
  backed up and repaired, and the patient's problems say so.

Chains and mentions are loaded in natural id order (c2 before c10).
"""

from __future__ import annotations

import getpass
import hashlib
import json
import os
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from radtrack_gui.core.edits import Changes, Command
from radtrack_gui.core.model import Chain, Mention, Patient, Problem, Report, Section
from radtrack_gui.store import integrity
from radtrack_gui.store.errors import (
    StoreBug,
    StoreConflict,
    StoreError,
    StoreReadOnly,
    environment_reason,
)
from radtrack_gui.store.lock import StoreLocked, WriterLock
from radtrack_gui.store.migrations import LATEST, migrate, version
from radtrack_gui.util.natsort import natural_key

__all__ = ["ProjectStore", "StoreBug", "StoreConflict", "StoreError", "StoreLocked",
           "StoreReadOnly", "person_who", "store_path_for_folder"]


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


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode

_REPORT_COLS = ("id", "pos", "text", "date", "date_known", "exam", "modality", "region",
                "patient", "source", "sections", "flags")
_CHAIN_COLS = ("id", "type", "label", "mentions", "reviewed", "source", "why",
               "label_locked")
_MENTION_COLS = ("id", "report", "start", "end", "text", "type", "concept", "anatomy",
                 "laterality", "assertion", "change", "section", "measurements", "chain",
                 "source", "fragments")


def _upsert_sql(table: str, cols: tuple[str, ...]) -> str:
    names = ", ".join(f'"{c}"' for c in cols)
    marks = ", ".join("?" for _ in cols)
    sets = ", ".join(f'"{c}" = excluded."{c}"' for c in cols if c != "id")
    return (f"INSERT INTO {table} ({names}) VALUES ({marks}) "
            f"ON CONFLICT(id) DO UPDATE SET {sets}")


_UPSERT_CHAIN = _upsert_sql("chains", _CHAIN_COLS)
_UPSERT_MENTION = _upsert_sql("mentions", _MENTION_COLS)
_INSERT_REPORT = _upsert_sql("reports", _REPORT_COLS)


def _report_row(r: Report, pos: int) -> tuple:
    return (r.id, pos, r.text, r.date.isoformat() if r.date else None, int(r.date_known),
            r.exam, r.modality, r.region, r.patient, r.source,
            _dumps([[s.name, s.start, s.end] for s in r.sections]), _dumps(r.flags))


def _chain_row(c: Chain) -> tuple:
    return (c.id, c.type, c.label, _dumps(c.mentions), int(c.reviewed), c.source,
            _dumps(c.why), int(c.label_locked))


def _mention_row(m: Mention) -> tuple:
    return (m.id, m.report, m.start, m.end, m.text, m.type, m.concept, _dumps(m.anatomy),
            m.laterality, m.assertion, m.change, m.section, _dumps(m.measurements),
            m.chain, m.source, _dumps([list(f) for f in m.fragments]))


class ProjectStore:
    """One patient's project file. Use ``open``/``for_folder``; ``close`` when done (or
    use it as a context manager)."""

    def __init__(self, path: Path, conn: sqlite3.Connection,
                 lock: WriterLock | None = None) -> None:
        import sqlite_utils

        self.path = path
        self.conn = conn
        self.db = sqlite_utils.Database(conn, execute_plugins=False)
        self._lock = threading.RLock()
        self.writer_lock = lock
        self.read_only = lock is None
        self._seen_version = self._data_version()
        # set by load_patient when the store broke an invariant: what, and the backup
        self.repaired: list[str] = []
        self.backup_path: Path | None = None

    # -- opening ------------------------------------------------------------------
    @classmethod
    def open(cls, path: str | os.PathLike[str], *, timeout: float = 5.0,
             read_only: bool = False, owner: object = None) -> ProjectStore:
        """Open (or create) the store at ``path`` and bring its schema up to date.

        For writing, the store is locked to this process (``StoreLocked`` names the other
        holder; the same ``owner``, e.g. a window re-running its models, may open it
        again); ``read_only=True`` opens it without the lock and refuses every write."""
        path = Path(path)
        conn: sqlite3.Connection | None = None
        lock: WriterLock | None = None
        try:
            path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            if read_only:
                if not path.exists():
                    raise StoreError(f"project store {path}: not created yet (open the "
                                     "patient for editing first)")
                conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True,
                                       timeout=timeout, check_same_thread=False)
            else:
                lock = WriterLock.acquire(path, owner)
                if not path.exists():
                    os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
                if path.stat().st_mode & 0o077:
                    os.chmod(path, 0o600)
                conn = sqlite3.connect(path, timeout=timeout, check_same_thread=False)
            conn.execute("PRAGMA foreign_keys = ON")
            found = version(conn)  # a file that is not a database fails here
            if found > LATEST:
                raise StoreError(f"{path}: made by a newer RadTrack (schema {found}, this "
                                 f"version reads up to {LATEST}); update RadTrack")
            if found:
                check = conn.execute("PRAGMA quick_check").fetchone()[0]
                if check != "ok":
                    raise sqlite3.DatabaseError(f"database disk image is malformed: {check}")
            if read_only:
                if found < LATEST:
                    raise StoreError(f"project store {path}: an older schema; open it for "
                                     "editing once to update it")
            else:
                migrate(conn)
                if conn.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
                    conn.execute("PRAGMA journal_mode = WAL")
                conn.execute("PRAGMA synchronous = NORMAL")  # safe with WAL; fast commits
        except BaseException as exc:
            if conn is not None:
                conn.close()
            if lock is not None:
                lock.release()
            reason = environment_reason(exc)
            if reason is None:
                raise
            raise StoreError(f"project store {path}: {reason}") from exc
        return cls(path, conn, lock)

    @classmethod
    def for_folder(cls, folder: str | os.PathLike[str], **kw: Any) -> ProjectStore:
        """The store of a patient folder (in the user data directory, never the folder)."""
        return cls.open(store_path_for_folder(folder), **kw)

    def close(self) -> None:
        with self._lock:
            self.conn.close()
            if self.writer_lock is not None:
                self.writer_lock.release()

    def __enter__(self) -> ProjectStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def schema_version(self) -> int:
        return version(self.conn)

    def _data_version(self) -> int:
        return int(self.conn.execute("PRAGMA data_version").fetchone()[0])

    # -- transactions -------------------------------------------------------------
    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """All or nothing: ``BEGIN IMMEDIATE`` (the write lock first), commit at the end,
        roll back on any error. Environment failures become ``StoreError``; constraint
        violations ``StoreBug``; other errors propagate (after the rollback)."""
        with self._lock:
            if self.read_only:
                raise StoreReadOnly(f"project store {self.path}: opened read-only (another "
                                    "window is editing this patient); nothing was saved")
            conn = self.conn
            try:
                conn.execute("BEGIN IMMEDIATE")
                if self._data_version() != self._seen_version:
                    raise StoreConflict(f"project store {self.path}: changed by another "
                                        "program since it was opened; reopen the patient")
                yield conn
                conn.execute("COMMIT")
                self._seen_version = self._data_version()
            except BaseException as exc:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                if isinstance(exc, sqlite3.IntegrityError):
                    raise StoreBug(f"project store {self.path}: our bug, a constraint was "
                                   f"violated ({exc}); the edit was not saved") from exc
                if isinstance(exc, sqlite3.Error | OSError):
                    reason = environment_reason(exc)
                    if reason is not None:
                        raise StoreError(f"project store {self.path}: {reason}") from exc
                raise

    def _read(self, sql: str, params: tuple = ()) -> list[dict[str, Any]]:
        with self._lock:
            try:
                cur = self.conn.execute(sql, params)
                cols = [d[0] for d in cur.description]
                return [dict(zip(cols, row, strict=True)) for row in cur.fetchall()]
            except sqlite3.Error as exc:
                reason = environment_reason(exc)
                if reason is None:
                    raise
                raise StoreError(f"project store {self.path}: {reason}") from exc

    # -- meta ---------------------------------------------------------------------
    def meta(self) -> dict[str, Any]:
        return {r["key"]: json.loads(r["value"]) for r in self._read("SELECT * FROM meta")}

    def set_meta(self, conn: sqlite3.Connection, **values: Any) -> None:
        conn.executemany("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) "
                         "DO UPDATE SET value = excluded.value",
                         [(k, _dumps(v)) for k, v in values.items()])

    # -- whole patient ------------------------------------------------------------
    def save_patient(self, patient: Patient, who: str, *, extractor: str | None = None,
                     linker: str | None = None, command: str = "Save patient") -> None:
        """Replace everything stored with ``patient`` (one transaction; logged)."""
        _check_who(who)
        with self.transaction() as conn:
            for table in ("mentions", "chains", "reports"):
                conn.execute(f"DELETE FROM {table}")
            self._write_all(conn, patient)
            meta: dict[str, Any] = {
                "patient_id": patient.id, "folder": patient.folder,
                "annotated": patient.annotated,
                "problems": [[p.file, p.reason, p.skipped] for p in patient.problems],
                "report_groups": patient.report_groups,
                "saved": _now(),
            }
            if not conn.execute("SELECT 1 FROM meta WHERE key = 'created'").fetchone():
                meta["created"] = _now()
            if extractor is not None:
                meta["extractor"] = extractor
            if linker is not None:
                meta["linker"] = linker
            self.set_meta(conn, **meta)
            self._log(conn, who, command, {
                "reports": len(patient.reports), "mentions": len(patient.mentions),
                "chains": len(patient.chains), "extractor": extractor, "linker": linker})

    def clear(self, who: str, command: str = "Clear project") -> None:
        """Forget the stored patient (e.g. before the models run again); the edit log
        stays. ``load_patient`` then returns None."""
        _check_who(who)
        with self.transaction() as conn:
            for table in ("mentions", "chains", "reports"):
                conn.execute(f"DELETE FROM {table}")
            conn.execute("DELETE FROM meta WHERE key IN ('patient_id', 'extractor', "
                         "'linker', 'problems', 'annotated', 'folder', 'report_groups')")
            self._log(conn, who, command, {})

    def _write_all(self, conn: sqlite3.Connection, patient: Patient) -> None:
        conn.executemany(_INSERT_REPORT,
                         [_report_row(r, i) for i, r in enumerate(patient.reports)])
        conn.executemany(_UPSERT_CHAIN, [_chain_row(c) for c in patient.chains.values()])
        conn.executemany(_UPSERT_MENTION,
                         [_mention_row(m) for m in patient.mentions.values()])

    def load_patient(self) -> Patient | None:
        """The stored patient, or None for a new (empty) store.

        A store that breaks the project invariants is backed up and repaired first (a
        read-only one is refused: ``StoreError``); the patient's problems then say so."""
        with self._lock:
            self._seen_version = self._data_version()
            errors = self._check_invariants()
            if errors:
                self._repair(errors)
            patient = self._load()
        if patient is not None and self.repaired:
            shown = "; ".join(self.repaired[:3]) + ("; ..." if len(self.repaired) > 3 else "")
            patient.problems.append(Problem(
                str(self.path), f"the project store was inconsistent ({shown}); repaired, "
                f"the damaged copy kept as {self.backup_path}", skipped=False))
        return patient

    def check_invariants(self) -> list[str]:
        """Project invariants broken in the stored data (empty: all hold)."""
        with self._lock:
            return self._check_invariants()

    def _check_invariants(self) -> list[str]:
        try:
            return integrity.check(self.conn)
        except sqlite3.Error as exc:
            reason = environment_reason(exc)
            if reason is None:
                raise
            raise StoreError(f"project store {self.path}: {reason}") from exc

    def _repair(self, errors: list[str]) -> None:
        if self.read_only:
            raise StoreError(f"project store {self.path}: inconsistent ({errors[0]}); "
                             "open it for editing to repair it")
        self.backup_path = integrity.backup(self.conn, self.path)
        with self.transaction() as conn:
            integrity.repair(conn)
            self._log(conn, "model:repair", "Repair project store",
                      {"errors": errors, "backup": str(self.backup_path)})
        remaining = self._check_invariants()
        if remaining:  # never show a broken project as fine
            raise StoreError(f"project store {self.path}: inconsistent and not repairable "
                             f"({remaining[0]}); a copy is kept as {self.backup_path}")
        self.repaired = errors

    def _load(self) -> Patient | None:
        meta = self.meta()
        if "patient_id" not in meta:
            return None
        patient = Patient(id=meta["patient_id"], folder=meta.get("folder", ""),
                          annotated=bool(meta.get("annotated", False)),
                          problems=[Problem(*p) for p in meta.get("problems", [])],
                          report_groups=meta.get("report_groups") or [])
        for r in self._read("SELECT * FROM reports ORDER BY pos"):
            patient.reports.append(Report(
                id=r["id"], text=r["text"],
                date=datetime.fromisoformat(r["date"]) if r["date"] else None,
                date_known=bool(r["date_known"]), exam=r["exam"], modality=r["modality"],
                region=r["region"], patient=r["patient"], source=r["source"],
                sections=[Section(*s) for s in json.loads(r["sections"])],
                flags=json.loads(r["flags"])))
        rows = sorted(self._read("SELECT * FROM mentions"), key=lambda r: natural_key(r["id"]))
        for r in rows:
            patient.mentions[r["id"]] = Mention(
                id=r["id"], report=r["report"], start=r["start"], end=r["end"],
                text=r["text"], type=r["type"], concept=r["concept"],
                anatomy=json.loads(r["anatomy"]), laterality=r["laterality"],
                assertion=r["assertion"], change=r["change"], section=r["section"],
                measurements=json.loads(r["measurements"]), chain=r["chain"],
                source=r["source"],
                fragments=[(int(a), int(b)) for a, b in json.loads(r["fragments"])])
        rows = sorted(self._read("SELECT * FROM chains"), key=lambda r: natural_key(r["id"]))
        for r in rows:
            patient.chains[r["id"]] = Chain(
                id=r["id"], type=r["type"], label=r["label"],
                mentions=json.loads(r["mentions"]), reviewed=bool(r["reviewed"]),
                source=r["source"], why=json.loads(r["why"]),
                label_locked=bool(r["label_locked"]))
        return patient

    # -- edits --------------------------------------------------------------------
    def apply(self, command: Command, patient: Patient, who: str, *,
              action: str = "do") -> Changes:
        """Run ``command.do(patient)`` and save what it changed, with a log line, in one
        transaction. If saving fails the edit is undone in memory too, then re-raised."""
        _check_who(who)
        with self._lock:  # no save from another thread sees half an edit
            changes = command.do(patient)
            try:
                with self.transaction() as conn:
                    self._write_changes(conn, patient, changes)
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
                    self._write_changes(conn, patient, changes)
                    self._log(conn, who, f"Undo {command.text}",
                              self._payload(command, changes, "undo"))
            except BaseException:
                command.do(patient)
                raise
        return changes

    @staticmethod
    def _payload(command: Command, changes: Changes, action: str) -> dict[str, Any]:
        return {"action": action, "command": type(command).__name__,
                "params": command.params(), "changes": changes.as_dict()}

    def _write_changes(self, conn: sqlite3.Connection, patient: Patient,
                       changes: Changes) -> None:
        if changes.everything:
            for table in ("mentions", "chains", "reports"):
                conn.execute(f"DELETE FROM {table}")
            self._write_all(conn, patient)
            return
        # Deferred foreign keys: the order below only matters for readability.
        chains = [patient.chains[c] for c in changes.chains_added | changes.chains_changed
                  if c in patient.chains]
        mentions = [patient.mentions[m] for m in
                    changes.mentions_added | changes.mentions_changed
                    if m in patient.mentions]
        conn.executemany(_UPSERT_CHAIN, [_chain_row(c) for c in chains])
        conn.executemany(_UPSERT_MENTION, [_mention_row(m) for m in mentions])
        conn.executemany("DELETE FROM mentions WHERE id = ?",
                         [(m,) for m in changes.mentions_removed])
        conn.executemany("DELETE FROM chains WHERE id = ?",
                         [(c,) for c in changes.chains_removed])

    def _log(self, conn: sqlite3.Connection, who: str, command: str,
             payload: dict[str, Any]) -> None:
        conn.execute("INSERT INTO edits (time, who, command, payload) VALUES (?, ?, ?, ?)",
                     (_now(), who, command, _dumps(payload)))

    def edit_log(self) -> list[dict[str, Any]]:
        """Every logged edit, oldest first: id, time, who, command, payload (a dict)."""
        rows = self._read("SELECT id, time, who, command, payload FROM edits ORDER BY id")
        for r in rows:
            r["payload"] = json.loads(r["payload"])
        return rows
