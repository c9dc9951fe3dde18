"""The parsed vocabulary tables (``Vocabulary``) and their built ``Lexicon`` (term tables and
Aho-Corasick automata) kept on disk in one file, so reading the tables and building the
matcher are paid once per change of the tables, not once per process.

The cache file lives in the user's private cache folder (``paths.user_cache_dir()``, 0700),
is written by RadTrack itself (0600, atomically) and is named by a digest of everything the
build reads: every vocabulary table's name and bytes, the source of the modules that read
and build them, the Python version and the pyahocorasick build (its file's name, size and
time). A changed table gives another name, so a stale file is never read (when a new one is
written, all but the ``KEEP`` newest are removed).

Layout: 8 bytes (big-endian length N of the first pickle), the ``Vocabulary`` pickled as
``vocabulary()`` built it (no lexicon, no memos) in N bytes, then the ``Lexicon`` pickled. A
process loads the vocabulary at once and the lexicon only when it matches text (the second
pickle, read from offset 8 + N).

The file holds pickles (pyahocorasick supports pickling its automata), and unpickling runs
code: only a file inside the private cache folder, owned by the current user, a regular
file and not readable or writable by others, is ever loaded; anything else, or a file that
fails to load, is ignored: the tables are read and the lexicon built afresh. ``RADTRACK_NO_LEXICON_CACHE=1``
turns the cache off.
"""

from __future__ import annotations

import copy
import copyreg
import dataclasses
import hashlib
import io
import os
import pickle
import stat
import sys
import types
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from radtrack_gui.nlp.vocabulary import Vocabulary
    from radtrack_gui.nlp.vocabulary_lexicon import Lexicon

PREFIX = "vocab-"
OLD_PREFIXES = ("lexicon-",)  # earlier layouts (the lexicon alone): removed when a file is saved
SUFFIX = ".pickle"
OFF = "RADTRACK_NO_LEXICON_CACHE"
KEEP = 3  # cache files kept (the newest): a few vocabulary folders in turn never rebuild
HEADER = 8


def enabled() -> bool:
    return not os.environ.get(OFF)


def code_modules() -> tuple[types.ModuleType, ...]:
    """The modules whose code decides what a cached vocabulary and lexicon hold: the
    vocabulary, its table readers, the lexicon builder, the word lists and this cache."""
    from radtrack_gui.nlp import vocabulary, vocabulary_lexicon, vocabulary_tables, word_lists

    return (vocabulary, vocabulary_tables, vocabulary_lexicon, word_lists, sys.modules[__name__])


def tables_digest(folder: Path) -> str:
    """A digest of the vocabulary tables in ``folder`` and of the code that reads them and
    builds the lexicon (any change: another digest)."""
    import ahocorasick  # its build, not importlib.metadata (that alone costs ~0.08 s)

    h = hashlib.sha256()
    aho = Path(str(ahocorasick.__file__))
    st = aho.stat()
    h.update(f"{sys.version_info[:3]}|{aho.name}|{st.st_size}|{st.st_mtime_ns}\0".encode())
    for module in code_modules():
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


def load_vocabulary(digest: str) -> Vocabulary | None:
    """The cached vocabulary of ``digest`` (its lexicon not yet read), or None (none, not
    trusted, unreadable)."""
    from radtrack_gui.nlp.vocabulary import Vocabulary

    path = cache_path(digest)
    if not _trusted(path):
        return None
    try:
        with path.open("rb") as f:
            size = int.from_bytes(f.read(HEADER), "big")
            v = pickle.loads(f.read(size))
    except Exception:  # a damaged file: built afresh and rewritten
        return None
    return v if isinstance(v, Vocabulary) else None


def load(digest: str) -> Lexicon | None:
    """The cached lexicon of ``digest``, or None (none, not trusted, unreadable)."""
    from radtrack_gui.nlp.vocabulary_lexicon import Lexicon

    path = cache_path(digest)
    if not _trusted(path):
        return None
    try:
        with path.open("rb") as f:
            f.seek(HEADER + int.from_bytes(f.read(HEADER), "big"))
            lex = pickle.load(f)
    except Exception:
        return None
    return lex if isinstance(lex, Lexicon) else None


def pristine(v: Vocabulary) -> Vocabulary:
    """A shallow copy of ``v`` as ``vocabulary()`` builds it: no lexicon, empty memos, no
    folder (the loading process sets its own)."""
    c = copy.copy(v)
    for f in dataclasses.fields(c):  # every private field and memo back to its default
        if (f.name.startswith("_") and f.name != "_digest") or f.name == "memo":
            empty = f.default_factory() if f.default_factory is not dataclasses.MISSING else None
            setattr(c, f.name, f.default if f.default is not dataclasses.MISSING else empty)
    c.source = None
    return c


def _as_call(obj: Any) -> tuple[Any, tuple[Any, ...]]:
    """A frozen slots dataclass pickled as a call of its class with its fields: loading
    ~2,400 concepts and ~900 cues that way takes a third of the time the dataclass's own
    state (``fields()`` and one ``object.__setattr__`` per field, in Python) takes."""
    return type(obj), tuple(getattr(obj, name) for name in obj.__slots__)


def _dumps(v: Vocabulary) -> bytes:
    from radtrack_gui.nlp.vocabulary import Concept, Cue, SenseRule

    buf = io.BytesIO()
    pickler = pickle.Pickler(buf, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = {
        **copyreg.dispatch_table,
        **dict.fromkeys((Concept, Cue, SenseRule), _as_call),
    }
    pickler.dump(v)
    return buf.getvalue()


def save(digest: str, v: Vocabulary, lex: Lexicon) -> None:
    """Write the vocabulary and its lexicon (0600, atomically) and remove older digests'
    files beyond ``KEEP``; a failure to write only costs the next process a build."""
    from radtrack_gui.util.atomic import atomic_open

    path = cache_path(digest)
    try:
        first = _dumps(pristine(v))
        with atomic_open(path, "wb", encoding=None, newline=None) as f:
            f.write(len(first).to_bytes(HEADER, "big"))
            f.write(first)
            pickle.dump(lex, f, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:
        return
    for old in OLD_PREFIXES:
        for p in path.parent.glob(f"{old}*{SUFFIX}"):
            with suppress(OSError):
                p.unlink()
    others = [p for p in path.parent.glob(f"{PREFIX}*{SUFFIX}") if p != path]
    with suppress(OSError):
        others.sort(key=lambda p: p.stat().st_mtime_ns, reverse=True)
    for old_file in others[KEEP - 1 :]:
        with suppress(OSError):
            old_file.unlink()


def cached_vocabulary(folder: Path, build: Callable[[Path], Vocabulary]) -> Vocabulary:
    """The vocabulary of the tables in ``folder``: from the cache, else ``build(folder)``
    with its lexicon, both cached. Either way ``source`` is ``folder``."""
    from radtrack_gui.nlp.vocabulary_lexicon import Lexicon

    if not enabled():
        v = build(folder)
        v.source = folder
        return v
    digest = tables_digest(folder)
    got = load_vocabulary(digest)
    if got is not None:
        got.source, got._digest = folder, digest
        return got
    v = build(folder)
    v.source, v._digest = folder, digest
    v._lexicon = Lexicon.build(v)  # built with the tables, so the file holds both
    save(digest, v, v._lexicon)
    return v


def lexicon_of(v: Vocabulary) -> Lexicon:
    """``v.lexicon()``: built, or for tables read from a folder cached by their digest."""
    from radtrack_gui.nlp.vocabulary_lexicon import Lexicon

    if v.source is None:
        return Lexicon.build(v)
    return cached_lexicon(v, v._digest or tables_digest(v.source))


def cached_lexicon(v: Vocabulary, digest: str) -> Lexicon:
    """The lexicon of ``v`` whose tables have ``digest``: from the cache, else built and
    cached (with ``v``)."""
    from radtrack_gui.nlp.vocabulary_lexicon import Lexicon

    if not digest or not enabled():
        return Lexicon.build(v)
    lex = load(digest)
    if lex is None:
        lex = Lexicon.build(v)
        save(digest, v, lex)
    return lex
