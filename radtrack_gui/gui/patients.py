"""The main window's patient controller: opening a patient (in the background, through
``gui/ops.py``), closing it, re-running the models, and the model run that Compare scores
against the gold. Each op reports progress, can be cancelled, and ends in the window's
views or a one-line message. The open patient itself is the session's."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from radtrack_gui import project
from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Patient
from radtrack_gui.core.progress import throttled
from radtrack_gui.formats import sources
from radtrack_gui.gui.crash import REPORTER, quiet
from radtrack_gui.gui.ops import Op
from radtrack_gui.gui.qt import QFileDialog, QInputDialog, QMessageBox, QObject, Qt, Signal
from radtrack_gui.nlp.report_groups import wrong_patient_warnings
from radtrack_gui.util.paths import demo_patient_dir, oncology_patient_dir

if TYPE_CHECKING:
    from radtrack_gui.gui.main_window import MainWindow

log = logging.getLogger("radtrack.gui.window")

# How long the open's worker waits for the window to draw a linked slice before it goes
# on linking (the window draws it within a second; a wait this long means it is busy).
SLICE_WAIT_S = 10.0


# a timeline view: (x range, y range)
ViewRange = tuple[tuple[float, float], tuple[float, float]]


class _Slices(QObject):
    """Carries each linked slice (the patient of the first reports) from the open's
    worker to the window; queued to the main thread (it lives there)."""

    # patient so far, reports linked, reports in all, Event set once drawn, the open's token
    landed = Signal(object, int, int, object, object)


class PatientController:
    """Opens and closes the window's patient."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.session = window.session
        self.op: Op | None = None  # the open in flight (or the last one)
        self._opening: tuple[str, str | None, bool] = ("", None, True)  # to retry read-only
        self._remember = True  # add the patient being opened to the recent list
        self._awaiting_draw = False
        self._started = 0.0
        self.last_load_seconds: float | None = None
        self.last_draw_seconds: float | None = None
        self.save_op: Op | None = None  # storing the last model run, after its first paint
        self._slices = _Slices(window)
        self._slices.landed.connect(self._landed)
        self._token: object = None  # the open whose slices are shown
        self._was_linking = False  # the session holds a slice (the selection carries over)
        self._slice_view: ViewRange | None = None  # the timeline's view as a slice drew it

    # -- choosing ------------------------------------------------------------------------
    def choose_folder(self) -> None:
        recent = self.window.prefs.recent()
        start = recent[0] if recent else str(Path.home())
        folder = QFileDialog.getExistingDirectory(
            self.window, "Open patient folder", str(Path(start).parent)
        )
        if folder:
            self.open_path(folder)

    def choose_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self.window, "Open a report file", "", sources.OPEN_FILE_FILTER
        )
        if path:
            self.open_path(path)

    def open_demo(self, *, oncology: bool = False) -> None:
        """Help > Open demo patient (or the oncology demo patient)."""
        demo = oncology_patient_dir() if oncology else demo_patient_dir()
        if not demo.is_dir():
            self.window.error(f"The demo patient is missing ({demo}).")
            return
        self.open_path(str(demo))

    # -- opening -------------------------------------------------------------------------
    def busy(self) -> bool:
        return self.op is not None and self.op.running()

    def open_path(
        self,
        path: str,
        *,
        patient_id: str | None = None,
        remember: bool = True,
        rerun: bool = False,
        read_only: bool = False,
    ) -> Op | None:
        """Read PATH in the background; the views are filled when it is done. The window's
        ``loadProgress`` reports each stage (connect it before calling)."""
        w = self.window
        if self.busy():
            w.statusBar().showMessage("Still opening the previous patient…", 4000)
            return None
        try:
            source = sources.source_path(path)
            kind = sources.kind_of(source)
        except InputError as exc:
            self._failed_message(str(exc))
            return None
        if (kind == "csv" or kind in sources.DOCUMENT_KINDS) and patient_id is None:
            patient_id = self._pick_csv_patient(source)
            if patient_id == "":
                return None
        spec = w.prefs.run_spec()
        self._started = time.perf_counter()
        self._remember = remember
        self._opening = (str(source), patient_id, remember)
        w.statusBar().showMessage(f"Opening {source}…")
        log.info("open %s (%s)", source, spec.label)
        owner = id(w)
        token = self._token = object()
        slices = self._slices

        def work(progress: Callable[[str, int, int], None], cancel: Callable[[], bool]) -> Any:
            def on_slice(part: Patient, done: int, total: int) -> None:
                """Show the patient linked so far; go on linking once it is drawn."""
                drawn = threading.Event()
                try:
                    slices.landed.emit(part, done, total, drawn, token)
                except RuntimeError:  # the window is gone
                    return
                waited = 0.0
                while not drawn.wait(0.05) and not cancel() and waited < SLICE_WAIT_S:
                    waited += 0.05

            return project.open_project(
                source,
                patient_id,
                spec,
                rerun=rerun,
                progress=throttled(progress),  # (each report repaints the bar)
                cancel=cancel,
                read_only=read_only,
                owner=owner,
                store_optional=True,  # an unwritable data folder: open, read-only
                defer_save=True,  # stored after the first paint (``_store_after_paint``)
                on_slice=on_slice,  # drawn as the reports are linked (``_landed``)
            )

        # No parent: the work outlives a window closed mid-run; bound to the window, its
        # outcome is dropped once the window is gone.
        self.op = (
            Op(work, name=f"open {source.name}")
            .bound_to(w)
            .progress_to(w.status.progress_view, f"Opening {source.name}…")
            .on_progress(w.loadProgress.emit)
            .on_success(self._loaded)
            .on_failure(self._failed)
            .on_cancel(self._cancelled)
        )
        self.op.run()
        return self.op

    def cancel(self) -> None:
        """Stop the open in flight (nothing is opened)."""
        self.window.status.progress_view.cancel()

    def _pick_csv_patient(self, path: Path) -> str | None:
        """The patient to open from a CSV ("" when the user cancelled)."""
        from radtrack_gui.formats.mimic_csv import SeveralPatients

        try:
            return sources.csv_patient(path)
        except SeveralPatients as exc:
            if quiet():  # no one to ask (--screenshot, tests)
                self._failed_message(str(exc))
                return ""
            patients = exc.patients
        except InputError as exc:
            self._failed_message(str(exc))
            return ""
        pid, ok = QInputDialog.getItem(
            self.window,
            f"Open {path.suffix.lstrip('.').upper() or 'file'}",
            f"{path.name} holds {len(patients)} patients. Open:",
            patients,
            0,
            False,
        )
        return pid if ok else ""

    # -- outcomes ------------------------------------------------------------------------
    def linking(self) -> bool:
        """The window shows a patient whose reports are still being linked."""
        loaded = self.session.loaded
        return loaded is not None and loaded.linking is not None

    def _cancelled(self) -> None:
        if self.linking():
            self.close()  # the reports linked so far go too: nothing was opened
        self.window.statusBar().clearMessage()
        self.window.statusBar().showMessage("Opening cancelled.", 5000)
        self.window.loadCancelled.emit()

    def _failed(self, exc: BaseException) -> None:
        w = self.window
        if self.linking():
            self.close()
        w.statusBar().clearMessage()
        from radtrack_gui.store.lock import StoreLocked

        if isinstance(exc, StoreLocked) and w.isVisible() and not quiet():
            from radtrack_gui.gui.store_lock import ask_open_read_only

            if ask_open_read_only(w, exc):
                path, pid, remember = self._opening
                self.open_path(path, patient_id=pid, remember=remember, read_only=True)
                return
        if isinstance(exc, InputError):
            self._failed_message(str(exc))
            return
        w.loadFailed.emit(f"could not open: {type(exc).__name__}: {exc}")
        REPORTER.report(type(exc), exc, exc.__traceback__, where="opening a patient")

    def _failed_message(self, reason: str) -> None:
        w = self.window
        log.info("open failed: %s", reason)
        w.statusBar().showMessage(reason, 10000)
        w.loadFailed.emit(reason)
        if w.isVisible() and not quiet():
            QMessageBox.warning(w, "Cannot open", reason)

    def _landed(
        self, part: Patient, done: int, total: int, drawn: threading.Event, token: object
    ) -> None:
        """A slice of the open in flight is linked: show the patient of its first reports
        (edits wait: it is read-only, saying why, until the whole patient is in)."""
        try:
            op = self.op
            if token is not self._token or op is None or op.task is None:
                return  # an open given up since
            if op.task.is_cancel_requested() or op.task.is_done():
                return
            w = self.window
            if not self.linking():
                self.close()  # the patient open before goes now
            source, _pid, _remember = self._opening
            loaded = project.LoadedProject(
                part,
                None,
                source,
                False,
                w.prefs.run_spec().label,
                time.perf_counter() - self._started,
                linking=(done, total),
            )
            self._show(loaded, keep_selection=True)
            w.status.set_problems()
            w.status.update()
            w.update_actions()
            w.update_undo_text()
            w.sliceDrawn.emit(done, total)
        finally:
            drawn.set()  # the worker goes on linking

    def _show(self, loaded: project.LoadedProject, *, keep_selection: bool = False) -> None:
        """Put ``loaded`` in the session and every view, the timeline painted first."""
        w = self.window
        picked = self.session.selection
        mention = picked.mentions[-1] if picked.mentions else None
        chain = picked.chain
        self.session.open(loaded)  # (the one before, a slice or none, is closed)
        # Qt appends " — RadTrack" (display name); a read-only patient says so first.
        read_only = loaded.read_only and loaded.linking is None
        w.setWindowTitle(loaded.patient.id + (" (read-only)" if read_only else ""))
        w.setWindowFilePath(loaded.path)
        w.central.setCurrentWidget(w.timeline)
        # A view the user moved while the slices were landing stays where it is.
        moved = self._moved_since_slice() if keep_selection or self._was_linking else None
        # The timeline first, painted at once; the side panels fill after it (on a
        # 1,000-report patient they take a fifth of a second: issue #20 item 12).
        w.timeline.set_patient(loaded.patient)
        fitted = _view_of(w.timeline)  # what this draw shows of itself (Home shows it too)
        if moved is not None:
            w.timeline.vb.setRange(xRange=moved[0], yRange=moved[1], padding=0)
        self._slice_view = fitted if loaded.linking is not None else None
        if w.timeline.isVisible():
            w.status.update()  # the status bar names the patient in that first frame
            layout = w.timeline.layout()
            if layout is not None:
                layout.activate()  # the hint above the lanes at its new width
            w.repaint()
        w.chain_list.set_patient(loaded.patient, editable=not loaded.read_only)
        w.report_view.set_patient(loaded.patient)
        if keep_selection or self._was_linking:
            # a slice more, or the whole patient after its slices: what was picked stays
            if mention is not None and mention in loaded.patient.mentions:
                w.selection.on_mention_selected(mention)
            elif chain is not None and chain in loaded.patient.chains:
                w.selection.on_chain_selected(chain)
        self._was_linking = loaded.linking is not None

    def _moved_since_slice(self) -> ViewRange | None:
        """The timeline's view when it is not the view the last slice's draw fitted (the
        user zoomed or scrolled), else None (the next draw fits the reports linked by then)."""
        if self._slice_view is None:
            return None
        now = _view_of(self.window.timeline)
        drawn = self._slice_view
        same = all(
            abs(a - b) <= 1e-6 * max(1.0, abs(d[1] - d[0]))
            for n, d in zip(now, drawn, strict=True)
            for a, b in zip(n, d, strict=True)
        )
        return None if same else now

    def _loaded(self, loaded: project.LoadedProject) -> None:
        w = self.window
        w.statusBar().clearMessage()
        if not self.linking():
            self.close()
        if self._remember:
            w.prefs.add_recent(loaded.path)
        self._awaiting_draw = True
        t0 = time.perf_counter()
        self._show(loaded)
        log.info(
            "opened %s: %d reports, %d mentions, %d chains in %.2f s (views %.0f ms)",
            loaded.path,
            len(loaded.patient.reports),
            len(loaded.patient.mentions),
            len(loaded.patient.chains),
            loaded.seconds,
            (time.perf_counter() - t0) * 1000,
        )
        self.last_load_seconds = time.perf_counter() - self._started
        w.status.set_problems()
        if loaded.patient.problems:
            # No temporary message: it would hide the "⚠ N files skipped" link and, being
            # the whole list, be cut at the window's edge (issue #20 item 11). The link is
            # readable at once; its tooltip and click give every file.
            log.info("problems reading %s: %s", loaded.path, w.status.problems_text)
        elif loaded.read_only:
            log.warning("%s opened read-only: %s", loaded.path, loaded.read_only_reason)
            w.statusBar().showMessage(f"Read-only: {loaded.read_only_reason}", 30000)
        w.banner.set_warnings(wrong_patient_warnings(loaded.patient))
        w.status.update()
        w.update_actions()
        w.update_undo_text()
        self._store_after_paint(loaded)
        w.patientLoaded.emit()

    def _store_after_paint(self, loaded: project.LoadedProject) -> None:
        """Store a model run in the background once its views are drawn (issue #20 item
        12: a fifth to a half of a second on a 1,000-report patient, no longer before the
        first paint). An edit, a close or a quit waits for it (``Session._stored``)."""
        if not loaded.saving:
            return
        w = self.window

        def work(progress: Callable[[str, int, int], None], cancel: Callable[[], bool]) -> Any:
            return loaded.finish_save()

        def done(stored: bool) -> None:
            if self.session.loaded is not loaded:
                return  # another patient is open by now
            w.status.update()
            w.update_actions()
            if not stored:
                log.warning("%s: %s", loaded.path, loaded.save_error)
                w.statusBar().showMessage(f"Read-only: {loaded.read_only_reason}", 30000)

        # (a failure other than the store's own, kept in ``save_error``, is a bug: the op
        # writes it to the crash report)
        op = Op(work, name=f"store {Path(loaded.path).name}").bound_to(w).on_success(done)
        op.on_done(lambda: setattr(self, "save_op", None) if self.save_op is op else None)
        self.save_op = op
        self.save_op.run(write=True)

    def storing(self) -> bool:
        """The last model run is still being written to the store (its outcome not yet
        shown in the status bar)."""
        return self.save_op is not None

    def timeline_drawn(self) -> None:
        if self._awaiting_draw and self.session.is_open:
            self._awaiting_draw = False
            self.last_draw_seconds = time.perf_counter() - self._started
            self.window.patientDrawn.emit()

    # -- closing and re-running ------------------------------------------------------------
    def close(self) -> None:
        """Forget the open patient (everything is already saved). A patient still being
        linked is given up: its open is cancelled."""
        w = self.window
        if self.linking() and self.busy():
            self._token = None  # no further slice is shown
            self.cancel()
        self._was_linking = False
        self.session.close()  # the store closes; the history and selection go
        w.status.set_problems()
        w.banner.set_warnings([])
        w.chain_list.set_patient(None)
        w.report_view.set_patient(None)
        w.setWindowTitle("")
        w.central.setCurrentWidget(w.welcome)
        w.welcome.fill(w.prefs.recent())
        w.status.update()
        w.update_actions()
        w.update_undo_text()

    def rerun_models(self) -> None:
        """Run the models again on the open patient (the store's copy is replaced; the
        edit log keeps the earlier corrections)."""
        loaded = self.session.loaded
        if loaded is None:
            return
        if getattr(self.window.prefs.typed, "confirm_model_rerun", True) and not quiet():
            answer = QMessageBox.question(
                self.window,
                "Re-run models",
                "Run the models again on this patient? Your corrections to its chains will "
                "be replaced (the edit log keeps a record of them).",
            )
            if answer != QMessageBox.StandardButton.Yes:
                return
        self.open_path(loaded.path, rerun=True)

    def compare_model_run(self, cls: Any, gold: Patient) -> Op | None:
        """Run the chosen models on the gold folder's text in the background, then show
        their chains scored against the gold (the open, annotated chains stay as they are)."""
        w = self.window
        loaded = self.session.loaded
        if loaded is None:
            return None
        path = loaded.path
        spec = w.prefs.run_spec()
        w.statusBar().showMessage(
            f"Running {spec.label} on the reports to compare with the gold annotations…"
        )

        def work(progress: Callable[[str, int, int], None], cancel: Callable[[], bool]) -> Any:
            return project.model_run(path, spec, progress=progress, cancel=cancel)

        def done(response: Patient) -> None:
            w.statusBar().clearMessage()
            from radtrack_gui.gui.dialogs.opener import wire_compare

            dlg = cls(response, gold, w, source=f"from the models ({spec.label})")
            wire_compare(w, dlg)  # clicks select in the open (gold) patient (item 3)
            dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            dlg.show()
            w.compareShown.emit(dlg)

        def failed(exc: BaseException) -> None:
            w.error(f"Compare: the model run failed ({exc})")

        op = Op(work, name="compare", parent=w).on_success(done).on_failure(failed)
        op.run()
        return op


def _view_of(timeline: Any) -> ViewRange:
    """The timeline's view: (x range, y range)."""
    (x0, x1), (y0, y1) = timeline.vb.viewRange()
    return (float(x0), float(x1)), (float(y0), float(y1))
