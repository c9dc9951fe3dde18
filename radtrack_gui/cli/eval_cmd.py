"""``radtrack eval GOLD --linker NAME ...``: the published evaluation protocol on a folder of
brat-annotated patients (gold mentions and end-to-end; cross-validation for trainable
linkers). Prints the table; ``--out-csv``/``--out-json`` save it."""

from __future__ import annotations

import argparse
import sys


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "eval", help="evaluate linkers with the published protocol",
        description="Score linkers on GOLD, a folder with one brat-annotated sub-folder per "
                    "patient: (a) linking the gold mentions, (b) end-to-end from the "
                    "extractor's mentions. Trainable linkers are cross-validated at patient "
                    "level (60/20/20 train/validation/test per fold).")
    p.add_argument("gold", metavar="GOLD", help="folder of annotated patient folders")
    p.add_argument("--linker", action="append", default=[], metavar="NAME",
                   help="linker to evaluate (repeat for several; default: exact and the "
                        "default linker)")
    p.add_argument("--extractor", default=None, metavar="NAME",
                   help="extractor for the end-to-end setting (default: the default one)")
    p.add_argument("--out-csv", metavar="FILE", help="write the table as CSV")
    p.add_argument("--out-json", metavar="FILE", help="write all scores as JSON")
    p.add_argument("--folds", type=int, default=5, help="cross-validation folds (default 5)")
    p.add_argument("--seed", type=int, default=13, help="cross-validation seed (default 13)")
    p.add_argument("--end-to-end", action=argparse.BooleanOptionalAction, default=True,
                   help="also score predicted mentions (default: yes)")


def run(args: argparse.Namespace) -> int:
    from radtrack_gui.cli.progress import ProgressBar
    from radtrack_gui.evaluation.protocol import evaluate, format_table, write_csv, write_json

    bar = ProgressBar()  # draws on stderr only when it is a terminal
    try:
        ev = evaluate(args.gold, args.linker, extractor=args.extractor,
                      end_to_end=args.end_to_end, folds=args.folds, seed=args.seed,
                      progress=bar)
    finally:
        bar.close()
    to_stdout = "-" in (args.out_csv, args.out_json)  # the table then goes to stderr
    print(format_table(ev), file=sys.stderr if to_stdout else sys.stdout)
    if args.out_csv:
        write_csv(ev, args.out_csv)
    if args.out_json:
        write_json(ev, args.out_json)
    return 0
