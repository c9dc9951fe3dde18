"""The app starts when its log folder cannot be written: it says so and works (issue #21
item 8). As root, permission bits do not stop writes, so the folder is made impossible: a
plain file stands where the folder should be."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "radtrack_gui" / "resources" / "samples" / "demo_patient"

pytestmark = pytest.mark.gui


def test_gui_opens_the_patient_with_an_unwritable_log_folder(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / "logs").write_text("not a folder")
    shot = tmp_path / "shot.png"
    env = {**os.environ, "RADTRACK_HOME": str(home), "QT_QPA_PLATFORM": "offscreen",
           "PYTHONPATH": str(ROOT)}  # fmt: skip
    done = subprocess.run(
        [sys.executable, "-m", "radtrack_gui", "gui", str(DEMO), "--screenshot", str(shot)],
        capture_output=True, text=True, env=env, timeout=300, cwd=ROOT,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "cannot be written" in done.stderr and "terminal only" in done.stderr
    assert shot.stat().st_size > 10_000


def test_reporter_falls_back_to_the_terminal(tmp_path, monkeypatch):
    from radtrack_gui.gui.crash import CrashReporter

    monkeypatch.setenv("RADTRACK_HOME", str(tmp_path))
    (tmp_path / "logs").write_text("not a folder")
    reporter = CrashReporter()
    try:
        assert reporter.setup_logging() is None
        assert "cannot be written" in reporter.log_problem
    finally:
        import logging

        logging.getLogger("radtrack").removeHandler(reporter._handler)  # type: ignore[arg-type]
