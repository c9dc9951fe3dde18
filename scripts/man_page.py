"""The ``radtrack(1)`` man page, generated from the same ``--help`` texts as docs/cli.md.

    python scripts/man_page.py [OUT]      # troff to OUT (default: standard output)

The Debian package installs it (packaging/make_deb.sh); ``man -l radtrack.1`` shows it.
"""

from __future__ import annotations

import datetime as dt
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from cli_reference import _commands  # noqa: E402

ENVIRONMENT = (
    (
        "RADTRACK_HOME",
        "one folder for settings, project stores, models and logs (config/, data/, logs/)",
    ),
    ("RADTRACK_MODELS", "extra model folders, searched first (colon-separated)"),
    (
        "RADTRACK_SYSTEM_MODELS",
        "the models folder shared by every user (default: models/ beside the app)",
    ),
    ("RADTRACK_RESOURCES", "another copy of the bundled resources (vocabulary, demo patient)"),
)
FILES = (
    ("~/.config/RadTrack/settings.json", "settings"),
    (
        "~/.local/share/RadTrack/projects/",
        "project stores: one SQLite file per patient folder, your corrections",
    ),
    ("~/.local/share/RadTrack/models/", "your trained and installed models"),
    ("~/.local/state/RadTrack/log/", "logs (rotating)"),
    ("/opt/radtrack/models/", "models for every user (the Debian package)"),
)


def escape(line: str) -> str:
    """A line of text safe in troff: backslashes doubled, a leading . or ' protected."""
    line = line.replace("\\", "\\e")
    if line.startswith((".", "'")):
        line = "\\&" + line
    return line


def render(date: str | None = None) -> str:
    fixed = {"COLUMNS": "78", "NO_COLOR": "1", "PYTHON_COLORS": "0"}
    saved = {k: os.environ.get(k) for k in fixed}
    os.environ.update(fixed)
    try:
        sys.path.insert(0, str(ROOT))
        from radtrack_gui import __version__
        from radtrack_gui.cli import build_parser

        parser, _ = build_parser()
        commands = list(_commands(parser))
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    when = (
        date
        or dt.date.fromtimestamp(
            int(os.environ.get("SOURCE_DATE_EPOCH", "0")) or dt.datetime.now().timestamp()
        ).isoformat()
    )
    out = [
        f'.TH RADTRACK 1 "{when}" "radtrack {__version__}" "User Commands"',
        ".SH NAME",
        "radtrack \\- review one patient's radiology reports over time",
        ".SH SYNOPSIS",
        ".B radtrack",
        "COMMAND [OPTIONS]",
        ".br",
        ".B radtrack gui",
        "[FOLDER]",
        ".SH DESCRIPTION",
        "RadTrack reads a patient's radiology reports, extracts findings and medical devices",
        "with local models, links the mentions of the same finding or device across the",
        "reports into chains and draws them on a swimlane timeline (radtrack gui).",
        "It makes no network connection; every file it writes is private to the user.",
        'Try it on the bundled demo patient: radtrack gui "$(radtrack demo)".',
        ".PP",
        "Exit status: 0 on success, 2 on bad input (a one-line reason on standard error).",
        ".SH COMMANDS",
    ]
    for path, sub in commands:
        if not path:
            continue
        out.append(f'.SS "radtrack {" ".join(path)}"')
        out.append(".nf")
        out.extend(escape(line) for line in sub.format_help().rstrip().splitlines())
        out.append(".fi")
    out.append(".SH ENVIRONMENT")
    for name, what in ENVIRONMENT:
        out += [".TP", f".B {name}", escape(what)]
    out.append(".SH FILES")
    for name, what in FILES:
        out += [".TP", f".I {name}", escape(what)]
    out += [
        ".SH SEE ALSO",
        "The user guide and the formats and contracts in the docs/ folder of the source,",
        "and /usr/share/doc/radtrack/.",
    ]
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> int:
    text = render()
    if argv:
        Path(argv[0]).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
