"""The main window: timeline in the centre, chain list left, report viewer right.

The window is put together from parts, each handed the session (``session/``, Qt-free:
the open patient, its store, edit history, selection and display options):

- ``patients`` (``gui/patients.py``): opening, closing, re-running, in the background
  through ``gui/ops.py``;
- ``selection`` (``gui/selection.py``): a pick in one view shown in every view; the
  edit actions' context;
- ``edit_actions`` (``gui/actions.py``) and ``menus`` (``gui/menus.py``): every action,
  menu, toolbar button and context menu from the one table in ``gui/action_table.py``;
- ``status`` (``gui/status_bar.py``); dialogs are functions (``gui/dialogs/opener.py``);
- ``undo_stack`` (``gui/undo.py``): the session's history as Qt signals and a QUndoStack.

Every view refreshes from the ``Changes`` record of an edit, undo or redo (``on_changed``).
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Any

from radtrack_gui import project
from radtrack_gui.core.model import Patient
from radtrack_gui.formats import sources
from radtrack_gui.gui.actions import EditActions
from radtrack_gui.gui.chain_list import ChainList
from radtrack_gui.gui.crash import quiet
from radtrack_gui.gui.dialogs import opener
from radtrack_gui.gui.menus import WindowMenus
from radtrack_gui.gui.ops import Op
from radtrack_gui.gui.patient_banner import WrongPatientBanner
from radtrack_gui.gui.patients import PatientController
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
from radtrack_gui.gui.selection import SelectionController
from radtrack_gui.gui.status_bar import StatusBar
from radtrack_gui.gui.timeline import TimelineWidget
from radtrack_gui.gui.undo import UndoMirror
from radtrack_gui.gui.welcome import Welcome
from radtrack_gui.session import DisplayOptions, Session

log = logging.getLogger("radtrack.gui.window")

STATE_VERSION = 1  # bump when docks change, so an old saved layout is ignored


class MainWindow(QMainWindow):
    """RadTrack's main window."""

    patientLoaded = Signal()  # a patient is in every view
    patientDrawn = Signal()  # ... and the timeline finished drawing it
    sliceDrawn = Signal(int, int)  # reports linked so far drawn (of all), while linking
    loadFailed = Signal(str)  # a one-line reason
    loadCancelled = Signal()
    loadProgress = Signal(str, int, int)  # stage, done, total of the open in flight
    compareShown = Signal(object)  # the Compare dialog, once it is open

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("RadTrackMainWindow")
        # The title is the patient alone; Qt appends the display name: "patient — RadTrack".
        QApplication.setApplicationDisplayName("RadTrack")
        self.setWindowTitle("")
        self.setAcceptDrops(True)
        # Tooltips also while the window is not the active one: in a first session it often
        # is not until the first click, and Qt shows widget tooltips only in the active
        # window otherwise (issue #20 item 11).
        self.setAttribute(Qt.WidgetAttribute.WA_AlwaysShowToolTips)
        self.setDockNestingEnabled(True)
        self.prefs = WindowPrefs()
        self.session = Session()  # the open patient, its edit history and selection
        self.undo_stack = UndoMirror(self.session, self)
        self.last_refresh_ms: float | None = None  # views' refresh after the last edit
        self.train_dialog: QDialog | None = None  # the last Tools ▸ Train dialog

        self.timeline = TimelineWidget(self)
        self.timeline.setObjectName("timeline")
        self.patients = PatientController(self)
        self.welcome = Welcome(
            self, self.patients.choose_folder, self.patients.open_demo, self.open_path
        )
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

        self.status = StatusBar(self, self.session)
        self.selection = SelectionController(self)
        self.edit_actions = EditActions(self.selection, self)
        self.menus = WindowMenus(
            self, self._handlers(), self.edit_actions.actions, self.prefs.recent
        )
        self.menus.open_recent = self.open_path
        self.menus.clear_recent = self.prefs.clear_recent
        self.menus["negatives"].setChecked(self.prefs.typed.show_negatives)
        self.menus["x_order" if self.prefs.x_mode() == "order" else "x_date"].setChecked(True)
        self.menus["negatives"].toggled.connect(self.set_show_negatives)
        self.menus.build_menus({"chain_dock": self.chain_dock, "report_dock": self.report_dock})
        self.toolbar = self.menus.build_toolbar()
        self.addToolBarBreak()
        self.banner = WrongPatientBanner(self, self.report_view.show_report)
        self.addToolBar(self.banner)
        self._connect_views()
        from radtrack_gui.gui.ask_panel import install_ask  # the Ask box (issue #11)

        self.ask_panel = install_ask(self)
        self._restore_layout()
        self.status.update()
        self.update_actions()
        self.update_undo_text()
        self.welcome.fill(self.prefs.recent())

    # -- construction ---------------------------------------------------------------
    def _handlers(self) -> dict[str, Any]:
        """What each window action (``gui/action_table.py``) does."""
        p = self.patients
        return {
            "open": p.choose_folder,
            "open_file": p.choose_file,
            "open_cohort": lambda: _open_cohort(self),
            "export": lambda: opener.open_export(self),
            "close": self.close_patient,
            "quit": self.close,
            "undo": self.session.undo,
            "redo": self.session.redo,
            "search": self.chain_list.focus_search,
            "settings": lambda: opener.open_settings(self),
            "x_date": lambda: self.set_x_mode("date"),
            "x_order": lambda: self.set_x_mode("order"),
            "fit": self.timeline.fit_all,
            "negatives": lambda: None,  # toggled (connected in __init__)
            "prev_report": lambda: self.report_view.step_report(-1),
            "next_report": lambda: self.report_view.step_report(1),
            "reset_layout": self.reset_layout,
            "compare": lambda: opener.open_compare(self),
            "rerun": p.rerun_models,
            "train_linker": lambda: opener.open_train_dialog(self, "linker"),
            "train_extractor": lambda: opener.open_train_dialog(self, "extractor"),
            "log": opener.show_log_folder,
            "demo": p.open_demo,
            "demo_oncology": lambda: p.open_demo(oncology=True),
            "shortcuts": lambda: self.menus.show_shortcuts(),
            "about": lambda: opener.show_about(self),
        }

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
        self.undo_stack.changed.connect(self.on_changed)
        self.undo_stack.editFailed.connect(self._edit_failed)
        self.undo_stack.indexChanged.connect(self.update_undo_text)
        self.selection.connect_views()
        tl = self.timeline
        tl.drawn.connect(self.patients.timeline_drawn)
        tl.negativesChanged.connect(self.set_show_negatives)  # the hint's link
        self.chain_list.reviewedToggled.connect(self.edit_actions.set_reviewed)
        self.report_view.textSelectionChanged.connect(self.update_actions)
        self.report_view.reportChanged.connect(lambda _rid: self.update_actions())
        self.report_view.text.customContextMenuRequested.connect(self.selection.report_menu)
        tree = self.chain_list.tree
        tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        tree.customContextMenuRequested.connect(self.selection.chain_menu)
        self.apply_settings()

    # -- layout ---------------------------------------------------------------------------
    def _restore_layout(self) -> None:
        self._default_state = self.saveState(STATE_VERSION)
        geometry, state = self.prefs.window_state()
        if geometry is None or not self.restoreGeometry(geometry):
            self.resize(*first_size(self.screen().availableGeometry().size()))
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

    # -- the open patient -----------------------------------------------------------------
    @property
    def patient(self) -> Patient | None:
        return self.session.patient

    @property
    def loaded(self) -> project.LoadedProject | None:
        return self.session.loaded

    def open_path(self, path: str, **kw: Any) -> Op | None:
        """Open PATH in the background (``PatientController.open_path``)."""
        return self.patients.open_path(path, **kw)

    def close_patient(self) -> None:
        self.patients.close()

    def cancel_load(self) -> None:
        self.patients.cancel()

    # -- edits -------------------------------------------------------------------------------
    def on_changed(self, changes: Any) -> None:
        """Every view follows an edit, undo or redo at once."""
        t0 = time.perf_counter()
        p = self.patient
        if p is None:
            return
        sel = self.session.selection
        sel.mentions = [m for m in sel.mentions if m in p.mentions]
        added: set[str] = getattr(changes, "mentions_added", set())
        if len(added) == 1 and not sel.mentions:
            sel.mentions = list(added)
        self.chain_list.refresh(changes)
        self.report_view.refresh(changes)
        if sel.mentions and self.report_view.mention_id not in p.mentions:
            self.report_view.mention_id = sel.mentions[0]
        if self.report_view.mention_id in p.mentions:
            self.report_view.chain_id = p.mentions[self.report_view.mention_id].chain
            self.report_view.refresh()
        self.timeline.refresh(changes)
        if self.report_view.chain_id:
            self.chain_list.select_chain(self.report_view.chain_id)
            self.timeline.select_chain(self.report_view.chain_id)
        self.ask_panel.patient_edited()
        self.last_refresh_ms = (time.perf_counter() - t0) * 1000
        self.status.update()
        self.update_actions()

    def _edit_failed(self, reason: str) -> None:
        self.statusBar().showMessage(f"Not done: {reason}", 8000)
        if self.isVisible() and not quiet():
            QMessageBox.information(self, "Edit not done", reason)

    def update_undo_text(self) -> None:
        h = self.session.history
        for name, can, text, keys in (
            ("undo", h is not None and h.can_undo(), h.undo_text() if h else "", "Ctrl+Z"),
            ("redo", h is not None and h.can_redo(), h.redo_text() if h else "", "Ctrl+Shift+Z"),
        ):
            action = self.menus[name]
            action.setEnabled(can)
            action.setText(f"&{name.title()} {text}" if can else f"&{name.title()}")
            action.setToolTip(action.text().replace("&", "") + f" ({keys})")

    def update_actions(self) -> None:
        self.edit_actions.update_enabled()
        for name in ("export", "close", "fit", "rerun", "compare"):
            self.menus[name].setEnabled(self.session.is_open)
        loaded = self.session.loaded
        if loaded is not None and loaded.store is not None and loaded.read_only:
            self.menus["rerun"].setEnabled(False)  # another window holds the store
        if loaded is not None and loaded.linking is not None:
            for name in ("export", "rerun", "compare"):  # not on a patient half linked
                self.menus[name].setEnabled(False)

    # -- views --------------------------------------------------------------------------------
    def set_x_mode(self, mode: str) -> None:
        self.prefs.set_x_mode(mode)
        self.session.display.x_mode = mode
        self.timeline.set_x_mode(mode)

    def apply_settings(self) -> None:
        """Show the timeline as the settings say (colours, font, filters, x axis)."""
        try:
            display = DisplayOptions.from_settings(self.prefs.typed, self.prefs.x_mode())
            self.session.display = display
            self.menus["x_order" if display.x_mode == "order" else "x_date"].setChecked(True)
            self.timeline.show_options(display)
            self.menus["negatives"].setChecked(display.negatives)
        except (TypeError, ValueError, AttributeError) as exc:  # a setting the views refuse
            log.warning("timeline ignored a setting: %s", exc)

    def set_show_negatives(self, on: bool) -> None:
        """Show or hide the timeline's pertinent negatives; remembered in the settings.
        The chain list always lists them (they are findings the reports rule out)."""
        on = bool(on)
        if self.menus["negatives"].isChecked() != on:
            self.menus["negatives"].setChecked(on)  # comes back here through toggled
            return
        if self.prefs.typed.show_negatives != on:
            self.prefs.typed.show_negatives = on
            self.prefs.save()
        self.session.display.negatives = on
        self.timeline.set_filters(negatives=on)

    def error(self, message: str) -> None:
        self.statusBar().showMessage(message, 10000)
        if not quiet():
            QMessageBox.warning(self, "RadTrack", message)

    # -- drag and drop -------------------------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if dropped_path(event):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        path = dropped_path(event)
        if path:
            event.acceptProposedAction()
            self.open_path(path)
        else:
            event.ignore()

    # -- closing ---------------------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:
        op = self.patients.op
        if op is not None and op.task is not None and not op.task.is_done():
            op.cancel()
            op.task.wait(10)
        self.save_layout()
        self.close_patient()
        super().closeEvent(event)


def dropped_path(event: QDragEnterEvent | QDropEvent) -> str | None:
    """The first local file or folder dropped that RadTrack can open."""
    mime = event.mimeData()
    if not mime.hasUrls():
        return None
    for url in mime.urls():
        if url.isLocalFile():
            path = Path(url.toLocalFile())
            if sources.can_open(path):
                return str(path)
    return None


def _open_cohort(window: MainWindow) -> Any:
    from radtrack_gui.gui.cohort_dialog import choose_cohort

    return choose_cohort(window)


def first_size(available: Any) -> tuple[int, int]:
    """The window's size before any is remembered: 1480x900, or less on a smaller screen
    (at 1280x800 the status bar and the report's right edge were off screen). Room is
    left for the window manager's frame and title bar."""
    width, height = available.width() - 16, available.height() - 48
    return min(1480, max(800, width)), min(900, max(560, height))


def dock_widths(window_width: int) -> list[int]:
    """Chain list and report viewer widths for a window ``window_width`` px wide: the
    timeline keeps at least about half of a small window (1280 px: 250 + 330)."""
    chains = round(min(330, max(220, window_width * 0.195)))
    report = round(min(420, max(300, window_width * 0.258)))
    return [chains, report]
