"""Long fuzzing run (issues #8, #21): every reader, the JSON round trip, the store, the
exporters, special files and links in patient and model folders, names that are not UTF-8,
case-mapping characters through the pipeline, damaged cohort outputs and hostile free SQL,
``--n`` cases each (default 10,000), then ``--kills`` SIGKILLs during edits and the
two-process check. Prints counts per case kind; exit status 1 on any failure.

Run: ``nice python scripts/fuzz_long.py [--n 10000] [--kills 50] [--only json,brat]``.
The cases are those of the test suite (``tests/fuzz_cases.py``, ``tests/store_child.py``).
"""

from __future__ import annotations

import argparse
import collections
import os
import shutil
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import fuzz_cases  # noqa: E402
import store_child  # noqa: E402


def run_kind(name: str, n: int, seed0: int) -> collections.Counter[str]:
    counts: collections.Counter[str] = collections.Counter()
    check = fuzz_cases.CHECKS[name]
    with tempfile.TemporaryDirectory(prefix=f"fuzz-{name}-") as tmp:
        for i in range(n):
            case = Path(tmp, str(i))
            case.mkdir()
            try:
                counts[check(seed0 + i, case)] += 1
            except Exception as exc:  # a broken property or an uncaught exception
                counts["FAILED"] += 1
                if counts["FAILED"] <= 5:
                    print(
                        f"  {name} seed {seed0 + i}: "
                        f"{''.join(traceback.format_exception(exc))[-800:]}",
                        file=sys.stderr,
                    )
            shutil.rmtree(case, ignore_errors=True)
    return counts


def two_processes(tmp: Path) -> str:
    """A second process is refused while the first holds the store, reads it read-only,
    and gets the lock once the first is killed."""
    from radtrack_gui.store.db import ProjectStore, StoreLocked

    path = tmp / "two.sqlite"
    with ProjectStore.open(path) as store:
        store.save_patient(fuzz_cases.valid_patient(__import__("random").Random(1)), "model:fuzz")
    child = store_child.start("hold", str(path))
    store_child.wait_for(child, "held")
    try:
        ProjectStore.open(path).close()
        return "FAILED: second writer let in"
    except StoreLocked:
        pass
    with ProjectStore.open(path, read_only=True) as viewer:
        if viewer.load_patient() is None:
            return "FAILED: read-only open saw nothing"
    child.kill()
    child.communicate()
    ProjectStore.open(path).close()
    return "ok"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=10_000, help="cases per kind")
    ap.add_argument("--kills", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1_000_000)
    ap.add_argument(
        "--only",
        default="",
        help=f"comma-separated kinds ({', '.join(fuzz_cases.CHECKS)}, kill, two)",
    )
    args = ap.parse_args()
    only = set(filter(None, args.only.split(",")))
    home = tempfile.mkdtemp(prefix="fuzz-home-")
    os.environ["RADTRACK_HOME"] = home  # never the user's real folders
    failed = 0
    for name in fuzz_cases.CHECKS:
        if only and name not in only:
            continue
        t0 = time.perf_counter()
        counts = run_kind(name, args.n, args.seed)
        failed += counts["FAILED"]
        print(
            f"{name:8s} {args.n:>6,d} cases  {dict(sorted(counts.items()))}  "
            f"({time.perf_counter() - t0:.0f} s)",
            flush=True,
        )
    with tempfile.TemporaryDirectory(prefix="fuzz-store-") as tmp:
        if not only or "kill" in only:
            t0 = time.perf_counter()
            res = store_child.kill_during_edits(Path(tmp) / "kill.sqlite", args.kills)
            failed += res["lost"] + res["broken"]
            print(f"SIGKILL during edits: {res}  ({time.perf_counter() - t0:.0f} s)", flush=True)
        if not only or "two" in only:
            res2 = two_processes(Path(tmp))
            failed += res2 != "ok"
            print(f"two processes on one store: {res2}", flush=True)
    shutil.rmtree(home, ignore_errors=True)
    print("FAILED" if failed else "all properties held")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
