"""``radtrack agree A B [--json]``: inter-annotator agreement of two brat-annotated folders
of the same reports (see ``evaluation.agreement`` for the exact definitions)."""

from __future__ import annotations

import argparse
import json


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "agree",
        help="inter-annotator agreement of two annotated folders",
        description="Agreement of annotator B with annotator A on the same "
        "reports: coreference links (pairwise IAA), mention spans "
        "(exact and partial F1) and chains (MUC, CoNLL F1 with A "
        "as key), per category and overall.",
    )
    p.add_argument("a", metavar="A", help="brat folder: one patient or a folder of patients")
    p.add_argument("b", metavar="B", help="the same reports annotated by someone else")
    p.add_argument(
        "--match",
        choices=("exact", "partial"),
        default="exact",
        help="how mentions of A and B are paired for links and chains (default: exact spans)",
    )
    p.add_argument("--json", action="store_true", help="print the result as JSON")


def run(args: argparse.Namespace) -> int:
    from radtrack_gui.evaluation.agreement import agreement, agreement_table, read_pair

    a, b = read_pair(args.a, args.b)
    result = agreement(a, b, match=args.match)
    if args.json:
        print(json.dumps(result.as_dict(), indent=2))
    else:
        print(agreement_table(result))
    return 0
