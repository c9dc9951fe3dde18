"""Logging and crash reporting for the app, as one object.

Errors at three levels: expected failures are messages the window shows; anything else that
escapes (a slot, a worker thread) reaches ``sys.excepthook``/``threading.excepthook``, is
written to the log and, unless the dialog is switched off (tests, --screenshot,
``RADTRACK_NO_CRASH_DIALOG=1``), shown in a crash dialog. The app keeps running after a
crash report. ``REPORTER`` is the process's one reporter; ``gui/app.py`` installs it.
"""

from __future__ import annotations

import contextlib
import logging
import logging.handlers
import os
import sys
import threading
import traceback
from pathlib import Path
from types import TracebackType

from radtrack_gui.util.paths import user_log_dir

crash_log = logging.getLogger("radtrack.crash")
LOG_FILE = "radtrack.log"


def log_path() -> Path:
    return user_log_dir() / LOG_FILE


class CrashReporter:
    """Owns the log file handler, the exception hooks and the crash-dialog switch."""

    def __init__(self) -> None:
        self.dialog_enabled = os.environ.get("RADTRACK_NO_CRASH_DIALOG", "") not in ("1", "true")
        self.log_problem = ""  # why the log file could not be opened, for the status bar
        self._crashes: list[str] = []  # formatted tracebacks this session (newest last)
        self._handler: logging.Handler | None = None
        self._previous: tuple[object, object] | None = None

    # -- logging -----------------------------------------------------------------------
    def setup_logging(self, level: int = logging.INFO) -> Path | None:
        """Named loggers under ``radtrack`` to a rotating file in the user log folder; when
        that folder cannot be written, to the terminal, with ``log_problem`` saying why (the
        app starts all the same). Returns the log file, or None."""
        root = logging.getLogger("radtrack")
        try:
            path = log_path()
        except OSError as exc:
            self._log_to_terminal(root, level, f"{exc.filename or 'log folder'}", exc)
            return None
        if self._handler is not None and getattr(self._handler, "baseFilename", "") == str(path):
            return path
        if self._handler is not None:
            root.removeHandler(self._handler)
            self._handler.close()
        from radtrack_gui.util.paths import private_rotating_handler

        try:
            handler = private_rotating_handler(path, 1_000_000, 3)  # 0600 after rotation too
        except OSError as exc:
            self._log_to_terminal(root, level, str(path.parent), exc)
            return None
        self.log_problem = ""
        handler.setFormatter(
            logging.Formatter("%(asctime)s %(levelname)s %(name)s [%(threadName)s] %(message)s")
        )
        root.addHandler(handler)
        root.setLevel(level)
        self._handler = handler
        with contextlib.suppress(OSError):
            os.chmod(path, 0o600)  # the log may name patients' files: private to the user
        return path

    def _log_to_terminal(self, root: logging.Logger, level: int, where: str, exc: OSError) -> None:
        self.log_problem = (
            f"Log folder {where} cannot be written ({exc.strerror or exc}): "
            "messages go to the terminal only."
        )
        if self._handler is None or isinstance(self._handler, logging.FileHandler):
            if self._handler is not None:
                root.removeHandler(self._handler)
                self._handler.close()
            self._handler = logging.StreamHandler(sys.stderr)
            self._handler.setLevel(logging.WARNING)  # the terminal gets what matters
            self._handler.setFormatter(logging.Formatter("radtrack: %(levelname)s %(message)s"))
            root.addHandler(self._handler)
        root.setLevel(level)
        root.warning("%s", self.log_problem)

    # -- hooks -------------------------------------------------------------------------
    def install(self) -> None:
        """Route uncaught exceptions (slots, threads) to the log and crash dialog."""
        if self._previous is None:
            self._previous = (sys.excepthook, threading.excepthook)
        sys.excepthook = self._excepthook
        threading.excepthook = self._thread_excepthook

    def uninstall(self) -> None:
        if self._previous is not None:
            sys.excepthook, threading.excepthook = self._previous  # type: ignore[assignment]
        self._previous = None

    def set_dialog_enabled(self, enabled: bool) -> None:
        """Tests switch the dialog off; crashes are still logged and recorded."""
        self.dialog_enabled = enabled

    def crashes(self) -> list[str]:
        """Tracebacks reported so far in this process (newest last)."""
        return list(self._crashes)

    def report(
        self,
        exc_type: type[BaseException],
        exc: BaseException,
        tb: TracebackType | None,
        where: str = "main thread",
    ) -> None:
        """Log an unexpected exception and show the crash dialog (main thread only)."""
        text = "".join(traceback.format_exception(exc_type, exc, tb))
        self._crashes.append(text)
        crash_log.error("unexpected error in %s:\n%s", where, text.rstrip())
        for handler in logging.getLogger("radtrack").handlers:
            handler.flush()
        if not self.dialog_enabled:
            return
        from radtrack_gui.gui.qt import QApplication, QMessageBox, QThread

        app = QApplication.instance()
        if app is None or QThread.currentThread() is not app.thread():
            return  # no widgets from worker threads: the log has it
        box = QMessageBox(
            QMessageBox.Icon.Critical,
            "RadTrack: unexpected error",
            f"Something went wrong inside RadTrack ({exc_type.__name__}: {exc})."
            "\n\nYour corrections are saved as you make them. "
            + (
                f"The details were written to the log:\n{log_path()}"
                if not self.log_problem
                else self.log_problem
            ),
        )
        box.setDetailedText(text)
        box.exec()

    def _excepthook(
        self, exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None
    ) -> None:
        if issubclass(exc_type, KeyboardInterrupt):
            sys.__excepthook__(exc_type, exc, tb)
            return
        self.report(exc_type, exc, tb)

    def _thread_excepthook(self, args: threading.ExceptHookArgs) -> None:
        if args.exc_value is None:
            return
        name = args.thread.name if args.thread else "thread"
        self.report(args.exc_type, args.exc_value, args.exc_traceback, where=name)


REPORTER = CrashReporter()


def quiet() -> bool:
    """No modal message boxes (tests, --screenshot): the status bar and log suffice."""
    return not REPORTER.dialog_enabled
