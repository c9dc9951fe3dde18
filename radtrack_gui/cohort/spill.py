"""Rows of a big cohort file grouped by patient without holding them: a spill to disk,
partitioned by a hash of the patient key.

A MIMIC ``NOTEEVENTS`` export (or a FHIR Bulk / HL7 batch file) is not sorted by patient:
one subject's rows are spread over the whole file. One pass appends every kept row, as one
JSON line ``[key, ...record]``, to one of ``buckets`` private files chosen by a stable hash
(CRC-32) of its key, so every row of a patient lands in the same bucket; rows are buffered in
memory only up to ``max_buffered`` bytes in all. Then ``groups()`` reads one bucket at a time
and yields its patients (in the order they first appear in the bucket) with their rows: the
memory held is one bucket (about the input's size over the bucket count), never the file,
whatever its size, and the number of files stays bounded (one per patient would be ~46,000
for MIMIC-III). Only the patients' keys (a set of short strings) are kept for counting.
"""

from __future__ import annotations

import json
import os
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

MAX_BUFFERED = 16 * 1024 * 1024  # bytes of rows held before they go to the bucket files
BUCKET_BYTES = 8 * 1024 * 1024  # input bytes per bucket (so one bucket is a few MB to read)
MAX_BUCKETS = 1024


def bucket_count(input_bytes: int) -> int:
    """Buckets for an input of that size: about ``BUCKET_BYTES`` of it each, 1 to 1,024."""
    return max(1, min(MAX_BUCKETS, -(-input_bytes // BUCKET_BYTES)))


class Spill:
    """Patient-keyed rows spilled to ``buckets`` files under ``work`` (0700, files 0600)."""

    def __init__(self, work: Path, buckets: int, max_buffered: int = MAX_BUFFERED) -> None:
        work.mkdir(parents=True, exist_ok=True, mode=0o700)
        os.chmod(work, 0o700)
        self.files = [work / f"b{i:04d}.jsonl" for i in range(max(1, buckets))]
        for f in self.files:  # a spill left by an earlier run
            f.unlink(missing_ok=True)
        self.max_buffered = max_buffered
        self.keys: set[str] = set()
        self.rows = 0
        self._buffers: dict[int, list[str]] = {}
        self._buffered = 0

    def bucket(self, key: str) -> int:
        return zlib.crc32(key.encode("utf-8", "surrogatepass")) % len(self.files)

    def add(self, key: str, record: list[Any]) -> None:
        """One row of patient ``key`` (``record``: JSON-serialisable values)."""
        text = json.dumps([key, *record], ensure_ascii=False) + "\n"
        self._buffers.setdefault(self.bucket(key), []).append(text)
        self.keys.add(key)
        self.rows += 1
        self._buffered += len(text)
        if self._buffered >= self.max_buffered:
            self.flush()

    def flush(self) -> None:
        for i, lines in self._buffers.items():
            fd = os.open(self.files[i], os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8", errors="surrogatepass") as f:
                f.writelines(lines)
        self._buffers.clear()
        self._buffered = 0

    def groups(self) -> Iterator[tuple[str, Path, list[list[Any]]]]:
        """(key, its bucket file, its records in file order) for every patient, one bucket
        read at a time."""
        self.flush()
        for path in self.files:
            if not path.exists():
                continue
            rows: dict[str, list[list[Any]]] = {}
            with path.open(encoding="utf-8", errors="surrogatepass") as f:
                for line in f:
                    key, *record = json.loads(line)
                    rows.setdefault(key, []).append(record)
            for key, records in rows.items():
                yield key, path, records
            del rows


def bucket_records(path: Path, key: str) -> list[list[Any]]:
    """The records of patient ``key`` in one bucket file, in file order."""
    out = []
    with path.open(encoding="utf-8", errors="surrogatepass") as f:
        for line in f:
            k, *record = json.loads(line)
            if k == key:
                out.append(record)
    return out
