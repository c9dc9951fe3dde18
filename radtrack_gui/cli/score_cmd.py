"""``radtrack score --key KEY --response RESPONSE [--format conll|brat|json] [--json]``
(FORMATS §5): coreference and mention detection scores, pooled over documents (patients)
and, with ``--per-patient``, per document (``evaluation.scoring``)."""

from __future__ import annotations

import argparse
import json
import sys

FORMATS = ("conll", "brat", "json")


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "score",
        help="score chains (and mentions) against a key",
        description="Coreference scores (MUC, B-cubed, CEAF-m, CEAF-e, BLANC, "
        "LEA, CoNLL F1) and mention detection of RESPONSE against "
        "KEY, pooled over documents (patients).",
    )
    p.add_argument(
        "--key",
        required=True,
        metavar="KEY",
        help="CoNLL file, brat folder (patient or folder of patients), or JSON",
    )
    p.add_argument("--response", required=True, metavar="RESPONSE", help="same kinds as KEY")
    p.add_argument(
        "--format", choices=FORMATS, default=None, help="input format of both (default: detected)"
    )
    p.add_argument("--json", action="store_true", help="print the scores as JSON (fractions)")
    p.add_argument(
        "--per-patient", action="store_true", help="also give the scores of each patient (document)"
    )


def run(args: argparse.Namespace) -> int:
    from radtrack_gui.evaluation.scoring import load, pair_documents, score_pairs, text_report

    key = load(args.key, args.format)
    response = load(args.response, args.format)
    pairs, warnings = pair_documents(key, response)
    for w in warnings:
        print(f"warning: {w}", file=sys.stderr)
    result = score_pairs(pairs, key.kind)
    if not args.per_patient:
        result.pop("patients")
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(text_report(result, args.per_patient))
    return 0
