"""Make docs/screenshot-oncology.png: the oncology demo (Help > Open oncology demo patient)
with its most-measured lesion selected, so the lane's size trace and the chain panel's size
plot are both in view.

    Xvfb :97 -screen 0 1480x900x24 & DISPLAY=:97 openbox &
    DISPLAY=:97 PYTHONPATH=$PWD python scripts/screenshot_oncology.py docs/screenshot-oncology.png

With a display and ImageMagick's ``import`` the whole screen is taken (window manager
frame included); otherwise the window grabs itself.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys


def main(out: str) -> int:
    from radtrack_gui.gui.app import create_app
    from radtrack_gui.gui.main_window import MainWindow
    from radtrack_gui.gui.qt import QTimer
    from radtrack_gui.views.sizes import sized_chains

    app = create_app()
    window = MainWindow()
    window.resize(1480, 900)
    window.show()
    status = {"rc": 1}

    def shoot() -> None:
        if os.environ.get("DISPLAY") and shutil.which("import"):
            subprocess.run(["import", "-window", "root", out], check=True)
        else:
            window.grab().save(out)
        status["rc"] = 0
        app.quit()

    def drawn() -> None:
        p = window.patient
        if p is None:
            return
        series = sized_chains(p)
        if series:
            best = max(series.values(), key=lambda s: (len(s.points), s.points[0].mm))
            window.selection.on_chain_selected(best.chain)
        QTimer.singleShot(2500, shoot)

    window.patientDrawn.connect(drawn)
    window.menus["demo_oncology"].trigger()
    QTimer.singleShot(240000, app.quit)
    app.exec()
    window.close()
    return status["rc"]


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshot-oncology.png"))
