"""The main window: timeline in the centre, chain list left, report viewer right.

The window wires views together and owns no business logic: opening a patient runs
``load_project`` in the background (``gui/worker.py``); edits go through ``EditSession``
(``gui/undo.py``); every view refreshes from the ``Changes`` record of an edit.
"""

from __future__ import annotations

import html
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from radtrack_gui.core.errors import Cancelled, InputError
from radtrack_gui.core.model import Patient
from radtrack_gui.gui import worker
from radtrack_gui.gui.actions import EditActions
from radtrack_gui.gui.chain_list import ChainList
from radtrack_gui.gui.qt import (
    QAction,
    QActionGroup,
    QApplication,
    QByteArray,
    QCloseEvent,
    QDesktopServices,
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QDragEnterEvent,
    QDropEvent,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QKeySequence,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QStackedWidget,
    QStyle,
    Qt,
    QTableWidget,
    QTableWidgetItem,
    QTimer,
    QToolBar,
    QUrl,
    QVBoxLayout,
    QWidget,
    Signal,
)
from radtrack_gui.gui.report_view import ReportView
from radtrack_gui.gui.undo import EditSession
from radtrack_gui.paths import demo_patient_dir, user_log_dir

log = logging.getLogger("radtrack.gui.window")

# Keys and mouse of the timeline itself (gui/timeline.py), for the shortcuts sheet.
TIMELINE_KEYS = [
    ("Left, Right", "Pan through time"),
    ("Up, Down", "Scroll the lanes"),
    ("+, -", "Zoom in, out"),
    ("Home", "Fit all"),
    ("Wheel", "Zoom in time (Ctrl+Wheel: zoom lanes; Shift+Wheel: scroll lanes)"),
    ("Drag", "Pan; drag a glyph onto a lane to move the mention"),
    ("Click, Ctrl+Click", "Pick a mention; add more mentions to the pick"),
]

STATE_VERSION = 1  # bump when docks change, so an old saved layout is ignored
MAX_RECENT = 8


# -- loading (runs in a worker thread: no widgets here) ---------------------------------
@dataclass
class Loaded:
    patient: Patient
    store: Any  # ProjectStore or None
    path: str
    from_store: bool  # the stored project (with the user's corrections) was opened
    models: str  # e.g. "rules + knowledge", "gold annotations"
    seconds: float


def load_project(path: str, *, patient_id: str | None = None, extractor: str = "rules",
                 linker: str = "knowledge", progress: Callable[[str, int, int], None],
                 cancel: Callable[[], bool], use_store: bool = True) -> Loaded:
    """Open PATH (a patient folder, a RadTrack JSON or a MIMIC CSV). When the project
    store already holds it, the stored project is loaded (the user's corrections
    survive); otherwise the pipeline runs and the result is stored. Cancelling leaves
    nothing behind. ``use_store=False`` runs the models again and replaces the stored
    project (its edit log stays)."""
    from radtrack_gui import pipeline
    from radtrack_gui.store.db import ProjectStore

    t0 = time.perf_counter()
    source = Path(path).expanduser()
    if not source.exists():
        raise InputError(f"{path}: no such file or folder")
    key = str(source) if patient_id is None or source.is_dir() else f"{source}#{patient_id}"
    store = ProjectStore.for_folder(key)
    try:
        stored = store.load_patient() if use_store else None
        if cancel():
            raise Cancelled()
        if stored is not None:
            meta = store.meta()
            models = "gold annotations" if stored.annotated else \
                " + ".join(m for m in (meta.get("extractor"), meta.get("linker")) if m) or "stored"
            return Loaded(stored, store, str(source), True, models, time.perf_counter() - t0)
        if source.is_dir():
            patient = pipeline.process_folder(source, extractor=extractor, linker=linker,
                                              patient_id=patient_id, progress=progress,
                                              cancel=cancel)
        elif source.suffix.lower() == ".json":
            from radtrack_gui.formats.json_io import read_json

            patient = read_json(source)
            if not use_store and not patient.annotated:
                pipeline.analyse(patient, extractor=extractor, linker=linker,
                                 progress=progress, cancel=cancel)
        elif source.suffix.lower() == ".csv":
            patient = _read_csv(source, patient_id)
            pipeline.analyse(patient, extractor=extractor, linker=linker, progress=progress,
                             cancel=cancel)
        else:
            raise InputError(f"{source.name}: not a patient folder, RadTrack JSON or CSV")
        if cancel():
            raise Cancelled()
        models = "gold annotations" if patient.annotated else \
            ("from JSON" if source.suffix.lower() == ".json" else f"{extractor} + {linker}")
        progress("save", 0, 1)
        store.save_patient(patient, f"model:{extractor}+{linker}",
                           extractor=None if patient.annotated else extractor,
                           linker=None if patient.annotated else linker,
                           command="Open and analyse")
        progress("save", 1, 1)
        return Loaded(patient, store, str(source), False, models, time.perf_counter() - t0)
    except BaseException:
        store.close()
        raise


def _read_csv(path: Path, patient_id: str | None) -> Patient:
    from radtrack_gui.formats.mimic_csv import read_mimic_csv

    found = read_mimic_csv(path, patient_id)
    p = Patient(id=found.patient, reports=found.reports, problems=found.problems,
                folder=str(path))
    return p


# -- settings -----------------------------------------------------------------------------
class WindowPrefs:
    """The window's view of the typed, versioned user settings (``radtrack_gui.settings``):
    models, recent patients, layout (base64 of Qt's saved state), timeline options.
    Every change is written at once (atomically)."""

    def __init__(self) -> None:
        from radtrack_gui import settings as settings_mod

        self._mod = settings_mod
        self.typed = settings_mod.load()

    def save(self) -> None:
        try:
            self._mod.save(self.typed)
        except OSError as exc:  # read-only config folder: keep going, say it in the log
            log.warning("could not save settings: %s", exc)

    def model(self, kind: str) -> str:
        from radtrack_gui.nlp.registry import EXTRACTORS, LINKERS, default_name

        value = getattr(self.typed, kind, "")
        table = EXTRACTORS if kind == "extractor" else LINKERS
        return value if value in table else default_name(kind)

    def recent(self) -> list[str]:
        return list(self.typed.recent_patients)[:MAX_RECENT]

    def add_recent(self, path: str) -> None:
        self.typed.add_recent(path)
        self.save()

    def clear_recent(self) -> None:
        self.typed.recent_patients = []
        self.save()

    def window_state(self) -> tuple[QByteArray | None, QByteArray | None]:
        def decode(text: str) -> QByteArray | None:
            return QByteArray.fromBase64(text.encode("ascii")) if text else None

        return decode(self.typed.window_geometry), decode(self.typed.window_state)

    def save_window_state(self, geometry: QByteArray, state: QByteArray) -> None:
        self.typed.window_geometry = bytes(geometry.toBase64().data()).decode("ascii")
        self.typed.window_state = bytes(state.toBase64().data()).decode("ascii")
        self.save()

    def x_mode(self) -> str:
        """The timeline's name for it: "date" or "order"."""
        return "order" if self.typed.x_mode == "report order" else "date"

    def set_x_mode(self, mode: str) -> None:
        self.typed.x_mode = "report order" if mode == "order" else "date"
        self.save()


# -- a stand-in until gui/timeline.py exists -------------------------------------------------
class _PlaceholderTimeline(QLabel):
    mentionClicked = Signal(str)
    chainClicked = Signal(str)
    mentionsDropped = Signal(list, str)
    drawn = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Open a patient to see the timeline", parent)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.patient: Patient | None = None

    def set_patient(self, patient: Patient | None) -> None:
        self.patient = patient
        self.refresh()

    def refresh(self, changes: object = None) -> None:
        if self.patient is not None:
            self.setText(f"{len(self.patient.chains)} chains (timeline not available)")
        QTimer.singleShot(0, self.drawn.emit)

    def select_chain(self, chain_id: str | None) -> None:
        pass

    def select_mention(self, mention_id: str | None) -> None:
        pass

    def set_x_mode(self, mode: str) -> None:
        pass

    def fit_all(self) -> None:
        pass


class _Welcome(QWidget):
    """What the centre shows before a patient is open."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.setObjectName("welcome")
        self.window_ = window
        title = QLabel("<span style='font-size:20pt; font-weight:600'>RadTrack</span>")
        icon = QLabel()
        from radtrack_gui.gui.app import app_icon

        icon.setPixmap(app_icon().pixmap(72, 72))
        text = QLabel("Open a folder of one patient's radiology reports to see every finding "
                      "and device as a lane through time.<br>You can also drop a folder "
                      "onto this window. Everything stays on this computer.")
        text.setWordWrap(True)
        text.setStyleSheet("color:#444")
        open_button = QPushButton("Open patient folder…")
        open_button.setObjectName("welcomeOpen")
        open_button.clicked.connect(window.choose_folder)
        demo_button = QPushButton("Open the demo patient")
        demo_button.setObjectName("welcomeDemo")
        demo_button.clicked.connect(window.open_demo)
        buttons = QHBoxLayout()
        buttons.addWidget(open_button)
        buttons.addWidget(demo_button)
        buttons.addStretch(1)
        self.recent_title = QLabel("<b>Recent patients</b>")
        self.recent_list = QVBoxLayout()
        self.recent_list.setSpacing(2)
        box = QVBoxLayout()
        box.setSpacing(12)
        box.addWidget(icon)
        box.addWidget(title)
        box.addWidget(text)
        box.addLayout(buttons)
        box.addSpacing(12)
        box.addWidget(self.recent_title)
        box.addLayout(self.recent_list)
        inner = QWidget()
        inner.setLayout(box)
        inner.setMaximumWidth(560)
        outer = QVBoxLayout(self)
        outer.addStretch(1)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(inner)
        row.addStretch(1)
        outer.addLayout(row)
        outer.addStretch(2)

    def fill(self, recent: list[str]) -> None:
        while self.recent_list.count():
            w = self.recent_list.takeAt(0).widget()
            if w is not None:
                w.deleteLater()
        for path in recent[:5]:
            link = QLabel(f"<a href='#'>{html.escape(Path(path).name or path)}</a> "
                          f"<span style='color:#777'>{html.escape(path)}</span>")
            link.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse)
            link.linkActivated.connect(lambda _=None, p=path: self.window_.open_path(p))
            self.recent_list.addWidget(link)
        self.recent_title.setVisible(bool(recent))


def _make_timeline(parent: QWidget) -> QWidget:
    try:
        from radtrack_gui.gui.timeline import TimelineWidget
    except ImportError as exc:
        log.warning("timeline not available: %s", exc)
        return _PlaceholderTimeline(parent)
    return TimelineWidget(parent)


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
class MainWindow(QMainWindow):
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
        self.loaded: Loaded | None = None
        self.task: worker.Task | None = None
        self._awaiting_draw = False
        self._load_started = 0.0
        self.last_load_seconds: float | None = None
        self.last_draw_seconds: float | None = None
        self.last_refresh_ms: float | None = None  # views' refresh after the last edit
        self._remember = True  # add the patient being opened to the recent list
        self._mention_selection: list[str] = []

        self.timeline = _make_timeline(self)
        self.timeline.setObjectName("timeline")
        self.welcome = _Welcome(self)
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

    def _action(self, text: str, slot: Callable[..., object], shortcut: str | None = None,
                icon: QStyle.StandardPixmap | None = None, tip: str = "") -> QAction:
        a = QAction(text, self)
        if shortcut:
            a.setShortcut(QKeySequence(shortcut))
        if icon is not None:
            a.setIcon(self.style().standardIcon(icon))
        if tip:
            a.setStatusTip(tip)
        a.triggered.connect(slot)
        return a

    def _build_actions(self) -> None:
        sp = QStyle.StandardPixmap
        self.act_open = self._action("&Open patient folder…", self.choose_folder,
                                     "Ctrl+O",
                                     sp.SP_DirOpenIcon, "Open a folder of reports")
        self.act_open_file = self._action("Open RadTrack JSON or &CSV…", self.choose_file,
                                          "Ctrl+Shift+O", None,
                                          "Open a RadTrack JSON export or a MIMIC CSV")
        self.act_export = self._action("&Export…", self.open_export, "Ctrl+E",
                                       sp.SP_DialogSaveButton,
                                       "Export chains, annotations or the timeline")
        self.act_close = self._action("&Close patient", self.close_patient, "Ctrl+W")
        self.act_quit = self._action("&Quit", self.close, "Ctrl+Q")
        self.act_quit.setMenuRole(QAction.MenuRole.QuitRole)
        self.act_demo = self._action("Open &demo patient", self.open_demo, None, None,
                                     "Open the synthetic demo patient")
        self.act_shortcuts = self._action("&Keyboard shortcuts", self.show_shortcuts,
                                          "Ctrl+/")
        self.act_about = self._action("&About RadTrack", self.show_about)
        self.act_about.setMenuRole(QAction.MenuRole.AboutRole)
        self.act_fit = self._action("&Fit all", self._fit_all, "Ctrl+0",
                                    sp.SP_BrowserReload, "Show the whole timeline")
        self.act_search = self._action("&Find chain…", self.chain_list.focus_search, "Ctrl+F")
        self.act_prev_report = self._action("Previous report",
                                            lambda: self.report_view.step_report(-1),
                                            "Ctrl+PgUp")
        self.act_next_report = self._action("Next report",
                                            lambda: self.report_view.step_report(1),
                                            "Ctrl+PgDown")
        self.act_reset_layout = self._action("&Reset layout", self.reset_layout)
        self.act_settings = self._action("&Settings…", self.open_settings, "Ctrl+,")
        self.act_settings.setMenuRole(QAction.MenuRole.PreferencesRole)
        self.act_compare = self._action("&Compare with gold annotations…", self.open_compare)
        self.act_log = self._action("Show &log folder", self.show_log_folder)
        self.act_rerun = self._action("&Re-run models…", self.rerun_models, None, None,
                                      "Discard the chains and run the models again")
        group = QActionGroup(self)
        self.act_x_date = self._action("X axis: exam &date", lambda: self.set_x_mode("date"),
                                       "Ctrl+Shift+1")
        self.act_x_order = self._action("X axis: report &order",
                                        lambda: self.set_x_mode("order"), "Ctrl+Shift+2")
        for a in (self.act_x_date, self.act_x_order):
            a.setCheckable(True)
            group.addAction(a)
        self.act_negatives = QAction("Show pertinent &negatives", self)
        self.act_negatives.setCheckable(True)
        self.act_negatives.setChecked(self.prefs.typed.show_negatives)
        self.act_negatives.setStatusTip("Timeline lanes of chains whose every mention is "
                                        "absent (“no hydrocephalus”)")
        self.act_negatives.toggled.connect(self.set_show_negatives)
        (self.act_x_order if self.prefs.x_mode() == "order" else self.act_x_date) \
            .setChecked(True)
        undo_stack_actions = self._undo_actions()
        self.act_undo, self.act_redo = undo_stack_actions
        for a in (self.act_prev_report, self.act_next_report):
            self.addAction(a)

    def _undo_actions(self) -> tuple[QAction, QAction]:
        undo = QAction("&Undo", self)
        undo.setShortcut(QKeySequence("Ctrl+Z"))
        undo.setIcon(self.style().standardIcon(QStyle.StandardPixmap.SP_ArrowBack))
        undo.triggered.connect(self.undo)
        redo = QAction("&Redo", self)
        redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        redo.setIcon(self.style().standardIcon(QStyle.StandardPixmap.SP_ArrowForward))
        redo.triggered.connect(self.redo)
        return undo, redo

    def _build_menus(self) -> None:
        mb = self.menuBar()
        m = mb.addMenu("&File")
        m.addAction(self.act_open)
        m.addAction(self.act_open_file)
        self.recent_menu = m.addMenu("Open &recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        self._fill_recent()
        m.addSeparator()
        m.addAction(self.act_export)
        m.addSeparator()
        m.addAction(self.act_close)
        m.addAction(self.act_quit)

        m = mb.addMenu("&Edit")
        m.addAction(self.act_undo)
        m.addAction(self.act_redo)
        m.addSeparator()
        ea = self.edit_actions
        for names in (("merge", "split_at_report", "split_selected", "move_to_chain"),
                      ("rename", "reviewed"),
                      ("add_finding", "add_device", "add_to_chain", "adjust_span",
                       "delete_mention"),
                      ("toggle_type", "present", "absent", "possible")):
            for name in names:
                m.addAction(ea[name])
            m.addSeparator()
        m.addAction(self.act_search)
        m.addSeparator()
        m.addAction(self.act_settings)
        self.edit_menu = m

        m = mb.addMenu("&View")
        m.addAction(self.chain_dock.toggleViewAction())
        m.addAction(self.report_dock.toggleViewAction())
        m.addSeparator()
        m.addAction(self.act_x_date)
        m.addAction(self.act_x_order)
        m.addAction(self.act_fit)
        m.addAction(self.act_negatives)
        m.addSeparator()
        m.addAction(ea["prev_mention"])
        m.addAction(ea["next_mention"])
        m.addAction(self.act_prev_report)
        m.addAction(self.act_next_report)
        m.addSeparator()
        m.addAction(self.act_reset_layout)

        m = mb.addMenu("&Tools")
        m.addAction(self.act_compare)
        m.addAction(self.act_rerun)
        m.addSeparator()
        m.addAction(self.act_log)

        m = mb.addMenu("&Help")
        m.addAction(self.act_demo)
        m.addAction(self.act_shortcuts)
        m.addSeparator()
        m.addAction(self.act_about)

        # Context menus: the edits that apply to text and mentions, or to chains.
        self.report_view.text.customContextMenuRequested.connect(self._report_menu)
        tree = self.chain_list.tree
        tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        tree.customContextMenuRequested.connect(self._chain_menu)

    def _build_toolbar(self) -> None:
        tb = QToolBar("Main toolbar", self)
        tb.setObjectName("mainToolbar")
        tb.setMovable(True)
        tb.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.act_open.setIconText("Open")
        tb.addAction(self.act_open)
        tb.addSeparator()
        tb.addAction(self.act_undo)
        tb.addAction(self.act_redo)
        tb.addSeparator()
        ea = self.edit_actions
        for name, short in (("merge", "Merge"), ("split_at_report", "Split"),
                            ("reviewed", "Reviewed")):
            ea[name].setIconText(short)
            tb.addAction(ea[name])
        tb.addSeparator()
        self.act_export.setIconText("Export")
        tb.addAction(self.act_export)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, tb)
        self.toolbar = tb

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

    def _fill_recent(self) -> None:
        menu = self.recent_menu
        menu.clear()
        items = self.prefs.recent()
        for path in items:
            a = menu.addAction(Path(path).name or path)
            a.setToolTip(path)
            a.setStatusTip(path)
            a.triggered.connect(lambda _=False, p=path: self.open_path(p))
        if not items:
            none = menu.addAction("(none yet)")
            none.setEnabled(False)
        else:
            menu.addSeparator()
            menu.addAction("Clear list", self.prefs.clear_recent)

    def open_path(self, path: str, *, patient_id: str | None = None,
                  remember: bool = True, rerun: bool = False) -> worker.Task | None:
        """Read PATH in the background; the views are filled when it is done."""
        if self.task is not None and not self.task.is_done():
            self.statusBar().showMessage("Still opening the previous patient…", 4000)
            return None
        source = Path(path).expanduser()
        if not source.exists():
            self._load_failed_message(f"{path}: no such file or folder")
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

        def work(progress: Callable[[str, int, int], None], cancel: Callable[[], bool]) -> Loaded:
            return load_project(str(source), patient_id=patient_id, extractor=extractor,
                                linker=linker, progress=progress, cancel=cancel,
                                use_store=not rerun)

        # No parent: the task outlives a window closed mid-run; its callbacks are bound
        # methods of the window, disconnected when the window goes.
        self.task = worker.run_task(work, name=f"open {source.name}", parent=None,
                                    on_success=self._loaded, on_failure=self._load_failed,
                                    on_progress=self._progress,
                                    on_cancel=self._load_cancelled)
        return self.task

    def _pick_csv_patient(self, path: Path) -> str | None:
        """The patient to open from a CSV ("" when the user cancelled)."""
        from radtrack_gui.formats.mimic_csv import patients_in

        try:
            patients = patients_in(path)
        except InputError as exc:
            self._load_failed_message(str(exc))
            return ""
        if len(patients) <= 1:
            return patients[0] if patients else None
        if _quiet():  # no one to ask (--screenshot, tests)
            shown = ", ".join(patients[:5]) + (", ..." if len(patients) > 5 else "")
            self._load_failed_message(f"{path.name} holds {len(patients)} patients "
                                      f"({shown}); choose one with --patient ID")
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

    def _loaded(self, loaded: Loaded) -> None:
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
        if isinstance(self.timeline, _PlaceholderTimeline):
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

    def _report_menu(self, pos: Any) -> None:
        """Right click in the report: the mention under the pointer becomes the selection
        (unless text is selected), then the text and mention edits are offered."""
        view = self.report_view
        if not view.text.textCursor().hasSelection():
            offset = view.offset_at(pos)
            m = view.mention_at(offset) if offset is not None else None
            if m is not None and m.id not in self._mention_selection:
                view.mention_id = m.id
                view.chain_id = m.chain
                view.refresh()
                self._report_mention_clicked(m.id)
        menu = QMenu(self)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        ea = self.edit_actions
        self._update_actions()
        for name in ("add_finding", "add_device", "add_to_chain", "adjust_span"):
            menu.addAction(ea[name])
        menu.addSeparator()
        for name in ("delete_mention", "move_to_chain", "split_selected", "toggle_type",
                     "present", "absent", "possible"):
            menu.addAction(ea[name])
        menu.addSeparator()
        menu.addAction(ea["rename"])
        menu.addAction(ea["reviewed"])
        menu.exec(self.report_view.text.viewport().mapToGlobal(pos))

    def _chain_menu(self, pos: Any) -> None:
        tree = self.chain_list.tree
        item = tree.itemAt(pos)
        cid = item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None
        if cid and cid not in self.chain_list.selected_chain_ids():
            self.on_chain_selected(cid)
        self._update_actions()
        ea = self.edit_actions
        menu = QMenu(self)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        for name in ("merge", "split_at_report", "rename", "reviewed"):
            menu.addAction(ea[name])
        menu.exec(tree.viewport().mapToGlobal(pos))

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

        def work(progress: Callable[[str, int, int], None], cancel: Callable[[], bool]) -> Any:
            from radtrack_gui import pipeline
            from radtrack_gui.formats.folder import read_patient_folder

            copy = read_patient_folder(path)
            return pipeline.analyse(copy, extractor=extractor, linker=linker,
                                    progress=progress, cancel=cancel, force=True)

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

    def _gold_patient(self) -> Patient | None:
        if self.loaded is None:
            return None
        src = Path(self.loaded.path)
        candidates = [src.with_name(src.name + "_gold"), src]
        for folder in candidates:
            if folder.is_dir() and any(folder.glob("*.ann")):
                from radtrack_gui.formats.folder import read_patient_folder

                gold = read_patient_folder(folder)
                if gold.annotated:
                    return gold
        return None

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
        if hasattr(tl, "set_filters") and not isinstance(tl, _PlaceholderTimeline):
            tl.set_filters(negatives=on)

    def show_log_folder(self) -> None:
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(user_log_dir())))

    def shortcut_rows(self) -> list[tuple[str, str, str]]:
        """(menu, keys, what) for every action with a shortcut."""
        rows = []
        for menu in self.menuBar().findChildren(QMenu):
            title = menu.title().replace("&", "")
            for a in menu.actions():
                keys = [k.toString(QKeySequence.SequenceFormat.NativeText)
                        for k in a.shortcuts()]
                if keys and not a.isSeparator():
                    rows.append((title, ", ".join(keys), a.text().replace("&", "")))
        for a in (self.act_prev_report, self.act_next_report):
            rows.append(("View", a.shortcut().toString(), a.text()))
        rows.extend(("Timeline", keys, what) for keys, what in TIMELINE_KEYS)
        seen, out = set(), []
        for r in rows:
            if (r[1], r[2]) not in seen:
                seen.add((r[1], r[2]))
                out.append(r)
        return out

    def show_shortcuts(self) -> None:
        rows = self.shortcut_rows()
        dlg = QDialog(self)
        dlg.setWindowTitle("Keyboard shortcuts")
        table = QTableWidget(len(rows), 3, dlg)
        table.setHorizontalHeaderLabels(["Menu", "Keys", "Does"])
        for i, (menu, keys, what) in enumerate(rows):
            for j, value in enumerate((menu, keys, what)):
                table.setItem(i, j, QTableWidgetItem(value))
        table.verticalHeader().hide()
        table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        table.setAlternatingRowColors(True)
        table.setShowGrid(False)
        table.verticalHeader().setDefaultSectionSize(24)
        table.resizeColumnsToContents()
        table.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, dlg)
        buttons.rejected.connect(dlg.reject)
        layout = QVBoxLayout(dlg)
        layout.addWidget(table)
        layout.addWidget(buttons)
        dlg.resize(620, 560)
        self.shortcuts_dialog = dlg
        dlg.show()

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
                if path.is_dir() or path.suffix.lower() in (".json", ".csv"):
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
