"""``radtrack gui [PATH] [--screenshot FILE.png] [--patient ID]``: the desktop app.

PATH is a patient folder, a RadTrack JSON or a MIMIC CSV. With ``--screenshot`` the app
opens PATH, runs the pipeline in the background, waits until everything is drawn, saves
the whole window as a PNG and exits (0 on success; 2 with a one-line reason otherwise).
Qt is imported only when this command runs.
"""

from __future__ import annotations

import argparse


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "gui", help="open the desktop app", description="Open the RadTrack desktop app."
    )
    from radtrack_gui.gui.app import build_parser  # no Qt import at module level there

    build_parser(p)


def run(args: argparse.Namespace) -> int:
    from radtrack_gui.gui.app import run_gui

    return run_gui(args.path, screenshot=args.screenshot, patient_id=args.patient, size=args.size)
