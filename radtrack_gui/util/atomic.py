"""Write files whole or not at all: a temporary file beside the target, then rename."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO


@contextmanager
def atomic_open(path: str | os.PathLike[str], mode: str = "w",
                encoding: str | None = "utf-8", newline: str | None = "") -> Iterator[IO]:
    """Open a temporary file for writing; on success it replaces ``path`` (private 0600)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
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
    except BaseException:
        with suppress(FileNotFoundError):
            os.unlink(tmp)
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
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent))
    try:
        yield tmp
        if target.exists():
            old = target.with_name(f".{target.name}.old-{os.getpid()}")
            shutil.rmtree(old, ignore_errors=True)
            os.rename(target, old)
            os.rename(tmp, target)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.rename(tmp, target)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def write_private(path: Path, text: str) -> None:
    """Write a new file readable by the user only; for files inside an ``atomic_folder``."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
        f.write(text)
