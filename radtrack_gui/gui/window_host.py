"""The main window as its parts (menus, operations, dialogs, selection, status bar) see
it, declared once for the type checker: the state ``MainWindow`` sets up and the methods
one part calls on another. At run time the parts are plain mixins (``WindowHost`` is
``object``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any

    from radtrack_gui import project
    from radtrack_gui.core.model import Patient
    from radtrack_gui.gui import worker
    from radtrack_gui.gui.actions import EditActions
    from radtrack_gui.gui.chain_list import ChainList
    from radtrack_gui.gui.patient_banner import WrongPatientBanner
    from radtrack_gui.gui.prefs import WindowPrefs
    from radtrack_gui.gui.qt import (
        QAction,
        QDialog,
        QDockWidget,
        QLabel,
        QMainWindow,
        QMenu,
        QProgressBar,
        QPushButton,
        QStackedWidget,
        QToolBar,
        Signal,
    )
    from radtrack_gui.gui.report_view import ReportView
    from radtrack_gui.gui.timeline import TimelineWidget
    from radtrack_gui.gui.undo import EditSession
    from radtrack_gui.gui.welcome import Welcome

    class WindowHost(QMainWindow):
        patientLoaded = Signal()
        patientDrawn = Signal()
        loadFailed = Signal(str)
        loadCancelled = Signal()
        compareShown = Signal(object)

        # state (MainWindow.__init__)
        prefs: WindowPrefs
        session: EditSession | None
        loaded: project.LoadedProject | None
        task: worker.Task | None
        _awaiting_draw: bool
        _load_started: float
        _opening: tuple[str, str | None, bool]
        _remember: bool
        _mention_selection: list[str]
        last_load_seconds: float | None
        last_draw_seconds: float | None
        last_refresh_ms: float | None
        train_dialog: QDialog | None
        shortcuts_dialog: QDialog
        # views and docks
        timeline: TimelineWidget
        welcome: Welcome
        central: QStackedWidget
        chain_list: ChainList
        report_view: ReportView
        chain_dock: QDockWidget
        report_dock: QDockWidget
        banner: WrongPatientBanner
        edit_actions: EditActions
        # status bar (gui/status_bar.py)
        status_patient: QLabel
        status_counts: QLabel
        status_model: QLabel
        status_saved: QLabel
        status_problems: QLabel
        problems_text: str
        progress: QProgressBar
        cancel_button: QPushButton
        # menus and actions (gui/menus.py)
        toolbar: QToolBar
        edit_menu: QMenu
        recent_menu: QMenu
        act_open: QAction
        act_open_file: QAction
        act_open_cohort: QAction
        act_demo: QAction
        act_close: QAction
        act_export: QAction
        act_quit: QAction
        act_undo: QAction
        act_redo: QAction
        act_search: QAction
        act_fit: QAction
        act_x_date: QAction
        act_x_order: QAction
        act_negatives: QAction
        act_prev_report: QAction
        act_next_report: QAction
        act_reset_layout: QAction
        act_rerun: QAction
        act_compare: QAction
        act_train_linker: QAction
        act_train_extractor: QAction
        act_settings: QAction
        act_shortcuts: QAction
        act_log: QAction
        act_about: QAction

        @property
        def patient(self) -> Patient | None:
            raise NotImplementedError

        # main_window.py
        def undo(self) -> None: ...
        def redo(self) -> None: ...
        def reset_layout(self) -> None: ...
        def set_x_mode(self, mode: str) -> None: ...
        def on_changed(self, changes: Any) -> None: ...
        def _fit_all(self) -> None: ...
        def _error(self, message: str) -> None: ...
        def _edit_failed(self, reason: str) -> None: ...
        def _update_actions(self) -> None: ...
        def _update_undo_text(self) -> None: ...
        # operations.py
        def choose_folder(self) -> None: ...
        def choose_file(self) -> None: ...
        def open_demo(self) -> None: ...
        def open_path(
            self,
            path: str,
            *,
            patient_id: str | None = None,
            remember: bool = True,
            rerun: bool = False,
            read_only: bool = False,
        ) -> worker.Task | None:
            raise NotImplementedError

        def cancel_load(self) -> None: ...
        def close_patient(self) -> None: ...
        def rerun_models(self) -> None: ...
        def _compare_model_run(self, cls: Any, gold: Patient) -> None: ...
        # dialogs/opener.py
        def open_export(self) -> QDialog | None:
            raise NotImplementedError

        def open_compare(self) -> QDialog | None:
            raise NotImplementedError

        def open_train_dialog(self, kind: str) -> QDialog | None:
            raise NotImplementedError

        def open_settings(self) -> QDialog | None:
            raise NotImplementedError

        def show_report(self, report_id: str) -> None: ...
        def apply_settings(self) -> None: ...
        def set_show_negatives(self, on: bool) -> None: ...
        def show_log_folder(self) -> None: ...
        def show_about(self) -> None: ...
        # selection.py
        def on_mention_selected(self, mention_id: str) -> None: ...
        def on_chain_selected(self, chain_id: str, *, from_list: bool = False) -> None: ...
        def _report_mention_clicked(self, mention_id: str) -> None: ...
        # status_bar.py
        def _update_status(self) -> None: ...
        def show_problems(self) -> None: ...

else:
    WindowHost = object

__all__ = ["WindowHost"]
