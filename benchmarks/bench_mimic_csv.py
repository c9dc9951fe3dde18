"""A MIMIC-sized NOTEEVENTS CSV through `radtrack cohort run`: streaming, flat client memory,
resume after a kill.

1. Generates a NOTEEVENTS-style CSV (MIMIC-III's columns: ROW_ID, SUBJECT_ID, HADM_ID,
   CHARTDATE, CHARTTIME, STORETIME, CATEGORY, DESCRIPTION, CGID, ISERROR, TEXT) of ``--rows``
   rows (default 20,000; 500,000 is about 1 GB) into a private temporary folder under
   ``--tmp``: Radiology rows (``--radiology``, default 25 %, MIMIC-III's share) are the
   reports of the repository's synthetic patients (``evaluation.synth``; dates in the 2100s,
   as MIMIC's shifted ones), the other categories (nursing, physician, discharge, ECG, echo)
   synthetic filler notes that say so. Rows are spread over the whole file in random
   order (MIMIC is not sorted by subject): each row goes to one of 32 shuffle files, then the
   files are joined.
2. Runs ``radtrack cohort run CSV --out DIR --workers 2`` (a real LocalCluster) as a child
   process and samples /proc every 0.2 s: the CLIENT process's peak RSS (VmHWM) and each
   worker process's. Prints rows/s, reports/s, the peaks and the output size.
3. On a small slice (``--check-rows``, default 2,000 rows): an uninterrupted run, and a run
   killed with SIGKILL (client and its workers) once ``--kill-after`` manifests are committed (batches that finish together share one),
   then resumed; checks that both give the same rows and that every patient is committed
   exactly once.

    python benchmarks/bench_mimic_csv.py                       # 20,000 rows (make bench)
    python benchmarks/bench_mimic_csv.py --rows 500000         # the MIMIC-sized run (~1 h here)
    python benchmarks/bench_mimic_csv.py --rows 0              # only the kill/resume check
    python benchmarks/bench_mimic_csv.py --format fhir --rows 20000   # FHIR Bulk NDJSON
    python benchmarks/bench_mimic_csv.py --check-rows 0 --input notes.csv  # a CSV you have

Everything is written under ``--tmp`` (default /work/tmp or the system's) and removed at the
end unless ``--keep``.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from radtrack_gui.cohort.output import CohortDir, read_manifest  # noqa: E402
from radtrack_gui.evaluation.synth import generate_patient  # noqa: E402

COLUMNS = [
    "ROW_ID",
    "SUBJECT_ID",
    "HADM_ID",
    "CHARTDATE",
    "CHARTTIME",
    "STORETIME",
    "CATEGORY",
    "DESCRIPTION",
    "CGID",
    "ISERROR",
    "TEXT",
]
OTHER = [
    ("Nursing/other", "Report"),
    ("Nursing", "Nursing Progress Note"),
    ("Physician ", "Physician Resident Progress Note"),
    ("Discharge summary", "Report"),
    ("ECG", "Report"),
    ("Echo", "Report"),
    ("Respiratory ", "Respiratory Care Shift Note"),
]
FILLER = [
    "Patient resting comfortably overnight.",
    "Vital signs stable, afebrile.",
    "Tolerating diet, no nausea.",
    "Pain controlled on current regimen.",
    "Family updated at the bedside.",
    "Ambulating with assistance.",
    "Plan to continue current management and reassess in the morning.",
    "Sinus rhythm at 78, normal axis, no acute ST changes.",
    "Left ventricular function preserved, no pericardial effusion.",
    "Breath sounds clear bilaterally, weaning oxygen as tolerated.",
    "Lines and drains intact, dressing clean and dry.",
    "Labs reviewed, electrolytes repleted per protocol.",
]
SHUFFLE_FILES = 32


# -- the CSV -----------------------------------------------------------------------------
def _rows(n_rows: int, share: float, seed: int) -> Iterator[list[str]]:
    """``n_rows`` rows: synthetic patients' reports as Radiology rows, filler notes for the
    other categories, about ``share`` of them Radiology."""
    rnd = random.Random(seed)
    made = 0
    row_id = 0
    index = 0
    while made < n_rows:
        patient = generate_patient(seed, index)
        index += 1
        subject = str(10_000 + index)
        hadm = str(100_000 + index)
        for report in patient.reports:
            notes = [("Radiology", report.exam, report.text, report.date)]
            k = (1 - share) / share
            others = int(k) + (rnd.random() < k - int(k))
            for _ in range(others):
                cat, desc = rnd.choice(OTHER)
                words = rnd.choices(FILLER, k=rnd.randint(10, 78))
                text = f"SYNTHETIC {cat.strip().upper()} NOTE (generated, no real patient)\n"
                notes.append((cat, desc, text + " ".join(words), report.date))
            for cat, desc, text, when in notes:
                if made >= n_rows:
                    return
                row_id += 1
                made += 1
                day = when.strftime("%Y-%m-%d") if when else ""
                stamp = when.strftime("%Y-%m-%d %H:%M:%S") if when else ""
                yield [
                    str(row_id),
                    subject,
                    hadm,
                    day,
                    stamp,
                    stamp,
                    cat,
                    desc,
                    str(14_000 + rnd.randint(0, 999)),
                    "",
                    text,
                ]


def make_csv(path: Path, n_rows: int, share: float, seed: int) -> dict[str, int]:
    """Write the CSV at ``path`` (rows in random order); returns its counts."""
    rnd = random.Random(seed + 1)
    parts = [path.with_name(f".shuffle-{i:02d}.csv") for i in range(SHUFFLE_FILES)]
    handles = [p.open("w", encoding="utf-8", newline="") for p in parts]
    writers = [csv.writer(h) for h in handles]
    subjects: set[str] = set()
    radiology = 0
    for row in _rows(n_rows, share, seed):
        rnd.choice(writers).writerow(row)
        radiology += row[6] == "Radiology"
        if row[6] == "Radiology":
            subjects.add(row[1])
    for h in handles:
        h.close()
    with path.open("w", encoding="utf-8", newline="") as out:
        csv.writer(out).writerow(COLUMNS)
        for p in parts:
            with p.open(encoding="utf-8", newline="") as f:
                shutil.copyfileobj(f, out, 1 << 20)
            p.unlink()
    return {"rows": n_rows, "radiology": radiology, "subjects": len(subjects)}


def make_ndjson(path: Path, n_rows: int, seed: int) -> dict[str, int]:
    """FHIR Bulk ``DiagnosticReport.ndjson`` of ``n_rows`` resources, in random order."""
    import base64

    rnd = random.Random(seed + 1)
    parts = [path.with_name(f".shuffle-{i:02d}.ndjson") for i in range(SHUFFLE_FILES)]
    handles = [p.open("w", encoding="utf-8") for p in parts]
    subjects: set[str] = set()
    for n, row in enumerate(_rows(n_rows, 1.0, seed)):
        data = base64.b64encode(row[10].encode()).decode()
        resource = {
            "resourceType": "DiagnosticReport",
            "id": f"r{n}",
            "status": "final",
            "subject": {"reference": f"Patient/{row[1]}"},
            "code": {"text": row[7]},
            "effectiveDateTime": row[4].replace(" ", "T") + "Z" if row[4] else None,
            "presentedForm": [{"contentType": "text/plain", "data": data}],
        }
        rnd.choice(handles).write(json.dumps(resource) + "\n")
        subjects.add(row[1])
    for h in handles:
        h.close()
    with path.open("w", encoding="utf-8") as out:
        for p in parts:
            with p.open(encoding="utf-8") as f:
                shutil.copyfileobj(f, out, 1 << 20)
            p.unlink()
    return {"rows": n_rows, "radiology": n_rows, "subjects": len(subjects)}


# -- running and watching ----------------------------------------------------------------
def _status(pid: int) -> dict[str, int]:
    out = {}
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(("VmHWM:", "VmRSS:")):
                    out[line.split(":")[0]] = int(line.split()[1]) * 1024
    except OSError:
        pass
    return out


def _children(pid: int) -> list[int]:
    found = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as f:
                found.extend(int(c) for c in f.read().split())
    except OSError:
        pass
    return found


def _descendants(pid: int) -> list[int]:
    out, todo = [], [pid]
    while todo:
        kids = _children(todo.pop())
        out.extend(kids)
        todo.extend(kids)
    return out


class Run:
    """``radtrack cohort run`` as a child process (a session of its own), watched."""

    def __init__(self, source: Path, out: Path, workers: int, extra: list[str]) -> None:
        path = [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(path))  # keep the caller's too
        cmd = [sys.executable, "-m", "radtrack_gui", "cohort", "run", str(source)]
        cmd += ["--out", str(out), "--workers", str(workers), *extra]
        self.log = out.with_name(out.name + ".log")
        self.out = out
        with self.log.open("w") as log:
            self.proc = subprocess.Popen(
                cmd, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
            )
        self.client_peak = 0
        self.worker_peak: dict[int, int] = {}
        self.known: set[int] = set()
        self.t0 = time.perf_counter()
        self.seconds = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()

    def _watch(self) -> None:
        pid = self.proc.pid
        while not self._stop.is_set():
            st = _status(pid)
            self.client_peak = max(self.client_peak, st.get("VmHWM", 0))
            for child in _descendants(pid):
                self.known.add(child)
                peak = _status(child).get("VmHWM", 0)
                self.worker_peak[child] = max(self.worker_peak.get(child, 0), peak)
            self._stop.wait(0.2)

    def committed(self) -> int:
        parts = self.out / ".cohort" / "parts"
        return sum(1 for p in parts.glob("part-*.json")) if parts.is_dir() else 0

    def wait(self) -> int:
        rc = self.proc.wait()
        self.seconds = time.perf_counter() - self.t0
        self._stop.set()
        self._thread.join()
        return rc

    def kill(self) -> None:
        """SIGKILL the client, then whatever it had started (its orphans)."""
        family = [self.proc.pid, *_descendants(self.proc.pid)]
        self.known.update(family[1:])
        os.kill(self.proc.pid, signal.SIGKILL)
        self.wait()
        for pid in sorted(self.known):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)

    def workers(self) -> list[int]:
        """Peak RSS of the descendants that ran the pipeline (over 100 MiB: the workers, not
        the multiprocessing helper)."""
        return sorted((v for v in self.worker_peak.values() if v > 100 * 2**20), reverse=True)


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*.parquet") if p.is_file())


def _done_reports(out: Path) -> tuple[int, int, int]:
    """(patients done, patients failed, reports) from the committed manifests."""
    recs = CohortDir(out).records()
    done = [r for r in recs.values() if r["status"] == "done"]
    return len(done), len(recs) - len(done), sum(int(r.get("reports") or 0) for r in done)


# -- checking ------------------------------------------------------------------------------
def cohort_rows(out: Path) -> dict[str, list[str]]:
    """Every committed row of each dataset (as sorted JSON) and of the patients' records."""
    import pyarrow.parquet as pq

    cohort = CohortDir(out)
    got: dict[str, list[str]] = {}
    for name, files in cohort.committed().items():
        rows = [r for f in files for r in pq.read_table(f).to_pylist()]
        got[name] = sorted(json.dumps(r, sort_keys=True, default=str) for r in rows)
    keep = ("patient", "status", "reports", "mentions", "chains", "id", "problems")
    got["patients"] = sorted(
        json.dumps({k: r.get(k) for k in keep}, sort_keys=True) for r in cohort.records().values()
    )
    return got


def committed_twice(out: Path) -> list[str]:
    """Patients that more than one committed manifest holds as done (processed twice)."""
    seen: dict[str, int] = {}
    for m in (out / ".cohort" / "parts").glob("part-*.json"):
        for r in read_manifest(m) or ():
            if r["status"] == "done":
                seen[r["patient"]] = seen.get(r["patient"], 0) + 1
    return sorted(k for k, n in seen.items() if n > 1)


def resume_check(tmp: Path, rows: int, kill_after: int, seed: int, fmt: str) -> dict[str, Any]:
    """An uninterrupted run and a run SIGKILLed after ``kill_after`` committed manifests then
    resumed, on the same generated file; what they gave (see ``check_resume``)."""
    src = tmp / ("check.csv" if fmt == "csv" else "check.ndjson")
    made = make_csv(src, rows, 0.3, seed) if fmt == "csv" else make_ndjson(src, rows, seed)
    extra = ["--batch-reports", "10", "--batch-patients", "2"]
    got: dict[str, Any] = {"made": made, "source": src}
    whole = tmp / "whole"
    r = Run(src, whole, 2, extra)
    got["whole_rc"] = r.wait()
    cut = tmp / "cut"
    r = Run(src, cut, 2, extra)
    while r.proc.poll() is None and r.committed() < kill_after:
        time.sleep(0.05)
    got["killed"] = r.proc.poll() is None
    r.kill()
    got["at_kill"] = _done_reports(cut)
    r = Run(src, cut, 2, extra)
    got["resume_rc"] = r.wait()
    got["resume_log"] = r.log.read_text(errors="replace")
    got["whole"], got["resumed"] = cohort_rows(whole), cohort_rows(cut)
    got["twice"] = committed_twice(cut)
    got["done"] = _done_reports(cut)
    return got


def check_resume(tmp: Path, rows: int, kill_after: int, seed: int, fmt: str) -> bool:
    got = resume_check(tmp, rows, kill_after, seed, fmt)
    made, at_kill, (done, failed, reports) = got["made"], got["at_kill"], got["done"]
    same = got["whole"] == got["resumed"]
    print(
        f"resume check ({fmt}, {rows} rows, {made['subjects']} patients, {made['radiology']} "
        f"reports): killed (SIGKILL) with {at_kill[0]} patients / {at_kill[2]} reports "
        f"committed; resumed (exit {got['resume_rc']}): {done} done, {failed} failed, "
        f"{reports} reports; rows equal to the uninterrupted run: {same} ("
        + ", ".join(f"{k} {len(v)}" for k, v in got["resumed"].items())
        + f"); patients committed twice: {len(got['twice'])}; lost: {made['subjects'] - done}"
    )
    if not got["killed"]:
        print(f"the run ended before {kill_after} batches were committed; lower --kill-after")
    return (
        got["killed"]
        and same
        and not got["twice"]
        and done == made["subjects"]
        and got["resume_rc"] == 0
        and got["whole_rc"] == 0
    )


# -- main ----------------------------------------------------------------------------------
def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument(
        "--rows",
        type=int,
        default=20_000,
        help="rows of the big run (0: none; 500000 is MIMIC-sized)",
    )
    ap.add_argument(
        "--radiology", type=float, default=0.25, help="share of Radiology rows (MIMIC-III: 25 %%)"
    )
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--check-rows", type=int, default=2_000, help="rows of the resume check")
    ap.add_argument("--kill-after", type=int, default=8, help="batches committed before kill")
    ap.add_argument("--format", choices=("csv", "fhir"), default="csv")
    ap.add_argument("--input", help="an existing NOTEEVENTS-style CSV instead of generating one")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--tmp", default="/work/tmp" if Path("/work").is_dir() else None)
    ap.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = ap.parse_args()
    if args.tmp:
        Path(args.tmp).mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="bench-mimic-", dir=args.tmp))  # 0700
    ok = True
    try:
        if args.check_rows:
            check = tmp / "check"
            check.mkdir(mode=0o700)
            ok = check_resume(check, args.check_rows, args.kill_after, args.seed, args.format)
            shutil.rmtree(check)
        if args.rows:
            ok = big_run(tmp, args) and ok
    finally:
        if args.keep:
            print(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    return 0 if ok else 1


def count_csv(path: Path) -> dict[str, int]:
    """The counts ``make_csv`` returns, of an existing CSV (one streamed pass)."""
    rows = radiology = 0
    subjects: set[str] = set()
    with path.open(encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            rows += 1
            if row["CATEGORY"] == "Radiology":
                radiology += 1
                subjects.add(row["SUBJECT_ID"])
    return {"rows": rows, "radiology": radiology, "subjects": len(subjects)}


def big_run(tmp: Path, args: Any) -> bool:
    src = tmp / ("notes.csv" if args.format == "csv" else "DiagnosticReport.ndjson")
    t0 = time.perf_counter()
    if args.input:
        src = Path(args.input)
        made = count_csv(src)
    elif args.format == "csv":
        made = make_csv(src, args.rows, args.radiology, args.seed)
    else:
        made = make_ndjson(src, args.rows, args.seed)
    size = src.stat().st_size
    print(
        f"{'read' if args.input else 'generated'} {src.name}: {made['rows']:,} rows, "
        f"{size / 1e6:,.0f} MB, {made['radiology']:,} Radiology reports of "
        f"{made['subjects']:,} patients in {time.perf_counter() - t0:.0f} s",
        flush=True,
    )
    out = tmp / "cohort"
    r = Run(src, out, args.workers, [])
    while r.proc.poll() is None:  # a line a minute: a run cut short still says how it went
        time.sleep(1)
        if int(time.perf_counter() - r.t0) % 60 == 0:
            now = _status(r.proc.pid).get("VmRSS", 0)
            print(
                f"  {time.perf_counter() - r.t0:5.0f} s: {r.committed()} commits (manifests), "
                f"client RSS {now / 2**20:.0f} MiB (peak {r.client_peak / 2**20:.0f}), "
                f"workers' peak {max(r.workers(), default=0) / 2**20:.0f} MiB",
                flush=True,
            )
    rc = r.wait()
    done, failed, reports = _done_reports(out)
    workers = ", ".join(f"{v / 2**20:.0f}" for v in r.workers())
    print(
        f"cohort run (exit {rc}, {args.workers} workers): {r.seconds:.0f} s, "
        f"{made['rows'] / r.seconds:,.0f} rows/s, {reports / r.seconds:,.1f} reports/s "
        f"({done:,} patients done, {failed} failed, {reports:,} reports)\n"
        f"  client peak RSS {r.client_peak / 2**20:.0f} MiB (target < 500 MB); "
        f"workers' peak RSS {workers} MiB; output {_size(out) / 1e6:,.1f} MB Parquet"
    )
    tail = r.log.read_text(errors="replace").strip().splitlines()[-3:]
    print("  " + "\n  ".join(tail))
    return rc == 0 and r.client_peak < 500 * 10**6 and done == made["subjects"]


if __name__ == "__main__":
    sys.exit(main())
