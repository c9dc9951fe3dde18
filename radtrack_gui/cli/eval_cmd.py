"""``radtrack eval GOLD --linker NAME ...``: the published evaluation protocol on a folder of
brat-annotated patients (gold mentions and end-to-end; cross-validation for trainable
linkers). Prints the table; ``--out-csv``/``--out-json`` save it."""

from __future__ import annotations

import argparse
import sys

from radtrack_gui.core.errors import InputError


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "eval",
        help="evaluate linkers with the published protocol",
        description="Score linkers on GOLD, a folder with one brat-annotated sub-folder per "
        "patient: (a) linking the gold mentions, (b) end-to-end from the "
        "extractor's mentions. Trainable linkers are cross-validated at patient "
        "level (60/20/20 train/validation/test per fold).",
    )
    p.add_argument(
        "gold",
        metavar="GOLD",
        nargs="?",
        help="folder of annotated patient folders (optional with --challenge)",
    )
    p.add_argument(
        "--linker",
        action="append",
        default=[],
        metavar="NAME",
        help="linker to evaluate (repeat for several; default: exact and the default linker)",
    )
    p.add_argument(
        "--extractor",
        default=None,
        metavar="NAME",
        help="extractor for the end-to-end setting (default: the default one)",
    )
    p.add_argument("--out-csv", metavar="FILE", help="write the table as CSV")
    p.add_argument("--out-json", metavar="FILE", help="write all scores as JSON")
    p.add_argument("--folds", type=int, default=5, help="cross-validation folds (default 5)")
    p.add_argument("--seed", type=int, default=13, help="cross-validation seed (default 13)")
    p.add_argument(
        "--end-to-end",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="also score predicted mentions (default: yes)",
    )
    p.add_argument(
        "--challenge",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="also score the real-language pair challenge set (default: when "
        "the shared corpora are found beside the checkout)",
    )
    p.add_argument(
        "--challenge-split",
        choices=("dev", "heldout", "both", "all"),
        default=None,
        help="which half of the challenge set to score: each half (both), one of them, or "
        "all pairs pooled (default: both; all with --challenge-file)",
    )
    p.add_argument(
        "--challenge-file",
        metavar="PATH",
        help="score this pairs file (same format, e.g. resources/challenge/pairs_dev2.tsv) "
        "instead of pairs.tsv; implies --challenge. A file with modality/region columns "
        "(pairs_wholebody.tsv) is also scored per modality and per body region",
    )
    p.add_argument(
        "--by-category",
        action="store_true",
        help="also print the challenge accuracy per pair category",
    )
    p.add_argument(
        "--mentions-sample",
        choices=("wholebody",),
        default=None,
        help="also score mention detection on a labelled sample of real reports: "
        "'wholebody' (PARROT v1.0 + DRAGON, and the later dev samples as splits "
        "dev2 ... dev17, dev8check ... dev17check; P/R/F1 per half, modality and body region, for "
        "--extractor, else rules and neural when a trained model is found)",
    )
    p.add_argument(
        "--shared",
        metavar="DIR",
        help="the shared folder holding corpora/ (default: found above the checkout)",
    )


def run(args: argparse.Namespace) -> int:
    if args.challenge_file and args.challenge is None:
        args.challenge = True
    if args.gold is None and args.mentions_sample and args.challenge is None:
        args.challenge = False  # only the mention sample was asked for
    if args.gold is None and not args.challenge and not args.mentions_sample:
        raise InputError("give GOLD, or --challenge to score the challenge set only")
    if args.gold is not None:
        _protocol(args)
    if args.challenge is not False:
        _challenge(args)
    if args.mentions_sample:
        _mentions_sample(args)
    return 0


def _mentions_sample(args: argparse.Namespace) -> None:
    from pathlib import Path

    from radtrack_gui.evaluation.challenge import find_shared
    from radtrack_gui.evaluation.wholebody_mentions import evaluate_wholebody, format_result

    shared = Path(args.shared) if args.shared else find_shared()
    if shared is None or not (shared / "corpora").is_dir():
        raise InputError(f"{args.shared or '../shared'}: no corpora/ folder for the mention sample")
    names = [args.extractor] if args.extractor else ["rules", "neural"]
    _, results, skipped = evaluate_wholebody(names, shared=shared)
    for res in results:
        print()
        print(format_result(res))
    for why in skipped:
        print(f"skipped: {why}")
    if not results:
        raise InputError("no extractor could be scored on the mention sample")


def _challenge(args: argparse.Namespace) -> None:
    from pathlib import Path

    from radtrack_gui.evaluation.challenge import (
        ALL,
        SPLITS,
        evaluate_challenge,
        find_shared,
        format_categories,
        format_challenge,
    )
    from radtrack_gui.evaluation.challenge_groups import GROUP_KEYS, format_groups, has_groups
    from radtrack_gui.nlp.registry import default_name

    shared = Path(args.shared) if args.shared else find_shared()
    if shared is None or not (shared / "corpora").is_dir():
        if args.challenge:
            raise InputError(
                f"{args.shared or '../shared'}: no corpora/ folder for the challenge set"
            )
        return
    names = list(dict.fromkeys(args.linker or ["exact", default_name("linker")]))
    split = args.challenge_split or (ALL if args.challenge_file else "both")
    splits = SPLITS if split == "both" else (split,)
    results, problems = evaluate_challenge(names, shared, splits, args.challenge_file)
    print()
    print(format_challenge(results))
    if args.by_category:
        print()
        print(format_categories(results))
    if has_groups(results):
        for key in GROUP_KEYS:
            print()
            print(format_groups(results, key))
    for p in problems:
        print(f"skipped: {p}")


def _protocol(args: argparse.Namespace) -> None:
    from radtrack_gui.cli.progress import ProgressBar
    from radtrack_gui.evaluation.protocol import evaluate
    from radtrack_gui.evaluation.protocol_output import format_table, write_csv, write_json
    from radtrack_gui.training import fit_linker

    bar = ProgressBar()  # draws on stderr only when it is a terminal
    try:
        ev = evaluate(
            args.gold,
            args.linker,
            extractor=args.extractor,
            end_to_end=args.end_to_end,
            folds=args.folds,
            seed=args.seed,
            progress=bar,
            fit=fit_linker,
        )
    finally:
        bar.close()
    to_stdout = "-" in (args.out_csv, args.out_json)  # the table then goes to stderr
    print(format_table(ev), file=sys.stderr if to_stdout else sys.stdout)
    if args.out_csv:
        write_csv(ev, args.out_csv)
    if args.out_json:
        write_json(ev, args.out_json)
