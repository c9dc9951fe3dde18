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

# Sub-command modules of this package, in the order ``--help`` lists them, with the
# one-line help ``--help`` shows (``tests/test_cli_lazy.py`` checks it is each module's).
# ``radtrack --help`` / ``--version`` / a bad command read only this table; the chosen
# command's module alone is imported (so no Qt for a non-gui command).
COMMAND_HELP = {
    "process": "read, extract and link a patient folder; write JSON",
    "extract": "extract mentions only; write JSON lines",
    "export": "export a patient as JSON, CSV, brat, CoNLL-2012 or FHIR",
    "models": "list models; install a model folder",
    "score": "score chains (and mentions) against a key",
    "agree": "inter-annotator agreement of two annotated folders",
    "eval": "evaluate linkers with the published protocol",
    "eval-qa": "score a reader on SQuAD-format or patient-level questions",
    "eval-groups": "score report grouping (same exam) on a generated set: NMI and purity",
    "synth": "generate a synthetic benchmark corpus (brat with gold chains)",
    "train": "train the pairwise linker (or the neural extractor) on gold or corrected annotations",
    "gui": "open the desktop app",
    "ask": "answer a question about a patient's reports, with evidence",
    "cohort": "many patients on a Dask cluster; query the results",
    "demo": "print the folder of the bundled demo patient",
}
COMMANDS = list(COMMAND_HELP)


def command_module(name: str) -> ModuleType:
    return importlib.import_module(f"radtrack_gui.cli.{name.replace('-', '_')}_cmd")


def build_parser(
    only: Sequence[str] | None = None,
) -> tuple[argparse.ArgumentParser, dict[str, ModuleType]]:
    """The whole parser (``only`` None: every sub-command module imported, for the man
    page and reference), or one whose sub-commands in ``only`` are built by their modules
    and the others are one-line stubs from ``COMMAND_HELP`` (no module imported)."""
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
        if only is None or name in only:
            module = command_module(name)
            module.add_parser(sub)
            modules[name] = module
        else:
            sub.add_parser(name, help=COMMAND_HELP[name], add_help=False)
    return parser, modules


def chosen_command(argv: Sequence[str]) -> str | None:
    """The sub-command ``argv`` names (its first word that is not a global option or the
    value of ``--device``), or None."""
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg == "--device":
            skip = True
        elif arg.startswith("-"):
            continue
        else:
            return arg if arg in COMMAND_HELP else None
    return None


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    name = chosen_command(argv)
    parser, modules = build_parser(only=[name] if name else [])
    args = parser.parse_args(argv)  # --version / --help exit here, nothing more imported
    from radtrack_gui.core.errors import Cancelled, InputError
    from radtrack_gui.util.atomic import WriteError

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
