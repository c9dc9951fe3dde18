"""Domain operations of the main window that run in the background: opening a patient,
re-running the models, a model run to compare with gold. Each reports progress, can be
cancelled, and ends in the window's views or a one-line message."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from radtrack_gui import project
from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Patient
from radtrack_gui.formats import sources
from radtrack_gui.gui import worker
from radtrack_gui.gui.crash import REPORTER, quiet
from radtrack_gui.gui.qt import (
    QFileDialog,
    QInputDialog,
    QMessageBox,
    Qt,
)
from radtrack_gui.gui.undo import EditSession
from radtrack_gui.gui.window_host import WindowHost
from radtrack_gui.nlp.report_groups import wrong_patient_warnings
from radtrack_gui.util.paths import demo_patient_dir
from radtrack_gui.views.problems import problems_summary

log = logging.getLogger("radtrack.gui.window")


class PatientOperations(WindowHost):
    """Opening and closing patients (part of MainWindow)."""

    # -- opening --------------------------------------------------------------------------
    def choose_folder(self) -> None:
        start = self.prefs.recent()[0] if self.prefs.recent() else str(Path.home())
        folder = QFileDialog.getExistingDirectory(
            self, "Open patient folder", str(Path(start).parent)
        )
        if folder:
            self.open_path(folder)

    def choose_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, "Open a report file", "", sources.OPEN_FILE_FILTER
        )
        if path:
            self.open_path(path)

    def open_demo(self) -> None:
        demo = demo_patient_dir()
        if not demo.is_dir():
            self._error(f"The demo patient is missing ({demo}).")
            return
        self.open_path(str(demo))

    def open_path(
        self,
        path: str,
        *,
        patient_id: str | None = None,
        remember: bool = True,
        rerun: bool = False,
        read_only: bool = False,
    ) -> worker.Task | None:
        """Read PATH in the background; the views are filled when it is done."""
        if self.task is not None and not self.task.is_done():
            self.statusBar().showMessage("Still opening the previous patient…", 4000)
            return None
        try:
            source = sources.source_path(path)
            kind = sources.kind_of(source)
        except InputError as exc:
            self._load_failed_message(str(exc))
            return None
        if (kind == "csv" or kind in sources.DOCUMENT_KINDS) and patient_id is None:
            patient_id = self._pick_csv_patient(source)
            if patient_id == "":
                return None
        extractor, linker = self.prefs.model("extractor"), self.prefs.model("linker")
        self._load_started = time.perf_counter()
        self._remember = remember
        self.progress.setRange(0, 0)
        self.progress.setFormat(f"Opening {source.name}…")
        self.progress.show()
        self.cancel_button.show()
        self.cancel_button.setEnabled(True)
        self.statusBar().showMessage(f"Opening {source}…")
        log.info("open %s (extractor %s, linker %s)", source, extractor, linker)

        options = self.prefs.typed.extractor_options()

        def work(
            progress: Callable[[str, int, int], None], cancel: Callable[[], bool]
        ) -> project.LoadedProject:
            return project.open_project(
                source,
                patient_id,
                extractor=extractor,
                linker=linker,
                rerun=rerun,
                progress=progress,
                cancel=cancel,
                extractor_options=options,
                read_only=read_only,
                owner=id(self),
            )

        self._opening = (str(source), patient_id, remember)  # to retry read-only

        # No parent: the task outlives a window closed mid-run; its callbacks are bound
        # methods of the window, disconnected when the window goes.
        self.task = worker.run_task(
            work,
            name=f"open {source.name}",
            parent=None,
            on_success=self._loaded,
            on_failure=self._load_failed,
            on_progress=self._progress,
            on_cancel=self._load_cancelled,
        )
        return self.task

    def _pick_csv_patient(self, path: Path) -> str | None:
        """The patient to open from a CSV ("" when the user cancelled)."""
        from radtrack_gui.formats.mimic_csv import SeveralPatients

        try:
            return sources.csv_patient(path)
        except SeveralPatients as exc:
            if quiet():  # no one to ask (--screenshot, tests)
                self._load_failed_message(str(exc))
                return ""
            patients = exc.patients
        except InputError as exc:
            self._load_failed_message(str(exc))
            return ""
        pid, ok = QInputDialog.getItem(
            self,
            f"Open {path.suffix.lstrip('.').upper() or 'file'}",
            f"{path.name} holds {len(patients)} patients. Open:",
            patients,
            0,
            False,
        )
        return pid if ok else ""

    def cancel_load(self) -> None:
        if self.task is not None and not self.task.is_done():
            self.task.cancel()
            self.cancel_button.setEnabled(False)
            self.progress.setFormat("Cancelling…")

    def _progress(self, stage: str, done: int, total: int) -> None:
        names = {
            "read": "Reading",
            "extract": "Finding mentions",
            "link": "Linking",
            "save": "Saving",
        }
        if total > 0:
            self.progress.setRange(0, total)
            self.progress.setValue(done)
            self.progress.setFormat(f"{names.get(stage, stage)} %v/%m")
        else:
            self.progress.setRange(0, 0)
            self.progress.setFormat(names.get(stage, stage))

    def _end_task(self) -> None:
        self.progress.hide()
        self.cancel_button.hide()
        self.statusBar().clearMessage()

    def _load_cancelled(self) -> None:
        self._end_task()
        self.statusBar().showMessage("Opening cancelled.", 5000)
        log.info("open cancelled")
        self.loadCancelled.emit()

    def _load_failed(self, exc: BaseException) -> None:
        self._end_task()
        from radtrack_gui.store.lock import StoreLocked

        if isinstance(exc, StoreLocked) and self.isVisible() and not quiet():
            from radtrack_gui.gui.store_lock import ask_open_read_only

            if ask_open_read_only(self, exc):
                path, pid, remember = self._opening
                self.open_path(path, patient_id=pid, remember=remember, read_only=True)
                return
        if isinstance(exc, InputError):
            self._load_failed_message(str(exc))
            return
        self.loadFailed.emit(f"could not open: {type(exc).__name__}: {exc}")
        REPORTER.report(type(exc), exc, exc.__traceback__, where="opening a patient")

    def _load_failed_message(self, reason: str) -> None:
        log.info("open failed: %s", reason)
        self.statusBar().showMessage(reason, 10000)
        self.loadFailed.emit(reason)
        if self.isVisible() and not quiet():
            QMessageBox.warning(self, "Cannot open", reason)

    def _loaded(self, loaded: project.LoadedProject) -> None:
        self._end_task()
        self.close_patient()
        self.loaded = loaded
        session = EditSession(loaded.patient, loaded.store, parent=self)
        session.changed.connect(self.on_changed)
        session.editFailed.connect(self._edit_failed)
        session.stack.indexChanged.connect(lambda _i: self._update_undo_text())
        self.session = session
        if self._remember:
            self.prefs.add_recent(loaded.path)
        self.setWindowTitle(loaded.patient.id)  # Qt appends " — RadTrack" (display name)
        self.setWindowFilePath(loaded.path)
        self._awaiting_draw = True
        self.central.setCurrentWidget(self.timeline)
        t0 = time.perf_counter()
        self.chain_list.set_patient(loaded.patient)
        self.report_view.set_patient(loaded.patient)
        self.timeline.set_patient(loaded.patient)
        log.info(
            "opened %s: %d reports, %d mentions, %d chains in %.2f s (views %.0f ms)",
            loaded.path,
            len(loaded.patient.reports),
            len(loaded.patient.mentions),
            len(loaded.patient.chains),
            loaded.seconds,
            (time.perf_counter() - t0) * 1000,
        )
        self.last_load_seconds = time.perf_counter() - self._load_started
        if loaded.patient.problems:
            text = problems_summary(loaded.patient.problems)
            log.info("problems reading %s: %s", loaded.path, text)
            self.statusBar().showMessage(text, 30000)
        self.problems_text = problems_summary(loaded.patient.problems)
        n = len({q.file for q in loaded.patient.problems})
        self.status_problems.setText(
            f"<a href='show'>⚠ {n} file{'s' if n != 1 else ''} skipped or repaired</a>" if n else ""
        )
        self.status_problems.setToolTip(self.problems_text)
        self.banner.set_warnings(wrong_patient_warnings(loaded.patient))
        self._update_status()
        self._update_actions()
        self._update_undo_text()
        self.patientLoaded.emit()

    def _timeline_drawn(self) -> None:
        if self._awaiting_draw and self.session is not None:
            self._awaiting_draw = False
            self.last_draw_seconds = time.perf_counter() - self._load_started
            self.patientDrawn.emit()

    def close_patient(self) -> None:
        """Forget the open patient (everything is already saved)."""
        if self.session is not None:
            self.session.stack.clear()
            self.session.deleteLater()
            self.session = None
        if self.loaded is not None and self.loaded.store is not None:
            self.loaded.store.close()
        self.loaded = None
        self._mention_selection = []
        self.problems_text = ""
        self.status_problems.setText("")
        self.banner.set_warnings([])
        self.chain_list.set_patient(None)
        self.report_view.set_patient(None)
        self.setWindowTitle("")
        self.central.setCurrentWidget(self.welcome)
        self.welcome.fill(self.prefs.recent())
        self._update_status()
        self._update_actions()
        self._update_undo_text()

    def rerun_models(self) -> None:
        """Run the models again on the open patient (the store's copy is replaced; the
        edit log keeps the earlier corrections)."""
        if self.loaded is None:
            return
        if getattr(self.prefs.typed, "confirm_model_rerun", True) and not quiet():
            answer = QMessageBox.question(
                self,
                "Re-run models",
                "Run the models again on this patient? Your corrections to its chains will "
                "be replaced (the edit log keeps a record of them).",
            )
            if answer != QMessageBox.StandardButton.Yes:
                return
        self.open_path(self.loaded.path, rerun=True)

    def _compare_model_run(self, cls: Any, gold: Patient) -> None:
        """Run the chosen models on the gold folder's text in the background, then show
        their chains scored against the gold (the open, annotated chains stay as they are)."""
        assert self.loaded is not None
        path = self.loaded.path
        extractor, linker = self.prefs.model("extractor"), self.prefs.model("linker")
        self.statusBar().showMessage(
            f"Running {extractor} + {linker} on the reports to compare with the gold annotations…"
        )

        def work(progress: Callable[[str, int, int], None], cancel: Callable[[], bool]) -> Patient:
            return project.model_run(
                path, extractor=extractor, linker=linker, progress=progress, cancel=cancel
            )

        def done(response: Patient) -> None:
            self.statusBar().clearMessage()
            dlg = cls(response, gold, self, source=f"from the models ({extractor} + {linker})")
            dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            dlg.show()
            self.compareShown.emit(dlg)

        def failed(exc: BaseException) -> None:
            self._error(f"Compare: the model run failed ({exc})")

        worker.run_task(work, name="compare", parent=self, on_success=done, on_failure=failed)
