"""``radtrack process PATIENT_FOLDER --json OUT.json`` (FORMATS §3)."""

from __future__ import annotations

import argparse
import sys
import time

from radtrack_gui.cli.options import add_model_options, add_patient_option


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "process",
        help="read, extract and link a patient folder; write JSON",
        description="Run the whole pipeline (read, extract, link) on a patient "
        "folder and write one RadTrack JSON document.",
    )
    p.add_argument("folder", metavar="PATIENT_FOLDER")
    p.add_argument(
        "--json",
        required=True,
        metavar="OUT.json",
        help="where to write the result (- for standard output)",
    )
    add_model_options(p)
    add_patient_option(p)


def run(args: argparse.Namespace) -> int:
    from radtrack_gui.cli.options import run_spec
    from radtrack_gui.cli.progress import ProgressBar
    from radtrack_gui.formats.json_io import write_json
    from radtrack_gui.pipeline import process_folder

    spec = run_spec(args)
    bar = ProgressBar()
    t0 = time.perf_counter()
    try:
        patient = process_folder(args.folder, spec, patient_id=args.patient, progress=bar)
    finally:
        bar.close()
    write_json(patient, args.json)
    for problem in patient.problems:
        print(f"warning: {problem}", file=sys.stderr)
    source = "gold annotations" if patient.annotated else spec.label
    print(
        f"{len(patient.reports)} reports, {len(patient.mentions)} mentions, "
        f"{len(patient.chains)} chains ({source}) -> {args.json} "
        f"in {time.perf_counter() - t0:.2f} s",
        file=sys.stderr,
    )
    return 0
