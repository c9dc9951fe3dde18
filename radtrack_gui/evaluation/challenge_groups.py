"""Challenge pair accuracy by the labelled ``modality`` and body ``region`` of the reports
(the optional columns of a pairs file, e.g. ``pairs_wholebody.tsv``), per split, for every
linker: on all pairs and on the pairs whose two mentions the extractor found."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from radtrack_gui.evaluation.challenge import ChallengeResult, Outcome, counts, in_split
from radtrack_gui.evaluation.protocol import PairCounts

GROUP_KEYS = ("modality", "region")


def group_of(o: Outcome, key: str) -> str:
    """The pair's labelled modality or region (``?`` when the file has none)."""
    if key not in GROUP_KEYS:
        raise ValueError(f"no pair group {key!r} (one of {GROUP_KEYS})")
    return str(getattr(o.case.pair, key)) or "?"


@dataclass(frozen=True)
class GroupCounts:
    group: str
    all: PairCounts
    found: PairCounts  # the pairs whose two mentions the extractor found


def group_counts(outcomes: Iterable[Outcome], key: str, split: str) -> list[GroupCounts]:
    """Counts per group (sorted by name) of the outcomes in ``split``."""
    kept = [o for o in outcomes if in_split(o, split)]
    groups = sorted({group_of(o, key) for o in kept})
    return [
        GroupCounts(
            g,
            counts(o for o in kept if group_of(o, key) == g),
            counts(o for o in kept if group_of(o, key) == g and o.case.both_found),
        )
        for g in groups
    ]


def has_groups(results: Sequence[ChallengeResult]) -> bool:
    """Whether the scored pairs carry a modality or region at all."""
    return any(o.case.pair.modality or o.case.pair.region for r in results for o in r.outcomes)


def format_groups(results: Sequence[ChallengeResult], key: str) -> str:
    """One table per ``key``: rows group x split, one ``acc/acc@found`` column per linker."""
    if not results:
        return ""
    head = f"{key:<14} {'split':<8} {'pairs':>5} {'found':>5} " + " ".join(
        f"{r.linker[:13]:>13}" for r in results
    )
    lines = [
        f"Challenge pairs by {key} (accuracy on all pairs / on pairs whose two mentions "
        "the extractor found)",
        head,
    ]
    for split in results[0].by_split:
        per_linker = [{g.group: g for g in group_counts(r.outcomes, key, split)} for r in results]
        for name in per_linker[0]:
            first = per_linker[0][name]
            cells = " ".join(
                f"{t[name].all.accuracy:>6.3f}/{_acc(t[name].found):<6}" for t in per_linker
            )
            line = f"{name:<14} {split:<8} {first.all.total:>5} {first.found.total:>5} {cells}"
            lines.append(line.rstrip())
    return "\n".join(lines)


def _acc(c: PairCounts) -> str:
    return f"{c.accuracy:.3f}" if c.total else "-"
