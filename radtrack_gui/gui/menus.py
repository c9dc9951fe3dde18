"""The main window's actions, menu bar, toolbar, context menus and shortcuts sheet, all
built from the one action table (``gui/action_table.py``).

``WindowMenus`` is owned by ``MainWindow``: it makes a ``QAction`` per table row, wires it
to the handler the window hands over (the edit actions' handlers come from
``gui/actions.EditActions``), and lays out menus, toolbar and context menus from the
table's layouts. It keeps no patient state.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from radtrack_gui.gui.action_table import (
    ACTIONS,
    CHAIN_MENU,
    MENUS,
    REPORT_MENU,
    TIMELINE_KEYS,
    TOOLBAR,
)
from radtrack_gui.gui.actions import make_action
from radtrack_gui.gui.qt import (
    QAction,
    QActionGroup,
    QDialog,
    QKeySequence,
    QMainWindow,
    QMenu,
    QPoint,
    QRect,
    Qt,
    QToolBar,
    QWidget,
)
from radtrack_gui.gui.shortcuts_sheet import place_clear_of, shortcuts_sheet


class WindowMenus:
    """The window's QActions by name (``menus["undo"]``) and what is built from them."""

    def __init__(
        self,
        window: QMainWindow,
        handlers: dict[str, Callable[[], object]],
        edit_actions: dict[str, QAction],
        recent: Callable[[], list[str]],
    ) -> None:
        self.window = window
        self._recent = recent
        self.open_recent: Callable[[str], object] = lambda _p: None
        self.clear_recent: Callable[[], object] = lambda: None
        self.actions: dict[str, QAction] = {}
        for spec in ACTIONS:
            if spec.edit:
                self.actions[spec.name] = edit_actions[spec.name]
            else:
                self.actions[spec.name] = make_action(spec, window, handlers[spec.name])
        group = QActionGroup(window)  # the x axis: one of two
        for name in ("x_date", "x_order"):
            group.addAction(self.actions[name])
        for name in ("prev_report", "next_report"):  # not in a menu: shortcuts only
            window.addAction(self.actions[name])
        self.shortcuts_dialog: QDialog | None = None
        self.recent_menu: QMenu | None = None

    def __getitem__(self, name: str) -> QAction:
        return self.actions[name]

    # -- menu bar and toolbar -----------------------------------------------------------
    def build_menus(self, docks: dict[str, Any]) -> None:
        mb = self.window.menuBar()
        for title, entries in MENUS:
            menu = mb.addMenu(title)
            for entry in entries:
                if entry is None:
                    menu.addSeparator()
                elif entry == "@recent":
                    self.recent_menu = menu.addMenu("Open &recent")
                    self.recent_menu.aboutToShow.connect(self.fill_recent)
                    self.fill_recent()
                elif entry.startswith("@"):
                    menu.addAction(docks[entry[1:]].toggleViewAction())
                else:
                    menu.addAction(self.actions[entry])

    def build_toolbar(self) -> QToolBar:
        tb = QToolBar("Main toolbar", self.window)
        tb.setObjectName("mainToolbar")
        tb.setMovable(True)
        tb.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        for name in TOOLBAR:
            if name is None:
                tb.addSeparator()
            else:
                tb.addAction(self.actions[name])
        self.window.addToolBar(Qt.ToolBarArea.TopToolBarArea, tb)
        return tb

    def fill_recent(self) -> None:
        menu = self.recent_menu
        if menu is None:
            return
        menu.clear()
        items = self._recent()
        for path in items:
            a = menu.addAction(Path(path).name or path)
            a.setToolTip(path)
            a.setStatusTip(path)
            a.triggered.connect(lambda _=False, p=path: self.open_recent(p))
        if not items:
            none = menu.addAction("(none yet)")
            none.setEnabled(False)
        else:
            menu.addSeparator()
            menu.addAction("Clear list", self.clear_recent)

    # -- context menus ------------------------------------------------------------------
    def popup(self, names: tuple[str | None, ...], where: QWidget, pos: Any) -> None:
        """A context menu of the table's ``names`` at ``pos`` of ``where``."""
        menu = QMenu(self.window)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        for name in names:
            if name is None:
                menu.addSeparator()
            else:
                menu.addAction(self.actions[name])
        menu.exec(where.mapToGlobal(pos))

    def report_menu(self, where: QWidget, pos: Any) -> None:
        self.popup(REPORT_MENU, where, pos)

    def chain_menu(self, where: QWidget, pos: Any) -> None:
        self.popup(CHAIN_MENU, where, pos)

    # -- keyboard shortcuts sheet -------------------------------------------------------
    def shortcut_rows(self) -> list[tuple[str, str, str]]:
        """(menu, keys, what) for every action with a shortcut."""
        rows = []
        for menu in self.window.menuBar().findChildren(QMenu):
            title = menu.title().replace("&", "")
            for a in menu.actions():
                keys = [k.toString(QKeySequence.SequenceFormat.NativeText) for k in a.shortcuts()]
                if keys and not a.isSeparator():
                    rows.append((title, ", ".join(keys), a.text().replace("&", "")))
        for name in ("prev_report", "next_report"):
            a = self.actions[name]
            rows.append(("View", a.shortcut().toString(), a.text()))
        rows.extend(("Timeline", keys, what) for keys, what in TIMELINE_KEYS)
        seen, out = set(), []
        for r in rows:
            if (r[1], r[2]) not in seen:
                seen.add((r[1], r[2]))
                out.append(r)
        return out

    def show_shortcuts(self) -> QDialog:
        """The shortcuts sheet, beside what the window shows (``gui/shortcuts_sheet.py``);
        asked again while it is open, the same sheet comes to the front."""
        old = self.shortcuts_dialog
        if old is not None and old.isVisible():
            old.raise_()
            old.activateWindow()
            return old
        dlg = shortcuts_sheet(self.window, self.shortcut_rows())
        w: Any = self.window
        page = w.central.currentWidget()
        target = w.welcome.content if page is w.welcome else page
        keep = QRect(target.mapToGlobal(QPoint(0, 0)), target.size())
        # Within the window below its title bar (over its frame's top the sheet's own
        # title bar hid the window's buttons at the screen).
        dlg.setGeometry(
            place_clear_of(w.geometry(), keep, w.screen().availableGeometry(), dlg.size())
        )
        self.shortcuts_dialog = dlg
        dlg.show()
        return dlg
