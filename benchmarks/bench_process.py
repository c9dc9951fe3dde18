"""Wall time of `radtrack process` (read, extract, link, write JSON) inside one process.

Prints the demo patient's time and that of a generated 300-report patient (the demo's dated
reports repeated with dates shifted by 12 weeks per copy), warm: after one untimed run, so
the interpreter start and the one-off vocabulary load are excluded (targets: < 1 s, < 10 s).
"""

from __future__ import annotations

import re
import statistics
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

from radtrack_gui.formats.json_io import write_json
from radtrack_gui.pipeline import RunSpec, process_folder
from radtrack_gui.util.paths import demo_patient_dir

DATE_LINE = re.compile(r"^Date: (\S+ \S+)$", re.M)


def make_big_patient(folder: Path, n_reports: int = 300) -> None:
    sources = [
        p
        for p in sorted(demo_patient_dir().glob("*.txt"))
        if DATE_LINE.search(p.read_text(encoding="utf-8"))
    ]
    for i in range(n_reports):
        src = sources[i % len(sources)]
        shift = timedelta(weeks=12 * (i // len(sources)))

        def shifted(m: re.Match[str], shift: timedelta = shift) -> str:
            when = datetime.fromisoformat(m.group(1)) + shift
            return f"Date: {when:%Y-%m-%d %H:%M}"

        text = DATE_LINE.sub(shifted, src.read_text(encoding="utf-8"))
        (folder / f"r{i:04d}.txt").write_text(text, encoding="utf-8")


def time_process(folder: Path, linker: str, runs: int = 5) -> tuple[float, int, int]:
    out = Path(tempfile.mkdtemp()) / "out.json"
    process_folder(folder, RunSpec(linker=linker))  # warm-up (vocabulary, regexes)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        patient = process_folder(folder, RunSpec(linker=linker))
        write_json(patient, out)
        times.append(time.perf_counter() - t0)
    return statistics.median(times), len(patient.mentions), len(patient.chains)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        big = Path(tmp)
        make_big_patient(big)
        for label, folder in (
            ("demo patient (18 reports)", demo_patient_dir()),
            ("generated patient (300 reports)", big),
        ):
            for linker in ("exact", "knowledge"):
                t, n_m, n_c = time_process(folder, linker)
                print(
                    f"process {label:<32} linker={linker:<9} {t * 1000:8.1f} ms median "
                    f"({n_m} mentions, {n_c} chains)"
                )


if __name__ == "__main__":
    main()
