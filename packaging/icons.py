"""Render the app icon (resources/icons/radtrack.svg) for every desktop: PNGs at the
freedesktop sizes, a Windows .ico and a macOS .icns. Usage: icons.py OUT_DIR."""

from __future__ import annotations

import os
import sys
from pathlib import Path

SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ROOT = Path(__file__).resolve().parent.parent


def main(out: Path) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication([])  # noqa: F841 (keeps Qt alive)
    renderer = QSvgRenderer(str(ROOT / "radtrack_gui" / "resources" / "icons" / "radtrack.svg"))
    if not renderer.isValid():
        print("icons: resources/icons/radtrack.svg is not a valid SVG", file=sys.stderr)
        return 1
    out.mkdir(parents=True, exist_ok=True)
    images = {}
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        renderer.render(painter)
        painter.end()
        images[size] = image
        if not image.save(str(out / f"radtrack-{size}.png")):
            print(f"icons: could not write radtrack-{size}.png", file=sys.stderr)
            return 1
    # One size per container file is what Qt's writers take; 256 px is what both show best.
    for suffix in ("ico", "icns"):
        if not images[256].save(str(out / f"radtrack.{suffix}")):
            print(f"icons: this Qt cannot write .{suffix} (skipped)", file=sys.stderr)
    print(f"icons: {len(SIZES)} PNG sizes in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "icons"))
