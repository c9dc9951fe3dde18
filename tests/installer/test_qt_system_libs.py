"""`make run` on a bare Debian machine: scripts/qt_system_libs.sh names every library Qt's
xcb plugin needs in one command (the package manager is the external boundary, faked)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "qt_system_libs.sh"
XCB = [
    "libxcb-cursor0",
    "libxcb-icccm4",
    "libxcb-image0",
    "libxcb-keysyms1",
    "libxcb-randr0",
    "libxcb-render-util0",
    "libxcb-shape0",
    "libxcb-xinerama0",
    "libxcb-xkb1",
    "libxkbcommon-x11-0",
]


def _fake_bin(tmp: Path, installed: set[str], uid: int) -> dict[str, str]:
    bin_dir = tmp / "bin"
    bin_dir.mkdir()
    (bin_dir / "dpkg-query").write_text(
        '#!/bin/sh\ncase "$3" in'
        + "".join(f"\n  {p}) printf 'install ok installed'; exit 0;;" for p in installed)
        + "\n  *) exit 1;;\nesac\n"
    )
    (bin_dir / "id").write_text(f"#!/bin/sh\necho {uid}\n")
    for f in bin_dir.iterdir():
        f.chmod(0o755)
    return dict(os.environ, PATH=f"{bin_dir}:/usr/bin:/bin")


def test_prints_the_one_command_when_not_root(tmp_path: Path) -> None:
    env = _fake_bin(tmp_path, {"libegl1"}, uid=1000)
    done = subprocess.run(
        ["sh", str(SCRIPT), "xcb"], env=env, capture_output=True, text=True, timeout=30
    )
    assert done.returncode == 1
    lines = [ln for ln in done.stderr.splitlines() if "apt-get install" in ln]
    assert len(lines) == 1  # one command
    for lib in XCB:
        assert lib in lines[0]
    assert "libegl1" not in lines[0]  # what is installed is not asked for


def test_nothing_to_do_when_everything_is_there(tmp_path: Path) -> None:
    env = _fake_bin(
        tmp_path,
        set(XCB)
        | {
            "libegl1",
            "libgl1",
            "libxkbcommon0",
            "libfontconfig1",
            "libdbus-1-3",
            "libglib2.0-0",
            "libx11-xcb1",
        },
        uid=1000,
    )
    done = subprocess.run(
        ["sh", str(SCRIPT), "xcb"], env=env, capture_output=True, text=True, timeout=30
    )
    assert done.returncode == 0 and done.stderr == ""


def test_make_run_and_ci_call_it() -> None:
    assert "scripts/qt_system_libs.sh xcb" in (ROOT / "Makefile").read_text()
    assert "scripts/qt_system_libs.sh offscreen" in (ROOT / ".ci" / "run").read_text()
    guide = (ROOT / "docs" / "user-guide.md").read_text(encoding="utf-8")
    assert all(lib in guide for lib in XCB)
