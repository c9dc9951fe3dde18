"""Run by GUI tests in a child process whose offscreen screen has a real size
(``QT_QPA_PLATFORM=offscreen:configfile=…``): the first window on that screen, as a user
gets it (first size, dock widths), a patient opened if one is named, then the keyboard
shortcuts sheet (or, with ``--dialogs``, the Settings and Train dialogs); prints one JSON
object of geometries (global coordinates). Not a test: ``run_probe`` runs it for a test.

    python screen_probe.py [--dialogs] [PATIENT_FOLDER]
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

os.environ["RADTRACK_NO_CRASH_DIALOG"] = "1"


def rect(r) -> list[int]:  # type: ignore[no-untyped-def]
    return [r.x(), r.y(), r.width(), r.height()]


def widget_rect(w) -> list[int]:  # type: ignore[no-untyped-def]
    from radtrack_gui.gui.qt import QPoint, QRect

    return rect(QRect(w.mapToGlobal(QPoint(0, 0)), w.size()))


def run_probe(tmp_path: Path, size: tuple[int, int], *args: str) -> dict:
    """This script in a child process on an offscreen screen of ``size``; its JSON."""
    config = tmp_path / "screen.json"
    w, h = size
    config.write_text(json.dumps({"screens": [{"name": "s", "x": 0, "y": 0, "width": w,
                                               "height": h, "logicalDpi": 96}]}))  # fmt: skip
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ)
    env.update(
        QT_QPA_PLATFORM=f"offscreen:configfile={config}",
        RADTRACK_HOME=str(tmp_path / "home"),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        PYTHONPATH=os.pathsep.join([str(root), env.get("PYTHONPATH", "")]),
    )
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def dialogs(window, app) -> dict[str, object]:  # type: ignore[no-untyped-def]
    """The Settings and Train dialogs opened by their actions: geometry and size hint."""
    from radtrack_gui.gui.qt import QDialog

    out: dict[str, object] = {}
    for name in ("settings", "train_linker"):
        before = set(window.findChildren(QDialog))
        window.menus.actions[name].trigger()
        for _ in range(5):
            app.processEvents()
        new = [d for d in window.findChildren(QDialog) if d not in before and d.isVisible()]
        assert len(new) == 1, (name, new)
        dlg = new[0]
        hint = dlg.minimumSizeHint()
        out[name] = {"rect": rect(dlg.geometry()), "least": [hint.width(), hint.height()]}
        dlg.close()
        for _ in range(3):
            app.processEvents()
    return out


def main(argv: list[str]) -> int:
    from radtrack_gui.gui.main_window import MainWindow
    from radtrack_gui.gui.qt import QApplication, QEventLoop, QTableWidget, QTimer

    want_dialogs = "--dialogs" in argv
    argv = [a for a in argv if a != "--dialogs"]
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
    if want_dialogs:
        out["dialogs"] = dialogs(window, app)
        print(json.dumps(out))
        window.close()
        return 0
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
