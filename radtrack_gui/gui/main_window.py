"""The main window: timeline in the centre, chain list left, report viewer right.

The window wires views together and owns no business logic: opening a patient runs
``radtrack_gui.project.open_project`` in the background (``gui/worker.py``); edits go
through ``EditSession`` (``gui/undo.py``); every view refreshes from the ``Changes`` record
of an edit. Menus and actions are built in ``gui/menus.py``, the settings it keeps are in
``gui/prefs.py``, the welcome page in ``gui/welcome.py``; opening patients (and other
operations that run in the background) in ``gui/operations.py``, opening dialogs in
``gui/dialogs/opener.py``.
"""

from __future__ import annotations

import html
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
    QLabel,
    QMainWindow,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QStackedWidget,
    Qt,
    QWidget,
    Signal,
)
from radtrack_gui.gui.report_view import ReportView
from radtrack_gui.gui.timeline import TimelineWidget
from radtrack_gui.gui.undo import EditSession
from radtrack_gui.gui.welcome import Welcome

log = logging.getLogger("radtrack.gui.window")

STATE_VERSION = 1  # bump when docks change, so an old saved layout is ignored


# -- the window ----------------------------------------------------------------------------
class MainWindow(WindowMenus, PatientOperations, WindowDialogs, QMainWindow):
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
        self.status_problems = QLabel("")  # "⚠ 6 files skipped": click for every name
        self.status_problems.setObjectName("statusProblems")
        self.status_problems.linkActivated.connect(lambda _l: self.show_problems())
        self.problems_text = ""
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
        bar.addWidget(self.status_problems)
        bar.addPermanentWidget(self.progress)
        bar.addPermanentWidget(self.cancel_button)
        bar.addPermanentWidget(self.status_saved)

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
            self.resizeDocks([self.chain_dock, self.report_dock], dock_widths(self.width()),
                             Qt.Orientation.Horizontal)

    def reset_layout(self) -> None:
        self.restoreState(self._default_state, STATE_VERSION)
        for dock in (self.chain_dock, self.report_dock):
            dock.show()
            dock.setFloating(False)

    def save_layout(self) -> None:
        self.prefs.save_window_state(self.saveGeometry(), self.saveState(STATE_VERSION))

    # -- selection -------------------------------------------------------------------------
    @property
    def patient(self) -> Patient | None:
        return self.session.patient if self.session is not None else None

    def on_mention_selected(self, mention_id: str) -> None:
        """A mention was picked (timeline, viewer, compare): show it everywhere. Mentions
        picked with Ctrl/Shift in the timeline stay picked, in every view."""
        p = self.patient
        if p is None or mention_id not in p.mentions:
            return
        m = p.mentions[mention_id]
        picked = self.timeline.selected_mentions
        if mention_id in picked:
            self._mention_selection = [x for x in picked if x in p.mentions]
        else:
            self._mention_selection = [mention_id]
        self.timeline.select_mentions(self._mention_selection, mention_id)
        self.report_view.show_mention(mention_id)
        self.report_view.set_selected_mentions(self._mention_selection)
        chains = list(dict.fromkeys(p.mentions[x].chain or "" for x in self._mention_selection))
        self.chain_list.select_chains(chains, current=m.chain)
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
        chains = list(dict.fromkeys(p.mentions[x].chain or "" for x in self._mention_selection))
        self.chain_list.select_chains(chains, current=p.mentions[mention_id].chain)
        self.timeline.select_mentions(self._mention_selection, mention_id)
        self._update_actions()

    def on_chain_selected(self, chain_id: str, *, from_list: bool = False) -> None:
        """One chain selected (compare rows, lane clicks, the list): shown everywhere."""
        p = self.patient
        if p is None or chain_id not in p.chains:
            return
        if from_list:  # the list's own selection (Ctrl/Shift) is left as the user made it
            ids = [c for c in self.chain_list.selected_chain_ids() if c in p.chains]
            self.timeline.select_chains(ids or [chain_id], current=chain_id)
        else:
            self.chain_list.select_chain(chain_id)
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

    def _timeline_chain_clicked(self, chain_id: str) -> None:
        """A lane label or row clicked (Ctrl toggles, Shift ranges): the timeline's chain
        selection becomes the chain list's."""
        p = self.patient
        ids = [c for c in self.timeline.selected_chains if p is not None and c in p.chains]
        if len(ids) <= 1:
            self.on_chain_selected(chain_id)
            return
        self._mention_selection = []
        self.chain_list.select_chains(ids, current=chain_id)
        self.report_view.set_selected_mentions([])
        self.report_view.select_chain(chain_id)
        self._update_actions()

    def _chain_list_activated(self, chain_id: str) -> None:
        """The chain list's current chain changed; its selection (Ctrl/Shift) stays."""
        ids = self.chain_list.selected_chain_ids()
        if len(ids) <= 1:
            self.on_chain_selected(chain_id, from_list=True)
            return
        self._chain_list_selection(ids)

    def _chain_list_selection(self, ids: list) -> None:
        """Several chains selected in the list: the timeline shows them all selected."""
        p = self.patient
        if p is not None and len(ids) > 1:
            self._mention_selection = [m for m in self._mention_selection
                                       if m in p.mentions and p.mentions[m].chain in ids]
            self.timeline.select_chains([str(c) for c in ids],
                                        current=self.chain_list.current_chain_id())
            self.report_view.set_selected_mentions(self._mention_selection)
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
        if self.isVisible() and not quiet():
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
        self.act_export.setEnabled(has)
        self.act_close.setEnabled(has)
        self.act_fit.setEnabled(has)
        self.act_rerun.setEnabled(has)
        self.act_compare.setEnabled(has)

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

    def show_problems(self) -> None:
        """Every file skipped or repaired while reading the patient, by name."""
        if self.problems_text and not quiet():
            QMessageBox.information(self, "Files skipped while reading", self.problems_text)

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

