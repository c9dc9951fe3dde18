"""Background work, the crash hook and logging, the ``radtrack gui`` command."""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from radtrack_gui.core.errors import Cancelled, InputError

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]
DEMO_GOLD = ROOT / "radtrack_gui" / "resources" / "samples" / "demo_patient_gold"


# -- worker ------------------------------------------------------------------------------
def test_task_result_and_progress_arrive_on_main_thread(qtbot) -> None:
    from radtrack_gui.gui import worker

    seen: list[tuple[str, str]] = []

    def work(progress, cancel):
        for i in range(3):
            progress("step", i + 1, 3)
        return threading.current_thread().name

    main = threading.current_thread().name
    results: list[str] = []
    # Callbacks are connected before the task starts: nothing is lost to a race.
    worker.run_task(
        work,
        on_success=results.append,
        on_progress=lambda s, d, t: seen.append((threading.current_thread().name, f"{s}{d}/{t}")),
    )
    qtbot.waitUntil(lambda: bool(results), timeout=20000)
    assert results[0] != main  # ran on a pool thread
    qtbot.waitUntil(lambda: len(seen) == 3, timeout=20000)
    assert [s for _, s in seen] == ["step1/3", "step2/3", "step3/3"]
    assert {t for t, _ in seen} == {main}


def test_task_cancel_and_failure(qtbot) -> None:
    from radtrack_gui.gui import worker

    started = threading.Event()

    def slow(progress, cancel):
        started.set()
        for _ in range(500):
            if cancel():
                raise Cancelled()
            time.sleep(0.01)
        return "finished"

    task = worker.run_task(slow)
    assert started.wait(5)
    with qtbot.waitSignal(task.cancelled, timeout=20000):
        task.cancel()
    assert task.was_cancelled and task.result is None

    def bad(progress, cancel):
        raise InputError("r1.txt: not a report")

    errors: list[BaseException] = []
    worker.run_task(bad, on_failure=errors.append)
    qtbot.waitUntil(lambda: bool(errors), timeout=20000)
    assert isinstance(errors[0], InputError)


def test_writes_are_serialized(qtbot) -> None:
    from radtrack_gui.gui import worker

    active, peak, order = [0], [0], []
    lock = threading.Lock()

    def write(n: int):
        def run(progress, cancel):
            with lock:
                active[0] += 1
                peak[0] = max(peak[0], active[0])
            time.sleep(0.01)
            order.append(n)
            with lock:
                active[0] -= 1

        return run

    tasks = [worker.run_write(write(n)) for n in range(6)]
    qtbot.waitUntil(lambda: all(t.is_done() for t in tasks), timeout=20000)
    assert peak[0] == 1 and order == list(range(6))


# -- crash hook and log ------------------------------------------------------------------
@pytest.mark.qt_no_exception_capture
def test_crash_in_slot_is_logged(qtbot) -> None:
    from radtrack_gui.gui.crash import REPORTER, log_path
    from radtrack_gui.gui.qt import QObject, QTimer, Signal

    REPORTER.setup_logging()
    REPORTER.install()
    try:

        class Emitter(QObject):
            poke = Signal()

        def broken_slot() -> None:
            raise RuntimeError("slot exploded on purpose")

        emitter = Emitter()
        emitter.poke.connect(broken_slot)
        before = len(REPORTER.crashes())
        QTimer.singleShot(0, emitter.poke.emit)
        qtbot.waitUntil(lambda: len(REPORTER.crashes()) > before, timeout=20000)
        assert "slot exploded on purpose" in REPORTER.crashes()[-1]
        # A worker thread's crash is caught by threading.excepthook.
        t = threading.Thread(target=lambda: 1 / 0, name="crashy")
        t.start()
        t.join()
        assert "ZeroDivisionError" in REPORTER.crashes()[-1]
        log = log_path().read_text(encoding="utf-8")
        assert "slot exploded on purpose" in log and "crashy" in log
        assert oct(log_path().stat().st_mode & 0o777) == "0o600"
    finally:
        REPORTER.uninstall()


# -- the command line ----------------------------------------------------------------------
def _png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", head[16:24])


def _radtrack(*args: str, home: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", RADTRACK_HOME=str(home))
    return subprocess.run(
        [sys.executable, "-m", "radtrack_gui", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
        cwd=ROOT,
    )


def test_screenshot_command(tmp_path: Path) -> None:
    out = tmp_path / "shot.png"
    done = _radtrack(
        "gui",
        str(DEMO_GOLD),
        "--screenshot",
        str(out),
        "--size",
        "1200x800",
        home=tmp_path / "home",
    )
    assert done.returncode == 0, done.stderr
    assert out.stat().st_size > 20_000
    assert _png_size(out) == (1200, 800)


def test_screenshot_command_fails_in_one_line(tmp_path: Path) -> None:
    done = _radtrack(
        "gui",
        str(tmp_path / "missing"),
        "--screenshot",
        str(tmp_path / "x.png"),
        home=tmp_path / "home",
    )
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "missing" in lines[0] and "Traceback" not in done.stderr
    assert not (tmp_path / "x.png").exists()


def test_gui_command_imports_no_heavy_libraries() -> None:
    code = (
        "import sys, radtrack_gui.cli as c; c.build_parser();"
        "import radtrack_gui.gui.main_window;"
        "print(sorted(m for m in ('torch', 'transformers', 'stanza') if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_reviewed_checkbox_is_an_undoable_edit(qtbot, window, open_and_wait) -> None:
    from radtrack_gui.gui.chain_list import COL_REVIEWED
    from radtrack_gui.gui.qt import Qt

    open_and_wait(window, DEMO_GOLD)
    p = window.patient
    cid, item = next(iter(window.chain_list._items.items()))
    item.setCheckState(COL_REVIEWED, Qt.CheckState.Checked)
    assert p.chains[cid].reviewed
    assert window.menus["undo"].text().replace("&", "").startswith("Undo Mark chain reviewed")
    window.session.undo()
    assert not p.chains[cid].reviewed
    assert window.chain_list._items[cid].checkState(COL_REVIEWED) == Qt.CheckState.Unchecked
