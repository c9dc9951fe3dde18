"""``radtrack extract INPUT --jsonl OUT.jsonl`` (FORMATS §4): extraction only, one JSON line
per report, for large collections."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator

from radtrack_gui.cli.options import add_model_options
from radtrack_gui.core.model import Report


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "extract",
        help="extract mentions only; write JSON lines",
        description="Extract finding and device mentions (no linking) from a "
        "folder of reports or a CSV; one JSON line per report.",
    )
    p.add_argument("input", metavar="INPUT", help="a patient folder or a CSV file")
    p.add_argument(
        "--jsonl", required=True, metavar="OUT.jsonl", help="where to write (- for standard output)"
    )
    add_model_options(p, linker=False)
    p.add_argument(
        "--text-columns",
        default=None,
        metavar="COLS",
        help="CSV columns holding the text, joined by a blank line, e.g. findings,impression",
    )
    p.add_argument("--id-column", default=None, metavar="COL", help="CSV column with the id")
    p.add_argument(
        "--patient",
        default=None,
        metavar="ID",
        help="only this patient of a MIMIC CSV holding several",
    )


def _reports(args: argparse.Namespace) -> tuple[Iterator[Report], int | None]:
    """The reports to extract from, and their number when known up front."""
    from radtrack_gui.formats.sources import read_reports

    cols = (
        [c.strip() for c in args.text_columns.split(",") if c.strip()]
        if args.text_columns
        else None
    )
    reports, total, problems = read_reports(
        args.input, args.patient, text_columns=cols, id_column=args.id_column
    )
    for problem in problems:
        print(f"warning: {problem}", file=sys.stderr)
    return reports, total


def run(args: argparse.Namespace) -> int:
    from radtrack_gui.cli.progress import ProgressBar
    from radtrack_gui.formats.json_io import mention_to_dict
    from radtrack_gui.nlp.registry import default_name, get_extractor
    from radtrack_gui.util.atomic import atomic_open

    name = args.extractor or default_name("extractor")
    extractor = get_extractor(name)
    reports, total = _reports(args)
    bar = ProgressBar()
    t0 = time.perf_counter()
    n_reports = n_mentions = 0
    try:
        with atomic_open(args.jsonl) as out:
            for report in reports:
                mentions = sorted(extractor.extract(report), key=lambda m: (m.start, m.end))
                for i, m in enumerate(mentions, 1):
                    m.id, m.report = f"m{i}", report.id
                    m.source = m.source or f"model:{name}"
                items = [mention_to_dict(m) for m in mentions]
                for item in items:
                    item.pop("chain", None)
                out.write(
                    json.dumps({"report": report.id, "mentions": items}, ensure_ascii=False) + "\n"
                )
                n_reports += 1
                n_mentions += len(items)
                bar("extract", n_reports, total or n_reports)
    finally:
        bar.close()
    dt = time.perf_counter() - t0
    rate = n_reports / dt if dt > 0 else 0.0
    print(
        f"{n_reports} reports, {n_mentions} mentions ({name}) -> {args.jsonl} "
        f"in {dt:.2f} s ({rate:.0f} reports/s)",
        file=sys.stderr,
    )
    return 0
