"""Application set-up, composed: QApplication, logging and crash hook (``gui/crash.py``),
the main window, and ``main()``."""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, cast

from radtrack_gui import __version__
from radtrack_gui.gui.crash import REPORTER

if TYPE_CHECKING:
    from radtrack_gui.gui.qt import QApplication

log = logging.getLogger("radtrack.gui")


def create_app(argv: Sequence[str] | None = None) -> QApplication:
    """The QApplication (created once), with names, icon and logging set up."""
    from radtrack_gui.gui.qt import QApplication

    existing = QApplication.instance()  # typed QCoreApplication; here always a QApplication
    app = cast(QApplication, existing) if existing is not None else None
    if app is None:
        app = QApplication(list(argv) if argv is not None else sys.argv[:1])
    app.setApplicationName("RadTrack")
    app.setOrganizationName("RadTrack")
    app.setApplicationVersion(__version__)
    app.setApplicationDisplayName("RadTrack")
    from radtrack_gui.gui.style import app_icon

    app.setWindowIcon(app_icon())
    app.setDesktopFileName("radtrack")
    REPORTER.setup_logging()
    install_qt_message_handler()
    from radtrack_gui.util.atomic import clean_stale_temp

    with contextlib.suppress(OSError):
        clean_stale_temp()  # leftovers of exports killed mid-write
    return app


_QT_NOISE = ("propagateSizeHints",)  # harmless platform-plugin chatter (offscreen, Xvfb)


def _qt_message(mode, context, message: str) -> None:
    """Qt's own warnings go to the log, not the terminal."""
    from radtrack_gui.gui.qt import QtCore

    qt_log = logging.getLogger("radtrack.qt")
    if any(n in message for n in _QT_NOISE):
        qt_log.debug("%s", message)
    elif mode in (QtCore.QtMsgType.QtCriticalMsg, QtCore.QtMsgType.QtFatalMsg):
        qt_log.error("%s", message)
    elif mode == QtCore.QtMsgType.QtWarningMsg:
        qt_log.warning("%s", message)
    else:
        qt_log.debug("%s", message)


def install_qt_message_handler() -> None:
    from radtrack_gui.gui.qt import QtCore

    QtCore.qInstallMessageHandler(_qt_message)


def build_parser(parser: argparse.ArgumentParser | None = None) -> argparse.ArgumentParser:
    """The GUI's arguments (shared by ``radtrack gui`` and ``radtrack-gui``)."""
    p = parser or argparse.ArgumentParser(prog="radtrack-gui", description="RadTrack desktop app.")
    p.add_argument(
        "path", nargs="?", help="a patient folder, a RadTrack JSON file or a MIMIC-style CSV"
    )
    p.add_argument(
        "--screenshot",
        metavar="FILE.png",
        help="open PATH, wait until everything is drawn, save the window, exit",
    )
    p.add_argument("--patient", metavar="ID", help="patient to open from a multi-patient CSV")
    p.add_argument(
        "--size",
        default="1480x900",
        metavar="WxH",
        help="window size for --screenshot (default 1480x900)",
    )
    return p


def _has_display() -> bool:
    """False on a Linux/BSD machine with no X11 or Wayland display (Qt would abort)."""
    if os.environ.get("QT_QPA_PLATFORM") or not sys.platform.startswith(("linux", "freebsd")):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def run_gui(
    path: str | None = None,
    *,
    screenshot: str | None = None,
    patient_id: str | None = None,
    size: str = "1480x900",
) -> int:
    """Open the main window (optionally on ``path``) and run the event loop.

    With ``screenshot``: wait until the patient is drawn, grab the whole window to a PNG
    and return 0; return 2 with a one-line reason on stderr when anything fails."""
    from radtrack_gui.core.errors import InputError

    if screenshot and not path:
        raise InputError("--screenshot needs a PATH to open")
    if path and not Path(path).exists():
        raise InputError(f"{path}: no such file or folder")
    if screenshot:
        os.environ.setdefault("RADTRACK_NO_CRASH_DIALOG", "1")
        REPORTER.set_dialog_enabled(False)
    if not _has_display():
        if not screenshot:
            raise InputError(
                "no display to open a window on (DISPLAY is not set): run it in "
                "a desktop session, or use --screenshot FILE.png"
            )
        os.environ["QT_QPA_PLATFORM"] = "offscreen"  # a screenshot needs no screen
    app = create_app()
    REPORTER.install()
    from radtrack_gui.gui.main_window import MainWindow

    window = MainWindow()
    if REPORTER.log_problem:  # the app works without its log file: say so where it is seen
        window.statusBar().showMessage(REPORTER.log_problem, 30000)
    if screenshot:
        width, _, height = size.lower().partition("x")
        try:
            window.resize(int(width), int(height))
        except ValueError as exc:
            raise InputError(f"--size {size!r}: expected WIDTHxHEIGHT") from exc
        from radtrack_gui.gui.screenshot import Screenshooter

        shooter = Screenshooter(window, screenshot)
        window.show()
        window.open_path(path or "", patient_id=patient_id, remember=False)
        app.exec()
        window.close()
        window.deleteLater()
        if shooter.error:
            print(f"radtrack gui: {shooter.error}", file=sys.stderr)
            return 2
        return 0
    from radtrack_gui.gui import os_signals

    restore_signals = os_signals.install(app)
    window.show()
    if path:
        window.open_path(path, patient_id=patient_id)
    rc = app.exec()
    restore_signals()
    log.info("quit with status %s", rc)
    return int(rc)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``radtrack-gui`` script."""
    from radtrack_gui.core.errors import InputError

    args = build_parser().parse_args(argv)
    try:
        return run_gui(
            args.path, screenshot=args.screenshot, patient_id=args.patient, size=args.size
        )
    except InputError as exc:
        print(f"radtrack-gui: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
