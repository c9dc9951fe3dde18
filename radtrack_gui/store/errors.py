"""The two kinds of project-store failure (after qutebrowser's ``misc/sql.py``).

- The user's environment (disk full, file locked, damaged, read-only, I/O error, cannot
  open, not a database): ``StoreError``, an ``InputError`` with a one-line message naming
  the file and what to do. Classified by SQLite's result code (``sqlite_errorcode``; the
  primary code is its low byte), falling back to the message for older Pythons.
- Our bug (a FOREIGN KEY, CHECK, UNIQUE or NOT NULL violation, a misuse of the API):
  ``StoreBug``, raised after the transaction was rolled back, so nothing is half-applied.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from radtrack_gui.core.errors import InputError


class StoreError(InputError):
    """The project store cannot be used (locked, full, read-only, damaged): the user's
    environment, not our bug. The message names the file and what to do."""


class StoreReadOnly(StoreError):
    """A write to a store opened read-only."""


class StoreConflict(StoreError):
    """The store was changed by another program since this one last read it."""


class StoreBug(RuntimeError):
    """A constraint violation or API misuse: our bug. The transaction was rolled back."""


_LOCKED = "it is locked by another program (close other RadTrack windows and retry)"
_FULL = "the disk is full (free some space and retry)"
_DAMAGED = "the file is damaged (delete it to rebuild the project from its folder)"
_READONLY = "the file is read-only (check its permissions)"
_OPEN = "the file cannot be opened (check the folder's permissions)"

# SQLite primary result codes that describe the environment.
_CODES: dict[int, str] = {
    3: "permission denied (check the file's permissions)",  # SQLITE_PERM
    5: _LOCKED,  # SQLITE_BUSY
    6: _LOCKED,  # SQLITE_LOCKED
    7: "out of memory",  # SQLITE_NOMEM
    8: _READONLY,  # SQLITE_READONLY
    10: "the disk could not be read or written",  # SQLITE_IOERR
    11: _DAMAGED,  # SQLITE_CORRUPT
    13: _FULL,  # SQLITE_FULL
    14: _OPEN,  # SQLITE_CANTOPEN
    15: _LOCKED,  # SQLITE_PROTOCOL
    26: "it is not a RadTrack project store (damaged or another file)",  # SQLITE_NOTADB
}

# The same, by message (no result code on the exception).
_MESSAGES = (
    ("locked", _LOCKED),
    ("busy", _LOCKED),
    ("full", _FULL),
    ("no space", _FULL),
    ("not a database", _CODES[26]),
    ("malformed", _DAMAGED),
    ("corrupt", _DAMAGED),
    ("disk i/o", _CODES[10]),
    ("unable to open", _OPEN),
    ("readonly", _READONLY),
    ("read-only", _READONLY),
)


def environment_reason(exc: BaseException) -> str | None:
    """What to tell the user when ``exc`` comes from their environment; None: our bug."""
    if isinstance(exc, OSError):
        return exc.strerror or str(exc)
    if not isinstance(exc, sqlite3.Error) or isinstance(
        exc, sqlite3.IntegrityError | sqlite3.ProgrammingError | sqlite3.InterfaceError
    ):
        return None
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int) and code > 0:
        return _CODES.get(code & 0xFF)
    text = str(exc).lower()
    for needle, reason in _MESSAGES:
        if needle in text:
            return reason
    return None


@contextmanager
def environment_errors(path: Path) -> Iterator[None]:
    """Inside the block, a failure of the user's environment becomes ``StoreError`` naming
    the store; anything else (our bug) propagates unchanged."""
    try:
        yield
    except (sqlite3.Error, OSError) as exc:
        reason = environment_reason(exc)
        if reason is None:
            raise
        raise StoreError(f"project store {path}: {reason}") from exc
