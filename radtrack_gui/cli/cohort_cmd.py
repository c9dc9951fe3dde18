"""``radtrack cohort run|query|summary`` (FORMATS §6): many patients on Dask, DuckDB over the
results, a summary page. Everything heavy is imported inside ``run``."""

from __future__ import annotations

import argparse
import sys
import time
from typing import TextIO

from radtrack_gui.cli.options import add_model_options


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "cohort",
        help="many patients on a Dask cluster; query the results",
        description="Process a cohort of patients on a Dask cluster "
        "(FORMATS §6), query the results with SQL, summarise.",
    )
    cmds = p.add_subparsers(dest="cohort_command", metavar="ACTION", required=True)

    r = cmds.add_parser(
        "run",
        help="process every patient of INPUT into DIR",
        description="Read, extract and link every patient of INPUT (a folder "
        "of patient folders, a MIMIC CSV with many SUBJECT_IDs, a FHIR Bulk "
        "DiagnosticReport.ndjson or an HL7 v2 batch file of ORU^R01 messages) "
        "and write Parquet datasets under DIR. Running it again on "
        "DIR skips the patients already done.",
    )
    r.add_argument("input", metavar="INPUT")
    r.add_argument("--out", required=True, metavar="DIR", help="the cohort folder to write")
    r.add_argument(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help="an existing Dask scheduler (tcp://HOST:PORT); default: a local "
        "cluster on this machine",
    )
    r.add_argument(
        "--workers",
        type=int,
        default=None,
        metavar="N",
        help="local worker processes (default: one per core)",
    )
    add_model_options(r)
    r.add_argument(
        "--ignore-annotations",
        action="store_true",
        help="run the models also on patient folders with brat .ann files (by default "
        "those are read as gold annotations and the models do not run on them)",
    )
    r.add_argument(
        "--batch-reports",
        type=int,
        default=200,
        metavar="N",
        help="at most about N reports per task (patients are grouped; smaller "
        "batches when a cohort is small for its workers; default 200)",
    )
    r.add_argument(
        "--batch-patients",
        type=int,
        default=50,
        metavar="N",
        help="at most N patients per task (default 50)",
    )

    q = cmds.add_parser(
        "query",
        help="SQL (DuckDB) over a cohort's tables",
        description="Run SQL over the views reports, mentions, chains and "
        "patients of a cohort DIR; print a table, or write CSV or "
        "Parquet with --out.",
    )
    q.add_argument("dir", metavar="DIR")
    q.add_argument("sql", nargs="?", metavar="SQL")
    q.add_argument(
        "--named",
        nargs="+",
        metavar=("NAME", "ARG"),
        help="a shipped query: devices-removed-within DAYS, recurrent FINDING, new-on-last-exam",
    )
    q.add_argument("--out", default=None, metavar="FILE", help="write .csv or .parquet")
    q.add_argument(
        "--limit",
        type=int,
        default=100,
        help="rows printed on screen (default 100; --out writes all)",
    )

    s = cmds.add_parser(
        "summary",
        help="counts and figures of a cohort as one HTML page",
        description="Counts and figures (chains per patient, chain length, "
        "reports per chain, days between mentions, modality "
        "combinations, top findings and devices) as one HTML page.",
    )
    s.add_argument("dir", metavar="DIR")
    s.add_argument("--out", required=True, metavar="report.html")


class RateBar:
    """Patients and reports per second on a terminal; silent otherwise."""

    def __init__(self, stream: TextIO | None = None, width: int = 24) -> None:
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty()
        self.width = width
        self._last = 0.0

    def __call__(self, state: object) -> None:
        from radtrack_gui.cohort.run import RunState

        assert isinstance(state, RunState)
        now = time.monotonic()
        finished = state.done + state.failed
        if not self.enabled or (finished < state.total and now - self._last < 0.2):
            return
        self._last = now
        frac = finished / state.total if state.total else 1.0
        bar = "#" * int(frac * self.width) + "-" * (self.width - int(frac * self.width))
        secs = max(state.seconds, 1e-9)
        self.stream.write(
            f"\rcohort [{bar}] {finished}/{state.total} patients "
            f"({state.failed} failed)  {finished / secs:.1f} patients/s  "
            f"{state.reports / secs:.0f} reports/s"
        )
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\r\033[K")
            self.stream.flush()


def run(args: argparse.Namespace) -> int:
    return {"run": _run, "query": _query, "summary": _summary}[args.cohort_command](args)


def _run(args: argparse.Namespace) -> int:
    from radtrack_gui.cohort.run import run_cohort
    from radtrack_gui.core.errors import InputError
    from radtrack_gui.nlp.registry import default_name

    if args.batch_reports < 1 or args.batch_patients < 1:
        raise InputError("--batch-reports and --batch-patients must be at least 1")
    extractor = args.extractor or default_name("extractor")
    linker = args.linker or default_name("linker")
    bar = RateBar()
    try:
        state = run_cohort(
            args.input,
            args.out,
            scheduler=args.scheduler,
            workers=args.workers,
            extractor=extractor,
            linker=linker,
            batch_reports=args.batch_reports,
            batch_patients=args.batch_patients,
            progress=bar,
            ignore_annotations=args.ignore_annotations,
        )
    finally:
        bar.close()
    for note in state.repaired:
        print(f"repaired: {note}", file=sys.stderr)
    for patient, reason in state.failures[:20]:
        print(f"failed: {patient}: {reason}", file=sys.stderr)
    if state.failed > 20:
        print(f"... and {state.failed - 20} more (see patients.parquet)", file=sys.stderr)
    rate = state.reports / state.seconds if state.seconds else 0.0
    modelled = state.done - len(state.gold)
    print(
        f"{state.done} patients done, {state.failed} failed, {state.skipped} already done "
        f"before; {state.reports} reports in {state.seconds:.1f} s ({rate:.0f} reports/s) "
        f"on {state.workers} workers, models loaded {state.model_loads} times "
        f"({extractor} + {linker}) and run on {modelled} "
        f"patient{'' if modelled == 1 else 's'} -> {args.out}",
        file=sys.stderr,
    )
    if state.gold:
        print(gold_line(state.gold), file=sys.stderr)
    if state.interrupted:
        print(
            "interrupted: what was done is kept; run the same command again to go on",
            file=sys.stderr,
        )
        return 130
    return 0


def gold_line(gold: list[str], shown: int = 10) -> str:
    """Which patients were read as gold annotations (models not run on them)."""
    names = ", ".join(sorted(gold)[:shown]) + (
        f" and {len(gold) - shown} more (patients.parquet, column gold)"
        if len(gold) > shown
        else ""
    )
    return (
        f"{len(gold)} patient{'' if len(gold) == 1 else 's'} read as gold annotations "
        f"(.ann files; the models did not run on them; --ignore-annotations runs them): "
        f"{names}"
    )


def _query(args: argparse.Namespace) -> int:
    from radtrack_gui.cohort.query import format_table, named_query, run_query, write_result
    from radtrack_gui.core.errors import InputError

    if (args.sql is None) == (args.named is None):
        raise InputError("give either SQL or --named NAME [ARG]")
    sql, params = (args.sql, {}) if args.named is None else named_query(*args.named)
    _warn_damaged(args.dir)
    table = run_query(args.dir, sql, params)
    if args.out:
        write_result(table, args.out)
        print(f"{table.num_rows} rows -> {args.out}", file=sys.stderr)
    else:
        print(format_table(table, args.limit))
    return 0


def _warn_damaged(folder: str) -> None:
    """Name the partitions the views leave out (``cohort run`` on DIR sets them aside and
    does their patients again)."""
    from radtrack_gui.cohort.output import CohortDir

    for part, why in CohortDir(folder).damaged().items():
        print(
            f"note: partition {part} left out ({why}); run `radtrack cohort run` on this "
            "cohort again to redo its patients",
            file=sys.stderr,
        )


def _summary(args: argparse.Namespace) -> int:
    from radtrack_gui.cohort.summary import write_summary

    _warn_damaged(args.dir)
    counts = write_summary(args.dir, args.out)
    print(
        f"{counts['patients']} patients, {counts['chains']} chains -> {args.out}", file=sys.stderr
    )
    return 0
