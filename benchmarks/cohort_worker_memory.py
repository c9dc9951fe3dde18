"""Where a cohort worker's memory goes, batch by batch (issue #23: workers' RSS grew).

Generates a NOTEEVENTS-style CSV slice (``bench_mimic_csv.make_csv``), starts a
LocalCluster of ``--workers`` single-threaded worker processes configured as ``cohort run``
configures its own, and runs ``run_cohort`` on it with a progress callback that, every
``--every`` batches, asks each worker (``client.run``) for its RSS, the sizes of the
extractor's and linker's caches, and, with ``--tracemalloc``, the allocation sites that
grew most since the first batch. Prints one line per probe, then the top sites.

    python benchmarks/cohort_worker_memory.py --rows 40000 --workers 1
    python benchmarks/cohort_worker_memory.py --rows 40000 --workers 1 --tracemalloc
"""

from __future__ import annotations

import argparse
import contextlib
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_mimic_csv import make_csv  # noqa: E402


# -- run on the workers (client.run) ------------------------------------------------------
def _start_tracing(frames: int) -> bool:
    import tracemalloc

    tracemalloc.start(frames)
    return True


def _rss() -> tuple[int, int]:
    got = {}
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(("VmRSS:", "VmHWM:")):
                got[line.split(":")[0]] = int(line.split()[1]) * 1024
    return got.get("VmRSS", 0), got.get("VmHWM", 0)


def _cache_sizes() -> dict[str, int]:
    """Entries in every dict / lru_cache the worker's models keep between batches."""
    from radtrack_gui.cohort import tasks

    sizes: dict[str, int] = {}
    for ext, lnk in tasks._MODELS.values():
        for obj in (ext, lnk):
            for name, value in vars(obj).items():
                if name.startswith("_") and (
                    isinstance(value, dict | list | set) or type(value).__name__ == "RecentMemo"
                ):
                    key = f"{type(obj).__name__}.{name}"
                    sizes[key] = sizes.get(key, 0) + len(value)
    for mod_name, mod in list(sys.modules.items()):
        if not mod_name.startswith("radtrack_gui"):
            continue
        for attr, value in list(vars(mod).items()):
            info = getattr(value, "cache_info", None)
            if callable(info):
                with contextlib.suppress(TypeError):
                    sizes[f"{mod_name.rsplit('.', 1)[-1]}.{attr}()"] = info().currsize
    return sizes


def _deep_size(obj: Any, seen: set[int]) -> int:
    """Bytes of ``obj`` and of everything it holds (containers, strings, numbers), each
    object once (``seen``); a RecentMemo's two dicts, a dataclass's slots."""
    todo, total = [obj], 0
    while todo:
        o = todo.pop()
        if id(o) in seen or o is None or isinstance(o, bool):
            continue
        seen.add(id(o))
        total += sys.getsizeof(o)
        if isinstance(o, dict):
            todo.extend(o.keys())
            todo.extend(o.values())
        elif isinstance(o, list | tuple | set | frozenset):
            todo.extend(o)
        elif hasattr(o, "__slots__"):
            todo.extend(getattr(o, k) for k in o.__slots__ if hasattr(o, k))
    return total


def _memo_bytes() -> dict[str, int]:
    """Bytes held by the rule extractor's memos (shared strings counted once, first come)."""
    from radtrack_gui.cohort import tasks

    out: dict[str, int] = {}
    seen: set[int] = set()
    for ext, _ in tasks._MODELS.values():
        for name in (
            "_sentence_cache",
            "_result_cache",
            "_chunk_cache",
            "_tops_cache",
            "_report_cache",
        ):
            memo = getattr(ext, name, None)
            if memo is not None:
                out[name] = out.get(name, 0) + _deep_size(memo, seen)
    return out


def _probe(snap: bool) -> dict[str, Any]:
    import gc
    import tracemalloc

    out: dict[str, Any] = {
        "rss": _rss(),
        "caches": _cache_sizes(),
        "memo_bytes": _memo_bytes(),
        "gc": len(gc.get_objects()),
    }
    try:
        import pyarrow as pa

        out["arrow"] = pa.total_allocated_bytes()
    except ImportError:
        pass
    if snap and tracemalloc.is_tracing():
        out["traced"] = tracemalloc.get_traced_memory()[0]
        snapshot = tracemalloc.take_snapshot().filter_traces(
            [tracemalloc.Filter(False, tracemalloc.__file__)]
        )
        first = getattr(tracemalloc, "_radtrack_first", None)  # kept in the worker
        if first is None:
            tracemalloc._radtrack_first = snapshot  # type: ignore[attr-defined]
            out["top"] = []
        else:
            diff = snapshot.compare_to(first, "lineno")
            out["top"] = [str(d) for d in diff[:12]]
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--rows", type=int, default=40_000)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--every", type=int, default=5, help="probe every N batches")
    ap.add_argument("--tracemalloc", action="store_true")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--input", help="an existing NOTEEVENTS-style CSV")
    ap.add_argument("--tmp", default="/work/tmp" if Path("/work").is_dir() else None)
    args = ap.parse_args()

    import dask
    from distributed import Client, LocalCluster

    from radtrack_gui.cohort.run import LOCAL_CONFIG, run_cohort

    if args.tmp:
        Path(args.tmp).mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="cohort-mem-", dir=args.tmp))
    try:
        src = Path(args.input) if args.input else tmp / "notes.csv"
        if not args.input:
            made = make_csv(src, args.rows, 0.25, args.seed)
            print(f"generated {made}", flush=True)
        with dask.config.set(LOCAL_CONFIG):
            cluster = LocalCluster(
                n_workers=args.workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
            )
        client = Client(cluster)
        if args.tracemalloc:
            client.run(_start_tracing, 1)
        batches = 0
        t0 = time.perf_counter()
        tops: dict[str, list[str]] = {}

        def probe(state: Any, final: bool = False) -> None:
            nonlocal batches
            batches += not final
            if not final and batches % args.every and batches != 1:
                return
            for addr, got in client.run(_probe, args.tracemalloc).items():
                rss, hwm = got["rss"]
                caches = " ".join(f"{k}={v}" for k, v in sorted(got["caches"].items()) if v)
                traced = f" traced {got['traced'] / 2**20:.0f} MiB" if "traced" in got else ""
                memo = got["memo_bytes"]
                memos = (
                    f" memos {sum(memo.values()) / 2**20:.1f} MiB ("
                    + ", ".join(
                        f"{k.strip('_').removesuffix('_cache')} {v / 2**20:.1f}"
                        for k, v in memo.items()
                    )
                    + ")"
                )
                print(
                    f"batch {batches:4d} reports {state.reports:6d} t {time.perf_counter() - t0:6.0f}s "
                    f"{addr.rsplit(':', 1)[-1]} rss {rss / 2**20:6.1f} hwm {hwm / 2**20:6.1f} MiB "
                    f"arrow {got.get('arrow', 0) / 2**20:.1f} gc {got['gc']}{traced}{memos} | {caches}",
                    flush=True,
                )
                if got.get("top"):
                    tops[addr] = got["top"]

        state = run_cohort(src, tmp / "out", scheduler=cluster.scheduler_address, progress=probe)
        probe(state, final=True)
        print(
            f"done: {state.done} patients, {state.reports} reports, {state.failed} failed, "
            f"{state.seconds:.0f} s",
            flush=True,
        )
        for addr, lines in tops.items():
            print(f"top growth since the first batch on {addr}:")
            print("  " + "\n  ".join(lines))
        client.close()
        cluster.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
