"""Where a dialog opened over the welcome page goes: whole, and clear of the page's name,
text and buttons.

Seen at 1280x800 (issue #20, round 4): the Settings and Train dialogs, modal and centred
on the window by Qt, covered the welcome page's text and buttons (its name alone stayed
above them), so the window looked as if the page had gone. A dialog keeps its size (a
form squeezed to fit is worse than one beside the page) and goes below the page's
content, else to its right, else to its left; where none has the room it goes as low as
the window allows, so the page's first lines stay in sight.
"""

from __future__ import annotations

from typing import Any

from radtrack_gui.gui.qt import QDialog, QPoint, QRect, QSize, Qt
from radtrack_gui.gui.shortcuts_sheet import FRAME, GAP


def _outer(size: QSize) -> QSize:
    """``size`` with a window manager's frame and title bar."""
    left, top, right, bottom = FRAME
    return QSize(size.width() + left + right, size.height() + top + bottom)


def place_whole_clear_of(frame: QRect, keep: QRect, screen: QRect, size: QSize) -> QRect:
    """The geometry (without the window manager's frame) for a dialog of ``size`` inside
    ``frame`` (the main window's area, on ``screen``), not touching ``keep`` where some
    side has the room for all of it: below ``keep`` (centred on the window), else to its
    right, else to its left. Else as low in the room as it goes, centred."""
    room = frame.intersected(screen)
    if room.isEmpty():
        room = QRect(screen)
    outer = _outer(size)
    left, top, _, _ = FRAME

    def centred_x() -> int:
        x = room.left() + (room.width() - outer.width()) // 2
        return max(room.left(), min(x, room.right() + 1 - outer.width()))

    def fits(x: int, y: int) -> bool:
        return room.contains(QRect(QPoint(x, y), outer))

    below = keep.bottom() + 1 + GAP
    candidates = [
        (centred_x(), below),
        (keep.right() + 1 + GAP, room.top() + (room.height() - outer.height()) // 2),
        (keep.left() - GAP - outer.width(), room.top() + (room.height() - outer.height()) // 2),
    ]
    for x, y in candidates:
        y = max(room.top(), min(y, room.bottom() + 1 - outer.height()))
        if fits(x, y) and not QRect(QPoint(x, y), outer).intersects(keep):
            return QRect(x + left, y + top, size.width(), size.height())
    y = max(room.top(), room.bottom() + 1 - outer.height())
    return QRect(centred_x() + left, y + top, size.width(), size.height())


def place_over_welcome(window: Any, dlg: QDialog) -> None:
    """Before ``dlg`` is shown: when ``window`` shows its welcome page, put the dialog
    clear of the page's content (Qt then leaves the position as set)."""
    central = getattr(window, "central", None)
    welcome = getattr(window, "welcome", None)
    if central is None or welcome is None or central.currentWidget() is not welcome:
        return
    if dlg.testAttribute(Qt.WidgetAttribute.WA_Resized):
        size = dlg.size().expandedTo(dlg.minimumSizeHint())
    else:
        size = dlg.sizeHint().expandedTo(dlg.minimumSizeHint())
    content = welcome.content
    keep = QRect(content.mapToGlobal(QPoint(0, 0)), content.size())
    screen = window.screen().availableGeometry()
    dlg.setGeometry(place_whole_clear_of(window.geometry(), keep, screen, size))
