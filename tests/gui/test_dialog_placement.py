"""The Settings and Train dialogs leave the welcome page in sight (round 4 at the screen:
at 1280x800 each, modal and centred on the window, covered the page's text and buttons;
only its name stayed above them). Checked in a child process whose offscreen screen has
the size of a user's (the test process's is 800x800): the first window there, each dialog
opened by its menu action, at its whole size (not squeezed to fit)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .screen_probe import run_probe
from .test_shortcuts_sheet import _clear, _inside

pytestmark = pytest.mark.gui


@pytest.mark.parametrize("size", [(1280, 800), (1480, 900), (1920, 1080)])
def test_settings_and_train_leave_the_welcome_page_in_sight(tmp_path: Path, size) -> None:
    got = run_probe(tmp_path, size, "--dialogs")
    assert got["screen"][2:] == list(size), got
    for name in ("settings", "train_linker"):
        dlg = got["dialogs"][name]
        x, y, w, h = dlg["rect"]
        assert _inside([x - 4, y - 24, w + 8, h + 28], got["screen"]), (name, got)
        # the page's name, text and both buttons, with the dialog's frame and title bar
        assert _clear(dlg["rect"], got["keep"]), (name, got)
        assert w >= dlg["least"][0] and h >= dlg["least"][1], (name, got)
