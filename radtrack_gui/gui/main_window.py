"""The main window: timeline in the centre, chain list left, report viewer right.

The window wires views together and owns no business logic: opening a patient runs
``radtrack_gui.project.open_project`` in the background (``gui/worker.py``); edits go
through ``EditSession`` (``gui/undo.py``); every view refreshes from the ``Changes`` record
of an edit. Menus and actions are built in ``gui/menus.py``, the settings it keeps are in
``gui/prefs.py``, the welcome page in ``gui/welcome.py``.
"""

from __future__ import annotations

import html
import logging
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from radtrack_gui import project
from radtrack_gui.core.errors import InputError
from radtrack_gui.core.model import Patient
from radtrack_gui.gui import worker
from radtrack_gui.gui.actions import EditActions
from radtrack_gui.gui.chain_list import ChainList
from radtrack_gui.gui.menus import WindowMenus
from radtrack_gui.gui.prefs import WindowPrefs
from radtrack_gui.gui.qt import (
    QApplication,
    QCloseEvent,
    QDesktopServices,
    QDialog,
    QDockWidget,
    QDragEnterEvent,
    QDropEvent,
    QFileDialog,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QStackedWidget,
    Qt,
    QUrl,
    QWidget,
    Signal,
)
from radtrack_gui.gui.report_view import ReportView
from radtrack_gui.gui.undo import EditSession
from radtrack_gui.gui.welcome import PlaceholderTimeline, Welcome, make_timeline
from radtrack_gui.util.paths import demo_patient_dir, user_log_dir

log = logging.getLogger("radtrack.gui.window")

STATE_VERSION = 1  # bump when docks change, so an old saved layout is ignored


# -- views other helpers own ------------------------------------------------------------
@cache
def _optional(module: str, name: str) -> Any:
    """A class from a GUI module another helper owns, or None when it is not there."""
    import importlib

    try:
        return getattr(importlib.import_module(f"radtrack_gui.gui.{module}"), name)
    except (ImportError, AttributeError) as exc:
        log.info("%s.%s not available: %s", module, name, exc)
        return None


# -- the window ----------------------------------------------------------------------------
class MainWindow(WindowMenus, QMainWindow):
    """RadTrack's main window."""

    patientLoaded = Signal()  # a patient is in every view
    patientDrawn = Signal()  # ... and the timeline finished drawing it
    loadFailed = Signal(str)  # a one-line reason
    loadCancelled = Signal()
    compareShown = Signal(object)  # the Compare dialog, once it is open

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("RadTrackMainWindow")
        self.setWindowTitle("RadTrack")
        self.setAcceptDrops(True)
        self.setDockNestingEnabled(True)
        self.prefs = WindowPrefs()
        self.session: EditSession | None = None
        self.loaded: project.LoadedProject | None = None
        self.task: worker.Task | None = None
        self._awaiting_draw = False
        self._load_started = 0.0
        self.last_load_seconds: float | None = None
        self.last_draw_seconds: float | None = None
        self.last_refresh_ms: float | None = None  # views' refresh after the last edit
        self._remember = True  # add the patient being opened to the recent list
        self._mention_selection: list[str] = []
        self.train_dialog: QDialog | None = None  # the last Tools ▸ Train dialog

        self.timeline = make_timeline(self)
        self.timeline.setObjectName("timeline")
        self.welcome = Welcome(self)
        self.central = QStackedWidget(self)
        self.central.addWidget(self.welcome)
        self.central.addWidget(self.timeline)
        self.setCentralWidget(self.central)
        self.chain_list = ChainList(self)
        self.report_view = ReportView(self)
        self.chain_dock = self._dock("Chains", "chainDock", self.chain_list,
                                     Qt.DockWidgetArea.LeftDockWidgetArea)
        self.report_dock = self._dock("Report", "reportDock", self.report_view,
                                      Qt.DockWidgetArea.RightDockWidgetArea)
        self.resizeDocks([self.chain_dock, self.report_dock], [330, 400],
                         Qt.Orientation.Horizontal)

        self.edit_actions = EditActions(self, self)
        self._build_status_bar()
        self._build_actions()
        self._build_menus()
        self._build_toolbar()
        self._connect_views()
        from radtrack_gui.gui.ask_panel import install_ask  # the Ask box (issue #11)

        self.ask_panel = install_ask(self)
        self._restore_layout()
        self._update_status()
        self._update_actions()
        self._update_undo_text()
        self.welcome.fill(self.prefs.recent())

    # -- construction ---------------------------------------------------------------
    def _dock(self, title: str, name: str, widget: QWidget,
              area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                         | QDockWidget.DockWidgetFeature.DockWidgetFloatable
                         | QDockWidget.DockWidgetFeature.DockWidgetClosable)
        self.addDockWidget(area, dock)
        return dock

    def _build_status_bar(self) -> None:
        bar = self.statusBar()
        self.status_patient = QLabel("No patient")
        self.status_counts = QLabel("")
        self.status_model = QLabel("")
        self.status_saved = QLabel("")
        for w in (self.status_patient, self.status_counts, self.status_model):
            w.setContentsMargins(6, 0, 6, 0)
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(220)
        self.progress.setTextVisible(True)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setObjectName("cancelButton")
        self.cancel_button.clicked.connect(self.cancel_load)
        self.progress.hide()
        self.cancel_button.hide()
        bar.addWidget(self.status_patient)
        bar.addWidget(self.status_counts)
        bar.addWidget(self.status_model)
        bar.addPermanentWidget(self.progress)
        bar.addPermanentWidget(self.cancel_button)
        bar.addPermanentWidget(self.status_saved)

    def _connect_views(self) -> None:
        tl = self.timeline
        tl.mentionClicked.connect(self.on_mention_selected)
        tl.chainClicked.connect(self.on_chain_selected)
        tl.mentionsDropped.connect(self.on_mentions_dropped)
        tl.drawn.connect(self._timeline_drawn)
        if hasattr(tl, "negativesChanged"):  # the Filters menu or the hint's link
            tl.negativesChanged.connect(self.set_show_negatives)
        self.chain_list.chainActivated.connect(self.on_chain_selected)
        self.chain_list.selectionChangedIds.connect(lambda _ids: self._update_actions())
        self.chain_list.reviewedToggled.connect(self.edit_actions.set_reviewed)
        self.report_view.mentionClicked.connect(self._report_mention_clicked)
        self.report_view.textSelectionChanged.connect(self._update_actions)
        self.report_view.reportChanged.connect(lambda _rid: self._update_actions())
        self.apply_settings()

    # -- layout ---------------------------------------------------------------------------
    def _restore_layout(self) -> None:
        self._default_state = self.saveState(STATE_VERSION)
        geometry, state = self.prefs.window_state()
        if geometry is None or not self.restoreGeometry(geometry):
            self.resize(1480, 900)
        self._docks_sized = state is not None and self.restoreState(state, STATE_VERSION)
        # (a state from another layout version is ignored)

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        if not self._docks_sized:  # no remembered layout: share the width sensibly
            self._docks_sized = True
            self.resizeDocks([self.chain_dock, self.report_dock], dock_widths(self.width()),
                             Qt.Orientation.Horizontal)

    def reset_layout(self) -> None:
        self.restoreState(self._default_state, STATE_VERSION)
        for dock in (self.chain_dock, self.report_dock):
            dock.show()
            dock.setFloating(False)

    def save_layout(self) -> None:
        self.prefs.save_window_state(self.saveGeometry(), self.saveState(STATE_VERSION))

    # -- opening --------------------------------------------------------------------------
    def choose_folder(self) -> None:
        start = self.prefs.recent()[0] if self.prefs.recent() else str(Path.home())
        folder = QFileDialog.getExistingDirectory(self, "Open patient folder",
                                                  str(Path(start).parent))
        if folder:
            self.open_path(folder)

    def choose_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open RadTrack JSON or MIMIC CSV", "",
                                              "RadTrack JSON or CSV (*.json *.csv)")
        if path:
            self.open_path(path)

    def open_demo(self) -> None:
        demo = demo_patient_dir()
        if not demo.is_dir():
            self._error(f"The demo patient is missing ({demo}).")
            return
        self.open_path(str(demo))

    def open_path(self, path: str, *, patient_id: str | None = None,
                  remember: bool = True, rerun: bool = False,
                  read_only: bool = False) -> worker.Task | None:
        """Read PATH in the background; the views are filled when it is done."""
        if self.task is not None and not self.task.is_done():
            self.statusBar().showMessage("Still opening the previous patient…", 4000)
            return None
        try:
            source = project.source_path(path)
        except InputError as exc:
            self._load_failed_message(str(exc))
            return None
        if source.suffix.lower() == ".csv" and patient_id is None:
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

        def work(progress: Callable[[str, int, int], None],
                 cancel: Callable[[], bool]) -> project.LoadedProject:
            return project.open_project(source, patient_id, extractor=extractor, linker=linker,
                                        rerun=rerun, progress=progress, cancel=cancel,
                                        read_only=read_only, owner=id(self))

        self._opening = (str(source), patient_id, remember)  # to retry read-only
        # No parent: the task outlives a window closed mid-run; its callbacks are bound
        # methods of the window, disconnected when the window goes.
        self.task = worker.run_task(work, name=f"open {source.name}", parent=None,
                                    on_success=self._loaded, on_failure=self._load_failed,
                                    on_progress=self._progress,
                                    on_cancel=self._load_cancelled)
        return self.task

    def _pick_csv_patient(self, path: Path) -> str | None:
        """The patient to open from a CSV ("" when the user cancelled)."""
        from radtrack_gui.formats.mimic_csv import SeveralPatients

        try:
            return project.csv_patient(path)
        except SeveralPatients as exc:
            if _quiet():  # no one to ask (--screenshot, tests)
                self._load_failed_message(str(exc))
                return ""
            patients = exc.patients
        except InputError as exc:
            self._load_failed_message(str(exc))
            return ""
        pid, ok = QInputDialog.getItem(self, "Open CSV", f"{path.name} holds "
                                       f"{len(patients)} patients. Open:", patients, 0, False)
        return pid if ok else ""

    def cancel_load(self) -> None:
        if self.task is not None and not self.task.is_done():
            self.task.cancel()
            self.cancel_button.setEnabled(False)
            self.progress.setFormat("Cancelling…")

    def _progress(self, stage: str, done: int, total: int) -> None:
        names = {"read": "Reading", "extract": "Finding mentions", "link": "Linking",
                 "save": "Saving"}
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

        if isinstance(exc, StoreLocked) and self.isVisible() and not _quiet():
            from radtrack_gui.gui.store_lock import ask_open_read_only

            if ask_open_read_only(self, exc):
                path, pid, remember = self._opening
                self.open_path(path, patient_id=pid, remember=remember, read_only=True)
                return
        if isinstance(exc, InputError):
            self._load_failed_message(str(exc))
            return
        self.loadFailed.emit(f"could not open: {type(exc).__name__}: {exc}")
        from radtrack_gui.gui.app import report_crash

        report_crash(type(exc), exc, exc.__traceback__, where="opening a patient")

    def _load_failed_message(self, reason: str) -> None:
        log.info("open failed: %s", reason)
        self.statusBar().showMessage(reason, 10000)
        self.loadFailed.emit(reason)
        if self.isVisible() and not _quiet():
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
        self.setWindowTitle(f"RadTrack — {loaded.patient.id}")
        self.setWindowFilePath(loaded.path)
        self._awaiting_draw = True
        self.central.setCurrentWidget(self.timeline)
        t0 = time.perf_counter()
        self.chain_list.set_patient(loaded.patient)
        self.report_view.set_patient(loaded.patient)
        self.timeline.set_patient(loaded.patient)
        log.info("opened %s: %d reports, %d mentions, %d chains in %.2f s (views %.0f ms)",
                 loaded.path, len(loaded.patient.reports), len(loaded.patient.mentions),
                 len(loaded.patient.chains), loaded.seconds,
                 (time.perf_counter() - t0) * 1000)
        self.last_load_seconds = time.perf_counter() - self._load_started
        if loaded.patient.problems:
            shown = "; ".join(str(p) for p in loaded.patient.problems[:3])
            more = len(loaded.patient.problems) - 3
            self.statusBar().showMessage(
                f"Some files were skipped: {shown}" + (f" (+{more} more)" if more > 0 else ""),
                15000)
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
        self.chain_list.set_patient(None)
        self.report_view.set_patient(None)
        if isinstance(self.timeline, PlaceholderTimeline):
            self.timeline.set_patient(None)
        self.setWindowTitle("RadTrack")
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
        if getattr(self.prefs.typed, "confirm_model_rerun", True) and not _quiet():
            answer = QMessageBox.question(
                self, "Re-run models",
                "Run the models again on this patient? Your corrections to its chains will "
                "be replaced (the edit log keeps a record of them).")
            if answer != QMessageBox.StandardButton.Yes:
                return
        self.open_path(self.loaded.path, rerun=True)

    # -- selection -------------------------------------------------------------------------
    @property
    def patient(self) -> Patient | None:
        return self.session.patient if self.session is not None else None

    def on_mention_selected(self, mention_id: str) -> None:
        """A mention was picked (timeline, viewer): show it everywhere."""
        p = self.patient
        if p is None or mention_id not in p.mentions:
            return
        m = p.mentions[mention_id]
        picked = getattr(self.timeline, "selected_mentions", None)  # Ctrl+click there
        if isinstance(picked, list) and mention_id in picked:
            self._mention_selection = [x for x in picked if x in p.mentions]
        else:
            self._mention_selection = [mention_id]
            self.timeline.select_mention(mention_id)
        self.report_view.show_mention(mention_id)
        self.report_view.set_selected_mentions(self._mention_selection)
        self.chain_list.select_chain(m.chain)
        self._update_actions()

    def _report_mention_clicked(self, mention_id: str) -> None:
        p = self.patient
        if p is None or mention_id not in p.mentions:
            return
        mods = QApplication.keyboardModifiers()
        if mods & Qt.KeyboardModifier.ControlModifier and self._mention_selection:
            if mention_id in self._mention_selection:
                self._mention_selection.remove(mention_id)
            else:
                self._mention_selection.append(mention_id)
        else:
            self._mention_selection = [mention_id]
        self.report_view.set_selected_mentions(self._mention_selection)
        self.chain_list.select_chain(p.mentions[mention_id].chain)
        self.timeline.select_mention(mention_id)
        self._update_actions()

    def on_chain_selected(self, chain_id: str) -> None:
        p = self.patient
        if p is None or chain_id not in p.chains:
            return
        self.chain_list.select_chain(chain_id, add=chain_id in
                                     self.chain_list.selected_chain_ids())
        self.timeline.select_chain(chain_id)
        hidden = getattr(getattr(self.timeline, "layout_", None), "hidden_negatives", ())
        if chain_id in hidden:
            self.statusBar().showMessage(
                f"“{p.chains[chain_id].label}” is a pertinent negative (every mention "
                "absent): hidden in the timeline. View ▸ Show pertinent negatives shows it.",
                10000)
        current = [m for m in self._mention_selection if m in p.mentions
                   and p.mentions[m].chain == chain_id]
        if current:  # a mention of this chain is already picked (a timeline click)
            self.report_view.select_chain(chain_id)
            self._update_actions()
            return
        shown = self.report_view.report_id
        members = p.chain_mentions(chain_id)
        here = [m for m in members if m.report == shown]
        if here:
            self._mention_selection = [here[0].id]
            self.report_view.show_mention(here[0].id)
        elif members:
            self._mention_selection = [members[0].id]
            self.report_view.show_mention(members[0].id)
        self._update_actions()

    def on_mentions_dropped(self, mention_ids: list, chain_id: str) -> None:
        """Mentions dragged onto a lane join its chain ("" or None: a new chain)."""
        self.edit_actions.move_mentions([str(m) for m in mention_ids], chain_id or None)

    # EditContext for the actions.
    def selected_chain_ids(self) -> list[str]:
        ids = self.chain_list.selected_chain_ids()
        p = self.patient
        return [c for c in ids if p is not None and c in p.chains]

    def current_chain_id(self) -> str | None:
        p = self.patient
        cid = self.report_view.chain_id or self.chain_list.current_chain_id()
        return cid if p is not None and cid in p.chains else None

    def selected_mention_ids(self) -> list[str]:
        p = self.patient
        return [m for m in self._mention_selection if p is not None and m in p.mentions]

    def current_report_id(self) -> str | None:
        return self.report_view.report_id

    def selected_span(self) -> tuple[str, int, int] | None:
        return self.report_view.selected_span()

    def step_chain(self, step: int) -> None:
        mid = self.report_view.step_chain(step)
        if mid:
            self._mention_selection = [mid]
            self.timeline.select_mention(mid)
            self._update_actions()

    def dialog_parent(self) -> QWidget:
        return self

    # -- edits -------------------------------------------------------------------------------
    def undo(self) -> None:
        if self.session is not None:
            self.session.undo()

    def redo(self) -> None:
        if self.session is not None:
            self.session.redo()

    def on_changed(self, changes: Any) -> None:
        """Every view follows an edit, undo or redo at once."""
        t0 = time.perf_counter()
        p = self.patient
        if p is None:
            return
        self._mention_selection = [m for m in self._mention_selection if m in p.mentions]
        added = getattr(changes, "mentions_added", set())
        if len(added) == 1 and not self._mention_selection:
            self._mention_selection = list(added)
        self.chain_list.refresh(changes)
        self.report_view.refresh(changes)
        if self._mention_selection and self.report_view.mention_id not in p.mentions:
            self.report_view.mention_id = self._mention_selection[0]
        if self.report_view.mention_id in p.mentions:
            self.report_view.chain_id = p.mentions[self.report_view.mention_id].chain
            self.report_view.refresh()
        self.timeline.refresh(changes)
        if self.report_view.chain_id:
            self.chain_list.select_chain(self.report_view.chain_id)
            self.timeline.select_chain(self.report_view.chain_id)
        self.last_refresh_ms = (time.perf_counter() - t0) * 1000
        self._update_status()
        self._update_actions()

    def _edit_failed(self, reason: str) -> None:
        self.statusBar().showMessage(f"Not done: {reason}", 8000)
        if self.isVisible() and not _quiet():
            QMessageBox.information(self, "Edit not done", reason)

    def _update_undo_text(self) -> None:
        s = self.session
        stack = s.stack if s is not None else None
        can_undo = bool(stack and stack.canUndo())
        can_redo = bool(stack and stack.canRedo())
        self.act_undo.setEnabled(can_undo)
        self.act_redo.setEnabled(can_redo)
        self.act_undo.setText(f"&Undo {stack.undoText()}" if can_undo else "&Undo")
        self.act_redo.setText(f"&Redo {stack.redoText()}" if can_redo else "&Redo")
        self.act_undo.setToolTip(self.act_undo.text().replace("&", "") + " (Ctrl+Z)")
        self.act_redo.setToolTip(self.act_redo.text().replace("&", "") + " (Ctrl+Shift+Z)")

    def _update_actions(self) -> None:
        self.edit_actions.update_enabled()
        has = self.session is not None
        self.act_export.setEnabled(has and _optional("export_dialog", "ExportDialog")
                                   is not None)
        self.act_close.setEnabled(has)
        self.act_fit.setEnabled(has)
        self.act_rerun.setEnabled(has)
        self.act_compare.setEnabled(has and _optional("compare_view", "CompareView")
                                    is not None)
        self.act_settings.setEnabled(_optional("settings_dialog", "SettingsDialog")
                                     is not None)

    def _update_status(self) -> None:
        p = self.patient
        if p is None:
            self.status_patient.setText("No patient open — File ▸ Open, or Help ▸ Open demo "
                                        "patient")
            self.status_counts.setText("")
            self.status_model.setText("")
            self.status_saved.setText("")
            return
        self.status_patient.setText(f"Patient <b>{html.escape(p.id)}</b>")
        self.status_counts.setText(f"{len(p.reports)} reports · {len(p.mentions)} mentions · "
                                   f"{len(p.chains)} chains")
        self.status_model.setText(f"Model: {self.loaded.models}" if self.loaded else "")
        s = self.session
        when = s.saved_at.strftime("%H:%M:%S") if s and s.saved_at else None
        self.status_saved.setText(f"✔ All changes saved{f' ({when})' if when else ''}")
        self.status_saved.setToolTip("Every edit is saved to the project store as you make it")

    # -- views --------------------------------------------------------------------------------
    def set_x_mode(self, mode: str) -> None:
        self.prefs.set_x_mode(mode)
        self.timeline.set_x_mode(mode)

    def _fit_all(self) -> None:
        self.timeline.fit_all()

    # -- dialogs -------------------------------------------------------------------------------
    def _show_dialog(self, dlg: QDialog) -> QDialog:
        """Window-modal, non-blocking; deleted when closed."""
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dlg.open()
        return dlg

    def open_export(self) -> QDialog | None:
        cls = _optional("export_dialog", "ExportDialog")
        if cls is None or self.patient is None:
            return None
        return self._show_dialog(cls(self.patient, self.timeline, self))

    def open_compare(self) -> QDialog | None:
        cls = _optional("compare_view", "CompareView")
        if cls is None or self.patient is None or self.loaded is None:
            return None
        try:
            gold = self._gold_patient()
        except InputError as exc:
            self._error(str(exc))
            return None
        if gold is None:
            self._error("This patient has no gold annotations to compare with "
                        "(brat .ann files in its folder, or a sibling folder named "
                        "<folder>_gold).")
            return None
        if self.patient.annotated and Path(self.loaded.path).is_dir():
            # The open chains are the gold itself: score the models' chains instead.
            self._compare_model_run(cls, gold)
            return None
        dlg = cls(self.patient, gold, self)
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dlg.show()
        self.compareShown.emit(dlg)
        return dlg

    def _compare_model_run(self, cls: Any, gold: Patient) -> None:
        """Run the chosen models on the gold folder's text in the background, then show
        their chains scored against the gold (the open, annotated chains stay as they are)."""
        assert self.loaded is not None
        path = self.loaded.path
        extractor, linker = self.prefs.model("extractor"), self.prefs.model("linker")
        self.statusBar().showMessage(f"Running {extractor} + {linker} on the reports to "
                                     "compare with the gold annotations…")

        def work(progress: Callable[[str, int, int], None],
                 cancel: Callable[[], bool]) -> Patient:
            return project.model_run(path, extractor=extractor, linker=linker,
                                     progress=progress, cancel=cancel)

        def done(response: Patient) -> None:
            self.statusBar().clearMessage()
            dlg = cls(response, gold, self, source=f"from the models ({extractor} + {linker})")
            dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            dlg.show()
            self.compareShown.emit(dlg)

        def failed(exc: BaseException) -> None:
            self._error(f"Compare: the model run failed ({exc})")

        worker.run_task(work, name="compare", parent=self, on_success=done,
                        on_failure=failed)

    def open_train_dialog(self, kind: str) -> QDialog | None:
        """Tools ▸ Train linker / extractor on corrections (the open patient's store, plus
        folders the user adds)."""
        cls = _optional("train_dialog", "TrainDialog")
        if cls is None:
            return None
        store = self.loaded.store_path if self.loaded is not None else None
        dlg = cls(kind, self.prefs, self.patient, store, self)
        dlg.modelChosen.connect(lambda field, name: self.statusBar().showMessage(
            f"The {field} is now {name}; it applies to the next patient opened.", 8000))
        self.train_dialog = dlg
        return self._show_dialog(dlg)

    def _gold_patient(self) -> Patient | None:
        return project.find_gold(self.loaded.path) if self.loaded is not None else None

    def open_settings(self) -> QDialog | None:
        cls = _optional("settings_dialog", "SettingsDialog")
        if cls is None:
            return None
        dlg = cls(self.prefs.typed, self)
        dlg.accepted.connect(self._settings_accepted)
        return self._show_dialog(dlg)

    def _settings_accepted(self) -> None:
        self.prefs.save()
        self.apply_settings()
        self.statusBar().showMessage("Settings saved. A new model choice applies to the "
                                     "next patient opened (or Tools ▸ Re-run models).", 8000)

    def apply_settings(self) -> None:
        """Show the timeline as the settings say (colours, font, filters, x axis)."""
        st = self.prefs.typed
        tl = self.timeline
        mode = self.prefs.x_mode()
        (self.act_x_order if mode == "order" else self.act_x_date).setChecked(True)
        try:
            from radtrack_gui.gui import style

            palettes = getattr(style, "PALETTES", {})
            if hasattr(tl, "set_colors"):
                tl.set_colors(palettes.get(st.palette), font_pt=st.font_size)
            tl.set_x_mode(mode)
            group = {"organ system": "system"}.get(st.lane_grouping, st.lane_grouping)
            tl.set_filters(singletons=st.show_singletons, min_length=st.min_chain_length,
                           group_by=group, negatives=st.show_negatives)
            self.act_negatives.setChecked(st.show_negatives)
        except (TypeError, ValueError, AttributeError) as exc:  # an older timeline
            log.warning("timeline ignored a setting: %s", exc)

    def set_show_negatives(self, on: bool) -> None:
        """Show or hide the timeline's pertinent negatives; remembered in the settings.
        The chain list always lists them (they are findings the reports rule out)."""
        on = bool(on)
        if self.act_negatives.isChecked() != on:
            self.act_negatives.setChecked(on)  # comes back here through toggled
            return
        if self.prefs.typed.show_negatives != on:
            self.prefs.typed.show_negatives = on
            self.prefs.save()
        tl = self.timeline
        if hasattr(tl, "set_filters") and not isinstance(tl, PlaceholderTimeline):
            tl.set_filters(negatives=on)

    def show_log_folder(self) -> None:
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(user_log_dir())))

    def show_about(self) -> None:
        from radtrack_gui import __version__

        QMessageBox.about(self, "About RadTrack",
                          f"<b>RadTrack {__version__}</b><br>Review one patient's radiology "
                          "reports over time: findings and devices, linked across reports "
                          "into chains.<br><br>Runs entirely on this computer; nothing is "
                          "sent anywhere.")

    def _error(self, message: str) -> None:
        self.statusBar().showMessage(message, 10000)
        if not _quiet():
            QMessageBox.warning(self, "RadTrack", message)

    # -- drag and drop -------------------------------------------------------------------------
    @staticmethod
    def _dropped_path(event: QDragEnterEvent | QDropEvent) -> str | None:
        mime = event.mimeData()
        if not mime.hasUrls():
            return None
        for url in mime.urls():
            if url.isLocalFile():
                path = Path(url.toLocalFile())
                if project.can_open(path):
                    return str(path)
        return None

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if self._dropped_path(event):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        path = self._dropped_path(event)
        if path:
            event.acceptProposedAction()
            self.open_path(path)
        else:
            event.ignore()

    # -- closing ---------------------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:
        if self.task is not None and not self.task.is_done():
            self.task.cancel()
            self.task.wait(10)
        self.save_layout()
        self.close_patient()
        super().closeEvent(event)


def dock_widths(window_width: int) -> list[int]:
    """Chain list and report viewer widths for a window ``window_width`` px wide: the
    timeline keeps at least about half of a small window (1280 px: 250 + 330)."""
    chains = round(min(330, max(220, window_width * 0.195)))
    report = round(min(420, max(300, window_width * 0.258)))
    return [chains, report]


def _quiet() -> bool:
    """No modal message boxes (tests, --screenshot): the status bar and log suffice."""
    from radtrack_gui.gui.app import dialogs_enabled

    return not dialogs_enabled()
