"""Read a file only when it is a regular file, never more than a limit.

A path may name a FIFO, a device or a link to one (``/dev/zero``, a named pipe): opening a FIFO
for reading blocks until a writer comes, and a device may never end. So the file is opened
without blocking, checked with ``fstat`` on the open descriptor (after any link was followed,
so no race between a check and the open), and read in blocks up to the limit: a file that
grows past its ``stat`` size while read is still cut at the limit.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import BinaryIO


class NotRegular(OSError):
    """The path is not a regular file, or larger than allowed; ``str()`` says which."""


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISDIR(mode):
        return "a folder"
    return "not a regular file"


def open_regular(path: str | os.PathLike[str]) -> BinaryIO:
    """A binary file object for a regular file (for streaming readers); ``NotRegular`` for a
    FIFO, device, socket or folder, also behind a link."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | getattr(os, "O_CLOEXEC", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotRegular(f"{_kind(mode)}, not a regular file")
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_regular(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; ``NotRegular`` for a special
    file or one over the limit (its message names the kind or the size), ``OSError`` as
    raised otherwise."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | getattr(os, "O_CLOEXEC", 0))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise NotRegular(f"{_kind(st.st_mode)}, not a regular file")
        if st.st_size > limit:
            raise NotRegular(too_large(st.st_size, limit))
        os.set_blocking(fd, True)
        chunks: list[bytes] = []
        total = 0
        while True:
            block = os.read(fd, min(1 << 20, limit + 1 - total))
            if not block:
                break
            chunks.append(block)
            total += len(block)
            if total > limit:
                raise NotRegular(too_large(total, limit))
        return b"".join(chunks)
    finally:
        os.close(fd)


def too_large(size: int, limit: int) -> str:
    return f"too large: {size:,} bytes, over the limit of {limit:,} bytes ({limit / 1048576:g} MiB)"


def is_regular(path: Path) -> bool:
    """``path`` (followed through links) is a regular file; False for anything else."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False
