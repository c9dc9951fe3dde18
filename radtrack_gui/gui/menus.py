"""The main window's menus, toolbar, context menus and keyboard-shortcuts sheet.

``WindowMenus`` is a mixin of ``MainWindow``: it builds the window's ``act_*`` actions,
menus and toolbar and connects them to the window's slots; it holds no state of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from radtrack_gui.gui.qt import (
    QAction,
    QActionGroup,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QKeySequence,
    QMenu,
    QStyle,
    Qt,
    QTableWidget,
    QTableWidgetItem,
    QToolBar,
    QVBoxLayout,
)
from radtrack_gui.gui.window_host import WindowHost

# Keys and mouse of the timeline itself (gui/timeline/), for the shortcuts sheet and README.
TIMELINE_KEYS = [
    ("Left, Right", "Pan through time"),
    ("Up, Down", "Scroll the lanes"),
    ("+, -", "Zoom time in, out"),
    ("Home", "Fit all"),
    ("Wheel", "Scroll the lanes"),
    ("Ctrl+Wheel", "Zoom time"),
    ("Shift+Wheel", "Pan through time"),
    ("Alt+Wheel", "Zoom the lanes"),
    ("Drag", "Pan; drag a glyph onto a lane to move the mention"),
    ("Shift+Drag, Ctrl+Drag", "Select the glyphs in a rectangle (Ctrl: add them)"),
    ("Click", "Pick a mention (on a glyph) or a chain (on its lane)"),
    ("Ctrl+Click", "Add a mention or chain to the selection, or take it out"),
    ("Shift+Click", "Select the range from the last pick"),
]


class WindowMenus(WindowHost):
    """Menus and actions of ``MainWindow`` (a mixin; ``self`` is the window)."""

    # -- actions -----------------------------------------------------------------------
    def _action(
        self,
        text: str,
        slot: Callable[..., object],
        shortcut: str | None = None,
        icon: QStyle.StandardPixmap | None = None,
        tip: str = "",
    ) -> QAction:
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
        self.act_open = self._action(
            "&Open patient folder…",
            self.choose_folder,
            "Ctrl+O",
            sp.SP_DirOpenIcon,
            "Open a folder of reports",
        )
        self.act_open_file = self._action(
            "Open RadTrack JSON or &CSV…",
            self.choose_file,
            "Ctrl+Shift+O",
            None,
            "Open a RadTrack JSON export or a MIMIC CSV",
        )
        self.act_open_cohort = self._action(
            "Open co&hort…",
            self.open_cohort,
            None,
            None,
            "The patients of a `radtrack cohort run` folder",
        )
        self.act_export = self._action(
            "&Export…",
            self.open_export,
            "Ctrl+E",
            sp.SP_DialogSaveButton,
            "Export chains, annotations or the timeline",
        )
        self.act_close = self._action("&Close patient", self.close_patient, "Ctrl+W")
        self.act_quit = self._action("&Quit", self.close, "Ctrl+Q")
        self.act_quit.setMenuRole(QAction.MenuRole.QuitRole)
        self.act_demo = self._action(
            "Open &demo patient", self.open_demo, None, None, "Open the synthetic demo patient"
        )
        self.act_shortcuts = self._action("&Keyboard shortcuts", self.show_shortcuts, "Ctrl+/")
        self.act_about = self._action("&About RadTrack", self.show_about)
        self.act_about.setMenuRole(QAction.MenuRole.AboutRole)
        self.act_fit = self._action(
            "&Fit all", self._fit_all, "Ctrl+0", sp.SP_BrowserReload, "Show the whole timeline"
        )
        self.act_search = self._action("&Find chain…", self.chain_list.focus_search, "Ctrl+F")
        self.act_prev_report = self._action(
            "Previous report", lambda: self.report_view.step_report(-1), "Ctrl+PgUp"
        )
        self.act_next_report = self._action(
            "Next report", lambda: self.report_view.step_report(1), "Ctrl+PgDown"
        )
        self.act_reset_layout = self._action("&Reset layout", self.reset_layout)
        self.act_settings = self._action("&Settings…", self.open_settings, "Ctrl+,")
        self.act_settings.setMenuRole(QAction.MenuRole.PreferencesRole)
        self.act_compare = self._action("&Compare with gold annotations…", self.open_compare)
        self.act_log = self._action("Show &log folder", self.show_log_folder)
        self.act_rerun = self._action(
            "&Re-run models…",
            self.rerun_models,
            None,
            None,
            "Discard the chains and run the models again",
        )
        self.act_train_linker = self._action(
            "Train &linker on corrections…",
            lambda: self.open_train_dialog("linker"),
            None,
            None,
            "Fit the pairwise linker on your corrected chains",
        )
        self.act_train_extractor = self._action(
            "Train e&xtractor on corrections…",
            lambda: self.open_train_dialog("extractor"),
            None,
            None,
            "Fine-tune the neural mention extractor on your corrected mentions",
        )
        group = QActionGroup(self)
        self.act_x_date = self._action(
            "X axis: exam &date", lambda: self.set_x_mode("date"), "Ctrl+Shift+1"
        )
        self.act_x_order = self._action(
            "X axis: report &order", lambda: self.set_x_mode("order"), "Ctrl+Shift+2"
        )
        for a in (self.act_x_date, self.act_x_order):
            a.setCheckable(True)
            group.addAction(a)
        self.act_negatives = QAction("Show pertinent &negatives", self)
        self.act_negatives.setCheckable(True)
        self.act_negatives.setChecked(self.prefs.typed.show_negatives)
        self.act_negatives.setStatusTip(
            "Timeline lanes of chains whose every mention is absent (“no hydrocephalus”)"
        )
        self.act_negatives.toggled.connect(self.set_show_negatives)
        (self.act_x_order if self.prefs.x_mode() == "order" else self.act_x_date).setChecked(True)
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

    def open_cohort(self) -> Any:
        from radtrack_gui.gui.cohort_dialog import choose_cohort

        return choose_cohort(self)

    # -- menu bar and toolbar ----------------------------------------------------------
    def _build_menus(self) -> None:
        mb = self.menuBar()
        m = mb.addMenu("&File")
        m.addAction(self.act_open)
        m.addAction(self.act_open_file)
        m.addAction(self.act_open_cohort)
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
        for names in (
            ("merge", "split_at_report", "split_selected", "move_to_chain"),
            ("rename", "reviewed"),
            ("add_finding", "add_device", "add_to_chain", "adjust_span", "delete_mention"),
            ("toggle_type", "present", "absent", "possible"),
        ):
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
        m.addAction(self.act_train_linker)
        m.addAction(self.act_train_extractor)
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
        for name, short in (
            ("merge", "Merge"),
            ("split_at_report", "Split"),
            ("reviewed", "Reviewed"),
        ):
            ea[name].setIconText(short)
            tb.addAction(ea[name])
        tb.addSeparator()
        self.act_export.setIconText("Export")
        tb.addAction(self.act_export)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, tb)
        self.toolbar = tb

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

    # -- context menus -----------------------------------------------------------------
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
        for name in (
            "delete_mention",
            "move_to_chain",
            "split_selected",
            "toggle_type",
            "present",
            "absent",
            "possible",
        ):
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

    # -- keyboard shortcuts sheet ------------------------------------------------------
    def shortcut_rows(self) -> list[tuple[str, str, str]]:
        """(menu, keys, what) for every action with a shortcut."""
        rows = []
        for menu in self.menuBar().findChildren(QMenu):
            title = menu.title().replace("&", "")
            for a in menu.actions():
                keys = [k.toString(QKeySequence.SequenceFormat.NativeText) for k in a.shortcuts()]
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
