"""``radtrack demo [--oncology] [--gold | --questions]``: where the bundled demo patient is, so that any
installation (a checkout, a wheel, the packaged app under /opt) can be tried at once:
``radtrack gui "$(radtrack demo)"``, ``radtrack process "$(radtrack demo)" --json demo.json``.
``--oncology`` picks the second demo patient (an oncology follow-up beyond the chest)."""

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
    p.add_argument(
        "--oncology",
        action="store_true",
        help="the second demo patient: an oncology follow-up (CT, PET/CT, MR, ERCP)",
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
    from radtrack_gui.util.paths import demo_patient_dir, oncology_patient_dir, resource

    folder = oncology_patient_dir() if args.oncology else demo_patient_dir()
    if args.gold:
        path = folder.with_name(folder.name + "_gold")
    elif args.questions:
        path = resource(
            "samples", "oncology_questions.jsonl" if args.oncology else "demo_questions.jsonl"
        )
    else:
        path = folder
    if not path.exists():
        raise InputError(f"{path}: the demo is not in this installation (RADTRACK_RESOURCES?)")
    print(path)
    return 0
