"""The ``radtrack`` parser imports only the chosen sub-command's module (issue #23 item 5)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json, sys
from radtrack_gui.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(json.dumps(sorted(m for m in sys.modules if m.startswith(("radtrack_gui", "PySide6")))))
"""


def _modules_after(*argv: str) -> set[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"}
    out = subprocess.run(
        [sys.executable, "-c", PROBE, *argv], capture_output=True, text=True, env=env, check=True
    ).stdout
    return set(json.loads(out.strip().splitlines()[-1]))


@pytest.mark.parametrize("argv", [["--version"], ["--help"], ["demo"]])
def test_light_commands_import_no_other_subcommand(argv: list[str]) -> None:
    mods = _modules_after(*argv)
    cmd_modules = {m for m in mods if m.startswith("radtrack_gui.cli.") and m.endswith("_cmd")}
    assert cmd_modules <= {"radtrack_gui.cli.demo_cmd"}
    assert "radtrack_gui.gui.app" not in mods
    assert not any(m.startswith("PySide6") for m in mods)


@pytest.mark.parametrize("argv", [["--version"], ["--help"], ["nope"]])
def test_version_and_help_import_nothing_but_the_parser(argv: list[str]) -> None:
    assert _modules_after(*argv) == {"radtrack_gui", "radtrack_gui.cli"}


def test_gui_help_imports_gui_parser() -> None:
    # counter-example: the gui command does build its parser from gui.app
    assert "radtrack_gui.gui.app" in _modules_after("gui", "--help")


def test_help_table_matches_each_module() -> None:
    import argparse

    from radtrack_gui.cli import COMMAND_HELP, build_parser, chosen_command

    parser, modules = build_parser()
    assert list(modules) == list(COMMAND_HELP)
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    helps = {c.dest: c.help for c in sub._choices_actions}
    assert helps == COMMAND_HELP
    assert chosen_command(["--device", "cpu", "export", "x"]) == "export"
    assert chosen_command(["--device", "export"]) is None
    assert chosen_command(["nope"]) is None
