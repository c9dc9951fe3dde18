"""Exports that cannot be written (a folder in the way, /dev/full, a file-size limit standing
in for a full disk) end with one line naming the path and why, exit 2, and leave nothing."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from radtrack_gui.cli import main as cli

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "radtrack_gui" / "resources" / "samples" / "demo_patient"


@pytest.fixture(scope="module")
def demo_json(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("demo") / "demo.json"
    assert cli(["process", str(DEMO), "--json", str(out)]) == 0
    return out


@pytest.mark.parametrize("fmt", ["json", "csv", "conll"])
def test_export_onto_a_folder_is_one_line_exit_2(demo_json, tmp_path, capsys, fmt):
    target = tmp_path / "existing"
    target.mkdir()
    assert cli(["export", str(demo_json), "--format", fmt, "--out", str(target)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "is a folder" in err
    assert list(tmp_path.iterdir()) == [target] and not list(target.iterdir())


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
@pytest.mark.parametrize("fmt", ["json", "csv", "conll"])
def test_export_to_dev_full_is_one_line_exit_2(demo_json, capsys, fmt):
    assert cli(["export", str(demo_json), "--format", fmt, "--out", "/dev/full"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "No space left" in err


def test_a_disk_that_fills_up_leaves_nothing_partial(demo_json, tmp_path):
    def limit() -> None:  # the process may write 4 KiB per file: the disk "fills" mid-export
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))

    out = tmp_path / "out" / "chains.json"
    done = subprocess.run(
        [sys.executable, "-m", "radtrack_gui", "export", str(demo_json), "--format", "json",
         "--out", str(out)],
        capture_output=True, text=True, preexec_fn=limit, cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120,
    )  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert "cannot write" in done.stderr and str(out) in done.stderr
    assert not out.exists() and not [p for p in out.parent.iterdir() if p.name.endswith(".tmp")]
