"""``radtrack cohort run``: the patients of INPUT through the pipeline on a Dask cluster.

Without a scheduler address a ``distributed.LocalCluster`` runs on this machine (one
single-threaded worker process per core, or ``workers``); with ``tcp://HOST:PORT`` the batches
go to that existing cluster, whose workers must see the patient folders (a CSV's rows travel
with the tasks). One task per batch of patients; a bounded number of batches is in flight,
so memory stays flat and Ctrl+C stops soon. A worker writes each batch's partition files
into DIR; this process checks and commits them (the batches that finished together in one
manifest), so an interrupted or crashed run keeps every committed batch and the next run on
DIR skips the patients already done.
"""

from __future__ import annotations

import logging
import os
import shutil
import signal
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from radtrack_gui.cohort.output import CohortDir
from radtrack_gui.cohort.records import READERS, record_format, split_records
from radtrack_gui.cohort.sources import (
    PatientItem,
    batches,
    folder_patients,
    is_csv,
    split_csv,
    stream_batches,
)
from radtrack_gui.core.errors import InputError

IN_FLIGHT_PER_WORKER = 3  # batches queued per worker thread
SLOTS_EVERY_S = 5.0  # how often the worker threads are counted again (workers may join)
# The local cluster's housekeeping, quieter than Dask's interactive defaults: no statistical
# profiler sampling every worker's stack 100 times a second, slower ticks and monitors.
# An idle worker then uses ~0.3 % of a core instead of ~3 %. (On your own cluster, set
# DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED=False and so on for the same effect.)
# Dask keeps the last ``low-level-log-length`` (default 1,000) messages of every batched
# stream for debugging, each with its payload when under 1 MB: a cohort batch's rows sent to a
# worker, or its graph sent to a remote scheduler. The scheduler of a LocalCluster lives in
# this process, so the client grew by about one batch (~1 MB) per batch until 1,000 per
# worker (measured: 123 -> 307 MiB over 178 batches of the 500,000-row CSV). Set for the
# whole run (workers that join later included) and for the local workers' own logs.
LOG_CONFIG = {"distributed.admin.low-level-log-length": 10}
LOCAL_CONFIG = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "500ms",
    # every Dask server (the scheduler and each worker's nanny, all in this process) samples
    # the host; nothing here reads it (no dashboard): rarely, and without disk counters
    # (an idle 2-worker cluster: 16 -> 12-14 ms of this process's CPU a second)
    "distributed.admin.system-monitor.interval": "5s",
    "distributed.admin.system-monitor.disk": False,
    "distributed.worker.memory.monitor-interval": "1s",
    **LOG_CONFIG,
}


@dataclass
class RunState:
    """Where a run stands (passed to the progress callback after every commit)."""

    total: int  # patients to process in this run
    skipped: int = 0  # already done by an earlier run on DIR
    done: int = 0
    failed: int = 0
    reports: int = 0
    seconds: float = 0.0
    startup: float = 0.0  # of ``seconds``: starting or reaching the cluster
    workers: int = 0
    interrupted: bool = False
    model_loads: int = 0
    gold: list[str] = field(default_factory=list)  # patients read as gold annotations
    peak_memory: dict[str, int] = field(default_factory=dict)  # worker -> peak RSS bytes
    worker_cpu: dict[str, float] = field(default_factory=dict)  # worker -> CPU s in the run
    # (patient, reason) of the first MAX_FAILURES_KEPT failed patients (``failed`` counts all)
    failures: list[tuple[str, str]] = field(default_factory=list)
    repaired: list[str] = field(default_factory=list)  # damaged partitions set aside


Progress = Callable[[RunState], None]


def check_models(extractor: str, linker: str) -> None:
    from radtrack_gui.nlp.registry import EXTRACTORS, LINKERS

    if extractor not in EXTRACTORS:
        raise InputError(f"unknown extractor '{extractor}' (known: {', '.join(EXTRACTORS)})")
    if linker not in LINKERS:
        raise InputError(f"unknown linker '{linker}' (known: {', '.join(LINKERS)})")


def connect(scheduler: str | None, workers: int | None) -> tuple[Any, Any]:
    """A ``distributed.Client`` (and the LocalCluster it owns, or None)."""
    import dask
    from distributed import Client, LocalCluster

    tornado_log = logging.getLogger("tornado.application")
    if not any(isinstance(f, _InterruptedSyncFilter) for f in tornado_log.filters):
        tornado_log.addFilter(_InterruptedSyncFilter())
    if scheduler:
        try:
            return Client(scheduler, timeout="15s"), None
        except (OSError, TimeoutError, ValueError) as exc:
            raise InputError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from exc
    n = workers or os.cpu_count() or 1
    # Ctrl+C on a terminal reaches every process of the group: the workers ignore it (they
    # inherit the ignored signal) and this process stops them in order, keeping what is done.
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if _main_thread() else None
    try:
        with dask.config.set(LOCAL_CONFIG):
            cluster = LocalCluster(
                n_workers=n,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                # a worker's own errors reach the run as failed patients; Dask's internal
                # ones (a heartbeat racing the scheduler's close after Ctrl+C) are no news
                silence_logs=logging.CRITICAL,
                # no dashboard; its bare HTTP routes on any free port
                scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
            )
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    return Client(cluster), cluster


def _main_thread() -> bool:
    import threading

    return threading.current_thread() is threading.main_thread()


def _usage() -> tuple[int, float]:
    """This worker's peak resident memory in bytes and its CPU seconds so far."""
    import resource
    import sys

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    return int(peak if sys.platform == "darwin" else peak * 1024), time.process_time()


def run_cohort(
    source: str | Path,
    out: str | Path,
    *,
    scheduler: str | None = None,
    workers: int | None = None,
    extractor: str = "",
    linker: str = "",
    batch_reports: int = 200,
    batch_patients: int = 50,
    progress: Progress | None = None,
    ignore_annotations: bool = False,
) -> RunState:
    """Process every patient of ``source`` not yet done in ``out``. Bad arguments raise
    ``InputError`` before anything runs; Ctrl+C returns with ``interrupted`` set."""
    src = Path(source).expanduser()
    if not src.exists():
        raise InputError(f"{source}: no such folder or file")
    records = record_format(src)
    if not (src.is_dir() or is_csv(src) or records):
        raise InputError(
            f"{source}: not a folder of patient folders, a MIMIC CSV, a FHIR Bulk NDJSON "
            "or an HL7 v2 batch file"
        )
    if records and scheduler is None:  # a local cluster shares this environment
        from radtrack_gui.formats.ingest import missing_library, no_library

        lib = missing_library(READERS[records])
        if lib:
            raise InputError(f"{source}: {no_library(READERS[records], lib)}")
    if workers is not None and workers < 1:
        raise InputError(f"--workers must be at least 1 (got {workers})")
    from radtrack_gui.nlp.registry import RunSpec

    spec = RunSpec(extractor, linker)  # left out: the registry's defaults
    extractor, linker = spec.extractor_name, spec.linker_name
    check_models(extractor, linker)
    cohort = CohortDir(out)
    cohort.prepare(src, extractor, linker, ignore_annotations=ignore_annotations)
    repaired = cohort.quarantine(cohort.damaged())
    cohort.cleanup()
    done = cohort.done()
    skipped = len(done)
    groups: Callable[[int], Iterator[list[PatientItem]]]  # worker threads -> the batches
    if src.is_dir():
        items = [i for i in folder_patients(src, exclude=cohort.path) if i.key not in done]
        total = len(items)

        def groups(threads: int) -> Iterator[list[PatientItem]]:
            return iter(plan(items, threads, batch_reports, batch_patients))
    else:  # a big file: spilled by patient, then batched one spill bucket at a time
        shutil.rmtree(cohort.work, ignore_errors=True)
        work = cohort.work / "spill"
        if records:
            split = split_records(src, records, work, done)
        else:
            split = split_csv(src, work, skip=done)
        total = split.patients

        def groups(threads: int) -> Iterator[list[PatientItem]]:
            per = batch_size(split.reports, threads, batch_reports)
            return stream_batches(split, per, batch_patients)

    del done
    state = RunState(total=total, skipped=skipped, repaired=repaired)
    t0 = time.perf_counter()
    try:
        if total:
            _schedule(
                cohort,
                groups,
                state,
                scheduler=scheduler,
                workers=workers,
                extractor=extractor,
                linker=linker,
                progress=progress,
                t0=t0,
                ignore_annotations=ignore_annotations,
            )
    finally:
        cohort.write_patients()
        shutil.rmtree(cohort.work, ignore_errors=True)
        state.seconds = time.perf_counter() - t0
    return state


# batches per worker thread aimed at (a batch closes past its size, so >= ~8 come out): the
# last wave, when some workers wait for the others, is a small share of the run
BATCHES_PER_THREAD = 12
MIN_BATCH_REPORTS = 20  # but not smaller than this: each batch costs a task, 3 files, a commit


def batch_size(reports: int, threads: int, most: int = 200) -> int:
    """Reports per batch: ``most``, fewer when that leaves under ``BATCHES_PER_THREAD``
    batches per worker thread (so none waits idle at the end), but at least
    ``MIN_BATCH_REPORTS`` (per-batch costs stay small per report) unless ``most`` is less."""
    want = -(-reports // (BATCHES_PER_THREAD * max(threads, 1)))
    return max(1, min(most, max(MIN_BATCH_REPORTS, want)))


def plan(
    items: list[PatientItem], threads: int, reports: int = 200, patients: int = 50
) -> list[list[PatientItem]]:
    """Batches of at most about ``reports`` reports and ``patients`` patients, of
    ``batch_size`` reports, largest first (so the last ones to finish are small)."""
    per = batch_size(sum(i.size for i in items), threads, reports)
    return sorted(batches(items, per, patients), key=lambda g: -sum(i.size for i in g))


RETRY_OFFSET = 10**9  # a batch submitted again gets a partition number of its own
MAX_FAILURES_KEPT = 1_000  # failures named in ``RunState.failures`` (all are in patients.parquet)


def _schedule(
    cohort: CohortDir,
    groups: Callable[[int], Iterator[list[PatientItem]]],
    state: RunState,
    *,
    scheduler: str | None,
    workers: int | None,
    extractor: str,
    linker: str,
    progress: Progress | None,
    t0: float,
    ignore_annotations: bool,
) -> None:
    """Submit the batches ``groups(worker threads)`` gives as tasks, at most
    ``IN_FLIGHT_PER_WORKER`` per worker thread at a time (the next batch is read only when a
    slot frees), and commit the results as they come (those that finished together in one
    step). What this process holds does not grow with the input: the batches in flight, the
    few to retry, and the counts in ``state`` (and Dask's message logs, kept short by
    ``LOG_CONFIG`` for the whole run)."""
    import queue

    import dask
    import distributed  # noqa: F401  before dask.config.set: see below

    from radtrack_gui.cohort.tasks import process_batch

    # ``distributed`` adds its defaults to dask's config when first imported; a
    # ``dask.config.set`` entered before that would delete them all on exit (it restores
    # "no distributed section"), and the next cluster in this process would not start.

    with dask.config.set(LOG_CONFIG):
        client, cluster = connect(scheduler, workers)
        run_id = f"{int(time.time()):x}{os.getpid() % 0xFFFF:04x}"
        retry: list[tuple[int, list[PatientItem]]] = []  # batches whose output was lost
        numbered: Iterator[tuple[int, list[PatientItem]]] = iter(())
        in_flight: dict[str, tuple[str, list[PatientItem], Any]] = {}  # key -> part, group, future
        # finished futures, put there by Dask's callback thread; the main thread blocks on it
        # (no timed polling, unlike the sync ``as_completed`` iterator's 100 ms wake-ups)
        finished: queue.SimpleQueue[Any] = queue.SimpleQueue()

        out = str(cohort.path.resolve())

        counted = [-SLOTS_EVERY_S, 0]  # when the worker threads were last counted; slots

        def top_up() -> None:
            now = time.monotonic()
            if now - counted[0] >= SLOTS_EVERY_S:  # a call to the scheduler: not every batch
                counted[:] = [now, IN_FLIGHT_PER_WORKER * max(1, sum(client.nthreads().values()))]
            while len(in_flight) < counted[1]:
                n, group = retry.pop() if retry else next(numbered, (-1, []))
                if not group:
                    return
                part = f"part-{run_id}-{n:05d}"
                fut = client.submit(
                    process_batch,
                    [i.loaded() for i in group],
                    extractor,
                    linker,
                    out,
                    part,
                    ignore_annotations,
                    key=f"radtrack-cohort-{run_id}-{n}",
                    pure=False,
                )
                in_flight[fut.key] = (part, group, fut)
                fut.add_done_callback(finished.put)

        try:
            state.workers = len(client.nthreads())
            state.model_loads += _warm_up(client, run_id, extractor, linker)
            state.startup = time.perf_counter() - t0
            threads = sum(client.nthreads().values()) or (workers or os.cpu_count() or 1)
            numbered = enumerate(groups(threads))
            cpu0 = _run_everywhere(client)
            top_up()
            while in_flight:
                ready = [finished.get()]  # blocks until a batch is done
                while True:  # and every other batch that is done by now: one commit for all
                    try:
                        ready.append(finished.get_nowait())
                    except queue.Empty:
                        break
                done = [_outcome(in_flight.pop(f.key)) for f in ready if f.key in in_flight]
                del ready
                _commit(cohort, done, retry, state)
                del done
                state.seconds = time.perf_counter() - t0
                if progress:
                    progress(state)
                top_up()
            state.workers = max(state.workers, len(client.nthreads()))
            usage = _run_everywhere(client)
            state.peak_memory = {k: v[0] for k, v in usage.items()}
            state.worker_cpu = {k: v[1] - cpu0.get(k, (0, 0.0))[1] for k, v in usage.items()}
        except KeyboardInterrupt:
            state.interrupted = True
            client.cancel([f for _, _, f in in_flight.values()])
        finally:
            _close(client, cluster)


Outcome = tuple[str, list[PatientItem], dict[str, Any]]  # part, its patients, the task's result


def _outcome(entry: tuple[str, list[PatientItem], Any]) -> Outcome:
    """A finished batch's result (a lost task's patients as failed), its future released."""
    part, group, fut = entry
    try:
        res = fut.result()
    except Exception as exc:  # the task was lost (e.g. KilledWorker): try again later
        res = {
            "tables": None,
            "loads": 0,
            "records": [
                {
                    "patient": i.key,
                    "source": i.source,
                    "status": "failed",
                    "reason": f"task lost on the cluster ({type(exc).__name__}: {exc}); "
                    "run again to retry",
                }
                for i in group
            ],
        }
    fut.release()
    return part, group, res


def _commit(
    cohort: CohortDir,
    done: list[Outcome],
    retry: list[tuple[int, list[PatientItem]]],
    state: RunState,
) -> None:
    """Commit the batches that finished together in one manifest; a batch whose files are
    gone or broken is submitted once more (``retry``), then recorded as failed."""
    sizes = {}
    for part, _, res in done:
        if res["tables"] is not None and res["tables"]["reports"].num_rows:
            # a worker that could not reach DIR
            sizes[part] = cohort.write_tables(part, res["tables"])
            res["tables"] = None
        elif res.get("sizes"):
            sizes[part] = res["sizes"]
    problems = cohort.commit_many([(part, res["records"]) for part, _, res in done], sizes)
    for part, group, res in done:
        problem = problems.get(part)
        if problem:  # the worker's files are gone or broken: once more, else failed
            n = int(part.rsplit("-", 1)[1])
            cohort.discard(part)
            if n < RETRY_OFFSET:
                retry.append((n + RETRY_OFFSET, group))
                continue
            res["records"] = [
                {**r, "status": "failed", "reason": f"output lost ({problem}); run again"}
                for r in res["records"]
            ]
            cohort.commit(part, res["records"])
        state.model_loads += res["loads"]
        for r in res["records"]:
            if r["status"] == "done":
                state.done += 1
                state.reports += r["reports"]
                if r.get("gold"):
                    state.gold.append(r["patient"])
            else:
                state.failed += 1
                if len(state.failures) < MAX_FAILURES_KEPT:
                    state.failures.append((r["patient"], r["reason"]))


def _run_everywhere(client: Any) -> dict[str, tuple[int, float]]:
    """``_usage`` of every worker (none when a worker is leaving: nothing is lost)."""
    try:
        return {str(k): (int(v[0]), float(v[1])) for k, v in client.run(_usage).items()}
    except Exception:
        return {}


def _warm_up(client: Any, run_id: str, extractor: str, linker: str) -> int:
    """Build the models on every worker at once, before the first batch; returns how many
    were built. A worker that cannot build them says why with its first batch."""
    from radtrack_gui.cohort.tasks import warm_up

    futures = [
        client.submit(
            warm_up,
            extractor,
            linker,
            workers=[address],
            allow_other_workers=False,
            pure=False,
            key=f"radtrack-warm-{run_id}-{i}",
        )
        for i, address in enumerate(client.nthreads())
    ]
    loads = 0
    for fut in futures:
        try:
            loads += int(fut.result())
        except Exception as exc:  # its batches report it per patient
            logging.getLogger("radtrack.cohort").info("warm-up failed: %s", exc)
    return loads


class _InterruptedSyncFilter(logging.Filter):
    """Drops one known message: Ctrl+C during a blocking ``distributed`` call makes its
    event loop log a NameError from ``distributed.utils.sync``'s cancel callback (their
    bug, harmless: the call was being abandoned anyway)."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        return not (isinstance(exc, NameError) and "free variable 'future'" in str(exc))


def _close(client: Any, cluster: Any) -> None:
    for thing in (client, cluster):
        if thing is None:
            continue
        try:
            thing.close()
        except Exception as exc:  # closing a cluster that lost workers may complain
            logging.getLogger("radtrack.cohort").debug("close: %s", exc)
