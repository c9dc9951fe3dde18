"""Write one long synthetic patient (default 1,000 reports) as a folder of text reports.

The reports of several generated patients (``radtrack synth``'s generator) are re-dated one
after another, so the folder reads as one patient followed for years: for layout checks and
screenshots at scale. Clearly synthetic, no real data.

    python scripts/long_patient.py OUT_FOLDER [--reports 1000] [--seed 13]
"""

from __future__ import annotations

import argparse
import re
import sys
from datetime import datetime, timedelta
from pathlib import Path

from radtrack_gui.evaluation.synth import generate_patient
from radtrack_gui.util.atomic import atomic_folder, write_private

_DATE = re.compile(r"^Date: .*$", re.M)


def write_long_patient(out: Path, n_reports: int = 1000, seed: int = 13) -> Path:
    """OUT/<nnnn>_<exam>.txt for ``n_reports`` reports, each dated 2 days after the last."""
    when = datetime(2150, 1, 1, 8, 0)
    written = 0
    index = 1
    with atomic_folder(out) as tmp:
        while written < n_reports:
            for report in generate_patient(seed, index).reports:
                if written == n_reports:
                    break
                written += 1
                when += timedelta(days=2, hours=written % 5)
                text = _DATE.sub(f"Date: {when:%Y-%m-%d %H:%M}", report.text, count=1)
                stem = report.id.removesuffix(".txt").split("_", 2)[-1]
                write_private(tmp / f"{written:04d}_{stem}.txt", text)
            index += 1
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--reports", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=13)
    args = ap.parse_args(argv)
    write_long_patient(args.out, args.reports, args.seed)
    print(f"{args.out}: {args.reports} reports")
    return 0


if __name__ == "__main__":
    sys.exit(main())
