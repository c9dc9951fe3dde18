"""``radtrack export INPUT --format json|csv|brat|conll|fhir --out PATH``.

INPUT is a patient folder or a MIMIC CSV (the pipeline runs on it; an annotated folder keeps
its gold) or a RadTrack JSON (exported as it is, no models run): ``pipeline.process_source``.
A patient folder already opened as a project is exported from its project store, without
running the models, when the store is current (``ask_cmd.stored_patient``: the same reports,
the same models); the export then holds the chains as stored, corrections included.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from radtrack_gui.cli.options import add_model_options, add_patient_option
from radtrack_gui.formats.registry import WRITERS
from radtrack_gui.formats.writers import DATA_FORMATS, write_patient

if TYPE_CHECKING:
    from radtrack_gui.core.model import Patient


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "export",
        help="export a patient as JSON, CSV, brat, CoNLL-2012 or FHIR",
        description="Export a patient folder (processed first) or a RadTrack "
        "JSON as RadTrack JSON, CSV (one row per mention), brat "
        "standoff (a folder), CoNLL-2012 or a FHIR R5 Bundle (chains as Observations).",
    )
    p.add_argument(
        "input",
        metavar="INPUT",
        help="patient folder, MIMIC CSV, RadTrack JSON or a report file (FHIR, HL7 v2, PDF, "
        "Word/RTF, DICOM)",
    )
    p.add_argument(
        "--format",
        required=True,
        choices=DATA_FORMATS,
        help="; ".join(f"{name}: {WRITERS[name].description}" for name in DATA_FORMATS),
    )
    p.add_argument(
        "--out",
        required=True,
        metavar="PATH",
        help="output file, - for standard output (a new or empty folder for brat)",
    )
    add_patient_option(p)
    add_model_options(p)


def _load(args: argparse.Namespace) -> Patient:
    from radtrack_gui.cli.ask_cmd import stored_patient
    from radtrack_gui.cli.options import run_spec

    spec = run_spec(args)
    stored = stored_patient(args.input, spec.extractor_name, spec.linker_name, args.patient)
    if stored is not None:
        return stored
    from radtrack_gui.cli.progress import ProgressBar
    from radtrack_gui.pipeline import process_source

    bar = ProgressBar()
    try:
        return process_source(args.input, args.patient, spec, progress=bar)
    finally:
        bar.close()


def run(args: argparse.Namespace) -> int:
    patient = _load(args)
    write_patient(patient, args.format, args.out)
    summary = (
        f"{len(patient.reports)} reports, {len(patient.mentions)} mentions, "
        f"{len(patient.chains)} chains -> {args.out} ({args.format})"
    )
    for problem in patient.problems:
        print(f"warning: {problem}", file=sys.stderr)
    print(summary, file=sys.stderr)
    return 0
