"""Coreference metrics: MUC, B-cubed, CEAF-m, CEAF-e, BLANC, LEA and CoNLL F1.

Written from the published definitions:

- MUC (Vilain et al. 1995): links needed to connect each entity, counted per partition.
- B-cubed (Bagga & Baldwin 1998): per-mention overlap of the key and response entity.
- CEAF (Luo 2005): a one-to-one entity alignment maximising the summed similarity;
  ``ceafm`` uses phi3 = |K ∩ R| (mention-based), ``ceafe`` phi4 = 2|K ∩ R| / (|K| + |R|).
  The optimal alignment is a Hungarian (Kuhn-Munkres) assignment, run separately on each
  connected component of overlapping entities: entities sharing no mention have similarity
  0 and never change the optimum, so the cubic step only sees small blocks.
- BLANC for predicted mentions (Luo et al. 2014; Pradhan et al. 2014): coreference links
  and non-coreference links each scored, then averaged. When the key has no coreference
  links only the non-coreference part counts, and vice versa; a key with no links at all
  scores 0 (as the reference scorer v8.01 does).
- LEA (Moosavi & Strube 2016): link-based entity-aware; an entity's importance is its size,
  its resolution the fraction of its links found; a singleton's one "self-link" is found
  when the other side has the same mention as a singleton.
- CoNLL F1: the mean of the MUC, B-cubed and CEAF-e F1.

Mentions are any hashable keys (for example ``(doc, start, end)``); key and response may
hold different mentions. Twinless mentions are handled as the reference scorer v8.01
(Pradhan et al. 2014) does, which for these definitions needs no change to the formulas:
a response mention absent from the key counts in the response totals and never as
correct; a key mention absent from the response counts in the key totals only.

Repeated mentions (one mention listed twice, in one entity or in two) are removed first,
keeping the first occurrence in entity order; entities left empty are dropped. The
reference scorer v8.01 does this for the response (its test cases A7-A9); we do it for
both sides and also for repeats of twinless mentions, which v8.01 leaves in place.

Scores over several documents (patients) are pooled as the reference scorer does:
numerators and denominators are summed over documents (micro average), then divided.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

Cluster = Sequence[Hashable]
Clusters = Sequence[Cluster]

METRICS = ("muc", "bcub", "ceafm", "ceafe", "blanc", "lea")
LABELS = {
    "muc": "MUC",
    "bcub": "B-cubed",
    "ceafm": "CEAF-m",
    "ceafe": "CEAF-e",
    "blanc": "BLANC",
    "lea": "LEA",
    "conll_f1": "CoNLL F1",
}


def _ratio(num: float, den: float) -> float:
    return num / den if den else 0.0


def f1_score(recall: float, precision: float) -> float:
    """The harmonic mean of recall and precision (0 when both are 0)."""
    return 2 * recall * precision / (recall + precision) if recall + precision else 0.0


# -- result types --------------------------------------------------------------------
@dataclass
class Counts:
    """Numerators and denominators of recall and precision; add to pool documents."""

    recall_num: float = 0.0
    recall_den: float = 0.0
    precision_num: float = 0.0
    precision_den: float = 0.0

    def __add__(self, other: Counts) -> Counts:
        return Counts(
            self.recall_num + other.recall_num,
            self.recall_den + other.recall_den,
            self.precision_num + other.precision_num,
            self.precision_den + other.precision_den,
        )

    @property
    def recall(self) -> float:
        return _ratio(self.recall_num, self.recall_den)

    @property
    def precision(self) -> float:
        return _ratio(self.precision_num, self.precision_den)

    @property
    def f1(self) -> float:
        return f1_score(self.recall, self.precision)

    def as_dict(self) -> dict[str, float]:
        return {"recall": self.recall, "precision": self.precision, "f1": self.f1}


@dataclass
class BlancCounts:
    """Link counts of BLANC: coreference (c) and non-coreference (n) links."""

    common_c: int = 0
    key_c: int = 0
    response_c: int = 0
    common_n: int = 0
    key_n: int = 0
    response_n: int = 0

    def __add__(self, other: BlancCounts) -> BlancCounts:
        return BlancCounts(*(a + b for a, b in zip(self._tuple(), other._tuple(), strict=True)))

    def _tuple(self) -> tuple[int, ...]:
        return (
            self.common_c,
            self.key_c,
            self.response_c,
            self.common_n,
            self.key_n,
            self.response_n,
        )

    def _parts(self) -> tuple[tuple[float, float, float], tuple[float, float, float]]:
        rc, pc = _ratio(self.common_c, self.key_c), _ratio(self.common_c, self.response_c)
        rn, pn = _ratio(self.common_n, self.key_n), _ratio(self.common_n, self.response_n)
        return (rc, pc, f1_score(rc, pc)), (rn, pn, f1_score(rn, pn))

    def _rpf(self) -> tuple[float, float, float]:
        coref, noncoref = self._parts()
        if self.key_c == 0 and self.key_n == 0:
            return (0.0, 0.0, 0.0)
        if self.key_c == 0:
            return noncoref
        if self.key_n == 0:
            return coref
        return tuple((a + b) / 2 for a, b in zip(coref, noncoref, strict=True))  # type: ignore[return-value]

    @property
    def recall(self) -> float:
        return self._rpf()[0]

    @property
    def precision(self) -> float:
        return self._rpf()[1]

    @property
    def f1(self) -> float:
        return self._rpf()[2]

    def as_dict(self) -> dict[str, float]:
        r, p, f = self._rpf()
        return {"recall": r, "precision": p, "f1": f}


# -- preparation -----------------------------------------------------------------------
def dedupe(clusters: Iterable[Iterable[Hashable]]) -> list[list[Hashable]]:
    """Drop repeated mentions (first occurrence in entity order wins) and empty entities."""
    seen: set[Hashable] = set()
    out: list[list[Hashable]] = []
    for cluster in clusters:
        kept = []
        for m in cluster:
            if m not in seen:
                seen.add(m)
                kept.append(m)
        if kept:
            out.append(kept)
    return out


def _index(clusters: list[list[Hashable]]) -> dict[Hashable, int]:
    return {m: i for i, c in enumerate(clusters) for m in c}


@dataclass
class _Pair:
    """Deduplicated key and response with the overlap table |K_i ∩ R_j| (non-zero only)."""

    key: list[list[Hashable]]
    response: list[list[Hashable]]
    overlap: dict[tuple[int, int], int] = field(default_factory=dict)

    @classmethod
    def build(
        cls, key: Iterable[Iterable[Hashable]], response: Iterable[Iterable[Hashable]]
    ) -> _Pair:
        k, r = dedupe(key), dedupe(response)
        kidx = _index(k)
        overlap: Counter[tuple[int, int]] = Counter()
        for j, cluster in enumerate(r):
            for m in cluster:
                i = kidx.get(m)
                if i is not None:
                    overlap[(i, j)] += 1
        return cls(k, r, dict(overlap))


def _pair(
    key: Iterable[Iterable[Hashable]] | _Pair, response: Iterable[Iterable[Hashable]] | None
) -> _Pair:
    if isinstance(key, _Pair):
        return key
    return _Pair.build(key, response or [])


# -- metrics -----------------------------------------------------------------------------
def muc(key: Clusters | _Pair, response: Clusters | None = None) -> Counts:
    """MUC: correct links / key links (recall) and / response links (precision).

    The correct-link count sum(|K ∩ R| - 1) over non-empty intersections is the same
    for recall and precision; twinless mentions form partitions of their own."""
    p = _pair(key, response)
    correct = sum(n - 1 for n in p.overlap.values())
    return Counts(
        correct, sum(len(c) - 1 for c in p.key), correct, sum(len(c) - 1 for c in p.response)
    )


def b_cubed(key: Clusters | _Pair, response: Clusters | None = None) -> Counts:
    """B-cubed: recall = sum over key mentions of |K ∩ R(m)| / |K|, over key mentions;
    precision symmetric over response mentions. A twinless mention contributes 0."""
    p = _pair(key, response)
    rec = sum(n * n / len(p.key[i]) for (i, _), n in p.overlap.items())
    prec = sum(n * n / len(p.response[j]) for (_, j), n in p.overlap.items())
    return Counts(rec, sum(map(len, p.key)), prec, sum(map(len, p.response)))


def _components(p: _Pair) -> list[tuple[list[int], list[int]]]:
    """Connected components (key entities, response entities) of the overlap graph."""
    parent = list(range(len(p.key) + len(p.response)))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    off = len(p.key)
    for i, j in p.overlap:
        a, b = find(i), find(off + j)
        if a != b:
            parent[a] = b
    groups: dict[int, tuple[set[int], set[int]]] = {}
    for i, j in p.overlap:  # only entities with an edge matter (others add 0)
        g = groups.setdefault(find(i), (set(), set()))
        g[0].add(i)
        g[1].add(j)
    return [(sorted(ks), sorted(rs)) for ks, rs in groups.values()]


def max_assignment(weights: np.ndarray) -> tuple[list[tuple[int, int]], float]:
    """Maximum-weight one-to-one assignment of rows to columns (Hungarian algorithm).

    Shortest augmenting paths with potentials (Kuhn-Munkres, O(n^2 m)); a rectangular
    matrix is handled by assigning the smaller side. Returns (pairs, total weight)."""
    w = np.asarray(weights, dtype=float)
    if w.size == 0:
        return [], 0.0
    transposed = w.shape[0] > w.shape[1]
    if transposed:
        w = w.T
    n, m = w.shape
    cost = w.max() - w  # minimise
    u = np.zeros(n + 1)
    v = np.zeros(m + 1)
    match = np.zeros(m + 1, dtype=int)  # column -> row (1-based; 0 = free)
    way = np.zeros(m + 1, dtype=int)
    for row in range(1, n + 1):
        match[0] = row
        j0 = 0
        minv = np.full(m + 1, np.inf)
        used = np.zeros(m + 1, dtype=bool)
        while True:
            used[j0] = True
            i0 = match[j0]
            free = ~used[1:]
            reduced = cost[i0 - 1] - u[i0] - v[1:]
            better = free & (reduced < minv[1:])
            minv[1:][better] = reduced[better]
            way[1:][better] = j0
            candidates = np.where(free, minv[1:], np.inf)
            j1 = int(np.argmin(candidates)) + 1
            delta = candidates[j1 - 1]
            cols = np.flatnonzero(used)
            u[match[cols]] += delta
            v[cols] -= delta
            minv[1:][free] -= delta
            j0 = j1
            if match[j0] == 0:
                break
        while j0:
            j1 = way[j0]
            match[j0] = match[j1]
            j0 = j1
    pairs = [(int(match[j]) - 1, j - 1) for j in range(1, m + 1) if match[j]]
    if transposed:
        pairs = [(c, r) for r, c in pairs]
    total = float(sum(weights[r][c] for r, c in pairs))
    return pairs, total


def _ceaf(p: _Pair, entity_based: bool) -> float:
    """The optimal summed similarity of a one-to-one key-response entity alignment."""
    total = 0.0
    for ks, rs in _components(p):
        if len(ks) == 1 or len(rs) == 1:  # a star: the best single edge is optimal
            total += max(_phi(p, i, j, entity_based) for i in ks for j in rs if (i, j) in p.overlap)
            continue
        sim = np.zeros((len(ks), len(rs)))
        for a, i in enumerate(ks):
            for b, j in enumerate(rs):
                if (i, j) in p.overlap:
                    sim[a, b] = _phi(p, i, j, entity_based)
        total += max_assignment(sim)[1]
    return total


def _phi(p: _Pair, i: int, j: int, entity_based: bool) -> float:
    n = p.overlap.get((i, j), 0)
    if entity_based:
        return 2 * n / (len(p.key[i]) + len(p.response[j]))
    return float(n)


def ceaf_m(key: Clusters | _Pair, response: Clusters | None = None) -> Counts:
    """Mention-based CEAF: aligned common mentions / key (response) mentions."""
    p = _pair(key, response)
    s = _ceaf(p, entity_based=False)
    return Counts(s, sum(map(len, p.key)), s, sum(map(len, p.response)))


def ceaf_e(key: Clusters | _Pair, response: Clusters | None = None) -> Counts:
    """Entity-based CEAF: aligned phi4 similarity / key (response) entities."""
    p = _pair(key, response)
    s = _ceaf(p, entity_based=True)
    return Counts(s, len(p.key), s, len(p.response))


def _pairs(n: int) -> int:
    return n * (n - 1) // 2


def blanc(key: Clusters | _Pair, response: Clusters | None = None) -> BlancCounts:
    """BLANC link counts. Coreference links: mention pairs within an entity; non-coreference
    links: pairs of mentions in different entities of the same side. Counted in closed form
    (no pair enumeration): common non-coreference links are pairs of mentions present on
    both sides that neither side links (inclusion-exclusion)."""
    p = _pair(key, response)
    key_c = sum(_pairs(len(c)) for c in p.key)
    resp_c = sum(_pairs(len(c)) for c in p.response)
    nk, nr = sum(map(len, p.key)), sum(map(len, p.response))
    common_c = sum(_pairs(n) for n in p.overlap.values())
    # Mentions on both sides and how they are grouped on each side.
    in_key: Counter[int] = Counter()
    in_resp: Counter[int] = Counter()
    for (i, j), n in p.overlap.items():
        in_key[i] += n
        in_resp[j] += n
    shared = sum(in_key.values())
    same_k = sum(_pairs(n) for n in in_key.values())
    same_r = sum(_pairs(n) for n in in_resp.values())
    common_n = _pairs(shared) - same_k - same_r + common_c
    return BlancCounts(common_c, key_c, resp_c, common_n, _pairs(nk) - key_c, _pairs(nr) - resp_c)


def lea(key: Clusters | _Pair, response: Clusters | None = None) -> Counts:
    """LEA: sum over key entities of |K| * (links of K found in the response) / links(K),
    over sum |K|; precision the same with the roles swapped. A singleton has one link,
    found when the other side has exactly that singleton."""
    p = _pair(key, response)
    by_key: dict[int, list[tuple[int, int]]] = {}
    by_resp: dict[int, list[tuple[int, int]]] = {}
    for (i, j), n in p.overlap.items():
        by_key.setdefault(i, []).append((j, n))
        by_resp.setdefault(j, []).append((i, n))

    def side(
        mine: list[list[Hashable]],
        other: list[list[Hashable]],
        hits: dict[int, list[tuple[int, int]]],
    ) -> tuple[float, float]:
        num = 0.0
        for i, cluster in enumerate(mine):
            size = len(cluster)
            if size == 1:
                found = any(len(other[j]) == 1 for j, _ in hits.get(i, ()))
                num += 1.0 if found else 0.0
            else:
                num += size * sum(_pairs(n) for _, n in hits.get(i, ())) / _pairs(size)
        return num, float(sum(map(len, mine)))

    rn, rd = side(p.key, p.response, by_key)
    pn, pd = side(p.response, p.key, by_resp)
    return Counts(rn, rd, pn, pd)


def mention_identification(key: Clusters | _Pair, response: Clusters | None = None) -> Counts:
    """Exact mention identification: response mentions that are key mentions."""
    p = _pair(key, response)
    hits = sum(p.overlap.values())
    return Counts(hits, sum(map(len, p.key)), hits, sum(map(len, p.response)))


_FUNCS: dict[str, Callable[[_Pair], Counts | BlancCounts]] = {
    "muc": muc,
    "bcub": b_cubed,
    "ceafm": ceaf_m,
    "ceafe": ceaf_e,
    "blanc": blanc,
    "lea": lea,
}


# -- documents and corpora -----------------------------------------------------------------
@dataclass
class Scores:
    """All metrics of one document or pooled over many (add to pool)."""

    metrics: dict[str, Counts | BlancCounts]
    identification: Counts = field(default_factory=Counts)
    documents: int = 1

    def __add__(self, other: Scores) -> Scores:
        merged = {k: self.metrics[k] + other.metrics[k] for k in self.metrics}  # type: ignore[operator]
        return Scores(
            merged, self.identification + other.identification, self.documents + other.documents
        )

    def __getitem__(self, name: str) -> Counts | BlancCounts:
        return self.metrics[name]

    @property
    def conll_f1(self) -> float:
        return (self.metrics["muc"].f1 + self.metrics["bcub"].f1 + self.metrics["ceafe"].f1) / 3

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {name: self.metrics[name].as_dict() for name in METRICS}
        out["conll_f1"] = self.conll_f1
        return out


def score(key: Iterable[Iterable[Hashable]], response: Iterable[Iterable[Hashable]]) -> Scores:
    """Every metric for one document."""
    p = _Pair.build(key, response)
    return Scores({name: fn(p) for name, fn in _FUNCS.items()}, mention_identification(p))


def empty_scores() -> Scores:
    return Scores(
        {name: (BlancCounts() if name == "blanc" else Counts()) for name in METRICS}, Counts(), 0
    )


@dataclass
class CorpusScores:
    pooled: Scores
    per_document: dict[str, Scores]


def score_corpus(documents: Mapping[str, tuple[Clusters, Clusters]]) -> CorpusScores:
    """Score each document (key clusters, response clusters) and pool them (micro)."""
    per: dict[str, Scores] = {}
    pooled = empty_scores()
    for name, (key, response) in documents.items():
        s = score(key, response)
        per[name] = s
        pooled = pooled + s
    return CorpusScores(pooled, per)
