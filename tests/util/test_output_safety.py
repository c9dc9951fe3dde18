"""Issue #8 failures 6, 8 and 9: formulas in CSV exports, device nodes replaced by
regular files, and files or folders that were not private."""

from __future__ import annotations

import csv
import json
import logging
import os
import signal
import stat
import subprocess
import sys
import threading
import time
from datetime import datetime
from pathlib import Path

import pytest

from radtrack_gui.cli import main
from radtrack_gui.core.model import Mention, Patient, Report
from radtrack_gui.formats.csv_io import read_csv, write_csv
from radtrack_gui.formats.json_io import write_json
from radtrack_gui.util.atomic import atomic_open, clean_stale_temp

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "radtrack_gui" / "resources" / "samples" / "demo_patient_gold"


def formula_patient() -> Patient:
    text = '=HYPERLINK("http://x") -left effusion @here +1\n'
    p = Patient(
        id="p",
        reports=[
            Report(
                "=cmd|' /C calc'!A0.txt",
                text,
                date=datetime(2150, 1, 1),
                date_known=True,
                exam="+CT HEAD",
                modality="CT",
            )
        ],
    )
    s = text.index("-left effusion")
    p.mentions["m1"] = Mention(
        "m1", p.reports[0].id, s, s + 14, text[s : s + 14], concept="@sum(1)", section="\tTAB"
    )
    p.set_chains([["m1"]])
    p.chains["c1"].label = "=1+1"
    return p


def test_csv_cells_that_start_a_formula_are_neutralised_and_read_back_equal(tmp_path):
    p = formula_patient()
    out = tmp_path / "out.csv"
    write_csv(p, out)
    with out.open(newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    cells = [c for row in rows[1:] for c in row]
    assert not [c for c in cells if c[:1] in ("=", "+", "-", "@", "\t", "\r")]
    assert "'=cmd|' /C calc'!A0.txt" in cells and "'+CT HEAD" in cells and "'=1+1" in cells
    back = read_csv(out, Patient(id="p", reports=p.reports))
    m = back.mentions["m1"]
    assert (m.text, m.concept, m.section) == ("-left effusion", "@sum(1)", "\tTAB")
    assert back.chains[m.chain].label == "=1+1"


def test_a_fifo_is_written_directly(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text()))
    reader.start()
    write_json(formula_patient(), fifo)
    reader.join(10)
    assert stat.S_ISFIFO(fifo.stat().st_mode)  # still a FIFO, not a regular file
    assert json.loads(got[0])["patient"]["id"] == "p"
    assert sorted(x.name for x in tmp_path.iterdir()) == ["pipe"]


def test_a_character_device_is_written_directly(tmp_path):
    dev = tmp_path / "null"
    try:
        os.mknod(dev, stat.S_IFCHR | 0o600, os.makedev(1, 3))
    except (PermissionError, OSError) as exc:
        pytest.skip(f"cannot create a character device here ({exc}); needs root")
    write_json(formula_patient(), dev)
    assert stat.S_ISCHR(dev.stat().st_mode)  # /dev/null stays a device
    assert sorted(x.name for x in tmp_path.iterdir()) == ["null"]


def test_process_to_dev_null_and_to_stdout(tmp_path, capsys):
    dev = tmp_path / "null"
    try:
        os.mknod(dev, stat.S_IFCHR | 0o600, os.makedev(1, 3))
    except (PermissionError, OSError):
        dev = Path(os.devnull)
    assert main(["process", str(DEMO), "--json", str(dev)]) == 0
    assert stat.S_ISCHR(dev.stat().st_mode)
    capsys.readouterr()
    assert main(["process", str(DEMO), "--json", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["schema"] == "radtrack/1"
    assert main(["export", str(DEMO), "--format", "csv", "--out", "-"]) == 0
    assert capsys.readouterr().out.startswith("report,date,")
    assert main(["export", str(DEMO), "--format", "brat", "--out", "-"]) == 2
    capsys.readouterr()
    assert main(["extract", str(DEMO), "--jsonl", "-"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines and all(json.loads(x)["report"] for x in lines)


def test_a_failed_write_leaves_no_temporary_file(tmp_path):
    with pytest.raises(RuntimeError), atomic_open(tmp_path / "x.json") as f:
        f.write("patient text")
        raise RuntimeError("disk full")
    assert list(tmp_path.iterdir()) == []


KILLED_WRITER = """
import sys, time
from radtrack_gui.util.atomic import atomic_open
with atomic_open(sys.argv[1]) as f:
    f.write("patient text"); f.flush()
    print("writing", flush=True)
    time.sleep(60)
"""


def test_a_killed_export_leaves_nothing_after_the_next_start(tmp_path, _private_home):
    target = tmp_path / "out" / "export.json"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = subprocess.Popen(
        [sys.executable, "-c", KILLED_WRITER, str(target)],
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None and child.stdout.readline().strip() == "writing"
    child.send_signal(signal.SIGKILL)
    child.wait()
    child.stdout.close()
    left = list(target.parent.iterdir())
    assert len(left) == 1 and left[0].name.endswith(".tmp")  # what the issue saw
    assert clean_stale_temp() == [str(left[0])]  # run by every CLI and GUI start
    assert list(target.parent.iterdir()) == []


def test_log_files_stay_private_after_rotation(tmp_path):
    from radtrack_gui.util.paths import private_rotating_handler

    old = os.umask(0o022)
    try:
        handler = private_rotating_handler(tmp_path / "radtrack.log", 200, 2)
        log = logging.getLogger("radtrack.test-rotation")
        log.addHandler(handler)
        log.propagate = False
        for i in range(40):
            log.warning("line %d about a patient's file", i)
        handler.close()
        log.removeHandler(handler)
    finally:
        os.umask(old)
    files = sorted(tmp_path.iterdir())
    assert len(files) == 3  # rotated
    assert all(stat.S_IMODE(f.stat().st_mode) == 0o600 for f in files)


def test_state_folders_become_private_even_if_they_existed_wider(tmp_path, monkeypatch):
    from radtrack_gui.util.paths import user_config_dir, user_data_dir, user_log_dir

    home = tmp_path / "home"
    for sub in ("data", "config", "logs"):
        (home / sub).mkdir(parents=True, mode=0o755)
        os.chmod(home / sub, 0o755)
    monkeypatch.setenv("RADTRACK_HOME", str(home))
    for folder in (user_data_dir(), user_config_dir(), user_log_dir()):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700


def test_sigterm_during_an_export_removes_its_temporary_file(tmp_path):
    script = (
        "import sys, time\nfrom radtrack_gui.cli import _on_start\n"
        "from radtrack_gui.util.atomic import atomic_open\n_on_start()\n"
        "try:\n    with atomic_open(sys.argv[1]) as f:\n"
        "        f.write('x'); print('writing', flush=True); time.sleep(60)\n"
        "except KeyboardInterrupt:\n    sys.exit(143)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = subprocess.Popen(
        [sys.executable, "-c", script, str(tmp_path / "o.json")],
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None and child.stdout.readline().strip() == "writing"
    time.sleep(0.05)
    child.send_signal(signal.SIGTERM)
    assert child.wait(20) == 143
    child.stdout.close()
    assert list(tmp_path.iterdir()) == []
