"""The main window: timeline in the centre, chain list left, report viewer right.

The window wires views together and owns no business logic: opening a patient runs
``radtrack_gui.project.open_project`` in the background (``gui/worker.py``); edits go
through ``EditSession`` (``gui/undo.py``); every view refreshes from the ``Changes`` record
of an edit. Menus and actions are built in ``gui/menus.py``, the settings it keeps are in
``gui/prefs.py``, the welcome page in ``gui/welcome.py``; opening patients (and other
operations that run in the background) in ``gui/operations.py``, opening dialogs in
``gui/dialogs/opener.py``; the selection across views in ``gui/selection.py``, the status
bar in ``gui/status_bar.py``.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Any

from radtrack_gui import project
from radtrack_gui.core.model import Patient
from radtrack_gui.formats import sources
from radtrack_gui.gui import worker
from radtrack_gui.gui.actions import EditActions
from radtrack_gui.gui.chain_list import ChainList
from radtrack_gui.gui.crash import quiet
from radtrack_gui.gui.dialogs.opener import WindowDialogs
from radtrack_gui.gui.menus import WindowMenus
from radtrack_gui.gui.operations import PatientOperations
from radtrack_gui.gui.patient_banner import WrongPatientBanner
from radtrack_gui.gui.prefs import WindowPrefs
from radtrack_gui.gui.qt import (
    QApplication,
    QCloseEvent,
    QDialog,
    QDockWidget,
    QDragEnterEvent,
    QDropEvent,
    QMainWindow,
    QMessageBox,
    QStackedWidget,
    Qt,
    QWidget,
    Signal,
)
from radtrack_gui.gui.report_view import ReportView
from radtrack_gui.gui.selection import WindowSelection
from radtrack_gui.gui.status_bar import WindowStatus
from radtrack_gui.gui.timeline import TimelineWidget
from radtrack_gui.gui.undo import EditSession
from radtrack_gui.gui.welcome import Welcome

log = logging.getLogger("radtrack.gui.window")

STATE_VERSION = 1  # bump when docks change, so an old saved layout is ignored


# -- the window ----------------------------------------------------------------------------
class MainWindow(
    WindowMenus, PatientOperations, WindowDialogs, WindowSelection, WindowStatus, QMainWindow
):
    """RadTrack's main window."""

    patientLoaded = Signal()  # a patient is in every view
    patientDrawn = Signal()  # ... and the timeline finished drawing it
    loadFailed = Signal(str)  # a one-line reason
    loadCancelled = Signal()
    compareShown = Signal(object)  # the Compare dialog, once it is open

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("RadTrackMainWindow")
        # The title is the patient alone; Qt appends the display name: "patient — RadTrack".
        QApplication.setApplicationDisplayName("RadTrack")
        self.setWindowTitle("")
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

        self.timeline = TimelineWidget(self)
        self.timeline.setObjectName("timeline")
        self.welcome = Welcome(self, self.choose_folder, self.open_demo, self.open_path)
        self.central = QStackedWidget(self)
        self.central.addWidget(self.welcome)
        self.central.addWidget(self.timeline)
        self.setCentralWidget(self.central)
        self.chain_list = ChainList(self)
        self.report_view = ReportView(self)
        self.chain_dock = self._dock(
            "Chains", "chainDock", self.chain_list, Qt.DockWidgetArea.LeftDockWidgetArea
        )
        self.report_dock = self._dock(
            "Report", "reportDock", self.report_view, Qt.DockWidgetArea.RightDockWidgetArea
        )
        self.resizeDocks([self.chain_dock, self.report_dock], [330, 400], Qt.Orientation.Horizontal)

        self.edit_actions = EditActions(self, self)
        self._build_status_bar()
        self._build_actions()
        self._build_menus()
        self._build_toolbar()
        self.addToolBarBreak()
        self.banner = WrongPatientBanner(self, self.report_view.show_report)
        self.addToolBar(self.banner)
        self._connect_views()
        from radtrack_gui.gui.ask_panel import install_ask  # the Ask box (issue #11)

        self.ask_panel = install_ask(self)
        self._restore_layout()
        self._update_status()
        self._update_actions()
        self._update_undo_text()
        self.welcome.fill(self.prefs.recent())

    # -- construction ---------------------------------------------------------------
    def _dock(self, title: str, name: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
            | QDockWidget.DockWidgetFeature.DockWidgetClosable
        )
        self.addDockWidget(area, dock)
        return dock

    def _connect_views(self) -> None:
        tl = self.timeline
        tl.mentionClicked.connect(self.on_mention_selected)
        tl.chainClicked.connect(self._timeline_chain_clicked)
        tl.mentionsDropped.connect(self.on_mentions_dropped)
        tl.drawn.connect(self._timeline_drawn)
        if hasattr(tl, "negativesChanged"):  # the Filters menu or the hint's link
            tl.negativesChanged.connect(self.set_show_negatives)
        self.chain_list.chainActivated.connect(self._chain_list_activated)
        self.chain_list.selectionChangedIds.connect(self._chain_list_selection)
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
            self.resizeDocks(
                [self.chain_dock, self.report_dock],
                dock_widths(self.width()),
                Qt.Orientation.Horizontal,
            )

    def reset_layout(self) -> None:
        self.restoreState(self._default_state, STATE_VERSION)
        for dock in (self.chain_dock, self.report_dock):
            dock.show()
            dock.setFloating(False)

    def save_layout(self) -> None:
        self.prefs.save_window_state(self.saveGeometry(), self.saveState(STATE_VERSION))

    # -- selection: see gui/selection.py ------------------------------------------------
    @property
    def patient(self) -> Patient | None:
        return self.session.patient if self.session is not None else None

    def dialog_parent(self) -> QWidget:
        return self

    def confirm(self, title: str, text: str) -> bool:
        """Ask before an edit whose reach may surprise (no one to ask: not done)."""
        if quiet():
            self.statusBar().showMessage(f"Not done: {text}", 10000)
            return False
        answer = QMessageBox.question(self, title, text)
        return answer == QMessageBox.StandardButton.Yes

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
        added: set[str] = getattr(changes, "mentions_added", set())
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
        if self.isVisible() and not quiet():
            QMessageBox.information(self, "Edit not done", reason)

    def _update_undo_text(self) -> None:
        s = self.session
        stack = s.stack if s is not None else None
        can_undo = bool(stack and stack.canUndo())
        can_redo = bool(stack and stack.canRedo())
        self.act_undo.setEnabled(can_undo)
        self.act_redo.setEnabled(can_redo)
        undo_text = stack.undoText() if stack is not None and can_undo else ""
        redo_text = stack.redoText() if stack is not None and can_redo else ""
        self.act_undo.setText(f"&Undo {undo_text}" if can_undo else "&Undo")
        self.act_redo.setText(f"&Redo {redo_text}" if can_redo else "&Redo")
        self.act_undo.setToolTip(self.act_undo.text().replace("&", "") + " (Ctrl+Z)")
        self.act_redo.setToolTip(self.act_redo.text().replace("&", "") + " (Ctrl+Shift+Z)")

    def _update_actions(self) -> None:
        self.edit_actions.update_enabled()
        has = self.session is not None
        self.act_export.setEnabled(has)
        self.act_close.setEnabled(has)
        self.act_fit.setEnabled(has)
        self.act_rerun.setEnabled(has)
        self.act_compare.setEnabled(has)

    # -- views --------------------------------------------------------------------------------
    def set_x_mode(self, mode: str) -> None:
        self.prefs.set_x_mode(mode)
        self.timeline.set_x_mode(mode)

    def _fit_all(self) -> None:
        self.timeline.fit_all()

    def _error(self, message: str) -> None:
        self.statusBar().showMessage(message, 10000)
        if not quiet():
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
                if sources.can_open(path):
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
