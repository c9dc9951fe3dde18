"""``radtrack eval-groups``: report grouping (case identification) on a generated set."""

from __future__ import annotations

import argparse
import json


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "eval-groups",
        help="score report grouping (same exam) on a generated set: NMI and purity",
        description="Generate patients, add the versions real exports hold "
        "(duplicate rows, preliminary + final reads, addenda, "
        "second readers), group the reports and print NMI and "
        "purity against the known groups.",
    )
    p.add_argument("--patients", type=int, default=20)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument(
        "--similarity",
        type=float,
        default=None,
        help="text-similarity threshold (Jaccard of word 3-grams)",
    )
    p.add_argument("--json", action="store_true", help="print the scores as JSON")


def run(args: argparse.Namespace) -> int:
    from radtrack_gui.core.errors import InputError
    from radtrack_gui.evaluation.report_groups_eval import evaluate_grouping

    if args.patients < 1:
        raise InputError("--patients must be at least 1")
    if args.similarity is not None and not 0 < args.similarity <= 1:
        raise InputError("--similarity must be in (0, 1]")
    s = evaluate_grouping(args.patients, args.seed, args.similarity, baseline=True)
    if args.json:
        print(json.dumps(s, indent=1))
        return 0
    print(
        f"{s['reports']} reports, {s['gold_groups']} exams (gold), "
        f"{s['predicted_groups']} groups found"
    )
    print(f"{'':28s}   NMI  purity")
    print(f"{'report groups':28s} {s['nmi']:.3f}  {s['purity']:.3f}")
    print(f"{'each report its own group':28s} {s['baseline_nmi']:.3f}  {s['baseline_purity']:.3f}")
    return 0
