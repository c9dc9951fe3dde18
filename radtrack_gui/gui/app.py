"""Application set-up: QApplication, logging, the global crash hook, and ``main()``.

Errors at three levels: expected failures are messages the window shows; anything else that
escapes (a slot, a worker thread) reaches ``sys.excepthook``/``threading.excepthook``, is
written to the log and, unless disabled (tests, ``RADTRACK_NO_CRASH_DIALOG=1``), shown in a
crash dialog. The app keeps running after a crash report.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import logging.handlers
import os
import sys
import threading
import traceback
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType

from radtrack_gui import __version__
from radtrack_gui.util.paths import resource, user_log_dir

log = logging.getLogger("radtrack.gui")
crash_log = logging.getLogger("radtrack.crash")

LOG_FILE = "radtrack.log"
_crash_dialog_enabled = os.environ.get("RADTRACK_NO_CRASH_DIALOG", "") not in ("1", "true")
_crashes: list[str] = []  # formatted tracebacks reported this session (newest last)
_log_handler: logging.Handler | None = None
_hooks_installed = False
_previous_hooks: tuple[object, object] | None = None


# -- logging -------------------------------------------------------------------
def setup_logging(level: int = logging.INFO) -> Path:
    """Named loggers under ``radtrack`` to a rotating file in the user log folder."""
    global _log_handler
    path = user_log_dir() / LOG_FILE
    root = logging.getLogger("radtrack")
    if _log_handler is not None and getattr(_log_handler, "baseFilename", "") == str(path):
        return path
    if _log_handler is not None:
        root.removeHandler(_log_handler)
        _log_handler.close()
    from radtrack_gui.util.paths import private_rotating_handler

    handler = private_rotating_handler(path, 1_000_000, 3)  # 0600 after rotation too
    handler.setFormatter(logging.Formatter(
        "%(asctime)s %(levelname)s %(name)s [%(threadName)s] %(message)s"))
    root.addHandler(handler)
    root.setLevel(level)
    _log_handler = handler
    with contextlib.suppress(OSError):
        os.chmod(path, 0o600)  # the log may name patients' files: private to the user
    return path


def log_path() -> Path:
    return user_log_dir() / LOG_FILE


# -- crash hook ----------------------------------------------------------------
def set_crash_dialog_enabled(enabled: bool) -> None:
    """Tests switch the dialog off; crashes are still logged and recorded."""
    global _crash_dialog_enabled
    _crash_dialog_enabled = enabled


def dialogs_enabled() -> bool:
    """False in tests and --screenshot runs: no modal boxes, the log and status bar say it."""
    return _crash_dialog_enabled


def crashes() -> list[str]:
    """Tracebacks reported so far in this process (newest last)."""
    return list(_crashes)


def report_crash(exc_type: type[BaseException], exc: BaseException,
                 tb: TracebackType | None, where: str = "main thread") -> None:
    """Log an unexpected exception and show the crash dialog (main thread only)."""
    text = "".join(traceback.format_exception(exc_type, exc, tb))
    _crashes.append(text)
    crash_log.error("unexpected error in %s:\n%s", where, text.rstrip())
    for handler in logging.getLogger("radtrack").handlers:
        handler.flush()
    if not _crash_dialog_enabled:
        return
    from radtrack_gui.gui.qt import QApplication, QMessageBox, QThread

    app = QApplication.instance()
    if app is None or QThread.currentThread() is not app.thread():
        return  # no widgets from worker threads: the log has it
    box = QMessageBox(QMessageBox.Icon.Critical, "RadTrack: unexpected error",
                      f"Something went wrong inside RadTrack ({exc_type.__name__}: {exc}).\n\n"
                      "Your corrections are saved as you make them. The details were written "
                      f"to the log:\n{log_path()}")
    box.setDetailedText(text)
    box.exec()


def _excepthook(exc_type: type[BaseException], exc: BaseException,
                tb: TracebackType | None) -> None:
    if issubclass(exc_type, KeyboardInterrupt):
        sys.__excepthook__(exc_type, exc, tb)
        return
    report_crash(exc_type, exc, tb)


def _thread_excepthook(args: threading.ExceptHookArgs) -> None:
    if args.exc_value is None:
        return
    name = args.thread.name if args.thread else "thread"
    report_crash(args.exc_type, args.exc_value, args.exc_traceback, where=name)


def install_excepthook() -> None:
    """Route uncaught exceptions (slots, threads) to the log and crash dialog."""
    global _hooks_installed, _previous_hooks
    if not _hooks_installed:
        _previous_hooks = (sys.excepthook, threading.excepthook)
    sys.excepthook = _excepthook
    threading.excepthook = _thread_excepthook
    _hooks_installed = True


def uninstall_excepthook() -> None:
    global _hooks_installed
    if _hooks_installed and _previous_hooks is not None:
        sys.excepthook, threading.excepthook = _previous_hooks  # type: ignore[assignment]
    _hooks_installed = False


# -- application -----------------------------------------------------------------
def app_icon():  # -> QIcon
    from radtrack_gui.gui.qt import QIcon

    path = resource("icons", "radtrack.svg")
    return QIcon(str(path)) if path.exists() else QIcon()


def create_app(argv: Sequence[str] | None = None):  # -> QApplication
    """The QApplication (created once), with names, icon and logging set up."""
    from radtrack_gui.gui.qt import QApplication

    app = QApplication.instance()
    if app is None:
        app = QApplication(list(argv) if argv is not None else sys.argv[:1])
    app.setApplicationName("RadTrack")
    app.setOrganizationName("RadTrack")
    app.setApplicationVersion(__version__)
    app.setApplicationDisplayName("RadTrack")
    app.setWindowIcon(app_icon())
    app.setDesktopFileName("radtrack")
    setup_logging()
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


class Screenshooter:
    """Waits for the window's first complete draw, saves it as PNG and quits the loop."""

    def __init__(self, window, path: str, timeout_s: float = 300.0) -> None:
        from radtrack_gui.gui.qt import QTimer

        self.window = window
        self.path = path
        self.error: str | None = None
        self._done = False
        window.patientDrawn.connect(self._drawn)
        window.patientLoaded.connect(self._loaded)
        window.loadFailed.connect(self._failed)
        QTimer.singleShot(int(timeout_s * 1000), self._timeout)

    def _loaded(self) -> None:
        from radtrack_gui.gui.qt import QTimer

        # The views are filled; should the timeline never report a draw, grab anyway.
        QTimer.singleShot(15000, self._drawn)

    def _finish(self, error: str | None) -> None:
        from radtrack_gui.gui.qt import QApplication

        if self._done:
            return
        self._done = True
        self.error = error
        QApplication.instance().quit()

    def _failed(self, reason: str) -> None:
        self._finish(reason)

    def _timeout(self) -> None:
        self._finish("timed out waiting for the timeline to be drawn")

    def _drawn(self) -> None:
        from radtrack_gui.gui.qt import QTimer

        QTimer.singleShot(150, self._grab)  # let pending paints land first

    def _grab(self) -> None:
        from radtrack_gui.gui.qt import QApplication

        if self._done:
            return
        QApplication.processEvents()
        pixmap = self.window.grab()
        target = Path(self.path)
        from radtrack_gui.gui.qt import QBuffer, QByteArray, QIODevice
        from radtrack_gui.util.atomic import atomic_open

        data = QByteArray()
        buf = QBuffer(data)
        buf.open(QIODevice.OpenModeFlag.WriteOnly)
        ok = pixmap.save(buf, "PNG")
        buf.close()
        if not ok or data.isEmpty():
            self._finish(f"{self.path}: could not encode the screenshot")
            return
        try:
            with atomic_open(target, "wb") as f:
                f.write(bytes(data.data()))
        except OSError as exc:
            self._finish(f"{self.path}: {exc.strerror or exc}")
            return
        log.info("screenshot %s (%dx%d)", target, pixmap.width(), pixmap.height())
        self._finish(None)


def build_parser(parser: argparse.ArgumentParser | None = None) -> argparse.ArgumentParser:
    """The GUI's arguments (shared by ``radtrack gui`` and ``radtrack-gui``)."""
    p = parser or argparse.ArgumentParser(prog="radtrack-gui",
                                          description="RadTrack desktop app.")
    p.add_argument("path", nargs="?",
                   help="a patient folder, a RadTrack JSON file or a MIMIC-style CSV")
    p.add_argument("--screenshot", metavar="FILE.png",
                   help="open PATH, wait until everything is drawn, save the window, exit")
    p.add_argument("--patient", metavar="ID", help="patient to open from a multi-patient CSV")
    p.add_argument("--size", default="1480x900", metavar="WxH",
                   help="window size for --screenshot (default 1480x900)")
    return p


def _has_display() -> bool:
    """False on a Linux/BSD machine with no X11 or Wayland display (Qt would abort)."""
    if os.environ.get("QT_QPA_PLATFORM") or not sys.platform.startswith(("linux", "freebsd")):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def run_gui(path: str | None = None, *, screenshot: str | None = None,
            patient_id: str | None = None, size: str = "1480x900") -> int:
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
        set_crash_dialog_enabled(False)
    if not _has_display():
        if not screenshot:
            raise InputError("no display to open a window on (DISPLAY is not set): run it in "
                             "a desktop session, or use --screenshot FILE.png")
        os.environ["QT_QPA_PLATFORM"] = "offscreen"  # a screenshot needs no screen
    app = create_app()
    install_excepthook()
    from radtrack_gui.gui.main_window import MainWindow

    window = MainWindow()
    if screenshot:
        width, _, height = size.lower().partition("x")
        try:
            window.resize(int(width), int(height))
        except ValueError as exc:
            raise InputError(f"--size {size!r}: expected WIDTHxHEIGHT") from exc
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
    window.show()
    if path:
        window.open_path(path, patient_id=patient_id)
    rc = app.exec()
    log.info("quit with status %s", rc)
    return int(rc)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``radtrack-gui`` script."""
    from radtrack_gui.core.errors import InputError

    args = build_parser().parse_args(argv)
    try:
        return run_gui(args.path, screenshot=args.screenshot, patient_id=args.patient,
                       size=args.size)
    except InputError as exc:
        print(f"radtrack-gui: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
