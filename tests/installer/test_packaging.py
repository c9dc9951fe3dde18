"""The installer's desktop files agree with the app: the menu entry runs `radtrack gui`, and
the RadTrack JSON file type's magic matches what `radtrack process --json` writes."""

from __future__ import annotations

import configparser
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from conftest import DEMO, ROOT

LINUX = ROOT / "packaging" / "linux"
MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"


def desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read(LINUX / "radtrack.desktop", encoding="utf-8")
    return parser["Desktop Entry"]


def test_menu_entry_opens_the_gui_with_the_icon_and_file_type():
    entry = desktop_entry()
    assert entry["Exec"].split()[:2] == ["radtrack", "gui"]
    assert entry["Icon"] == "radtrack" and entry["Type"] == "Application"
    mime = ET.parse(LINUX / "radtrack-mime.xml").getroot().find(f"{MIME_NS}mime-type")
    assert mime is not None
    assert mime.get("type") in entry["MimeType"].split(";")


@pytest.mark.skipif(
    shutil.which("desktop-file-validate") is None,
    reason="desktop-file-validate (desktop-file-utils) is not installed",
)
def test_menu_entry_is_valid_for_desktops():
    run = subprocess.run(
        ["desktop-file-validate", str(LINUX / "radtrack.desktop")], capture_output=True, text=True
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_file_type_magic_matches_what_process_writes(tmp_path):
    match = ET.parse(LINUX / "radtrack-mime.xml").getroot().find(f".//{MIME_NS}match")
    assert match is not None
    value, (low, high) = match.get("value", ""), map(int, match.get("offset", "").split(":"))
    out = tmp_path / "demo.radtrack.json"
    run = subprocess.run(
        [sys.executable, "-m", "radtrack_gui", "process", str(DEMO), "--json", str(out)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stderr
    head = out.read_bytes()[: high + len(value)]
    assert value.encode() in head[low:]
