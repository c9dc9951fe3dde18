"""One writer per project store: an OS lock on a sidecar file that dies with its holder.

``WriterLock.acquire(store_path)`` takes an exclusive, non-blocking ``flock`` on
``<store>.lock`` and keeps the file open; the kernel drops the lock when the holder closes
it, exits, crashes or is killed (SIGKILL included), so no stale lock is ever left behind.
The file records who holds it (pid, user, host, program, since) for the message the
second opener sees. A second window in the same process is refused too (the process keeps
one lock per store and knows which owner holds it). Where ``fcntl`` is missing (Windows) ``msvcrt.locking`` does the same.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import sys
import threading
import time
from pathlib import Path

from radtrack_gui.core.errors import InputError


class StoreLocked(InputError):
    """Another RadTrack process or window is writing this patient's project store.

    ``holder`` describes it (pid, user, host, program, since; empty if unknown). The caller
    may open the store read-only instead (``ProjectStore.open(..., read_only=True)``)."""

    def __init__(self, path: Path, holder: dict[str, object]) -> None:
        self.path = path
        self.holder = holder
        who = describe(holder)
        super().__init__(
            f"{path.name}: this patient is open for editing in another "
            f"RadTrack window ({who}); open it read-only or close the other one"
        )


def describe(holder: dict[str, object]) -> str:
    if not holder:
        return "holder unknown"
    parts = [f"process {holder.get('pid', '?')}"]
    if holder.get("user"):
        parts.append(f"user {holder['user']}")
    if holder.get("host") and holder.get("host") != socket.gethostname():
        parts.append(f"on {holder['host']}")
    if holder.get("since"):
        parts.append(f"since {holder['since']}")
    return ", ".join(parts)


def lock_path(store: Path) -> Path:
    return store.with_name(store.name + ".lock")


def _try_lock(fd: int) -> bool:
    try:
        import fcntl
    except ImportError:  # Windows
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        except OSError:
            return False
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def read_holder(path: Path) -> dict[str, object]:
    try:
        doc = json.loads(lock_path(path).read_text(encoding="utf-8") or "{}")
    except (OSError, ValueError):
        return {}
    return doc if isinstance(doc, dict) else {}


# Locks this process holds: store path -> [owner, count, file descriptor].
_HELD: dict[str, list] = {}
_HELD_LOCK = threading.Lock()


class WriterLock:
    """The held lock of one store; ``release`` (or process exit) frees it.

    ``owner`` (any hashable, e.g. a window's id) may take the lock again while it holds it
    (a window re-running the models on its own patient); any other owner is refused."""

    def __init__(self, path: Path, key: str) -> None:
        self.path = path
        self._key: str | None = key

    @classmethod
    def acquire(cls, store: Path, owner: object = None) -> WriterLock:
        """Lock ``store`` for writing, or raise ``StoreLocked`` naming the holder."""
        key = str(store.resolve())
        owner = object() if owner is None else owner
        with _HELD_LOCK:
            held = _HELD.get(key)
            if held is not None:
                if held[0] != owner:
                    raise StoreLocked(store, read_holder(store))
                held[1] += 1
                return cls(store, key)
            fd = os.open(lock_path(store), os.O_RDWR | os.O_CREAT, 0o600)
            try:
                if not _try_lock(fd):
                    raise StoreLocked(store, read_holder(store))
                info = {
                    "pid": os.getpid(),
                    "user": _user(),
                    "host": socket.gethostname(),
                    "program": os.path.basename(sys.argv[0] or "python"),
                    "since": time.strftime("%Y-%m-%d %H:%M:%S"),
                }
                os.ftruncate(fd, 0)
                os.write(fd, json.dumps(info).encode("utf-8"))
            except BaseException:
                os.close(fd)
                raise
            _HELD[key] = [owner, 1, fd]
        return cls(store, key)

    @property
    def held(self) -> bool:
        return self._key is not None

    def release(self) -> None:
        with _HELD_LOCK:
            if self._key is None:
                return
            key, self._key = self._key, None
            held = _HELD.get(key)
            if held is None:
                return
            held[1] -= 1
            if held[1] > 0:
                return
            del _HELD[key]
            fd = held[2]
            with contextlib.suppress(OSError):
                os.ftruncate(fd, 0)
            os.close(fd)  # closing the file drops the lock


def _user() -> str:
    try:
        import getpass

        return getpass.getuser()
    except (OSError, KeyError):
        return ""
