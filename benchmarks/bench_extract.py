"""Extraction throughput of the rule extractor on one core over the IU chest X-ray corpus.

Reads ``../shared/corpora/iu_openi_cxr/indiana_reports.csv`` in place (report text =
findings + impression joined by a blank line), warms the extractor up on one report (the
vocabulary and NLTK's import are paid once per process and reported separately), then times
``RuleExtractor.extract`` over every report in this single process. Prints reports/s and
mentions/report. Target: >= 300 reports/s.

Usage: python benchmarks/bench_extract.py [--limit N] [--repeat K]
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "iu_openi_cxr"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="rule extractor throughput on IU reports")
    ap.add_argument("--limit", type=int, default=0, help="only the first N reports")
    ap.add_argument("--repeat", type=int, default=1, help="passes over the reports (best kept)")
    args = ap.parse_args(argv)
    path = CORPUS / "indiana_reports.csv"
    if not path.exists():
        print(f"corpus not found: {path}", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    from radtrack_gui.core.model import Report
    from radtrack_gui.nlp.extractors.rules import RuleExtractor

    with path.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    if args.limit:
        rows = rows[:args.limit]
    reports = []
    for row in rows:
        parts = [(row.get(k) or "").strip() for k in ("findings", "impression")]
        reports.append(Report(id=row["uid"], text="\n\n".join(p for p in parts if p)))
    ex = RuleExtractor()
    ex.extract(Report(id="warm-up", text="No pleural effusion. FINDINGS: ET tube in place."))
    setup = time.perf_counter() - t0
    best = float("inf")
    mentions = 0
    for _ in range(max(1, args.repeat)):
        mentions = 0
        t = time.perf_counter()
        for r in reports:
            mentions += len(ex.extract(r))
        best = min(best, time.perf_counter() - t)
    n = len(reports)
    print(f"reports: {n}  setup (imports, vocabulary, tokenizer): {setup:.2f} s")
    print(f"throughput: {n / best:.0f} reports/s (one core, best of {max(1, args.repeat)})")
    print(f"mentions/report: {mentions / n:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
