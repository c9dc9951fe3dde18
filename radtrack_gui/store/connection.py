"""The SQLite side of the project store: opening, transactions, reads, the meta table.

- Open: private file (0600) in a private folder, foreign keys on, WAL mode, ``PRAGMA
  quick_check`` on an existing file, schema brought up to date (``store/migrations.py``).
- One writer per store (``store/lock.py``): opening for writing takes a lock that dies
  with its holder; a second opener gets ``StoreLocked`` and may open ``read_only=True``
  (writes then raise ``StoreReadOnly``).
- Each transaction starts with ``BEGIN IMMEDIATE``, is serialized by a lock, and checks
  that no other program wrote since this one last read (``PRAGMA data_version``;
  ``StoreConflict`` otherwise), so a crash never leaves half a write.
- Two error kinds (``store/errors.py``): the user's environment raises ``StoreError``; a
  constraint violation is our bug, ``StoreBug`` after the rollback.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Self

from radtrack_gui.store.errors import (
    StoreBug,
    StoreConflict,
    StoreError,
    StoreReadOnly,
    environment_errors,
)
from radtrack_gui.store.lock import WriterLock
from radtrack_gui.store.migrations import LATEST, migrate, version


def _connect(
    path: Path, timeout: float, read_only: bool, owner: object
) -> tuple[sqlite3.Connection, WriterLock | None]:
    """An open connection with an up-to-date schema, and the writer lock (None when
    read-only). Environment failures become ``StoreError``; nothing stays open on error."""
    conn: sqlite3.Connection | None = None
    lock: WriterLock | None = None
    try:
        with environment_errors(path):
            path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            if read_only:
                if not path.exists():
                    raise StoreError(
                        f"project store {path}: not created yet (open the "
                        "patient for editing first)"
                    )
                conn = sqlite3.connect(
                    f"{path.resolve().as_uri()}?mode=ro",
                    uri=True,
                    timeout=timeout,
                    check_same_thread=False,
                )
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
                raise StoreError(
                    f"{path}: made by a newer RadTrack (schema {found}, this "
                    f"version reads up to {LATEST}); update RadTrack"
                )
            if found:
                check = conn.execute("PRAGMA quick_check").fetchone()[0]
                if check != "ok":
                    raise sqlite3.DatabaseError(f"database disk image is malformed: {check}")
            if read_only:
                if found < LATEST:
                    raise StoreError(
                        f"project store {path}: an older schema; open it for "
                        "editing once to update it"
                    )
            else:
                migrate(conn)
                if conn.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
                    conn.execute("PRAGMA journal_mode = WAL")
                conn.execute("PRAGMA synchronous = NORMAL")  # safe with WAL; fast commits
    except BaseException:
        if conn is not None:
            conn.close()
        if lock is not None:
            lock.release()
        raise
    return conn, lock


class StoreConnection:
    """One store file: use ``open``; ``close`` when done (or use it as a context
    manager)."""

    def __init__(
        self, path: Path, conn: sqlite3.Connection, lock: WriterLock | None = None
    ) -> None:
        self.path = path
        self.conn = conn
        self._lock = threading.RLock()
        self.writer_lock = lock
        self.read_only = lock is None
        self._seen_version = self._data_version()

    @classmethod
    def open(
        cls,
        path: str | os.PathLike[str],
        *,
        timeout: float = 5.0,
        read_only: bool = False,
        owner: object = None,
    ) -> Self:
        """Open (or create) the store at ``path`` and bring its schema up to date.

        For writing, the store is locked to this process (``StoreLocked`` names the other
        holder; the same ``owner``, e.g. a window re-running its models, may open it
        again); ``read_only=True`` opens it without the lock and refuses every write."""
        path = Path(path)
        conn, lock = _connect(path, timeout, read_only, owner)
        return cls(path, conn, lock)

    def close(self) -> None:
        with self._lock:
            self.conn.close()
            if self.writer_lock is not None:
                self.writer_lock.release()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def schema_version(self) -> int:
        return version(self.conn)

    def _data_version(self) -> int:
        return int(self.conn.execute("PRAGMA data_version").fetchone()[0])

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """All or nothing: ``BEGIN IMMEDIATE`` (the write lock first), commit at the end,
        roll back on any error. Environment failures become ``StoreError``; constraint
        violations ``StoreBug``; other errors propagate (after the rollback)."""
        with self._lock, environment_errors(self.path):
            if self.read_only:
                raise StoreReadOnly(
                    f"project store {self.path}: opened read-only (another "
                    "window is editing this patient); nothing was saved"
                )
            conn = self.conn
            try:
                conn.execute("BEGIN IMMEDIATE")
                if self._data_version() != self._seen_version:
                    raise StoreConflict(
                        f"project store {self.path}: changed by another "
                        "program since it was opened; reopen the patient"
                    )
                yield conn
                conn.execute("COMMIT")
                self._seen_version = self._data_version()
            except BaseException as exc:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                if isinstance(exc, sqlite3.IntegrityError):
                    raise StoreBug(
                        f"project store {self.path}: our bug, a constraint was "
                        f"violated ({exc}); the edit was not saved"
                    ) from exc
                raise

    def _read(self, sql: str, params: tuple = ()) -> list[dict[str, Any]]:
        with self._lock, environment_errors(self.path):
            cur = self.conn.execute(sql, params)
            cols = [d[0] for d in cur.description]
            return [dict(zip(cols, row, strict=True)) for row in cur.fetchall()]

    def meta(self) -> dict[str, Any]:
        return {r["key"]: json.loads(r["value"]) for r in self._read("SELECT * FROM meta")}

    def set_meta(self, conn: sqlite3.Connection, **values: Any) -> None:
        conn.executemany(
            "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) "
            "DO UPDATE SET value = excluded.value",
            # ASCII JSON: a folder path with undecodable bytes (surrogate-escaped) is kept
            # losslessly as \udcNN escapes, which SQLite's UTF-8 text could not hold.
            [(k, json.dumps(v, separators=(",", ":"))) for k, v in values.items()],
        )
