"""The ``radtrack`` command. Thin: each sub-command is a module here with ``add_parser``
and ``run``; the work is done by the layers below. Exit 0 on success, 2 on bad input
with a one-line reason on stderr."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
from collections.abc import Sequence
from types import ModuleType

from radtrack_gui import __version__

# Sub-command modules of this package, in the order ``--help`` lists them.
COMMANDS = [
    "process",
    "extract",
    "export",
    "models",
    "score",
    "agree",
    "eval",
    "eval-qa",
    "eval-groups",
    "synth",
    "train",
    "gui",
    "ask",
    "cohort",
    "demo",
]


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, ModuleType]]:
    parser = argparse.ArgumentParser(
        prog="radtrack", description="Radiology findings and devices, linked across reports."
    )
    parser.add_argument("--version", action="version", version=f"radtrack {__version__}")
    parser.add_argument(
        "--device",
        metavar="DEVICE",
        help="where the neural models run: auto (a GPU when torch sees one; default), cpu, "
        "cuda or cuda:N; cohort workers take one GPU each (also RADTRACK_DEVICE)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    modules: dict[str, ModuleType] = {}
    for name in COMMANDS:
        module = importlib.import_module(f"radtrack_gui.cli.{name.replace('-', '_')}_cmd")
        module.add_parser(sub)
        modules[name] = module
    return parser, modules


def main(argv: Sequence[str] | None = None) -> int:
    from radtrack_gui.core.errors import Cancelled, InputError
    from radtrack_gui.util.atomic import WriteError

    parser, modules = build_parser()
    args = parser.parse_args(argv)
    if args.device:
        from radtrack_gui.nlp.device import ENV, check_spec

        try:
            os.environ[ENV] = check_spec(args.device)
        except InputError as exc:
            print(f"radtrack: {exc}", file=sys.stderr)
            return 2
    _on_start()
    try:
        return int(modules[args.command].run(args) or 0)
    except (InputError, WriteError) as exc:
        print(f"radtrack {args.command}: {exc}", file=sys.stderr)
        return 2
    except Cancelled:
        print(f"radtrack {args.command}: cancelled", file=sys.stderr)
        return 130
    except KeyboardInterrupt:
        print(f"radtrack {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


def _on_start() -> None:
    """SIGTERM unwinds like Ctrl+C (temporary files are removed); leftovers of killed
    writers are cleaned."""
    import signal

    from radtrack_gui.util.atomic import clean_stale_temp

    def terminate(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    with contextlib.suppress(ValueError):  # not the main thread (embedded use)
        signal.signal(signal.SIGTERM, terminate)
    with contextlib.suppress(OSError):
        clean_stale_temp()


if __name__ == "__main__":
    sys.exit(main())
