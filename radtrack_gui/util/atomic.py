"""Write files whole or not at all: a temporary file beside the target, then rename.

Only a regular file (or a new path) is replaced that way. ``-`` means standard output, and
a device or FIFO that exists (``/dev/null``, a named pipe) is written directly: renaming
over it would replace the device node with a regular file.

A temporary file is removed when writing fails; one left by a killed process is found
through a small record in the user data folder (``pending-temp/``) and removed by
``clean_stale_temp`` on the next start.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO

from radtrack_gui.util.paths import make_folders

STDOUT = "-"


class WriteError(OSError):
    """An output could not be written (a folder in the way, a full disk, no permission): the
    message is one line naming the path and why; nothing partial was left."""


def is_special(path: Path) -> bool:
    """An existing target that is not a regular file or folder (device, FIFO, socket)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


@contextmanager
def _direct(
    target: str | os.PathLike[str], mode: str, encoding: str | None, newline: str | None
) -> Iterator[IO]:
    if str(target) == STDOUT:
        stream: IO = sys.stdout.buffer if "b" in mode else sys.stdout
        yield stream
        stream.flush()
        return
    if "b" in mode:
        with open(target, mode) as f:
            yield f
    else:
        with open(target, mode, encoding=encoding, newline=newline) as f:
            yield f


def _pending_dir() -> Path | None:
    try:
        from radtrack_gui.util.paths import user_data_dir

        folder = user_data_dir() / "pending-temp"
        folder.mkdir(mode=0o700, exist_ok=True)
        return folder
    except OSError:
        return None


@contextmanager
def _registered(tmp: str) -> Iterator[None]:
    """Record ``tmp`` while it exists, so a killed writer's leftover can be found."""
    folder = _pending_dir()
    record = None
    if folder is not None:
        record = folder / f"{os.getpid()}-{os.path.basename(tmp)}.json"
        with suppress(OSError):
            fd = os.open(record, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump({"pid": os.getpid(), "path": tmp}, f)
    try:
        yield
    finally:
        if record is not None:
            with suppress(OSError):
                os.unlink(record)


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # exists, owned by someone else
    return True


def clean_stale_temp() -> list[str]:
    """Remove temporary files and folders of writers that died (killed exports); returns
    the paths removed. Only paths recorded by ``atomic_open``/``atomic_folder`` and named
    like ours (``.NAME.*.tmp``) are touched."""
    folder = _pending_dir()
    removed: list[str] = []
    if folder is None:
        return removed
    for record in folder.glob("*.json"):
        try:
            info = json.loads(record.read_text(encoding="utf-8"))
            pid, path = int(info["pid"]), str(info["path"])
        except (OSError, ValueError, KeyError, TypeError):
            with suppress(OSError):
                record.unlink()
            continue
        try:
            age = time.time() - record.stat().st_mtime
        except OSError:
            continue
        if pid_alive(pid) and age < 86400:  # a writer still at work (or a reused pid)
            continue
        name = os.path.basename(path)
        if name.startswith(".") and name.endswith(".tmp"):
            if os.path.isdir(path) and not os.path.islink(path):
                shutil.rmtree(path, ignore_errors=True)
                removed.append(path)
            elif os.path.lexists(path):
                with suppress(OSError):
                    os.unlink(path)
                    removed.append(path)
        with suppress(OSError):
            record.unlink()
    return removed


@contextmanager
def atomic_open(
    path: str | os.PathLike[str],
    mode: str = "w",
    encoding: str | None = "utf-8",
    newline: str | None = "",
) -> Iterator[IO]:
    """Open a temporary file for writing; on success it replaces ``path`` (private 0600).
    ``-`` writes to standard output; an existing device or FIFO is written directly."""
    if str(path) == STDOUT or is_special(Path(path)):
        try:
            with _direct(path, mode, encoding, newline) as f:
                yield f
        except WriteError:
            raise
        except OSError as exc:
            raise WriteError(f"{path}: cannot write ({exc.strerror or exc})") from exc
        return
    target = Path(path)
    if target.is_dir():
        raise WriteError(f"{target}: is a folder; name a file to write")
    try:
        make_folders(target.parent)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise WriteError(f"{target}: cannot write ({exc.strerror or exc})") from exc
    try:
        with _registered(tmp):
            if "b" in mode:
                f = os.fdopen(fd, mode)
            else:
                f = os.fdopen(fd, mode, encoding=encoding, newline=newline)
            with f:
                yield f
                f.flush()
                os.fsync(f.fileno())
            os.chmod(tmp, 0o600)
            os.replace(tmp, target)
    except BaseException as exc:
        with suppress(FileNotFoundError):
            os.unlink(tmp)
        if isinstance(exc, OSError) and not isinstance(exc, WriteError):
            raise WriteError(f"{target}: cannot write ({exc.strerror or exc})") from exc
        raise


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    with atomic_open(path) as f:
        f.write(text)


@contextmanager
def atomic_folder(path: str | os.PathLike[str]) -> Iterator[Path]:
    """Build a folder whole or not at all: yields a private (0700) temporary folder beside
    ``path`` that replaces it on success; an existing ``path`` is removed only once the new
    one is complete, and nothing is left behind on failure."""
    target = Path(path)
    make_folders(target.parent)
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent))
    try:
        with _registered(str(tmp)):
            yield tmp
            _replace_folder(tmp, target)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def _replace_folder(tmp: Path, target: Path) -> None:
    if target.exists():
        old = target.with_name(f".{target.name}.old-{os.getpid()}")
        shutil.rmtree(old, ignore_errors=True)
        os.rename(target, old)
        os.rename(tmp, target)
        shutil.rmtree(old, ignore_errors=True)
    else:
        os.rename(tmp, target)


def write_private(path: Path, text: str) -> None:
    """Write a new file readable by the user only; for files inside an ``atomic_folder``."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
        f.write(text)
