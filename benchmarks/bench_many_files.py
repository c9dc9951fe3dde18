"""How reading a patient folder grows with its file count (issue #21 item 14).

Writes N tiny reports (1,000, 10,000, 100,000 by default) into a temporary folder and times
``read_patient_folder`` on it in this process, CPU and wall seconds, files per CPU second and
peak memory growth; the per-file cost should stay flat (linear growth).

Run: ``python benchmarks/bench_many_files.py [N ...]``.
"""

from __future__ import annotations

import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from radtrack_gui.formats.folder import read_patient_folder

REPORT = "Date: 2150-01-01 10:00\nExam: CHEST XRAY\n\nFINDINGS: Small effusion {i}.\n"


def main() -> None:
    counts = [int(a) for a in sys.argv[1:]] or [1_000, 10_000, 100_000]
    print(
        f"{'files':>8} {'cpu s':>7} {'wall s':>7} {'files/cpu s':>12} {'us/file':>8} {'peak MiB':>9}"
    )
    for n in counts:
        with tempfile.TemporaryDirectory(prefix="many-files-") as tmp:
            for i in range(n):
                Path(tmp, f"{i:06d}.txt").write_text(REPORT.format(i=i), encoding="utf-8")
            w0, c0 = time.perf_counter(), time.process_time()
            patient = read_patient_folder(tmp)
            cpu, wall = time.process_time() - c0, time.perf_counter() - w0
            assert len(patient.reports) == n, (len(patient.reports), n)
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
            print(
                f"{n:>8,} {cpu:>7.2f} {wall:>7.2f} {n / cpu:>12,.0f} {1e6 * cpu / n:>8.0f} {peak:>9.0f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
