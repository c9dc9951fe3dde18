"""Start-up and redraw times of the desktop app on the demo patient (offscreen Qt).

Prints:
- cold: a fresh process and an empty user folder, from interpreter start to a drawn timeline
  (imports, window, reading, models, store, drawing);
- re-open: a fresh process again, but the project store already holds the patient;
- re-open in the running app: close the patient and open it again;
- redraw after an edit: an edit pushed through the undo stack (saved in the store) until
  every view is refreshed, median over several edits.
Targets (issue 4): < 2 s cold, < 1 s re-open, < 50 ms redraw after an edit.

Usage: python benchmarks/bench_gui_startup.py [PATIENT_FOLDER]
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

T0 = time.perf_counter()  # as early as possible: the child measures from here

ROOT = Path(__file__).resolve().parent.parent


def child(folder: str, edits: int) -> None:
    """Runs in a fresh process: open, wait for the draw, time edits, print JSON."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ["RADTRACK_NO_CRASH_DIALOG"] = "1"
    from radtrack_gui.gui.app import create_app
    from radtrack_gui.gui.main_window import MainWindow
    from radtrack_gui.gui.qt import QApplication, QEventLoop, QTimer

    app = create_app([sys.argv[0]])
    window = MainWindow()
    window.resize(1480, 900)
    window.show()
    out: dict[str, float | int | str] = {}

    def wait_drawn(timeout_ms: int = 300_000) -> None:
        loop = QEventLoop()
        window.patientDrawn.connect(loop.quit)
        window.loadFailed.connect(lambda reason: (out.setdefault("error", reason), loop.quit()))
        QTimer.singleShot(timeout_ms, loop.quit)
        loop.exec()
        window.patientDrawn.disconnect(loop.quit)

    window.open_path(folder, remember=False)
    wait_drawn()
    out["launch_to_drawn_s"] = time.perf_counter() - T0
    if "error" in out or window.patient is None:
        print(json.dumps(out))
        return
    out["from_store"] = int(window.loaded.from_store)
    p = window.patient
    out["reports"], out["mentions"], out["chains"] = len(p.reports), len(p.mentions), len(p.chains)

    # Re-open inside the running app.
    window.close_patient()
    t = time.perf_counter()
    window.open_path(folder, remember=False)
    wait_drawn()
    out["reopen_in_app_s"] = time.perf_counter() - t

    # Redraw after an edit: toggle "reviewed" and rename, through the store and undo stack.
    from radtrack_gui.core.edits import MarkReviewed

    p = window.patient
    chains = list(p.chains)[: max(1, edits)]
    times = []
    for i, cid in enumerate(chains):
        t = time.perf_counter()
        window.session.push(MarkReviewed([cid], i % 2 == 0))
        QApplication.processEvents()
        times.append((time.perf_counter() - t) * 1000)
    out["edit_redraw_ms_median"] = statistics.median(times)
    out["edit_redraw_ms_max"] = max(times)
    t = time.perf_counter()
    window.session.undo()
    QApplication.processEvents()
    out["undo_redraw_ms"] = (time.perf_counter() - t) * 1000
    window.close()
    app.processEvents()
    print(json.dumps(out))


def run_child(folder: str, home: str, edits: int) -> dict:
    env = dict(os.environ, RADTRACK_HOME=home, QT_QPA_PLATFORM="offscreen")
    t = time.perf_counter()
    done = subprocess.run(
        [sys.executable, __file__, "--child", folder, str(edits)],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
    )
    wall = time.perf_counter() - t
    if done.returncode != 0:
        raise SystemExit(f"bench_gui_startup: child failed:\n{done.stderr[-2000:]}")
    result = json.loads(done.stdout.strip().splitlines()[-1])
    result["process_wall_s"] = wall
    return result


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        child(sys.argv[2], int(sys.argv[3]))
        return
    folder = (
        sys.argv[1]
        if len(sys.argv) > 1
        else str(ROOT / "radtrack_gui/resources/samples/demo_patient")
    )
    with tempfile.TemporaryDirectory(prefix="radtrack-bench-") as home:
        cold = run_child(folder, home, 20)
        if "error" in cold:
            raise SystemExit(f"bench_gui_startup: {cold['error']}")
        warm = run_child(folder, home, 20)
    print(
        f"patient: {folder} ({cold['reports']} reports, {cold['mentions']} mentions, "
        f"{cold['chains']} chains)"
    )
    print(
        f"cold launch to drawn timeline:      {cold['launch_to_drawn_s']:.2f} s "
        f"(target < 2 s; process wall {cold['process_wall_s']:.2f} s)"
    )
    print(
        f"re-open (stored project), launch:   {warm['launch_to_drawn_s']:.2f} s "
        f"(target < 1 s; loaded from store: {bool(warm['from_store'])})"
    )
    print(f"re-open in the running app:         {warm['reopen_in_app_s'] * 1000:.0f} ms")
    print(
        f"redraw after an edit (median, max): {warm['edit_redraw_ms_median']:.1f} ms, "
        f"{warm['edit_redraw_ms_max']:.1f} ms (target < 50 ms)"
    )
    print(f"redraw after undo:                  {warm['undo_redraw_ms']:.1f} ms")


if __name__ == "__main__":
    main()
