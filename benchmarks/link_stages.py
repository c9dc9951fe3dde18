"""Where the ``knowledge`` linker spends its time on a whole-body patient, and a process to
count its instructions in.

The patient is ``link_fingerprint.parrot_patient``: PARROT v1.0 reports as one patient (the
first ``--reports``, 300 by default, 30 days apart, sections as ingest finds them, extracted by
``rules`` once, before anything is timed). One warm-up link (the vocabulary's memos), then
``--count`` links, each by a fresh ``KnowledgeLinker``.

Stages (each its own CPU time, its timed callees apart; calls counted):

- ``enrich``: ``context.enrich``, the reading of each mention's context (sentence, clause,
  levels, joints, ...);
- ``prepare``: the rest of ``features.prepare`` (MentionInfo objects, sites, tips, ...);
- ``keys``: the blocking keys of each mention (``clustering.blocking_keys``);
- ``blocked``: the course rules of ``ChainState.blocked`` (conflict tests apart);
- ``conflict``: ``features.conflict``, the hard constraints of each pair tested;
- ``score``: the pair scorer (``features.features`` and the weights);
- ``clustering``: the rest of the time-ordered clustering (``Clustering._place``, chains);
- ``pairs``: ``pair_decisions`` (the pair list of ``Linking``);
- ``rest``: everything else inside ``link``.

Usage (``--timing``: print the stage table; without it: no timers, for ``perf stat``)::

    RADTRACK_SHARED=/work/shared PYTHONPATH=$PWD python benchmarks/link_stages.py --timing
    for n in 0 1; do PYTHONHASHSEED=0 PYTHONPATH=$PWD perf stat -e instructions:u -x, \\
        python benchmarks/link_stages.py --count $n; done

The difference of the two ``perf`` counts is the instructions of one warm link.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from link_fingerprint import parrot_patient

STAGES = (
    "enrich",
    "prepare",
    "keys",
    "blocked",
    "conflict",
    "score",
    "clustering",
    "pairs",
    "link",
)


class Timers:
    """Exclusive CPU time per stage: a stage's timed callees are charged to them."""

    def __init__(self) -> None:
        self.own: dict[str, float] = dict.fromkeys(STAGES, 0.0)
        self.calls: dict[str, int] = dict.fromkeys(STAGES, 0)
        self.stack: list[list[Any]] = []  # [stage, start, time in callees]

    def wrap(self, stage: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            frame: list[Any] = [stage, time.process_time(), 0.0]
            self.stack.append(frame)
            try:
                return fn(*args, **kwargs)
            finally:
                self.stack.pop()
                spent = time.process_time() - frame[1]
                self.own[stage] += spent - frame[2]
                self.calls[stage] += 1
                if self.stack:
                    self.stack[-1][2] += spent

        return timed


def install(t: Timers) -> None:
    """Wrap the stage functions where the linker looks them up."""
    from radtrack_gui.nlp.linkers import clustering, knowledge, mentions

    mentions.read_contexts = t.wrap("enrich", mentions.read_contexts)  # type: ignore[assignment]
    knowledge.prepare = t.wrap("prepare", knowledge.prepare)  # type: ignore[assignment]
    clustering.conflict = t.wrap("conflict", clustering.conflict)  # type: ignore[assignment]
    cs = clustering.ChainState
    cs.blocked = t.wrap("blocked", cs.blocked)  # type: ignore[method-assign]
    knowledge.LinearScorer.__call__ = t.wrap(  # type: ignore[method-assign]
        "score", knowledge.LinearScorer.__call__
    )
    cl = clustering.Clustering
    cl._place = t.wrap("clustering", cl._place)  # type: ignore[method-assign]
    knowledge.pair_decisions = t.wrap("pairs", knowledge.pair_decisions)  # type: ignore[assignment]
    old_init = cl.__init__

    def init(self: Any, *args: Any, **kwargs: Any) -> None:
        old_init(self, *args, **kwargs)
        self.keys = t.wrap("keys", self.keys)

    cl.__init__ = init  # type: ignore[method-assign]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reports", type=int, default=300, help="PARROT reports in the patient")
    ap.add_argument("--count", type=int, default=1, help="counted links (0: set-up only)")
    ap.add_argument("--timing", action="store_true", help="time the stages and print them")
    args = ap.parse_args(argv)
    from radtrack_gui.nlp.linkers.knowledge import KnowledgeLinker

    patient = parrot_patient(0, args.reports)
    KnowledgeLinker().link(patient)  # warm-up: vocabulary memos, one-off loads
    t = Timers()
    if args.timing:
        install(t)
    start = time.process_time()
    for _ in range(args.count):
        linker = KnowledgeLinker()
        link = t.wrap("link", linker.link) if args.timing else linker.link
        link(patient)
    total = time.process_time() - start
    n = max(args.count, 1)
    print(f"{len(patient.reports)} reports, {len(patient.mentions)} mentions, {args.count} links")
    print(f"link: {total / n:.3f} s CPU a link")
    if args.timing:
        t.own["rest"] = t.own.pop("link")
        t.calls["rest"] = t.calls.pop("link")
        timed = sum(t.own.values()) or 1.0
        for stage, s in t.own.items():
            print(
                f"{stage:11} {s / n:7.3f} s {100 * s / timed:5.1f} %  "
                f"{t.calls[stage] // n:7} calls a link"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
