"""Pair decisions of a linking, held as the clusters themselves (memory linear in mentions).

``PairDecisions`` is a read-only mapping ``(earlier id, later id) -> same chain?``. Small
patients (at most ``limit`` pairs) list every pair; above the limit it lists the linked
pairs and the scored ones (a missing pair then means "not linked"), exactly as the old
dict did, but nothing is materialised: a 10,000-mention chain costs 10,000 entries, not
50 million. ``counts`` scores it against gold chains without enumerating pairs.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from itertools import combinations


def _pairs(k: int) -> int:
    return k * (k - 1) // 2


class PairDecisions(Mapping[tuple[str, str], bool]):
    def __init__(
        self,
        order: list[str],
        clusters: Iterable[Iterable[str]],
        limit: int,
        extra: Iterable[tuple[str, str]] = (),
    ) -> None:
        self.order = order
        self.pos = {mid: i for i, mid in enumerate(order)}
        self.chain_of: dict[str, int] = {}
        members: dict[int, list[str]] = {}
        for n, cluster in enumerate(clusters):
            for mid in cluster:
                if mid in self.pos and mid not in self.chain_of:
                    self.chain_of[mid] = n
        for mid in order:  # cluster members in mention order
            if mid in self.chain_of:
                members.setdefault(self.chain_of[mid], []).append(mid)
        self.groups = list(members.values())
        self.complete = _pairs(len(order)) <= limit
        # scored pairs that are not linked (linked ones are listed through the groups)
        self.unlinked: dict[tuple[str, str], None] = {}
        if not self.complete:
            for a, b in extra:
                if a not in self.pos or b not in self.pos or a == b:
                    continue
                if self.pos[a] > self.pos[b]:
                    a, b = b, a
                if not self._linked(a, b):
                    self.unlinked[(a, b)] = None

    def _linked(self, a: str, b: str) -> bool:
        ca = self.chain_of.get(a)
        return ca is not None and ca == self.chain_of.get(b)

    def __getitem__(self, key: tuple[str, str]) -> bool:
        a, b = key
        if a not in self.pos or b not in self.pos or self.pos[a] >= self.pos[b]:
            raise KeyError(key)
        linked = self._linked(a, b)
        if self.complete or linked or key in self.unlinked:
            return linked
        raise KeyError(key)

    def __iter__(self) -> Iterator[tuple[str, str]]:
        if self.complete:
            yield from combinations(self.order, 2)
            return
        for group in self.groups:
            yield from combinations(group, 2)
        yield from self.unlinked

    def __len__(self) -> int:
        if self.complete:
            return _pairs(len(self.order))
        return sum(_pairs(len(g)) for g in self.groups) + len(self.unlinked)

    def counts(self, gold_chain: Mapping[str, str | None]) -> tuple[int, int, int, int]:
        """(tp, fp, fn, tn) of the listed pairs against ``gold_chain`` (mention id ->
        gold chain id; pairs with a mention missing from it are left out), in time
        linear in the mentions plus the listed unlinked pairs."""
        known = [mid for mid in self.order if mid in gold_chain]
        cells: dict[tuple[int, str], int] = {}
        response: dict[int, int] = {}
        gold: dict[str, int] = {}
        for mid in known:
            g = gold_chain[mid]
            r = self.chain_of.get(mid)
            if r is not None:
                response[r] = response.get(r, 0) + 1
                if g is not None:
                    cells[(r, g)] = cells.get((r, g), 0) + 1
            if g is not None:
                gold[g] = gold.get(g, 0) + 1
        tp = sum(_pairs(k) for k in cells.values())
        fp = sum(_pairs(k) for k in response.values()) - tp
        if self.complete:
            fn = sum(_pairs(k) for k in gold.values()) - tp
            tn = _pairs(len(known)) - tp - fp - fn
            return tp, fp, fn, tn
        fn = tn = 0
        for a, b in self.unlinked:
            if a in gold_chain and b in gold_chain:
                ga = gold_chain[a]
                if ga is not None and ga == gold_chain[b]:
                    fn += 1
                else:
                    tn += 1
        return tp, fp, fn, tn
