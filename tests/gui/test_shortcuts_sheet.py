"""The keyboard-shortcuts sheet stays clear of what it explains (round 4 at the screen:
at 1280x800 the sheet, centred on the window, covered the whole welcome page). Checked in
a child process whose offscreen screen is 1280x800 (the test process's is 800x800): the
first window there, the sheet opened by its action, on the welcome page and with a
patient open (clear of the timeline)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .screen_probe import run_probe

pytestmark = pytest.mark.gui

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
DEMO = ROOT / "radtrack_gui" / "resources" / "samples" / "demo_patient"


def _clear(sheet: list[int], keep: list[int]) -> bool:
    """The sheet with a window manager's frame (title bar 24 px) does not touch ``keep``."""
    sx, sy, sw, sh = sheet
    kx, ky, kw, kh = keep
    sx, sy, sw, sh = sx - 4, sy - 24, sw + 8, sh + 28
    return sx + sw <= kx or kx + kw <= sx or sy + sh <= ky or ky + kh <= sy


def _inside(sheet: list[int], screen: list[int]) -> bool:
    sx, sy, sw, sh = sheet
    x, y, w, h = screen
    return x <= sx and y <= sy and sx + sw <= x + w and sy + sh <= y + h


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_the_shortcuts_sheet_leaves_the_welcome_page_in_sight(tmp_path: Path, size) -> None:
    got = run_probe(tmp_path, size)
    assert got["screen"][2:] == list(size), got
    assert got["visible"] and _inside(got["sheet"], got["screen"]), got
    assert _clear(got["sheet"], got["keep"]), got  # the page's name, text and buttons
    assert got["sheet"][2] >= 300 and got["sheet"][3] >= 260, got  # still a usable sheet
    assert got["rows"] == got["expected_rows"] and got["keys_fit"], got  # every key listed


def test_with_a_patient_open_the_sheet_leaves_the_timeline_in_sight(tmp_path: Path) -> None:
    got = run_probe(tmp_path, (1280, 800), str(DEMO))
    assert got["patient"] == "DEMO-001", got
    assert got["visible"] and _inside(got["sheet"], got["screen"]), got
    assert _clear(got["sheet"], got["keep"]), got
