"""Mention detection scores (exact and partial span match) and the mention keys used to
score chains of ``Patient`` objects.

Matching is one-to-one. *Exact*: same document (report) and the same character pieces
(a discontinuous brat span matches only the same pieces). *Partial*: the spans share at
least one character in the same document; among all one-to-one matchings we take an
optimal one: the largest number of matched pairs, ties broken by the largest summed overlap
(Jaccard of the characters). It is computed per connected component of overlapping spans
with the Hungarian algorithm, so it is exact and fast (components are tiny).

Per type (finding, device) both sides are first restricted to mentions of that type; the
overall score ignores type. Recall = matched / key mentions, precision = matched /
response mentions.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import cast

import numpy as np

from radtrack_gui.core.model import MENTION_TYPES, Mention, Patient
from radtrack_gui.evaluation.metrics import f1_score, max_assignment

Pieces = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Span:
    """A mention's place: document (report id), character (or token) pieces, end exclusive."""

    doc: str
    pieces: Pieces
    type: str | None = None

    @property
    def start(self) -> int:
        return self.pieces[0][0]

    @property
    def end(self) -> int:
        return self.pieces[-1][1]

    @property
    def length(self) -> int:
        return sum(b - a for a, b in self.pieces)


def overlap(a: Span, b: Span) -> int:
    """Characters shared by two spans (0 if in different documents)."""
    if a.doc != b.doc:
        return 0
    return sum(max(0, min(x2, y2) - max(x1, y1)) for x1, x2 in a.pieces for y1, y2 in b.pieces)


# -- mentions of a patient ----------------------------------------------------------------
def pieces_of(m: Mention) -> Pieces:
    return tuple(sorted(m.fragments)) if m.fragments else ((m.start, m.end),)


def mention_key(m: Mention) -> Hashable:
    """The scoring key of a mention: ``(report, start, end)``, or ``(report, fragments)``
    for a discontinuous span."""
    if m.fragments:
        return (m.report, tuple(sorted(m.fragments)))
    return (m.report, m.start, m.end)


def span_of(m: Mention) -> Span:
    return Span(m.report, pieces_of(m), m.type)


def patient_clusters(patient: Patient, type_: str | None = None) -> list[list[Hashable]]:
    """The patient's chains as clusters of mention keys (mentions of ``type_`` only, if
    given); a mention in no chain counts as a singleton."""
    out: list[list[Hashable]] = []
    seen: set[str] = set()
    for chain in patient.chains.values():
        members = [patient.mentions[mid] for mid in chain.mentions if mid in patient.mentions]
        seen.update(m.id for m in members)
        keys = [mention_key(m) for m in members if type_ is None or m.type == type_]
        if keys:
            out.append(keys)
    for m in patient.mentions.values():
        if m.id not in seen and (type_ is None or m.type == type_):
            out.append([mention_key(m)])
    return out


def patient_spans(patient: Patient) -> list[Span]:
    return [span_of(m) for m in patient.mentions.values()]


def conll_spans(clusters: Iterable[Iterable[Hashable]]) -> list[Span]:
    """Spans of CoNLL mention keys ``(doc, first token, last token)`` (last included)."""
    out = []
    for c in clusters:
        for key in c:
            doc, first, last = cast(tuple[Hashable, int, int], key)
            out.append(Span(str(doc), ((int(first), int(last) + 1),)))
    return out


# -- matching -----------------------------------------------------------------------------
@dataclass
class MatchCounts:
    matched: int = 0
    key: int = 0
    response: int = 0

    def __add__(self, other: MatchCounts) -> MatchCounts:
        return MatchCounts(
            self.matched + other.matched, self.key + other.key, self.response + other.response
        )

    @property
    def recall(self) -> float:
        return self.matched / self.key if self.key else 0.0

    @property
    def precision(self) -> float:
        return self.matched / self.response if self.response else 0.0

    @property
    def f1(self) -> float:
        return f1_score(self.recall, self.precision)

    def as_dict(self) -> dict[str, float]:
        return {"recall": self.recall, "precision": self.precision, "f1": self.f1}


def match_exact(key: Sequence[Span], response: Sequence[Span]) -> list[tuple[int, int]]:
    """One-to-one exact matches (index in key, index in response)."""
    free: dict[tuple[str, Pieces], list[int]] = {}
    for i, s in enumerate(key):
        free.setdefault((s.doc, s.pieces), []).append(i)
    pairs = []
    for j, s in enumerate(response):
        slot = free.get((s.doc, s.pieces))
        if slot:
            pairs.append((slot.pop(0), j))
    return pairs


def match_partial(key: Sequence[Span], response: Sequence[Span]) -> list[tuple[int, int]]:
    """One-to-one overlap matches: most pairs, then most overlap (see module docstring)."""
    edges: dict[tuple[int, int], float] = {}
    by_doc: dict[str, list[int]] = {}
    for j, s in enumerate(response):
        by_doc.setdefault(s.doc, []).append(j)
    for i, a in enumerate(key):
        for j in by_doc.get(a.doc, ()):
            b = response[j]
            if b.start >= a.end or a.start >= b.end:
                continue
            ov = overlap(a, b)
            if ov > 0:
                edges[(i, j)] = ov / (a.length + b.length - ov)
    # Connected components of the bipartite overlap graph.
    parent: dict[tuple[str, int], tuple[str, int]] = {}

    def find(x: tuple[str, int]) -> tuple[str, int]:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for i, j in edges:
        root_k, root_r = find(("k", i)), find(("r", j))
        if root_k != root_r:
            parent[root_k] = root_r
    groups: dict[tuple[str, int], list[tuple[int, int]]] = {}
    for e in edges:
        groups.setdefault(find(("k", e[0])), []).append(e)
    pairs: list[tuple[int, int]] = []
    for group in groups.values():
        if len(group) == 1:
            pairs.append(group[0])
            continue
        ks = sorted({i for i, _ in group})
        rs = sorted({j for _, j in group})
        w = np.zeros((len(ks), len(rs)))
        eps = 0.5 / (len(ks) + len(rs))  # summed tie-breaks stay below one extra pair
        for i, j in group:
            w[ks.index(i), rs.index(j)] = 1.0 + eps * edges[(i, j)]
        chosen, _ = max_assignment(w)
        pairs.extend((ks[a], rs[b]) for a, b in chosen if w[a, b] > 0)
    return pairs


@dataclass
class MentionScores:
    exact: MatchCounts = field(default_factory=MatchCounts)
    partial: MatchCounts = field(default_factory=MatchCounts)
    per_type: dict[str, tuple[MatchCounts, MatchCounts]] = field(default_factory=dict)

    def __add__(self, other: MentionScores) -> MentionScores:
        types = list(dict.fromkeys([*self.per_type, *other.per_type]))
        zero = (MatchCounts(), MatchCounts())
        per = {
            t: (
                self.per_type.get(t, zero)[0] + other.per_type.get(t, zero)[0],
                self.per_type.get(t, zero)[1] + other.per_type.get(t, zero)[1],
            )
            for t in types
        }
        return MentionScores(self.exact + other.exact, self.partial + other.partial, per)

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"exact": self.exact.as_dict(), "partial": self.partial.as_dict()}
        if self.per_type:
            out["per_type"] = {
                t: {"exact": e.as_dict(), "partial": p.as_dict()}
                for t, (e, p) in self.per_type.items()
            }
        return out


def _counts(key: Sequence[Span], response: Sequence[Span]) -> tuple[MatchCounts, MatchCounts]:
    n, m = len(key), len(response)
    return (
        MatchCounts(len(match_exact(key, response)), n, m),
        MatchCounts(len(match_partial(key, response)), n, m),
    )


def mention_scores(
    key: Sequence[Span], response: Sequence[Span], types: Iterable[str] | None = MENTION_TYPES
) -> MentionScores:
    """Exact and partial detection scores overall and (if ``types``) per type."""
    exact, partial = _counts(key, response)
    per: dict[str, tuple[MatchCounts, MatchCounts]] = {}
    for t in types or ():
        per[t] = _counts([s for s in key if s.type == t], [s for s in response if s.type == t])
    return MentionScores(exact, partial, per)


def score_patient_mentions(key: Patient, response: Patient) -> MentionScores:
    """Detection scores of ``response``'s mentions against ``key``'s (same reports)."""
    return mention_scores(patient_spans(key), patient_spans(response))


def type_counts(spans: Iterable[Span]) -> Counter[str]:
    return Counter(s.type or "" for s in spans)
