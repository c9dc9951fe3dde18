"""README screenshots of the desktop app (run under Xvfb, or offscreen Qt).

Opens a patient in the real main window, waits until the timeline is drawn, then saves:
- ``--window FILE.png``: the whole main window (like ``radtrack gui PATH --screenshot``);
- ``--select FILE.png``: the same after a click on a glyph of the longest finding chain
  (timeline, chain list and report viewer all show the selection);
- ``--compare FILE.png``: Tools ▸ Compare with gold annotations (a dialog of its own,
  so ``--screenshot`` cannot catch it). With a gold folder open, Compare runs the models
  on its text and scores their chains against the gold.
Prints each file's size and pixel size. Use a private RADTRACK_HOME: the script opens the
patient through the project store like the app does.

Usage: python scripts/screenshots.py PATIENT_FOLDER [--size 1600x1000]
       [--window F.png] [--select F.png] [--compare F.png]
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path


def wait(signal, timeout_ms: int = 120000) -> None:
    """Run the event loop until ``signal`` fires (or the time is up)."""
    from radtrack_gui.gui.qt import QEventLoop, QTimer

    loop = QEventLoop()
    signal.connect(loop.quit)
    QTimer.singleShot(timeout_ms, loop.quit)
    loop.exec()


def settle(ms: int = 300) -> None:
    from radtrack_gui.gui.qt import QEventLoop, QTimer

    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def save(widget, path: str) -> None:
    from radtrack_gui.gui.qt import QApplication, QtGui

    QApplication.processEvents()
    image = widget.grab().toImage().convertToFormat(QtGui.QImage.Format.Format_RGB888)
    if not image.save(path, "PNG", 0):  # no alpha channel, strongest compression
        raise SystemExit(f"{path}: could not save the screenshot")
    size = Path(path).stat().st_size
    print(f"{path}: {image.width()}x{image.height()} px, {size / 1024:.0f} KiB")


def click_longest_chain(window) -> str:
    """Click the first glyph of the longest finding chain; returns its chain id."""
    from radtrack_gui.gui.qt import QApplication, QEvent, QPointF, Qt, QtGui

    tl = window.timeline
    lanes = [ln for ln in tl.layout_.lanes if ln.type == "finding"]
    lane = max(lanes, key=lambda ln: (len(ln.mentions), -ln.row))
    tl.select_chain(lane.chain)  # scrolls its row into view
    settle(100)
    pos = QPointF(tl.glyph_view_pos(lane.mentions[len(lane.mentions) // 2]))
    viewport = tl.view.viewport()
    left = Qt.MouseButton.LeftButton
    for kind, buttons in (
        (QEvent.Type.MouseButtonPress, left),
        (QEvent.Type.MouseButtonRelease, Qt.MouseButton.NoButton),
    ):
        ev = QtGui.QMouseEvent(
            kind, pos, viewport.mapToGlobal(pos), left, buttons, Qt.KeyboardModifier.NoModifier
        )
        QApplication.sendEvent(viewport, ev)
    settle(200)
    return lane.chain


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("folder")
    ap.add_argument("--size", default="1600x1000")
    ap.add_argument("--window")
    ap.add_argument("--select")
    ap.add_argument("--compare")
    args = ap.parse_args(argv)
    os.environ["RADTRACK_NO_CRASH_DIALOG"] = "1"
    from radtrack_gui.gui.app import create_app
    from radtrack_gui.gui.crash import REPORTER
    from radtrack_gui.gui.dialogs import opener
    from radtrack_gui.gui.main_window import MainWindow

    REPORTER.set_dialog_enabled(False)
    app = create_app([sys.argv[0]])
    window = MainWindow()
    w, _, h = args.size.partition("x")
    window.resize(int(w), int(h))
    window.show()
    window.open_path(args.folder, remember=False)
    wait(window.patientDrawn)
    if window.patient is None:
        print(f"{args.folder}: could not be opened", file=sys.stderr)
        return 2
    settle()
    if args.window:
        save(window, args.window)
    if args.select:
        cid = click_longest_chain(window)
        print(f"selected chain {cid} ({window.patient.chains[cid].label})")
        save(window, args.select)
    if args.compare:
        shown: list = []
        window.compareShown.connect(shown.append)
        dlg = opener.open_compare(window)
        if dlg is None:  # a gold folder is open: the models run first, in the background
            wait(window.compareShown)
            dlg = shown[0] if shown else None
        if dlg is None:
            print(f"{args.folder}: no gold annotations to compare with", file=sys.stderr)
            return 2
        dlg.resize(820, 600)
        settle()
        save(dlg, args.compare)
        dlg.close()
    window.close()
    app.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main())
