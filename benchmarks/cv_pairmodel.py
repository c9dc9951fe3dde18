"""Patient-level cross-validation of the pair model with a chosen training budget.

``radtrack eval GOLD --linker pairmodel`` runs the same protocol with the linker's defaults
(4 epochs, up to 6000 distinct pairs); this script exists to run it with a smaller budget
(fewer epochs / pairs) on a slow or shared machine, and says which budget it used. It prints
the protocol's table (CoNLL F1, pair scores) for pairmodel beside the knowledge linker.

Usage: python benchmarks/cv_pairmodel.py GOLD [--epochs E] [--max-pairs N] [--folds K]
       [--threads T] [--validation-pairs N] [--closure constrained|transitive] [--knowledge]
"""

from __future__ import annotations

import argparse
import sys
import time


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("gold")
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--max-pairs", type=int, default=6000)
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument(
        "--validation-pairs",
        type=int,
        default=3000,
        help="candidate pairs of the validation part scored to pick the threshold",
    )
    ap.add_argument("--threads", type=int, default=None)
    ap.add_argument("--closure", default="constrained")
    ap.add_argument("--knowledge", action="store_true")
    args = ap.parse_args(argv)

    from radtrack_gui.evaluation import protocol
    from radtrack_gui.evaluation.protocol_output import format_table
    from radtrack_gui.nlp.linkers.pairmodel import PairModelLinker

    def make(name: str):  # type: ignore[no-untyped-def]
        if name != "pairmodel":
            return _get(name)
        return PairModelLinker(
            epochs=args.epochs,
            max_pairs=args.max_pairs,
            threads=args.threads,
            closure=args.closure,
            knowledge=args.knowledge,
            max_validation_pairs=args.validation_pairs,
        )

    def _get(name: str):  # type: ignore[no-untyped-def]
        from radtrack_gui.nlp.registry import get_linker

        return get_linker(name)

    protocol._make_linker = make  # the budget is the only change to the protocol
    t = time.perf_counter()

    def progress(stage: str, done: int, total: int) -> None:
        print(
            f"[{time.perf_counter() - t:7.0f} s] {stage} {done}/{total}",
            file=sys.stderr,
            flush=True,
        )

    from radtrack_gui.training import fit_linker

    ev = protocol.evaluate(
        args.gold,
        ["pairmodel", "knowledge"],
        end_to_end=False,
        folds=args.folds,
        progress=progress,
        fit=fit_linker,
    )
    print(format_table(ev))
    print(
        f"budget: {args.epochs} epochs, at most {args.max_pairs} distinct training pairs "
        f"and {args.validation_pairs} validation pairs, "
        f"closure {args.closure}, knowledge markers {args.knowledge}; "
        f"{time.perf_counter() - t:.0f} s in all"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
