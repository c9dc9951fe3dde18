"""File names as RadTrack shows and stores them.

On Linux a name is bytes; Python decodes the undecodable ones with ``surrogateescape``
(lossless, but such a string cannot be written as UTF-8: JSON, SQLite, Parquet and the
terminal refuse it). Paths keep the raw form, so the file can be opened again; ids and
messages use ``shown``: the bytes that are not UTF-8 written as ``\\xNN``.
"""

from __future__ import annotations


def shown(name: str) -> str:
    """``name`` with each undecodable byte as ``\\xNN`` (unchanged when it is valid text)."""
    try:
        name.encode("utf-8")
        return name
    except UnicodeEncodeError:
        return name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
