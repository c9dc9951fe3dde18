"""One kind of registry for everything chosen by name: extractors, linkers, question-answering
readers, patient sources (format readers) and format writers.

An ``Entry`` names a ``module:attribute`` target that is imported only when the entry is
loaded, so listing a registry (the CLI, the settings and export dialogs) imports nothing heavy.
A ``Registry`` holds the entries of one kind in registration order, names its one default, and
turns an unknown name into an ``InputError`` that lists the known ones.

A new model or format is one module plus one ``register`` call in its registry's home
(``nlp/registry.py``, ``qa/registry.py``, ``formats/registry.py``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, MutableMapping
from dataclasses import dataclass

from radtrack_gui.core.errors import InputError


@dataclass(frozen=True)
class Entry:
    kind: str  # the registry's kind: "extractor", "linker", "reader", "source", "writer"
    name: str
    target: str  # "module:attribute", imported by ``Registry.load``
    description: str
    default: bool = False
    trainable: bool = False
    needs: str = ""  # optional dependency or model files it needs (shown to the user)
    requires: tuple[str, ...] = ()  # Python packages it imports (checked before loading)
    title: str = ""  # a short label for menus and dialogs (formats)
    suffix: str = ""  # formats: the file suffix; a trailing "/" means a folder
    tags: tuple[str, ...] = ()  # free labels a caller filters on (e.g. "data")


# Why an entry cannot be loaded here (None: it can); a registry's home may supply one.
Unavailable = Callable[[Entry], str | None]


def absent_packages(entry: Entry) -> list[str]:
    """The packages of ``entry.requires`` that are not installed (looked up, not imported)."""
    from importlib.util import find_spec

    return [name for name in entry.requires if find_spec(name) is None]


def _packages_missing(entry: Entry) -> str | None:
    absent = absent_packages(entry)
    return f"needs {', '.join(absent)}" if absent else None


class Registry(MutableMapping[str, Entry]):
    """The entries of one ``kind`` by name, in registration order."""

    def __init__(
        self,
        kind: str,
        entries: tuple[Entry, ...] = (),
        *,
        unavailable: Unavailable = _packages_missing,
        noun: str = "",
    ) -> None:
        self.kind = kind
        self.noun = noun or kind  # what messages call an entry ("format" for writers)
        self.unavailable = unavailable
        self._entries: dict[str, Entry] = {}
        for entry in entries:
            self.register(entry)

    # -- the mapping ------------------------------------------------------------------------
    def __getitem__(self, name: str) -> Entry:
        return self._entries[name]

    def __setitem__(self, name: str, entry: Entry) -> None:
        if entry.kind != self.kind:
            raise ValueError(f"a {entry.kind} entry ({entry.name!r}) in the {self.kind} registry")
        if entry.name != name:
            raise ValueError(f"entry {entry.name!r} registered as {name!r}")
        self._entries[name] = entry

    def __delitem__(self, name: str) -> None:
        del self._entries[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __repr__(self) -> str:
        return f"Registry({self.kind!r}, {list(self._entries)})"

    # -- registering and choosing -----------------------------------------------------------
    def register(self, entry: Entry) -> Entry:
        """Add ``entry``; a second entry of the same name, or a second default, is refused."""
        if entry.name in self._entries:
            raise ValueError(f"{self.kind} {entry.name!r} is registered twice")
        if entry.default and any(e.default for e in self._entries.values()):
            raise ValueError(f"{self.kind} registry: a second default ({entry.name!r})")
        self[entry.name] = entry
        return entry

    def entry(self, name: str) -> Entry:
        """The entry called ``name``, or ``InputError`` listing the known names."""
        try:
            return self._entries[name]
        except KeyError:
            known = ", ".join(self._entries) or "none"
            raise InputError(f"unknown {self.noun} '{name}' (known: {known})") from None

    def default(self) -> str:
        """The name of the one entry marked ``default`` (``LookupError`` when none is)."""
        for entry in self._entries.values():
            if entry.default:
                return entry.name
        raise LookupError(f"the {self.kind} registry has no default")

    def tagged(self, tag: str) -> tuple[str, ...]:
        """The names of the entries carrying ``tag``, in registration order."""
        return tuple(name for name, e in self._entries.items() if tag in e.tags)

    # -- loading ----------------------------------------------------------------------------
    def load(self, name: str) -> object:
        """The target of ``name`` (imported now), or ``InputError`` saying why it is not
        available in this installation."""
        entry = self.entry(name)
        reason = self.unavailable(entry)
        if reason is not None:
            raise InputError(f"{self.noun} '{name}' is not available: {reason}")
        module, _, attribute = entry.target.partition(":")
        return getattr(importlib.import_module(module), attribute)

    def build(self, name: str, **options: object) -> object:
        """The target of ``name`` called with ``options`` (a class: an instance of it)."""
        target = self.load(name)
        if not callable(target):
            raise TypeError(f"{self.kind} '{name}': {self[name].target} is not callable")
        return target(**options)
