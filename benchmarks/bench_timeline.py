"""Timeline speed on a generated patient (5,000 mentions in 1,000 chains, 200 reports).

Prints: first draw, frame time while panning (targets < 33 ms), and redraw time after an
edit (target < 50 ms), each as median and 95th percentile over repeated runs.

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/bench_timeline.py [--png OUT.png]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from lanes_fixtures import make_patient

from radtrack_gui.core.edits import MergeChains, MoveMentions
from radtrack_gui.gui.qt import QApplication
from radtrack_gui.gui.timeline import TimelineWidget


def stats(ms: list[float]) -> str:
    ms = sorted(ms)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    return f"median {statistics.median(ms):6.1f} ms   p95 {p95:6.1f} ms   (n={len(ms)})"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mentions", type=int, default=5000)
    ap.add_argument("--chains", type=int, default=1000)
    ap.add_argument("--reports", type=int, default=200)
    ap.add_argument("--frames", type=int, default=60)
    ap.add_argument("--edits", type=int, default=20)
    ap.add_argument("--png", help="also save a screenshot of the widget here")
    args = ap.parse_args()

    app = QApplication.instance() or QApplication([])
    patient = make_patient(args.chains, args.reports, args.mentions, undated=3, seed=11)
    w = TimelineWidget()
    w.set_filters(negatives=True)  # draw every mention, negative-only chains included
    w.set_overview(False)  # every lane drawn (the overview would fold most of them)
    w.resize(1600, 1000)
    w.show()
    app.processEvents()
    t = time.perf_counter()
    w.set_patient(patient)
    w.view.viewport().repaint()
    first = (time.perf_counter() - t) * 1000
    print(
        f"patient: {len(patient.mentions)} mentions, {len(patient.chains)} chains, "
        f"{len(patient.reports)} reports; glyphs drawn: {w.glyph_count()}"
    )
    print(f"first draw (layout + items + paint):  {first:6.1f} ms")

    def pan(label: str) -> None:
        frames = []
        (x0, x1), _ = w.vb.viewRange()
        step = (x1 - x0) * 0.01
        for i in range(args.frames):
            t = time.perf_counter()
            w.vb.translateBy(x=step if (i // 20) % 2 == 0 else -step, y=0.3)
            w.view.viewport().repaint()
            frames.append((time.perf_counter() - t) * 1000)
        print(f"pan frame, {label}: {stats(frames)}   target < 33 ms")

    w.fit_all()
    w.view.viewport().repaint()
    pan("all 5,000 glyphs in view (fit all)")
    w.vb.setYRange(0, 40, padding=0)
    w.view.viewport().repaint()
    pan("40 lanes in view")

    redraws = []
    for i in range(args.edits):
        findings = [c.id for c in patient.chains.values() if c.type == "finding"]
        a, b = findings[3 * i % len(findings)], findings[(3 * i + 7) % len(findings)]
        cmd = (
            MergeChains([a, b]) if i % 2 == 0 else MoveMentions([patient.chains[a].mentions[0]], b)
        )
        changes = cmd.do(patient)
        t = time.perf_counter()
        w.refresh(changes)
        w.view.viewport().repaint()
        redraws.append((time.perf_counter() - t) * 1000)
    if redraws:
        print(f"redraw after an edit (refresh + paint): {stats(redraws)}   target < 50 ms")
    if args.png:
        w.grab().save(args.png)
        print(f"screenshot: {args.png}")
    w.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
