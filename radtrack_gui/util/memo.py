"""A bounded memo that keeps what was used recently (for caches that live as long as a
process: a cohort worker runs one extractor over hundreds of thousands of reports).

Two generations of plain dicts: new entries go to the young one; when it holds ``size``
entries it becomes the old one and the previous old one is dropped; a hit in the old
generation is copied back into the young one. So at most ``2 * size`` entries are held,
an entry used at least once per ``size`` insertions is never dropped, and a lookup costs
one or two dict lookups (no per-hit bookkeeping, unlike an ordered LRU).

Hot loops look in ``young`` first, a plain ``dict.get`` (C, no Python call), and call
``recall`` only on a miss there: ``memo.young.get(key)``, then ``memo.recall(key)`` when
None, is ``memo.get(key)`` (the extractor's caches do ~110,000 lookups per PARROT pass).
"""

from __future__ import annotations

from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class RecentMemo(Generic[K, V]):
    """``get(key)`` (None when absent) and ``put(key, value)``; ``len`` counts held entries
    (one copied back from the old generation counts twice until that one is dropped)."""

    __slots__ = ("_old", "size", "young")

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError(f"size must be at least 1 (got {size})")
        self.size = size
        self.young: dict[K, V] = {}  # read it directly for the fast path; never write it
        self._old: dict[K, V] = {}

    def get(self, key: K) -> V | None:
        hit = self.young.get(key)
        return self.recall(key) if hit is None else hit

    def recall(self, key: K) -> V | None:
        """``get`` for a key that is not in ``young``: the old generation's value, copied
        back into the young one (None when absent)."""
        hit = self._old.get(key)
        if hit is not None:
            self.put(key, hit)
        return hit

    def put(self, key: K, value: V) -> None:
        young = self.young
        young[key] = value
        if len(young) >= self.size:
            self._old, self.young = young, {}

    def clear(self) -> None:
        self.young, self._old = {}, {}

    def __contains__(self, key: object) -> bool:
        return key in self.young or key in self._old

    def __len__(self) -> int:
        return len(self.young) + len(self._old)
