"""``radtrack synth OUT --patients N --seed S``: write a synthetic benchmark corpus
(brat, gold chains) and print its statistics (also saved as OUT/STATS.json)."""

from __future__ import annotations

import argparse


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "synth",
        help="generate a synthetic benchmark corpus (brat with gold chains)",
        description="Generate synthetic longitudinal patients (clearly synthetic, no real "
        "data) with gold mentions and chains following the tracking guideline, "
        "one brat folder per patient. Same seed, same bytes.",
    )
    p.add_argument("out", metavar="OUT", help="folder to create (must be new or empty)")
    p.add_argument("--patients", type=int, default=60, help="number of patients (default 60)")
    p.add_argument("--seed", type=int, default=13, help="random seed (default 13)")
    p.add_argument("--overwrite", action="store_true", help="replace OUT if it already holds files")


def run(args: argparse.Namespace) -> int:
    from radtrack_gui.core.errors import InputError
    from radtrack_gui.evaluation.synth import format_stats, synthesize

    if not 1 <= args.patients <= 100000:
        raise InputError(f"--patients must be between 1 and 100000 (got {args.patients})")
    stats = synthesize(args.out, args.patients, args.seed, overwrite=args.overwrite)
    print(f"wrote {args.out} (seed {args.seed})")
    print(format_stats(stats))
    return 0
