"""The keyboard-shortcuts sheet: a small window that stays beside what it explains.

Seen at 1280x800 (issue #20, round 4): the sheet, 620x560 and centred on the window,
covered the whole welcome page (its name, text and buttons). It is now two columns (keys,
what they do) under one heading row per menu, narrow enough for the side of the window,
and placed clear of what the window shows: the welcome page's content, or the timeline
when a patient is open (it then sits over the report viewer's side). Not modal: the keys
can be tried while it is open.
"""

from __future__ import annotations

from radtrack_gui.gui.qt import (
    QDialog,
    QDialogButtonBox,
    QFont,
    QHeaderView,
    QRect,
    QSize,
    Qt,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

PREFERRED = QSize(400, 560)
SMALLEST = QSize(300, 260)  # below this the sheet goes where it has the most room
FRAME = (4, 30, 4, 4)  # a window manager's border and title bar: left, top, right, bottom
GAP = 6


def shortcuts_sheet(parent: QWidget, rows: list[tuple[str, str, str]]) -> QDialog:
    """The sheet (not shown yet) for (menu, keys, what) rows, grouped by menu in order."""
    dlg = QDialog(parent)
    dlg.setWindowTitle("Keyboard shortcuts")
    dlg.setObjectName("shortcutsSheet")
    menus = list(dict.fromkeys(menu for menu, _, _ in rows))
    table = QTableWidget(len(rows) + len(menus), 2, dlg)
    table.setObjectName("shortcutsTable")
    table.setHorizontalHeaderLabels(["Keys", "Does"])
    bold = QFont(table.font())
    bold.setBold(True)
    at = 0
    for menu in menus:
        head = QTableWidgetItem(menu)
        head.setFont(bold)
        head.setFlags(Qt.ItemFlag.ItemIsEnabled)
        table.setItem(at, 0, head)
        table.setSpan(at, 0, 1, 2)
        at += 1
        for m, keys, what in rows:
            if m == menu:
                table.setItem(at, 0, QTableWidgetItem(keys))
                table.setItem(at, 1, QTableWidgetItem(what))
                at += 1
    table.verticalHeader().hide()
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    table.setShowGrid(False)
    table.setWordWrap(True)
    table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    table.resizeColumnToContents(0)
    table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
    # Rows follow their text at the width shown (sized once, before the sheet had its
    # width, they were of mixed heights at the screen).
    table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, dlg)
    buttons.rejected.connect(dlg.reject)
    layout = QVBoxLayout(dlg)
    layout.setContentsMargins(8, 8, 8, 8)
    layout.addWidget(table)
    layout.addWidget(buttons)
    dlg.resize(PREFERRED)
    return dlg


def _inner(region: QRect) -> QRect:
    left, top, right, bottom = FRAME
    return region.adjusted(left, top, -right, -bottom)


def place_clear_of(frame: QRect, keep: QRect, screen: QRect, size: QSize = PREFERRED) -> QRect:
    """Where a sheet of about ``size`` goes (its geometry without the window manager's
    frame): inside ``frame`` (the main window's area below its title bar, on ``screen``)
    and clear of ``keep``, to its
    right, else its left, else below it, as large as ``size`` or the room allows. When no
    side has ``SMALLEST`` room: at the window's right edge (over part of ``keep``, never
    off the screen)."""
    room = frame.intersected(screen)
    if room.isEmpty():
        room = QRect(screen)
    sides = [
        QRect(keep.right() + GAP, room.top(), room.right() - keep.right() - GAP, room.height()),
        QRect(room.left(), room.top(), keep.left() - GAP - room.left(), room.height()),
        QRect(room.left(), keep.bottom() + GAP, room.width(), room.bottom() - keep.bottom() - GAP),
    ]
    inner = [_inner(s) for s in sides]
    pick = next(
        (
            i
            for i, r in enumerate(inner)
            if r.width() >= SMALLEST.width() and r.height() >= SMALLEST.height()
        ),
        None,
    )
    r = _inner(room) if pick is None else inner[pick]
    w, h = min(size.width(), r.width()), min(size.height(), r.height())
    if pick == 1:  # to the left
        return QRect(r.left(), r.top(), w, h)
    if pick == 2:  # below: centred
        return QRect(r.left() + (r.width() - w) // 2, r.top(), w, h)
    return QRect(r.right() - w + 1, r.top(), w, h)  # to the right, flush with its edge
