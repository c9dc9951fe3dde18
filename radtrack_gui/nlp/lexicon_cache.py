"""The built ``Lexicon`` (term tables and Aho-Corasick automata) kept on disk, so its
set-up is paid once per vocabulary, not once per process.

The cache file lives in the user's private cache folder (``paths.user_cache_dir()``, 0700),
is written by RadTrack itself (0600, atomically) and is named by a digest of everything the
build reads: every vocabulary table's name and bytes, the source of the modules that build
it, the Python version and the pyahocorasick build (its file's name, size and time). A changed table gives another name, so a stale
file is never read (when a new one is written, all but the ``KEEP`` newest are removed).

The file is a pickle (pyahocorasick supports pickling its automata), and unpickling runs
code: only a file inside the private cache folder, owned by the current user, a regular
file and not readable or writable by others, is ever loaded; anything else, or a file that
fails to load, is ignored and the lexicon is built afresh. ``RADTRACK_NO_LEXICON_CACHE=1``
turns the cache off.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import stat
import sys
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from radtrack_gui.nlp.vocabulary import Vocabulary
    from radtrack_gui.nlp.vocabulary_lexicon import Lexicon

PREFIX = "lexicon-"
SUFFIX = ".pickle"
OFF = "RADTRACK_NO_LEXICON_CACHE"
KEEP = 3  # cache files kept (the newest): a few vocabulary folders in turn never rebuild


def tables_digest(folder: Path) -> str:
    """A digest of the vocabulary tables in ``folder`` and of the code that builds the
    lexicon from them (any change: another digest)."""
    import ahocorasick  # its build, not importlib.metadata (that alone costs ~0.08 s)

    from radtrack_gui.nlp import vocabulary, vocabulary_lexicon

    h = hashlib.sha256()
    aho = Path(str(ahocorasick.__file__))
    st = aho.stat()
    h.update(f"{sys.version_info[:3]}|{aho.name}|{st.st_size}|{st.st_mtime_ns}\0".encode())
    for module in (vocabulary, vocabulary_lexicon):
        h.update(Path(str(module.__file__)).read_bytes())
    for path in sorted(folder.iterdir()):
        if path.is_file():
            h.update(path.name.encode() + b"\0")
            h.update(path.read_bytes())
            h.update(b"\0")
    return h.hexdigest()[:32]


def cache_path(digest: str) -> Path:
    from radtrack_gui.util.paths import user_cache_dir

    return user_cache_dir() / f"{PREFIX}{digest}{SUFFIX}"


def _trusted(path: Path) -> bool:
    """A regular file of this user, private (no group/other bits), in a private folder."""
    try:
        st = path.lstat()
        parent = path.parent.stat()
    except OSError:
        return False
    uid = os.getuid() if hasattr(os, "getuid") else st.st_uid
    return (
        stat.S_ISREG(st.st_mode)
        and st.st_uid == uid
        and not st.st_mode & 0o077
        and parent.st_uid == uid
        and not parent.st_mode & 0o077
    )


def load(digest: str) -> Lexicon | None:
    """The cached lexicon of ``digest``, or None (none, not trusted, unreadable)."""
    from radtrack_gui.nlp.vocabulary_lexicon import Lexicon

    path = cache_path(digest)
    if not _trusted(path):
        return None
    try:
        with path.open("rb") as f:
            lex = pickle.load(f)
    except Exception:  # a damaged file: built afresh and rewritten
        return None
    return lex if isinstance(lex, Lexicon) else None


def save(digest: str, lex: Lexicon) -> None:
    """Write the lexicon (0600, atomically) and remove older digests' files beyond ``KEEP``;
    a failure to write only costs the next process a build."""
    from radtrack_gui.util.atomic import atomic_open

    path = cache_path(digest)
    try:
        with atomic_open(path, "wb", encoding=None, newline=None) as f:
            pickle.dump(lex, f, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:
        return
    others = [p for p in path.parent.glob(f"{PREFIX}*{SUFFIX}") if p != path]
    with suppress(OSError):
        others.sort(key=lambda p: p.stat().st_mtime_ns, reverse=True)
    for old in others[KEEP - 1 :]:
        with suppress(OSError):
            old.unlink()


def cached_lexicon(v: Vocabulary, digest: str) -> Lexicon:
    """The lexicon of ``v`` whose tables have ``digest``: from the cache, else built and
    cached."""
    from radtrack_gui.nlp.vocabulary_lexicon import Lexicon

    if not digest or os.environ.get(OFF):
        return Lexicon.build(v)
    lex = load(digest)
    if lex is None:
        lex = Lexicon.build(v)
        save(digest, lex)
    return lex
