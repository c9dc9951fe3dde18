"""``radtrack export INPUT --format json|csv|brat|conll --out PATH``.

INPUT is a patient folder (the pipeline runs on it; an annotated folder keeps its gold) or a
RadTrack JSON (exported as it is, no models run).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from radtrack_gui.core.model import Patient

FORMATS = ("json", "csv", "brat", "conll")


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("export", help="export a patient as JSON, CSV, brat or CoNLL-2012",
                       description="Export a patient folder (processed first) or a RadTrack "
                                   "JSON as RadTrack JSON, CSV (one row per mention), brat "
                                   "standoff (a folder) or CoNLL-2012.")
    p.add_argument("input", metavar="INPUT", help="patient folder, MIMIC CSV or RadTrack JSON")
    p.add_argument("--format", required=True, choices=FORMATS)
    p.add_argument("--out", required=True, metavar="PATH",
                   help="output file, - for standard output (a new or empty folder for brat)")
    p.add_argument("--patient", default=None, metavar="ID",
                   help="patient to read from a CSV holding several")
    p.add_argument("--extractor", default=None, help="extractor name (see `radtrack models`)")
    p.add_argument("--linker", default=None, help="linker name (`exact` is the baseline)")


def _load(args: argparse.Namespace) -> Patient:
    from radtrack_gui.cli.progress import ProgressBar
    from radtrack_gui.formats.json_io import read_json
    from radtrack_gui.nlp.registry import default_name
    from radtrack_gui.pipeline import process_folder

    src = Path(args.input)
    if src.is_file() and src.suffix.lower() == ".json":
        return read_json(src)
    bar = ProgressBar()
    try:
        return process_folder(src, extractor=args.extractor or default_name("extractor"),
                              linker=args.linker or default_name("linker"),
                              patient_id=args.patient, progress=bar)
    finally:
        bar.close()


def export(patient: Patient, fmt: str, out: str | Path) -> str:
    """Write ``patient`` in ``fmt`` to ``out``; returns a one-line summary."""
    from radtrack_gui.core.errors import InputError

    if fmt == "json":
        from radtrack_gui.formats.json_io import write_json

        write_json(patient, out)
    elif fmt == "csv":
        from radtrack_gui.formats.csv_io import write_csv

        write_csv(patient, out)
    elif fmt == "brat":
        from radtrack_gui.formats.brat import write_brat

        if str(out) == "-":
            raise InputError("brat writes a folder: give a folder, not - (standard output)")

        write_brat(patient, out)
    elif fmt == "conll":
        try:
            from radtrack_gui.formats.conll import write_conll
        except ImportError as exc:
            raise InputError(f"CoNLL export is not available ({exc})") from exc
        write_conll([patient], out)
    else:
        raise InputError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
    return (f"{len(patient.reports)} reports, {len(patient.mentions)} mentions, "
            f"{len(patient.chains)} chains -> {out} ({fmt})")


def run(args: argparse.Namespace) -> int:
    patient = _load(args)
    summary = export(patient, args.format, args.out)
    for problem in patient.problems:
        print(f"warning: {problem}", file=sys.stderr)
    print(summary, file=sys.stderr)
    return 0
