"""Run by GUI tests in a child process whose offscreen screen has a real size
(``QT_QPA_PLATFORM=offscreen:configfile=…``): the first window on that screen, as a user
gets it (first size, dock widths), a patient opened if one is named, then the keyboard
shortcuts sheet; prints one JSON object of geometries (global coordinates). Not a test.

    python screen_probe.py [PATIENT_FOLDER]
"""

from __future__ import annotations

import json
import os
import sys

os.environ["RADTRACK_NO_CRASH_DIALOG"] = "1"


def rect(r) -> list[int]:  # type: ignore[no-untyped-def]
    return [r.x(), r.y(), r.width(), r.height()]


def widget_rect(w) -> list[int]:  # type: ignore[no-untyped-def]
    from radtrack_gui.gui.qt import QPoint, QRect

    return rect(QRect(w.mapToGlobal(QPoint(0, 0)), w.size()))


def main(argv: list[str]) -> int:
    from radtrack_gui.gui.main_window import MainWindow
    from radtrack_gui.gui.qt import QApplication, QEventLoop, QTableWidget, QTimer

    app = QApplication.instance() or QApplication([])
    window = MainWindow()
    window.show()
    for _ in range(5):
        app.processEvents()
    out: dict[str, object] = {
        "screen": rect(window.screen().availableGeometry()),
        "window": rect(window.frameGeometry()),
    }
    if argv:  # open a patient and wait until it is drawn
        loop = QEventLoop()
        window.patientDrawn.connect(loop.quit)
        QTimer.singleShot(120_000, loop.quit)
        window.open_path(argv[0])
        loop.exec()
        out["patient"] = window.patient.id if window.patient is not None else None
    page = window.central.currentWidget()
    out["keep"] = widget_rect(window.welcome.content if page is window.welcome else page)
    window.menus.actions["shortcuts"].trigger()
    for _ in range(5):
        app.processEvents()
    sheet = window.menus.shortcuts_dialog
    assert sheet is not None
    out["sheet"] = rect(sheet.geometry())
    out["visible"] = sheet.isVisible()
    table = sheet.findChild(QTableWidget)
    rows = window.menus.shortcut_rows()
    out["rows"] = table.rowCount() if table is not None else None
    out["expected_rows"] = len(rows) + len({menu for menu, _, _ in rows})
    # the keys column never cut: each keys text fits its column (with the item view's
    # text margins, 3 px a side)
    out["keys_fit"] = table is not None and all(
        table.item(i, 0) is None
        or table.columnSpan(i, 0) > 1
        or table.fontMetrics().horizontalAdvance(table.item(i, 0).text()) + 6
        <= table.columnWidth(0)
        for i in range(table.rowCount())
    )
    print(json.dumps(out))
    sheet.close()
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
