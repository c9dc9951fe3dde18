"""``radtrack demo [--gold | --questions]``: where the bundled demo patient is, so that any
installation (a checkout, a wheel, the packaged app under /opt) can be tried at once:
``radtrack gui "$(radtrack demo)"``, ``radtrack process "$(radtrack demo)" --json demo.json``."""

from __future__ import annotations

import argparse


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "demo",
        help="print the folder of the bundled demo patient",
        description="Print the folder of the synthetic demo patient this installation "
        "carries (18 invented reports), to open or process it: "
        'radtrack gui "$(radtrack demo)". It is read, never written.',
    )
    which = p.add_mutually_exclusive_group()
    which.add_argument(
        "--gold", action="store_true", help="the demo's hand annotation (a brat folder) instead"
    )
    which.add_argument(
        "--questions", action="store_true", help="the demo's question set (JSON lines) instead"
    )


def run(args: argparse.Namespace) -> int:
    from radtrack_gui.core.errors import InputError
    from radtrack_gui.util.paths import demo_patient_dir, resource

    if args.gold:
        path = resource("samples", "demo_patient_gold")
    elif args.questions:
        path = resource("samples", "demo_questions.jsonl")
    else:
        path = demo_patient_dir()
    if not path.exists():
        raise InputError(f"{path}: the demo is not in this installation (RADTRACK_RESOURCES?)")
    print(path)
    return 0
