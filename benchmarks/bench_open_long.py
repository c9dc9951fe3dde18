"""Opening a long patient (1,000 reports) in the desktop app: first open, reopen (issue #20 item 12).

Generates the patient (``scripts/long_patient.py``'s ``write_long_patient``) into a private
temporary folder, then runs fresh processes (offscreen Qt, an empty user data folder):

- floor: a bare PySide6 window (interpreter, Qt, one window shown and painted);
- first open: launch, open the folder with the default models (rules + knowledge); the
  timeline is first painted once the first reports in time order are linked, updated as
  each further slice lands (``nlp/progressive.py``), and drawn again when every report is
  linked; then until the model run is stored (the app stores it after that); then, in
  the same process, close it and open it again;
- reopen: a new process, the project store already holds the patient.

Each phase prints wall and CPU seconds (the machine is shared: CPU is the number to compare)
and where the time went. The stages are timed by wrapping the entry points in the child
(reading, model loading, extraction, linking, store read/write, the three views and the
Ask suggestions); "paint" is a synchronous repaint of the timeline once it says it is drawn.
Stage CPU is the CPU of the thread that ran it (the open runs in a worker thread).
A benchmark, not a test: run it by hand, once.

    PYTHONPATH=$PWD nice python benchmarks/bench_open_long.py [--reports 1000] [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

T0 = time.perf_counter()  # as early as possible: the child measures launch from here

ROOT = Path(__file__).resolve().parent.parent

# (module, attribute or "Class.method", stage name) wrapped in the child
STAGES: list[tuple[str, str, str]] = [
    ("radtrack_gui.formats.sources", "read_patient", "read"),
    ("radtrack_gui.nlp.registry", "RunSpec.build_extractor", "load models"),
    ("radtrack_gui.nlp.registry", "RunSpec.build_linker", "load models"),
    ("radtrack_gui.pipeline", "extract_reports", "extract"),
    ("radtrack_gui.nlp.progressive", "extract_reports", "extract"),
    ("radtrack_gui.pipeline", "link_patient", "link"),
    ("radtrack_gui.nlp.progressive", "link_patient", "link"),
    ("radtrack_gui.nlp.progressive", "snapshot", "slice snapshots"),
    ("radtrack_gui.project", "_save", "store write"),
    ("radtrack_gui.store.db", "ProjectStore.load_patient", "store read"),
    ("radtrack_gui.gui.chain_list", "ChainList.set_patient", "chain list"),
    ("radtrack_gui.gui.report_view", "ReportView.set_patient", "report view"),
    ("radtrack_gui.gui.timeline.widget", "TimelineWidget.set_patient", "timeline draw"),
    ("radtrack_gui.gui.ask_panel", "AskPanel.patient_changed", "ask suggestions"),
]
# wrapped when the open first links in slices (their module is not imported before: the
# benchmark must not move its import out of the open)
LAZY_STAGES: list[tuple[str, str, str]] = [
    ("radtrack_gui.nlp.linkers.knowledge", "SliceLinking.feed", "link"),
    ("radtrack_gui.nlp.linkers.knowledge", "SliceLinking.result", "link"),
]


def cpu_self() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


class Stages:
    """Wall and thread-CPU seconds per stage, summed over calls (outermost calls only)."""

    def __init__(self) -> None:
        self.wall: dict[str, float] = {}
        self.cpu: dict[str, float] = {}
        self.calls: dict[str, int] = {}
        self._depth = 0

    def reset(self) -> None:
        self.wall.clear()
        self.cpu.clear()
        self.calls.clear()

    def wrap(self, fn: Callable[..., Any], stage: str) -> Callable[..., Any]:
        def timed(*args: Any, **kw: Any) -> Any:
            t, c = time.perf_counter(), time.thread_time()
            try:
                return fn(*args, **kw)
            finally:
                self.wall[stage] = self.wall.get(stage, 0.0) + time.perf_counter() - t
                self.cpu[stage] = self.cpu.get(stage, 0.0) + time.thread_time() - c
                self.calls[stage] = self.calls.get(stage, 0) + 1

        return timed

    def install(self) -> None:
        self._install(STAGES)
        from radtrack_gui.nlp import progressive

        sliced = progressive.extract_and_link

        def extract_and_link(*args: Any, **kw: Any) -> Any:
            self._install(LAZY_STAGES)  # (once: the wrapper is then the original again)
            progressive.extract_and_link = sliced
            return sliced(*args, **kw)

        progressive.extract_and_link = extract_and_link

    def _install(self, stages: list[tuple[str, str, str]]) -> None:
        import importlib

        for module_name, attr, stage in stages:
            module = importlib.import_module(module_name)
            owner: Any = module
            name = attr
            if "." in attr:
                cls_name, name = attr.split(".")
                owner = getattr(module, cls_name)
            setattr(owner, name, self.wrap(getattr(owner, name), stage))

    def as_dict(self) -> dict[str, list[float]]:
        return {k: [self.wall[k], self.cpu[k], self.calls[k]] for k in self.wall}


def child_floor() -> None:
    """A bare PySide6 window: what any Qt app pays before it draws anything."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

    app = QApplication([sys.argv[0]])
    w = QMainWindow()
    w.setCentralWidget(QLabel("floor"))
    w.resize(1480, 900)
    w.show()
    app.processEvents()
    w.repaint()
    print(json.dumps({"launch_s": time.perf_counter() - T0, "launch_cpu_s": cpu_self()}))


def child_open(folder: str) -> None:
    """Launch, open FOLDER until drawn and painted; close; open again in the running app."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ["RADTRACK_NO_CRASH_DIALOG"] = "1"
    stages = Stages()
    stages.install()  # before the window exists: its signals connect the wrapped methods
    from radtrack_gui.gui import worker
    from radtrack_gui.gui.app import create_app
    from radtrack_gui.gui.main_window import MainWindow
    from radtrack_gui.gui.qt import QEventLoop, QTimer

    app = create_app([sys.argv[0]])
    out: dict[str, Any] = {"imports_s": time.perf_counter() - T0}
    window = MainWindow()
    window.resize(1480, 900)
    window.show()
    app.processEvents()
    out["window_s"], out["window_cpu_s"] = time.perf_counter() - T0, cpu_self()

    from radtrack_gui.gui.qt import QEvent, QObject

    class FirstPaint(QObject):
        """When the timeline's plot is first painted after ``arm`` (wall, process CPU)."""

        def __init__(self) -> None:
            super().__init__()
            self.at: tuple[float, float] | None = None

        def arm(self) -> None:
            self.at = None

        def eventFilter(self, obj: Any, event: Any) -> bool:
            if event.type() == QEvent.Type.Paint and self.at is None:
                self.at = (time.perf_counter(), cpu_self())
            return False

    first_paint = FirstPaint()
    marks: dict[str, tuple[float, float] | None] = {}
    window.timeline.view.viewport().installEventFilter(first_paint)
    slices: list[tuple[int, float, float]] = []  # (reports linked, wall, CPU) when drawn
    window.sliceDrawn.connect(
        lambda done, total: slices.append((done, time.perf_counter(), cpu_self()))
    )

    def open_and_draw() -> tuple[float, float]:
        """Wall and process CPU from the call to the painted timeline."""
        first_paint.arm()
        slices.clear()
        t, c = time.perf_counter(), cpu_self()
        loop = QEventLoop()
        failed: list[str] = []
        window.patientDrawn.connect(loop.quit)
        window.loadFailed.connect(lambda reason: (failed.append(reason), loop.quit()))
        QTimer.singleShot(600_000, loop.quit)
        window.open_path(folder, remember=False)
        loop.exec()
        window.patientDrawn.disconnect(loop.quit)
        if failed or window.patient is None:
            raise SystemExit(f"bench_open_long: open failed: {failed}")
        painted = first_paint.at
        marks["first_paint"] = (painted[0] - t, painted[1] - c) if painted else None
        marks["slices"] = [(n, w - t, u - c) for n, w, u in slices]  # type: ignore[assignment]
        pt, pc = time.perf_counter(), time.thread_time()
        window.timeline.view.viewport().repaint()
        stages.wall["paint"] = time.perf_counter() - pt
        stages.cpu["paint"] = time.thread_time() - pc
        stages.calls["paint"] = 1
        drawn = time.perf_counter() - t, cpu_self() - c
        # a model run is stored after the first paint, off the main thread: until stored
        while window.patients.storing():
            worker.wait_writes()
            app.processEvents()
        marks["stored"] = (time.perf_counter() - t, cpu_self() - c)
        return drawn

    wall, cpu = open_and_draw()
    p = window.patient
    assert p is not None and window.loaded is not None
    out["launch_to_drawn_s"] = time.perf_counter() - T0
    out["launch_to_drawn_cpu_s"] = cpu_self()
    out["open_s"], out["open_cpu_s"] = wall, cpu
    out["from_store"] = window.loaded.from_store
    out["models"] = window.loaded.models
    out["reports"], out["mentions"], out["chains"] = len(p.reports), len(p.mentions), len(p.chains)
    out["stages"] = stages.as_dict()
    out["first_paint"] = marks["first_paint"]
    out["slices"] = marks["slices"]
    out["stored"] = marks["stored"]

    window.close_patient()
    stages.reset()
    out["reopen_s"], out["reopen_cpu_s"] = open_and_draw()
    out["reopen_stages"] = stages.as_dict()
    out["reopen_first_paint"] = marks["first_paint"]
    print(json.dumps(out))
    os._exit(0)  # the numbers are out; Qt's and Python's teardown is not measured


def run_child(args: list[str], home: str) -> dict[str, Any]:
    env = dict(os.environ, RADTRACK_HOME=home, QT_QPA_PLATFORM="offscreen")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    done = subprocess.run(
        [sys.executable, __file__, "--child", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
        cwd=ROOT,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"bench_open_long: child failed:\n{done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    result["process_wall_s"] = time.perf_counter() - t
    result["process_cpu_s"] = (after.ru_utime + after.ru_stime) - (
        before.ru_utime + before.ru_stime
    )
    return result


def stage_lines(stages: dict[str, list[float]]) -> list[str]:
    order = [s for _, _, s in STAGES + LAZY_STAGES] + ["paint"]
    seen: list[str] = []
    for s in order:
        if s in stages and s not in seen:
            seen.append(s)
    lines = []
    for s in seen:
        wall, cpu, calls = stages[s]
        lines.append(f"|   {s} ({int(calls)}×) | {wall:.2f} | {cpu:.2f} |")
    return lines


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "--child":
        if argv[1] == "floor":
            child_floor()
        else:
            child_open(argv[2])
        return 0
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reports", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--keep", type=Path, help="write the patient here and keep it")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT / "scripts"))
    from long_patient import write_long_patient

    with tempfile.TemporaryDirectory(prefix="radtrack-open-long-") as tmp:
        os.chmod(tmp, 0o700)
        folder = args.keep or Path(tmp) / "patient"
        if not folder.is_dir():  # (a kept folder is reused as it is)
            write_long_patient(folder, args.reports, args.seed)
        home = Path(tmp) / "home"  # an empty user data folder: no store, no lexicon cache
        home.mkdir(mode=0o700)
        floor = run_child(["floor"], str(home))
        first = run_child(["open", str(folder)], str(home))
        again = run_child(["open", str(folder)], str(home))
    if again.get("from_store") is not True:
        print("WARNING: the second process did not load the stored project")
    print(
        f"patient: {first['reports']} reports, {first['mentions']} mentions, "
        f"{first['chains']} chains; models: {first['models']}"
    )

    def row(label: str, wall: float, cpu: float | None) -> None:
        print(f"| {label} | {wall:.2f} | {'–' if cpu is None else f'{cpu:.2f}'} |")

    def painted(label: str, mark: list[float] | None) -> None:
        if mark is not None:
            row(f"{label}: open to the timeline's first paint", mark[0], mark[1])

    print("| phase | wall s | CPU s |")
    print("|---|---|---|")
    row("floor: bare PySide6 window, launch to painted", floor["launch_s"], floor["launch_cpu_s"])
    row("app window shown, no patient (launch)", first["window_s"], first["window_cpu_s"])
    row("first open: launch to drawn", first["launch_to_drawn_s"], first["launch_to_drawn_cpu_s"])
    painted("first open", first["first_paint"])
    for n, wall, cpu in first.get("slices") or []:
        row(f"first open: open to {n} of {first['reports']} reports linked and drawn", wall, cpu)
    row("first open: open to fully linked, drawn and painted", first["open_s"], first["open_cpu_s"])
    if first.get("stored"):
        row("first open: open to stored (after the paint)", *first["stored"])
    print(*stage_lines(first["stages"]), sep="\n")
    row(
        "reopen, new process: launch to drawn",
        again["launch_to_drawn_s"],
        again["launch_to_drawn_cpu_s"],
    )
    painted("reopen, new process", again["first_paint"])
    row("reopen, new process: open to drawn and painted", again["open_s"], again["open_cpu_s"])
    print(*stage_lines(again["stages"]), sep="\n")
    painted("reopen in the running app", again["reopen_first_paint"])
    row(
        "reopen in the running app: open to drawn and painted",
        again["reopen_s"],
        again["reopen_cpu_s"],
    )
    print(*stage_lines(again["reopen_stages"]), sep="\n")
    print(
        f"(whole processes: floor {floor['process_wall_s']:.2f} s wall / "
        f"{floor['process_cpu_s']:.2f} s CPU; first {first['process_wall_s']:.2f} / "
        f"{first['process_cpu_s']:.2f}; reopen {again['process_wall_s']:.2f} / "
        f"{again['process_cpu_s']:.2f})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
